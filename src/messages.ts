/**
 * The widget's words: the one catalogue its machines' codes and its views' texts come from, keyed by
 * code and filled with parameters (widget-spec §8's texts word for word). Only the active locale,
 * English, exists. Each group is typed by the codes it covers, so a code without its words fails
 * `tsc`. The parts loaded on demand keep their own words in their chunks (voice mode's: src/voice/messages.ts).
 */
import type { Appearance } from '../contract/appearance';
import type { ChatFailure } from '../machines/chat';
import type { SettingsError } from '../machines/site';
import type { Tab } from '../machines/window';

/** widget-spec §8: the texts of other failures, by call (the client's errors carry them; voice mode's are in its own words, src/voice/messages.ts). */
export const FAILURE_TEXT = {
  config: 'Failed to fetch config',
  appearance: 'Failed to fetch appearance',
  history: 'Failed to load chat history',
  sessions: 'Failed to load chat sessions',
  rename: 'Failed to update chat session name',
  chat: 'Failed to get AI response',
  enrich: 'Failed to enrich user',
} as const;

/** widget-spec §8: what the visitor sees when the site's settings cannot be loaded, by code. */
export const SETTINGS_ERROR_TEXT: Record<SettingsError, string> = {
  INVALID_API_KEY: 'Invalid API key. Please check your configuration.',
  INVALID_CONFIGURATION: 'Invalid configuration. Please check your settings.',
  FAILED: 'Unable to load chat widget. Please try again later.',
};

/** Issue 13: what a 429 (widget-spec §8 RATE_LIMIT_EXCEEDED) shows, with its wait. */
export const rateLimitText = (s: number) => `Too many messages. Please wait ${s} second${s === 1 ? '' : 's'} before sending again.`;

/**
 * What a failed send shows (widget-spec §8: the error as the reply, error-styled): a 429 its wait,
 * a failure the call's text, a refused key, configuration or session its code.
 */
export const chatFailureText = ({ code, retryAfter }: ChatFailure): string =>
  code === 'RATE_LIMIT_EXCEEDED' ? rateLimitText(retryAfter) : code === 'FAILED' ? FAILURE_TEXT.chat : code;

/** widget-spec §2: the first visit's bubble, "Hi! I'm {agentName}. {agentDescription}." (no second stop after a description's own). */
export function greeting(a: Pick<Appearance, 'agentName' | 'agentDescription'>): string {
  const description = a.agentDescription.trim();
  return `Hi! I'm ${a.agentName}.${description ? ` ${description}${/[.!?…]$/.test(description) ? '' : '.'}` : ''}`;
}

/** widget-spec §5: when page reference is on, the banner reads this. */
export const PAGE_AWARENESS_BANNER = 'Referencing the current page may slow down AI responses.';
/** Issue 15: what the banner adds, so the visitor knows the page's text leaves with each message (src/effects/page-text.ts). */
export const PAGE_TEXT_SHARED = 'The text of this page is sent with your messages, except parts the site marks as private.';
/** The banner's dismiss button; the Settings tab's note about page awareness and its button that shows the banner again. */
export const HIDE_BANNER = 'Hide page notice';
export const PAGE_AWARENESS = 'Page awareness';
export const SHOW_BANNER = 'Show page notice';
/** Issue 13: the status line while questions wait for the network. */
export const WAITING_TEXT = 'No connection. Your message will be sent when the network is back.';
/** Issue 16: under an answer cut off by a failure (or stored so by the server). */
export const INCOMPLETE_TEXT = 'Answer incomplete';
/** widget-spec §4: Get help, when the site has no help page, asks this. */
export const HELP_QUESTION = 'I need help. How can I get help?';

// The words of the views (widget-spec §2, §4), by code: each a named constant, which the build writes
// in where it is used (a constant costs no bytes of its own), or a function of its parameters.

/**
 * The launcher's name (widget-spec §2): 'Open chat with {agentName}', and while the server does not answer
 * ' (reconnecting)' after it; or 'Close chat'. (Put together where it is used: a function costs the launcher
 * bytes, a constant none.)
 */
