/**
 * The History tab (widget-spec §2 "History", §4 "Renaming a session"): New Chat,
 * the sessions with their name, time and count, the current-session badge, and
 * inline rename.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { selectChatSessionId } from '../../machines/chat';
import { selectFailedId, selectRename, selectSavingId, selectSessions, selectSessionsLoading } from '../../machines/sessions';
import type { ChatSession } from '../api/client';
import { formatTimestamp, messageCount } from '../format';
import { Icon } from '../icons';
import { useRuntime } from './use-runtime';
import { useConversation } from './chat-window';

/** widget-spec §2: a session without a name. */
export const UNNAMED = 'Unnamed Chat';

function RenameInput({ initial }: { initial: string }) {
  const { sessions } = useConversation();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  return (
    <input
      ref={input}
      data-part="rename-input"
      aria-label="Chat name"
      defaultValue={initial}
      maxLength={100}
      onInput={(e) => sessions.send({ type: 'RENAME.CHANGE', draft: (e.target as HTMLInputElement).value })}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          sessions.send({ type: 'RENAME.COMMIT' });
        } else if (e.key === 'Escape') {
          // Escape cancels the rename, and does not close the window
          e.preventDefault();
          e.stopPropagation();
          sessions.send({ type: 'RENAME.CANCEL' });
        }
      }}
      onBlur={() => sessions.send({ type: 'RENAME.COMMIT' })}
    />
  );
}

function Item({ s, current }: { s: ChatSession; current: boolean }) {
  const rt = useRuntime();
  const { sessions, chat } = useConversation();
  const rename = useSelector(sessions, selectRename);
  const savingId = useSelector(sessions, selectSavingId);
  const failedId = useSelector(sessions, selectFailedId);
  const name = s.name || UNNAMED;
  const editing = rename?.id === s.id && savingId !== s.id;
  // After Enter or Escape the input goes, and with it the focus: it comes back to this item
  // (a blur that ended the rename has put the focus somewhere already, and it stays there).
  const open = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    const root = open.current?.getRootNode() as Document | ShadowRoot | undefined;
    const active = root?.activeElement;
    if (wasEditing.current && !editing && (!active || active === document.body)) open.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return (
    <li data-part="history-item" data-current={current || undefined}>
      {editing ? (
        <RenameInput initial={rename.draft} />
      ) : (
        <button
          type="button"
          ref={open}
          data-part="history-open"
          aria-current={current ? 'true' : undefined}
          onClick={() => {
            chat.send({ type: 'CHAT.LOAD', chatSessionId: s.id });
            rt.widget.send({ type: 'TAB.SELECT', tab: 'chat' });
          }}
        >
          <span data-part="history-name">{savingId === s.id ? 'Updating...' : name}</span>
          <span data-part="history-meta">
            {[formatTimestamp(s.lastMessageTimestamp), messageCount(s.totalMessages)].filter(Boolean).join(' · ')}
          </span>
          {current && <span data-part="badge">current session</span>}
        </button>
      )}
      {!editing && savingId !== s.id && (
        <button type="button" data-part="icon-button" aria-label={`Rename ${name}`} title="Rename" onClick={() => sessions.send({ type: 'RENAME.START', id: s.id })}>
          <Icon name="edit" />
        </button>
      )}
      {failedId === s.id && (
        <p data-part="rename-error" role="alert">
          Failed to update name
        </p>
      )}
    </li>
  );
}

export function HistoryTab() {
  const rt = useRuntime();
  const { sessions, chat } = useConversation();
  const list = useSelector(sessions, selectSessions);
  const loading = useSelector(sessions, selectSessionsLoading);
  const currentId = useSelector(chat, selectChatSessionId);
  return (
    <section data-part="history" aria-label="Chat history">
      <button
        type="button"
        data-part="new-chat"
        onClick={() => {
          chat.send({ type: 'CHAT.NEW' });
          rt.widget.send({ type: 'TAB.SELECT', tab: 'chat' });
        }}
      >
        <Icon name="plus" /> New Chat
      </button>
      {loading && list.length === 0 ? (
        <p data-part="status" role="status">
          Loading chats…
        </p>
      ) : list.length === 0 ? (
        <div data-part="empty">
          <p data-part="empty-title">No chat history yet</p>
          <p>Start a conversation to see your chat sessions here</p>
        </div>
      ) : (
        <ul data-part="history-list">
          {list.map((s) => (
            <Item key={s.id} s={s} current={s.id === currentId} />
          ))}
        </ul>
      )}
    </section>
  );
}
