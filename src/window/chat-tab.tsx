/**
 * The Chat tab (widget-spec §2, §4, §5): the messages, the typing indicator,
 * follow-up and response buttons, and the text area with its send button.
 */
import { useSelector } from '@xstate/react';
import { lazy, memo, Suspense, useEffect, useRef, useState } from 'react';
import { canSendText, selectFailedText, selectFollowUps, selectIsLoading, selectIsTyping, selectMessages, selectQueue, selectResponseButtons } from '../../machines/chat';
import type { ChatMessage } from '../api/client';
import { formatTimestamp } from '../format';
import { Icon } from '../icons';
import { useRuntime } from './use-runtime';
import { ButtonList, FollowUps } from './buttons';
import { useConversation } from './chat-window';
import { VideoPlayer } from './video';

/** Answers as plain text: while the markdown chunk loads, and for good if it cannot be loaded. */
function PlainText({ text }: { text: string }) {
  return <p data-part="plain-text">{text}</p>;
}

const Markdown = lazy(() =>
  import('../markdown/markdown').catch((err: unknown) => {
    console.error('AI chat widget: the markdown renderer failed to load; answers show as plain text', err);
    return { default: PlainText };
  }),
);

/** widget-spec §9: the text area grows to 7 lines of 22 px (154 px), then scrolls; at most 200 px. */
export const TEXTAREA_MAX_LINES_PX = 154;
/** widget-spec §9: focus moves into the input 300 ms after the window or tab opens. */
export const FOCUS_DELAY_MS = 300;

/** One message; memoised, so an answer is parsed again only when it changes, not on every keystroke. */
const Message = memo(function Message({ m }: { m: ChatMessage }) {
  const rt = useRuntime();
  const a = rt.appearance;
  const { chat } = useConversation();
  const time = a.showTimestamps ? formatTimestamp(m.createdAt) : '';
  const plain = <PlainText text={m.content} />;
  return (
    <li data-part="message" data-role={m.role} data-error={m.isError || undefined} data-format={a.chatFormat}>
      {a.showAvatars && (
        <span data-part="avatar" aria-hidden="true">
          {m.role === 'user' ? 'You' : <Icon name="agent" />}
        </span>
      )}
      <div data-part="message-body">
        <span className="sr-only">{m.role === 'user' ? 'You said:' : `${a.agentName} said:`}</span>
        <div data-part="bubble-content">
          {m.type === 'VIDEO' && m.videoUrl ? (
            <figure data-part="message-video">
              <VideoPlayer m={m} />
              {m.content && <figcaption>{m.content}</figcaption>}
              {m.script && (
                <details>
                  <summary>Video script</summary>
                  <p>{m.script}</p>
                </details>
              )}
            </figure>
          ) : m.role === 'ai' && !m.isError ? (
            <Suspense fallback={plain}>
              <Markdown text={m.content} />
            </Suspense>
          ) : (
            plain
          )}
          {m.isError && (
            <button type="button" data-part="retry" onClick={() => chat.send({ type: 'CHAT.RETRY' })}>
              Try again
            </button>
          )}
        </div>
        {time && (
          <time data-part="timestamp" dateTime={m.createdAt}>
            {time}
          </time>
        )}
      </div>
    </li>
  );
});

