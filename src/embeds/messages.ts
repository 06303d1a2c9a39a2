/**
 * The embeds' words (the part of the widget's catalogue, src/messages.ts, that loads with the
 * viewers' chunk): widget-spec §2's and §8's texts of the documents, videos and the Ask-question
 * modal, word for word, keyed by kind and view.
 */
import type { DocView, SlotKind } from '../../machines/slot';

/** widget-spec §8: the texts of a boot's failures, by kind. */
export const BOOT_TEXT: Record<SlotKind, { notFound: string; status: string; failed: string }> = {
  'smart-doc': {
    notFound: 'Smart document not found or invalid token',
    status: 'Failed to fetch smart document',
    failed: 'Failed to load smart document',
  },
  video: { notFound: 'Video not found or invalid token', status: 'Failed to fetch video', failed: 'Failed to load video' },
};

/** widget-spec §8: a smart doc or video boot without the origin header. */
export const ORIGIN_REQUIRED = 'Invalid request - origin header required';

/** widget-spec §8: a file that could not be fetched, by view (any other: {@link DOCUMENT_FAILED}). */
export const FETCH_FAILURE: Partial<Record<DocView, string>> = {
  markdown: 'Failed to load markdown',
  text: 'Failed to load text',
  docx: 'Failed to fetch DOCX',
};
export const DOCUMENT_FAILED = 'Failed to load document';

/** widget-spec §8: the heading of a content failure, by view. */
export const CONTENT_ERROR: Partial<Record<DocView, string>> = {
  docx: 'Error loading DOCX document',
  markdown: 'Error loading Markdown content',
  text: 'Error loading text content',
};

/** widget-spec §8: the video element could not play its source. */
export const VIDEO_ERROR = 'Error loading video';

/** widget-spec §2: the notice of a spreadsheet. */
export const SPREADSHEET_NOTICE = 'Spreadsheet viewing is not yet supported in embedded mode.';
/** widget-spec §8 (modal): a failed send's bubble, and a failed history. */
export const MODAL_SEND_ERROR = 'Sorry, I encountered an error. Please try again.';
export const MODAL_HISTORY_ERROR = 'Unable to load chat history. Please try again.';

// The viewers' and the modal's own words (widget-spec §2), by code.

/** A viewer's Try again after a failure, and its loading indicators. */
export const TRY_AGAIN = 'Try again';
export const LOADING_DOCUMENT = 'Loading document…';
export const LOADING_VIDEO = 'Loading video…';
/** A document's content, by type (widget-spec §2 "Smart document viewer"). */
export const OPEN_PDF = 'Open PDF in a new tab';
export const OPEN_SPREADSHEET = 'Open Spreadsheet';
export const DOWNLOAD_DOCUMENT = 'Download Document';
export const NO_DOCUMENT_FILE = 'Document file not available';
export const documentVersion = (version: number | string, type: string) => `Version ${version} • ${type.toUpperCase()}`;
/** widget-spec §8: a viewer's boot failure, with the error after it. */
export const docBootError = (error: string) => `Error loading smart document: ${error}`;
export const videoBootError = (error: string) => `Failed to load video: ${error}`;
/** The video viewer (widget-spec §2 "Video viewer"). */
export const SHARE = 'Share';
export const SHARE_VIDEO = 'Share this video';
export const COPY_LINK = 'Copy link';
export const COPIED = 'Copied!';
/** The sharing pages of the Share menu, by name. */
export const SHARE_SITES = { linkedin: 'LinkedIn', x: 'X', facebook: 'Facebook' } as const;
/**
 * The Ask-question action, word for word as widget-spec §2 "Video viewer" and §4 "Ask question" name it
 * (a document's footer button shows its own label, the site's data).
 */
export const ASK_QUESTION = 'Ask question';
export const NO_VIDEO = 'Video not available';
export const playbackSpeed = (speed: string) => `Playback speed ${speed}`;
/** The captions track's name in the video's menu. */
export const CAPTIONS_LANGUAGE = 'English';
/** The Ask-question modal (widget-spec §2 "Smart doc modal"). */
export const chatAbout = (name: string) => `Chat about ${name}`;
export const CLOSE = 'Close';
export const CHAT = 'Chat';
export const LOADING_HISTORY = 'Loading chat history…';
export const THINKING = 'Thinking…';
export const YOUR_QUESTION = 'Your question';
export const ASK_PLACEHOLDER = 'Ask a question...';
export const SEND_MESSAGE = 'Send message';
export const TYPE_TO_SEND = 'Type a message to send';
