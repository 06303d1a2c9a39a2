/**
 * Action, follow-up and response buttons (widget-spec §3, §4, §5): a link opens a
 * new tab without opener or referrer; a message button switches to the Chat tab and
 * sends its message 100 ms later. Every click is reported (failures only logged).
 */
import type { ActionButton } from '../api/client';
import { useRuntime } from './use-runtime';
import { useConversation } from './chat-window';

/** widget-spec §9: the action message is sent 100 ms after switching to the Chat tab. */
export const ACTION_SEND_DELAY_MS = 100;

function useReport() {
  const rt = useRuntime();
  const { chat, client } = useConversation();
  return (buttonId: string) =>
    void client.buttonClick({
      buttonId,
      chatSessionId: chat.getSnapshot().context.chatSessionId,
      userSessionId: rt.userSessionId,
      pageUrl: location.href,
      referrerUrl: document.referrer,
    });
}

/** Sends a message from a button: to the Chat tab, then the message after the delay. */
export function useSendFromButton() {
  const rt = useRuntime();
  const { chat } = useConversation();
  return (text: string) => {
    rt.widget.send({ type: 'TAB.SELECT', tab: 'chat' });
    setTimeout(() => chat.send({ type: 'CHAT.SEND', text }), ACTION_SEND_DELAY_MS);
  };
}

export function ButtonList({ buttons, kind, label }: { buttons: ActionButton[]; kind: 'action' | 'response'; label: string }) {
  const report = useReport();
  const sendText = useSendFromButton();
  if (buttons.length === 0) return null;
  return (
    <div data-part={`${kind}-buttons`} role="group" aria-label={label}>
      {buttons.map((b) =>
        b.kind === 'link' && /^https?:\/\//i.test(b.url) ? (
          <a key={b.id} data-part={`${kind}-button`} href={b.url} target="_blank" rel="noopener noreferrer" onClick={() => report(b.id)}>
            {b.name}
          </a>
        ) : b.kind === 'message' ? (
          <button
            key={b.id}
            type="button"
            data-part={`${kind}-button`}
            onClick={() => {
              report(b.id);
              sendText(b.message);
            }}
          >
            {b.name}
          </button>
        ) : null,
      )}
    </div>
  );
}

export function FollowUps({ items }: { items: { id: string; text: string }[] }) {
  const report = useReport();
  const { chat } = useConversation();
  if (items.length === 0) return null;
  return (
    <div data-part="follow-ups" role="group" aria-label="Suggested questions">
      {items.map((f) => (
        <button
          key={f.id}
          type="button"
          data-part="follow-up"
          onClick={() => {
            report(f.id);
            chat.send({ type: 'CHAT.SEND', text: f.text });
          }}
        >
          {f.text}
        </button>
      ))}
    </div>
  );
}
