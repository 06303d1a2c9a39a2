/**
 * The History tab's words (the part of the widget's catalogue, src/messages.ts, that loads with the
 * tab's chunk, src/chat-window/history-tab.tsx): widget-spec §4's texts word for word.
 */

export const CHAT_HISTORY = 'Chat history';
export const NEW_CHAT = 'New Chat';
export const LOADING_CHATS = 'Loading chats…';
/** widget-spec §4: no past sessions. */
export const NO_HISTORY = 'No chat history yet';
export const NO_HISTORY_HINT = 'Start a conversation to see your chat sessions here';
export const CURRENT_SESSION = 'current session';
/** The rename's input, the button that starts it, and its failure. */
export const CHAT_NAME = 'Chat name';
export const RENAME = 'Rename';
export const RENAME_FAILED = 'Failed to update name';
/** A history that could not load: its Retry. */
export const RETRY = 'Retry';
/** widget-spec §4: a session without a name. */
export const UNNAMED = 'Unnamed Chat';
/** An item's rename button, and its name while the new one saves. */
export const renameChat = (name: string) => `Rename ${name}`;
export const UPDATING = 'Updating...';