function Composer() {
  const rt = useRuntime();
  const { chat } = useConversation();
  const typing = useSelector(chat, selectIsTyping);
  const failedText = useSelector(chat, selectFailedText);
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);

  // Nothing the visitor typed is lost: a failed message comes back into an empty input,
  // and leaves it again once 'Try again' has sent it.
  const lastFailed = useRef<string | null>(null);
  useEffect(() => {
    if (failedText && !text) setText(failedText);
    else if (!failedText && lastFailed.current !== null && text === lastFailed.current) setText('');
    lastFailed.current = failedText;
  }, [failedText]);

  // Grow with the text up to 7 lines of text, then scroll (widget-spec §5). The box is border-box:
  // its height adds the padding (inside scrollHeight) and the borders (outside it) to the lines.
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    const cs = getComputedStyle(el);
    const padding = parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom);
    const borders = parseFloat(cs.borderTopWidth) + parseFloat(cs.borderBottomWidth);
    const lines = el.scrollHeight - padding;
    el.style.height = `${Math.min(lines, TEXTAREA_MAX_LINES_PX) + padding + borders}px`;
    el.style.overflowY = lines > TEXTAREA_MAX_LINES_PX ? 'auto' : 'hidden';
  }, [text]);

  // The input gets focus when the window opens or the Chat tab is entered.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const focus = () => {
      clearTimeout(timer);
      timer = setTimeout(() => area.current?.focus(), FOCUS_DELAY_MS);
    };
    focus();
    const subs = [rt.widget.on('window.opened', focus), rt.widget.on('tab.entered', (e) => e.tab === 'chat' && focus())];
    return () => {
      clearTimeout(timer);
      subs.forEach((s) => s.unsubscribe());
    };
  }, []);

  const hasText = canSendText(text);
  const voiceAvailable = rt.config.interactiveAvatarId !== '';
  const send = () => {
    if (!hasText || typing) return;
    chat.send({ type: 'CHAT.SEND', text });
    setText('');
    // the send button turns into the voice button: keep the focus in the text area
    area.current?.focus();
  };
  return (
    <div data-part="composer">
      <label htmlFor="aiw-input" className="sr-only">
        Message {rt.appearance.agentName}
      </label>
      <textarea
        id="aiw-input"
        ref={area}
        data-part="input"
        rows={1}
        value={text}
        placeholder={rt.appearance.input.promptPlaceholder}
        onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
        onKeyDown={(e) => {
          // widget-spec §5: Enter sends, Shift+Enter adds a new line
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            send();
          }
        }}
      />
      {hasText ? (
        <button type="button" data-part="send" aria-label="Send message" title="Send message" disabled={typing} onClick={send}>
          <Icon name="send" />
        </button>
      ) : (
        // widget-spec §4: without text the button is the voice-mode button; with no avatar it is disabled
        <button
          type="button"
          data-part="send"
          data-voice
          aria-label={voiceAvailable ? 'Voice mode' : 'Voice mode not available'}
          title={voiceAvailable ? 'Voice mode' : 'Voice mode not available'}
          disabled={!voiceAvailable}
        >
          <Icon name="voice" />
        </button>
      )}
    </div>
  );
}

export function ChatTab() {
  const rt = useRuntime();
  const { chat } = useConversation();
  const messages = useSelector(chat, selectMessages);
  const typing = useSelector(chat, selectIsTyping);
  const loading = useSelector(chat, selectIsLoading);
  const followUps = useSelector(chat, selectFollowUps);
  const responseButtons = useSelector(chat, selectResponseButtons);
  const queue = useSelector(chat, selectQueue);
  const list = useRef<HTMLDivElement>(null);

  // Chat scrolls down on every new message, and when the tab is entered (widget-spec §4); also when an
  // answer's content grows after the fact (the markdown chunk replacing the plain text, a video's frame).
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight });
    if (typeof ResizeObserver === 'undefined') return;
    let last = el.scrollHeight;
    const ro = new ResizeObserver(() => {
      const nearBottom = el.scrollTop + el.clientHeight >= last - 40;
      last = el.scrollHeight;
      if (nearBottom) el.scrollTo({ top: el.scrollHeight });
    });
    const content = el.querySelector('[data-part="message-list"]');
    if (content) ro.observe(content);
    return () => ro.disconnect();
  }, [messages.length, typing, followUps.length, queue.length]);

  return (
    <section data-part="chat" aria-label="Chat">
      {rt.config.agentPageAwareness && <p data-part="banner">Referencing the current page may slow down AI responses.</p>}
      <div data-part="messages" ref={list}>
        {loading && messages.length === 0 && <p data-part="status">Loading conversation…</p>}
        {!loading && messages.length === 0 && (
          <p data-part="empty">
            {rt.appearance.home.title} Ask {rt.appearance.agentName} anything about this page.
          </p>
        )}
        <div role="log" aria-live="polite" aria-label="Conversation">
          <ol data-part="message-list">
            {messages.map((m) => (
              <Message key={m.id} m={m} />
            ))}
            {queue.map((text, i) => (
              // sent while the history loaded or an answer was on its way: it goes next
              <li key={`queued-${i}`} data-part="message" data-role="user" data-queued data-format={rt.appearance.chatFormat}>
                <div data-part="message-body">
                  <span className="sr-only">You said (waiting to send):</span>
                  <div data-part="bubble-content">
                    <PlainText text={text} />
                  </div>
                </div>
              </li>
            ))}
          </ol>
        </div>
        {typing && (
          <div data-part="typing" role="status" aria-label={`${rt.appearance.agentName} is typing`}>
            <span />
            <span />
            <span />
          </div>
        )}
        {!typing && (
          <>
            <ButtonList buttons={responseButtons} kind="response" label="Related links" />
            <FollowUps items={followUps} />
          </>
        )}
      </div>
      <Composer />
    </section>
  );
}
