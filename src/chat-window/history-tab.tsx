/**
 * The History tab (widget-spec §2 "History", §4 "Renaming a session", §8): New Chat,
 * the sessions with their name, time and count, the current-session badge, inline
 * rename, and a list that could not load with Retry. It renders the history view
 * model (src/view-models/history.ts).
 */
import { useEffect, useRef } from 'react';
import { Icon } from '../icons';
import { adoptStyles } from '../styles/adopt';
import historyCss from '../styles/history.css';
import { selectChatSessionId } from '../../machines/chat';
import { sameIn, useSelector, whole } from '../use-selector';
import { connectHistory, type HistoryView } from '../view-models/history';
import { useConversation, useRuntime } from './context';
import {
  CHAT_HISTORY,
  CHAT_NAME,
  CURRENT_SESSION,
  LOADING_CHATS,
  NEW_CHAT,
  NO_HISTORY,
  NO_HISTORY_HINT,
  RENAME,
  RENAME_FAILED,
  RETRY,
} from './history-messages';

function RenameInput({ initial, rename }: { initial: string; rename: HistoryView['rename'] }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  return (
    <input
      ref={input}
      data-part="rename-input"
      aria-label={CHAT_NAME}
      defaultValue={initial}
      maxLength={100}
      onInput={(e) => rename.change((e.target as HTMLInputElement).value)}
      onKeyDown={(e) => {
        const end = e.key === 'Enter' ? rename.commit : e.key === 'Escape' ? rename.cancel : null;
        if (!end) return;
        // Escape cancels the rename, and does not close the window
        e.preventDefault();
        e.stopPropagation();
        // the input goes, and with it the focus: it comes back to the item once drawn again (after a blur,
        // which also ends the rename, the focus is somewhere already and stays there)
        const item = e.currentTarget.parentElement!;
        end();
        setTimeout(() => item.querySelector('button')?.focus());
      }}
      onBlur={rename.commit}
    />
  );
}

function Item({ item, rename }: { item: HistoryView['items'][number]; rename: HistoryView['rename'] }) {
  return (
    <li data-part="history-item" data-current={item.current || undefined}>
      {item.editing ? (
        <RenameInput initial={item.draft} rename={rename} />
      ) : (
        <button type="button" data-part="history-open" aria-current={item.current ? 'true' : undefined} onClick={item.open}>
          <span data-part="history-name">{item.name}</span>
          <span data-part="history-meta">{item.meta}</span>
          {item.current && <span data-part="badge">{CURRENT_SESSION}</span>}
        </button>
      )}
      {!item.editing && !item.saving && (
        <button type="button" data-part="icon-button" aria-label={item.renameLabel} title={RENAME} onClick={item.startRename}>
          <Icon name="edit" />
        </button>
      )}
      {item.failed && (
        <p data-part="rename-error" role="alert">
          {RENAME_FAILED}
        </p>
      )}
    </li>
  );
}

/** The History tab's view model (in this chunk, as the tab is the only one to show it). */
function useHistoryView() {
  const { windowActor } = useRuntime();
  const { chat: chatActor, sessions: sessionsActor } = useConversation();
  const sessions = useSelector(sessionsActor, whole);
  // of the chat, the History tab shows only which session is current
  const chat = useSelector(chatActor, whole, sameIn(selectChatSessionId));
  return connectHistory({ sessions, sessionsActor, chat, chatActor, windowActor });
}

/** The tab's stylesheet joins the shadow root as the tab is first drawn (a ref runs before the browser paints). */
const withStyles = (el: HTMLElement | null) => adoptStyles(el, historyCss);

export function HistoryTab() {
  const view = useHistoryView();
  return (
    <section ref={withStyles} data-part="history" aria-label={CHAT_HISTORY}>
      <button type="button" data-part="new-chat" onClick={view.startNewChat}>
        <Icon name="plus" /> {NEW_CHAT}
      </button>
      {view.retry && (
        // the button stays while Retry loads, so the focus stays on it; the alert comes back with each failure
        <div data-part="load-error">
          {view.error && <p role="alert">{view.error}</p>}
          <button type="button" data-part="retry" onClick={view.retry}>
            {RETRY}
          </button>
        </div>
      )}
      {view.loading ? (
        <p data-part="status" role="status">
          {LOADING_CHATS}
        </p>
      ) : view.empty ? (
        <div data-part="empty">
          <p data-part="empty-title">{NO_HISTORY}</p>
          <p>{NO_HISTORY_HINT}</p>
        </div>
      ) : (
        view.items.length > 0 && (
          <ul data-part="history-list">
            {view.items.map((item) => (
              <Item key={item.id} item={item} rename={view.rename} />
            ))}
          </ul>
        )
      )}
    </section>
  );
}
