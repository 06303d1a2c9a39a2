/**
 * The conversations inbox's answers (docs/console.md "The conversations inbox"): what the server's operations
 * write and what the console reads, named once for both (types only: no bytes in either bundle).
 */

/** A piece of a search's snippet: plain text, `hit` where a searched word (or the last word's prefix) matched. */
export interface Segment {
  text: string;
  hit: boolean;
}

/** The newest message of a conversation that a search matched. */
export interface Match {
  messageId: string;
  role: 'user' | 'ai';
  at: string;
  snippet: Segment[];
}

/** A conversation as the list shows it. */
export interface Conversation {
  id: string;
  /** the widget's userSessionId */
  visitorId: string;
  name: string;
  /** the page path the conversation started on */
  path: string;
  startedAt: string;
  lastActivityAt: string;
  messageCount: number;
  /** the visitor's first message, whole; null when there is none yet */
  firstQuestion: string | null;
  failed: boolean;
  incomplete: boolean;
  nothingFound: boolean;
  /** questions asked in voice mode */
  voiceTurns: number;
  /** with a search: the newest message that matches; else null */
  match: Match | null;
}

/** What the visitor had in view when asking (a question's; null when not recorded). */
export interface AskedContext {
  path: string;
  documents: { id: string; name: string; kind: 'document' | 'video' }[];
  /** the one asked about (Ask question) */
  focus: { id: string; name: string } | null;
  actionButtons: { id: string; name: string; buttonType: string }[];
}

/** The buttons offered with an answer (an answer's; null when not recorded). */
export interface Offered {
  followUps: { id: string; text: string }[];
  responseButtons: { id: string; name: string; buttonType: string; externalUrl: string }[];
  /** the sources the answer named */
  sources: string[];
}

/** A message as the transcript shows it. */
export interface TranscriptMessage {
  id: string;
  role: 'user' | 'ai';
  type: string;
  /** as stored: the visitor's text, or the answer's markdown */
  content: string;
  at: string;
  failed: boolean;
  incomplete: boolean;
  nothingFound: boolean;
  voice: boolean;
  context: AskedContext | null;
  buttons: Offered | null;
  /** ids of this message's offered buttons that were clicked */
  clicked: string[];
}

/** A button click reported in the conversation. */
export interface Click {
  buttonId: string;
  at: string;
  pageUrl: string;
  /** the button's name or text when the transcript offered it */
  label: string | null;
}

/** `GET conversations/:conversationId`. */
export interface Transcript {
  conversation: Conversation;
  messages: TranscriptMessage[];
  clicks: Click[];
}