export const OPEN_CHAT_WITH = 'Open chat with ';
export const RECONNECTING = ' (reconnecting)';
/** The launcher's window while the site's settings load, and its Retry after a failure. */
export const LOADING = 'Loading…';
export const RETRY = 'Retry';
export const TRY_AGAIN = 'Try again';
export const CANCEL = 'Cancel';
export const CLOSE_CHAT = 'Close chat';
/** The proactive bubble (widget-spec §2): its close button, and its video's name when it has no text. */
export const DISMISS_MESSAGE = 'Dismiss message';
export const VIDEO_MESSAGE = 'Video message';
/** A video of the conversation, named by its text, or this. */
export const VIDEO = 'Video';
/** The captions track's name in a video's menu (the captions are English, like every other word here). */
export const CAPTIONS_LANGUAGE = 'English';
export const VIDEO_SCRIPT = 'Video script';

/** The window's header and tabs. */
export const NAVIGATION = 'Navigation';
export const SETTINGS = 'Settings';
export const CHAT_SECTIONS = 'Chat sections';
export const RESIZE_CHAT = 'Resize chat';
export const COLLAPSE_WINDOW = 'Collapse chat window';
export const EXPAND_WINDOW = 'Expand chat window';

/** widget-spec §2: the footer's tabs. */
export const TAB_LABEL: Record<Tab, string> = { home: 'Home', chat: 'Chat', history: 'History', settings: 'Settings' };
/** The Chat and Home tabs. */
export const CHAT = 'Chat';
export const CONVERSATION = 'Conversation';
/** Home's way back to the ongoing conversation. */
export const CONTINUE = 'Continue';
export const SUGGESTED_QUESTIONS = 'Suggested questions';
export const SUGGESTED_ACTIONS = 'Suggested actions';
export const RELATED_LINKS = 'Related links';
export const LOADING_CONVERSATION = 'Loading conversation…';
/** The avatar of the visitor's own messages. */
export const YOU = 'You';
/** Before each message, for screen readers: who said it. */
export const YOU_SAID = 'You said:';
export const saidBy = (agentName: string) => `${agentName} said:`;
export const isTyping = (agentName: string) => `${agentName} is typing`;
/** widget-spec §2: the empty chat. */
export const emptyChat = (homeTitle: string, agentName: string) => `${homeTitle} Ask ${agentName} anything about this page.`;
/** The composer: its label, the placeholder while asking about an embedded item (widget-spec §4), and that item. */
export const messageTo = (agentName: string) => `Message ${agentName}`;
export const ASK_PLACEHOLDER = 'Ask a question...';
export const askingAbout = (name: string) => `Asking about: ${name}`;
export const stopAskingAbout = (name: string) => `Stop asking about ${name}`;
/** The button after the input (widget-spec §4). */
export const STOP = 'Stop';
export const SEND_MESSAGE = 'Send message';
export const VOICE_MODE = 'Voice mode';
export const VOICE_MODE_UNAVAILABLE = 'Voice mode not available';
export const DICTATE = 'Dictate';
export const CLOSE_VOICE_MODE = 'Close voice mode';
/** widget-spec §8: dictation's chunk could not load. */
export const RECORDING_FAILED = 'Recording failed';
/** widget-spec §8: voice mode's chunk could not load. */
export const VOICE_LOAD_FAILED = 'Error: LiveKit client failed to load';
/** Under a question waiting for the network, and under one that was stopped. */
export const WAITING_TO_SEND = 'Waiting to send';
export const STOPPED = 'Stopped';

/** The Navigation and Settings menus (widget-spec §2). */
export const NEW_CHAT_ITEM = 'New chat';
export const EMAIL_TRANSCRIPT = 'Email me a transcript';
export const EMAIL_TRANSCRIPT_HINT = 'Opens your email program with this conversation, ready to send to yourself.';
export const GET_HELP = 'Get help';
export const GET_HELP_HINT = 'Opens this site’s help page, or asks the assistant how to reach a person.';
/** The transcript an email carries. */
export const NO_MESSAGES = 'No messages yet.';
export const transcriptSubject = (agentName: string) => `Chat transcript: ${agentName}`;
