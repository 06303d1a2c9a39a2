/**
 * Action, follow-up and response buttons (widget-spec §3, §4, §5): a link opens a
 * new tab without opener or referrer; a message button asks its message. What a
 * click does comes from the view model.
 */
import type { ActionButton, FollowUp } from '../../machines/chat';
import { isSafeLink } from '../view-models/intents';
import { HIDE_BANNER, SUGGESTED_QUESTIONS } from '../messages';
import { Icon } from '../icons';
import { useRuntime } from './context';

export function ButtonList({
  buttons,
  kind,
  label,
  onClick,
}: {
  buttons: ActionButton[];
  kind: 'action' | 'response';
  label: string;
  onClick: (b: ActionButton) => void;
}) {
  if (buttons.length === 0) return null;
  return (
    <div data-part={`${kind}-buttons`} role="group" aria-label={label}>
      {buttons.map((b) =>
        b.kind === 'link' ? (
          isSafeLink(b.url) && (
            <a key={b.id} data-part={`${kind}-button`} href={b.url} target="_blank" rel="noopener noreferrer" onClick={() => onClick(b)}>
              {b.name}
            </a>
          )
        ) : (
          <button key={b.id} type="button" data-part={`${kind}-button`} onClick={() => onClick(b)}>
            {b.name}
          </button>
        ),
      )}
    </div>
  );
}

/**
 * The page-awareness banner: widget-spec §5's sentence, then what is shared (issue 15). The visitor may hide it
 * on this site (the Settings tab keeps the sentence and shows it again); the tab's input then has the focus.
 */
export function Banner({ lines: [slow, shared] }: { lines: [string, string] }) {
  const { site } = useRuntime();
  const hide = (e: { currentTarget: HTMLElement }) => {
    // the open tab's input (Home's sits beside its section, Chat's inside)
    const input = e.currentTarget.closest('[data-part="window"]')?.querySelector<HTMLElement>('[data-part="input"]');
    site.send({ type: 'BANNER.DISMISS' });
    input?.focus();
  };
  return (
    <div data-part="banner">
      <p>
        <span>{slow}</span> <span>{shared}</span>
      </p>
      <button type="button" data-part="icon-button" aria-label={HIDE_BANNER} onClick={hide}>
        <Icon name="close" />
      </button>
    </div>
  );
}

export function FollowUps({ items, onAsk }: { items: FollowUp[]; onAsk: (f: FollowUp) => void }) {
  if (items.length === 0) return null;
  return (
    <div data-part="follow-ups" role="group" aria-label={SUGGESTED_QUESTIONS}>
      {items.map((f) => (
        <button key={f.id} type="button" data-part="follow-up" onClick={() => onAsk(f)}>
          {f.text}
        </button>
      ))}
    </div>
  );
}

/** widget-spec §5: in a composer, Enter sends and Shift+Enter adds a new line (not while composing an IME word). */
export const enterSends = (submit: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
    e.preventDefault();
    submit();
  }
};
