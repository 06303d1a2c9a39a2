/**
 * The widget's words: the one catalogue its machines' codes and its views' texts come from, keyed by
 * code and filled with parameters (widget-spec §8's texts word for word in English). Each group is typed
 * by the codes it covers, so a code without its words fails `tsc`. The parts loaded on demand keep their
 * own words in their chunks (voice mode's: src/voice/messages.ts).
 *
 * The English words are written here; every other locale's are a chunk of their own (src/locales/), and
 * the names below take the active locale's words as it changes (src/words.ts): a view reads them as it
 * renders, never keeps them. (A name written in where it is used would cost no bytes of its own, but could
 * not change.)
 */
import type { Appearance } from '../contract/appearance';
import type { ChatFailure } from '../machines/chat';
import type { SettingsError } from '../machines/site';
import type { Tab } from '../machines/window';
import { CLOSE_CHAT_EN, LOADING_EN, OPEN_CHAT_WITH_EN, RECONNECTING_EN } from './messages-first-frame';
import { onWords } from './words';

const EN = {
  /** widget-spec §8: the texts of other failures, by call (the client's errors carry them; voice mode's are in its own words, src/voice/messages.ts). */
  FAILURE_TEXT: {
    config: 'Failed to fetch config',
    appearance: 'Failed to fetch appearance',
    history: 'Failed to load chat history',
    sessions: 'Failed to load chat sessions',
    rename: 'Failed to update chat session name',
    chat: 'Failed to get AI response',
    enrich: 'Failed to enrich user',
  },

  /** widget-spec §8: what the visitor sees when the site's settings cannot be loaded, by code. */
  SETTINGS_ERROR_TEXT: {
    INVALID_API_KEY: 'Invalid API key. Please check your configuration.',
    INVALID_CONFIGURATION: 'Invalid configuration. Please check your settings.',
    FAILED: 'Unable to load chat widget. Please try again later.',
  } satisfies Record<SettingsError, string> as Record<SettingsError, string>,

  /** Issue 13: what a 429 (widget-spec §8 RATE_LIMIT_EXCEEDED) shows, with its wait. */
  rateLimitText: (s: number) => `Too many messages. Please wait ${s} second${s === 1 ? '' : 's'} before sending again.`,

  /** widget-spec §2: the first visit's bubble, "Hi! I'm {agentName}. {agentDescription}." (no second stop after a description's own). */
  greeting: (a: Pick<Appearance, 'agentName' | 'agentDescription'>): string => {
    const description = a.agentDescription.trim();
    return `Hi! I'm ${a.agentName}.${description ? ` ${description}${/[.!?…]$/.test(description) ? '' : '.'}` : ''}`;
  },

  /** widget-spec §5: when page reference is on, the banner reads this. */
  PAGE_AWARENESS_BANNER: 'Referencing the current page may slow down AI responses.',
  /** Issue 15: what the banner adds, so the visitor knows the page's text leaves with each message (src/effects/page-text.ts). */
  PAGE_TEXT_SHARED: 'The text of this page is sent with your messages, except parts the site marks as private.',
  /** The banner's dismiss button; the Settings tab's note about page awareness and its button that shows the banner again. */
  HIDE_BANNER: 'Hide page notice',
  PAGE_AWARENESS: 'Page awareness',
  SHOW_BANNER: 'Show page notice',
  /** Issue 13: the status line while questions wait for the network. */
  WAITING_TEXT: 'No connection. Your message will be sent when the network is back.',
  /** Issue 16: under an answer cut off by a failure (or stored so by the server). */
  INCOMPLETE_TEXT: 'Answer incomplete',
  /** widget-spec §4: Get help, when the site has no help page, asks this. */
  HELP_QUESTION: 'I need help. How can I get help?',

  // The words of the views (widget-spec §2, §4), by code: each a text, or a function of its parameters.

  /**
   * The launcher's name (widget-spec §2): 'Open chat with {agentName}', and while the server does not answer
   * ' (reconnecting)' after it; or 'Close chat' (the first frame's English: src/messages-first-frame.ts).
   */
  OPEN_CHAT_WITH: OPEN_CHAT_WITH_EN,
  RECONNECTING_NOTE: RECONNECTING_EN,
  /**
   * The appearance's visitor-facing texts (widget-spec §3) in the locale's words, keyed by their English defaults
   * (`DEFAULT_APPEARANCE`, contract/appearance.ts): none in English, where a default shows as written (`siteText`).
   * The launcher's first frame has the agent's name too (src/messages-first-frame.ts).
   */
  SITE_TEXT: new Map() as SiteText,
  /** The launcher's window while the site's settings load, and its Retry after a failure. */
  LOADING_TEXT: LOADING_EN,
  RETRY: 'Retry',
  /** A part of the window loaded on demand (the Navigation menu, the History or Settings tab) could not load; Retry follows. */
  PART_FAILED: 'This could not load.',
  TRY_AGAIN: 'Try again',
  CANCEL: 'Cancel',
  CLOSE_CHAT: CLOSE_CHAT_EN,
  /** The proactive bubble (widget-spec §2): its close button, and its video's name when it has no text. */
  DISMISS_MESSAGE: 'Dismiss message',
  VIDEO_MESSAGE: 'Video message',
  /** A video of the conversation, named by its text, or this. */
  VIDEO_LABEL: 'Video',
  /** The captions track's name in a video's menu (the captions are English, like every other word here). */
  CAPTIONS_LANGUAGE: 'English',
  VIDEO_SCRIPT: 'Video script',

  /** The window's header and tabs. */
  NAVIGATION: 'Navigation',
  CHAT_SECTIONS: 'Chat sections',
  RESIZE_CHAT: 'Resize chat',
  COLLAPSE_WINDOW: 'Collapse chat window',
  EXPAND_WINDOW: 'Expand chat window',

  /** widget-spec §2: the footer's tabs (each tab's panel, and the Settings menu, are named by them too). */
  TAB_LABEL: { home: 'Home', chat: 'Chat', history: 'History', settings: 'Settings' } as Record<Tab, string>,
  /**
   * widget-spec §9: a message's or a session's time, 'D Mon, h:mm AM/PM' in the visitor's time zone (the month's
   * English abbreviation, Jan … Dec, from the browser's own data rather than a table of our own). Another locale
   * writes the same parts (day, short month, time) as `Intl` does for it.
   */
  messageTime: (d: Date): string => {
    const h = d.getHours();
    return `${d.getDate()} ${d.toLocaleString('en', { month: 'short' })}, ${h % 12 || 12}:${String(d.getMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
  },
  /** The Chat and Home tabs. */
  CONVERSATION: 'Conversation',
  /** Home's way back to the ongoing conversation. */
  CONTINUE: 'Continue',
  SUGGESTED_QUESTIONS: 'Suggested questions',
  SUGGESTED_ACTIONS: 'Suggested actions',
  RELATED_LINKS: 'Related links',
  LOADING_CONVERSATION: 'Loading conversation…',
  /** The avatar of the visitor's own messages. */
  YOU: 'You',
  /** Before each message, for screen readers: who said it. */
  YOU_SAID: 'You said:',
  saidBy: (agentName: string) => `${agentName} said:`,
  isTyping: (agentName: string) => `${agentName} is typing`,
  /** widget-spec §2: the empty chat. */
  emptyChat: (homeTitle: string, agentName: string) => `${homeTitle} Ask ${agentName} anything about this page.`,
  /** The composer: its label, the placeholder while asking about an embedded item (widget-spec §4), and that item. */
  messageTo: (agentName: string) => `Message ${agentName}`,
  ASK_PLACEHOLDER: 'Ask a question...',
  askingAbout: (name: string) => `Asking about: ${name}`,
  stopAskingAbout: (name: string) => `Stop asking about ${name}`,
  /** The button after the input (widget-spec §4). */
  STOP: 'Stop',
  SEND_MESSAGE: 'Send message',
  VOICE_MODE: 'Voice mode',
  VOICE_MODE_UNAVAILABLE: 'Voice mode not available',
  DICTATE: 'Dictate',
  CLOSE_VOICE_MODE: 'Close voice mode',
  /** widget-spec §8: dictation's chunk could not load. */
  RECORDING_FAILED: 'Recording failed',
  /** widget-spec §8: voice mode's chunk could not load. */
  VOICE_LOAD_FAILED: 'Error: LiveKit client failed to load',
  /** Under a question waiting for the network, and under one that was stopped. */
  WAITING_TO_SEND: 'Waiting to send',
  STOPPED: 'Stopped',

  /** The Navigation and Settings menus (widget-spec §2). */
  NEW_CHAT_ITEM: 'New chat',
  EMAIL_TRANSCRIPT: 'Email me a transcript',
  EMAIL_TRANSCRIPT_HINT: 'Opens your email program with this conversation, ready to send to yourself.',
  GET_HELP: 'Get help',
  GET_HELP_HINT: 'Opens this site’s help page, or asks the assistant how to reach a person.',
  /** The transcript an email carries. */
  NO_MESSAGES: 'No messages yet.',
  transcriptSubject: (agentName: string) => `Chat transcript: ${agentName}`,
};

/** A locale's words for the appearance's default texts, by their English (contract/appearance.ts); English has none. */
export type SiteText = Map<string, string>;

/** The core's words (a locale's chunk has them all: src/locales/). */
export type CoreWords = typeof EN;

export let {
  FAILURE_TEXT,
  SETTINGS_ERROR_TEXT,
  rateLimitText,
  greeting,
  PAGE_AWARENESS_BANNER,
  PAGE_TEXT_SHARED,
  HIDE_BANNER,
  PAGE_AWARENESS,
  SHOW_BANNER,
  WAITING_TEXT,
  INCOMPLETE_TEXT,
  HELP_QUESTION,
  OPEN_CHAT_WITH,
  RECONNECTING_NOTE,
  SITE_TEXT,
  LOADING_TEXT,
  RETRY,
  PART_FAILED,
  TRY_AGAIN,
  CANCEL,
  CLOSE_CHAT,
  DISMISS_MESSAGE,
  VIDEO_MESSAGE,
  VIDEO_LABEL,
  CAPTIONS_LANGUAGE,
  VIDEO_SCRIPT,
  NAVIGATION,
  CHAT_SECTIONS,
  RESIZE_CHAT,
  COLLAPSE_WINDOW,
  EXPAND_WINDOW,
  TAB_LABEL,
  messageTime,
  CONVERSATION,
  CONTINUE,
  SUGGESTED_QUESTIONS,
  SUGGESTED_ACTIONS,
  RELATED_LINKS,
  LOADING_CONVERSATION,
  YOU,
  YOU_SAID,
  saidBy,
  isTyping,
  emptyChat,
  messageTo,
  ASK_PLACEHOLDER,
  askingAbout,
  stopAskingAbout,
  STOP,
  SEND_MESSAGE,
  VOICE_MODE,
  VOICE_MODE_UNAVAILABLE,
  DICTATE,
  CLOSE_VOICE_MODE,
  RECORDING_FAILED,
  VOICE_LOAD_FAILED,
  WAITING_TO_SEND,
  STOPPED,
  NEW_CHAT_ITEM,
  EMAIL_TRANSCRIPT,
  EMAIL_TRANSCRIPT_HINT,
  GET_HELP,
  GET_HELP_HINT,
  NO_MESSAGES,
  transcriptSubject,
} = EN;

onWords('core', EN, (w) => {
  ({
    FAILURE_TEXT,
    SETTINGS_ERROR_TEXT,
    rateLimitText,
    greeting,
    PAGE_AWARENESS_BANNER,
    PAGE_TEXT_SHARED,
    HIDE_BANNER,
    PAGE_AWARENESS,
    SHOW_BANNER,
    WAITING_TEXT,
    INCOMPLETE_TEXT,
    HELP_QUESTION,
    OPEN_CHAT_WITH,
    RECONNECTING_NOTE,
    SITE_TEXT,
    LOADING_TEXT,
    RETRY,
    PART_FAILED,
    TRY_AGAIN,
    CANCEL,
    CLOSE_CHAT,
    DISMISS_MESSAGE,
    VIDEO_MESSAGE,
    VIDEO_LABEL,
    CAPTIONS_LANGUAGE,
    VIDEO_SCRIPT,
    NAVIGATION,
    CHAT_SECTIONS,
    RESIZE_CHAT,
    COLLAPSE_WINDOW,
    EXPAND_WINDOW,
    TAB_LABEL,
    messageTime,
    CONVERSATION,
    CONTINUE,
    SUGGESTED_QUESTIONS,
    SUGGESTED_ACTIONS,
    RELATED_LINKS,
    LOADING_CONVERSATION,
    YOU,
    YOU_SAID,
    saidBy,
    isTyping,
    emptyChat,
    messageTo,
    ASK_PLACEHOLDER,
    askingAbout,
    stopAskingAbout,
    STOP,
    SEND_MESSAGE,
    VOICE_MODE,
    VOICE_MODE_UNAVAILABLE,
    DICTATE,
    CLOSE_VOICE_MODE,
    RECORDING_FAILED,
    VOICE_LOAD_FAILED,
    WAITING_TO_SEND,
    STOPPED,
    NEW_CHAT_ITEM,
    EMAIL_TRANSCRIPT,
    EMAIL_TRANSCRIPT_HINT,
    GET_HELP,
    GET_HELP_HINT,
    NO_MESSAGES,
    transcriptSubject,
  } = w);
});

/**
 * What a failed send shows (widget-spec §8: the error as the reply, error-styled): a 429 its wait,
 * a failure the call's text, a refused key, configuration or session its code.
 */
export const chatFailureText = ({ code, retryAfter }: ChatFailure): string =>
  code === 'RATE_LIMIT_EXCEEDED' ? rateLimitText(retryAfter) : code === 'FAILED' ? FAILURE_TEXT.chat : code;

/**
 * A text of the site's appearance as the visitor reads it: one the site left at its default (absent, or the
 * English default) in the active locale's words (`SITE_TEXT`); the site's own as written.
 */
export const siteText = (text: string): string => SITE_TEXT.get(text) || text;
