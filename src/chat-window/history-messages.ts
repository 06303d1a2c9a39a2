/**
 * The History tab's words (the part of the widget's catalogue, src/messages.ts, that loads with the
 * tab's chunk, src/chat-window/history-tab.tsx): widget-spec §4's texts word for word in English. The
 * names below take the active locale's words (src/words.ts), now and as it changes.
 */
import { onWords } from '../words';

const EN = {
  CHAT_HISTORY: 'Chat history',
  NEW_CHAT: 'New Chat',
  LOADING_CHATS: 'Loading chats…',
  /** widget-spec §4: no past sessions. */
  NO_HISTORY: 'No chat history yet',
  NO_HISTORY_HINT: 'Start a conversation to see your chat sessions here',
  CURRENT_SESSION: 'current session',
  /** The rename's input, the button that starts it, and its failure. */
  CHAT_NAME: 'Chat name',
  RENAME: 'Rename',
  RENAME_FAILED: 'Failed to update name',
  /** A history that could not load: its Retry. */
  RETRY: 'Retry',
  /** widget-spec §4: a session without a name. */
  UNNAMED: 'Unnamed Chat',
  /** An item's rename button, and its name while the new one saves. */
  renameChat: (name: string) => `Rename ${name}`,
  UPDATING: 'Updating...',
  /** widget-spec §2: 'N message' or 'N messages' (N as `Intl` writes it). */
  messageCount: (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'message' : 'messages'}`,
};

/** The History tab's words (a locale's chunk has them: src/locales/). */
export type HistoryWords = typeof EN;

export let {
  CHAT_HISTORY,
  NEW_CHAT,
  LOADING_CHATS,
  NO_HISTORY,
  NO_HISTORY_HINT,
  CURRENT_SESSION,
  CHAT_NAME,
  RENAME,
  RENAME_FAILED,
  RETRY,
  UNNAMED,
  renameChat,
  UPDATING,
  messageCount,
} = EN;

onWords('history', EN, (w) => {
  ({
    CHAT_HISTORY,
    NEW_CHAT,
    LOADING_CHATS,
    NO_HISTORY,
    NO_HISTORY_HINT,
    CURRENT_SESSION,
    CHAT_NAME,
    RENAME,
    RENAME_FAILED,
    RETRY,
    UNNAMED,
    renameChat,
    UPDATING,
    messageCount,
  } = w);
});
