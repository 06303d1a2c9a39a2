/**
 * The History tab (widget-spec §2 "History", §4 "Renaming a session", §8 rename
 * failure): the sessions as the list shows them, and what each item does. A list
 * that could not load says so with Retry; 'No chat history yet' only when the
 * server answered with none.
 */
import { selectChatSessionId, type ChatActor, type ChatSnapshot } from '../../machines/chat';
import {
  selectFailedId,
  selectRename,
  selectSavingId,
  selectSessions,
  selectSessionsFailed,
  selectSessionsLoaded,
  selectSessionsLoadFailed,
  type SessionsActor,
  type SessionsSnapshot,
} from '../../machines/sessions';
import { FAILURE_TEXT } from '../messages';
import { messageCount, renameChat, UNNAMED, UPDATING } from '../chat-window/history-messages';
import type { WindowActor } from '../../machines/window';
import { formatTimestamp } from '../format';
import { startNewChat } from './intents';

export interface HistoryInput {
  sessions: SessionsSnapshot;
  sessionsActor: SessionsActor;
  chat: ChatSnapshot;
  chatActor: ChatActor;
  windowActor: WindowActor;
}

export function connectHistory({ sessions, sessionsActor, chat, chatActor, windowActor }: HistoryInput) {
  const list = selectSessions(sessions);
  const rename = selectRename(sessions);
  const savingId = selectSavingId(sessions);
  const failedId = selectFailedId(sessions);
  const currentId = selectChatSessionId(chat);
  const loaded = selectSessionsLoaded(sessions);
  const error = selectSessionsFailed(sessions);
  return {
    /** 'Loading chats…': nothing to show yet (not loaded, not failed). */
    loading: !loaded && !error && list.length === 0,
    /** widget-spec §2's empty state, only when the server said there are none. */
    empty: loaded && list.length === 0,
    /** widget-spec §8 'Failed to load chat sessions', shown with Retry. */
    error: error ? FAILURE_TEXT.sessions : null,
    /** Loads the list again; offered from a failure until a load succeeds (kept while it loads, with the focus on it). */
    retry: selectSessionsLoadFailed(sessions) ? () => sessionsActor.send({ type: 'SESSIONS.LOAD' }) : null,
    items: list.map((s) => {
      const name = s.name || UNNAMED;
      const saving = savingId === s.id;
      return {
        id: s.id,
        /** 'Updating...' while the new name saves (widget-spec §4). */
        name: saving ? UPDATING : name,
        meta: [formatTimestamp(s.lastMessageTimestamp), messageCount(s.totalMessages)].filter(Boolean).join(' · '),
        current: s.id === currentId,
        editing: rename?.id === s.id && !saving,
        draft: rename?.id === s.id ? rename.draft : '',
        saving,
        failed: failedId === s.id,
        renameLabel: renameChat(name),
        open: () => {
          chatActor.send({ type: 'CHAT.LOAD', chatSessionId: s.id });
          windowActor.send({ type: 'TAB.SELECT', tab: 'chat' });
        },
        startRename: () => sessionsActor.send({ type: 'RENAME.START', id: s.id }),
      };
    }),
    rename: {
      change: (draft: string) => sessionsActor.send({ type: 'RENAME.CHANGE', draft }),
      /** Enter or blur saves (an empty or unchanged name cancels). */
      commit: () => sessionsActor.send({ type: 'RENAME.COMMIT' }),
      cancel: () => sessionsActor.send({ type: 'RENAME.CANCEL' }),
    },
    startNewChat: () => startNewChat(chatActor, windowActor),
  };
}

export type HistoryView = ReturnType<typeof connectHistory>;
