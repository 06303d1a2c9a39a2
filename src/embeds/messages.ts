/**
 * The embeds' words (the part of the widget's catalogue, src/messages.ts, that loads with the
 * viewers' chunk): widget-spec §2's and §8's texts of the documents, videos and the Ask-question
 * modal, word for word in English, keyed by kind and view. The names below take the active locale's
 * words (src/words.ts), now and as it changes.
 */
import type { DocView, SlotKind } from '../../machines/slot';
import { onWords } from '../words';

const EN = {
  /** widget-spec §8: the texts of a boot's failures, by kind. */
  BOOT_TEXT: {
    'smart-doc': {
      notFound: 'Smart document not found or invalid token',
      status: 'Failed to fetch smart document',
      failed: 'Failed to load smart document',
    },
    video: { notFound: 'Video not found or invalid token', status: 'Failed to fetch video', failed: 'Failed to load video' },
  } as Record<SlotKind, { notFound: string; status: string; failed: string }>,

  /** widget-spec §8: a smart doc or video boot without the origin header. */
  ORIGIN_REQUIRED: 'Invalid request - origin header required',

  /** widget-spec §8: a file that could not be fetched, by view (any other: {@link DOCUMENT_FAILED}). */
  FETCH_FAILURE: {
    markdown: 'Failed to load markdown',
    text: 'Failed to load text',
    docx: 'Failed to fetch DOCX',
  } as Partial<Record<DocView, string>>,
  DOCUMENT_FAILED: 'Failed to load document',

  /** widget-spec §8: the heading of a content failure, by view. */
  CONTENT_ERROR: {
    docx: 'Error loading DOCX document',
    markdown: 'Error loading Markdown content',
    text: 'Error loading text content',
  } as Partial<Record<DocView, string>>,

  /** widget-spec §8: the video element could not play its source. */
  VIDEO_ERROR: 'Error loading video',

  /** widget-spec §2: the notice of a spreadsheet. */
  SPREADSHEET_NOTICE: 'Spreadsheet viewing is not yet supported in embedded mode.',
  /** widget-spec §8 (modal): a failed send's bubble, and a failed history. */
  MODAL_SEND_ERROR: 'Sorry, I encountered an error. Please try again.',
  MODAL_HISTORY_ERROR: 'Unable to load chat history. Please try again.',

  // The viewers' and the modal's own words (widget-spec §2), by code.

  /** A viewer's Try again after a failure, and its loading indicators. */
  TRY_AGAIN: 'Try again',
  LOADING_DOCUMENT: 'Loading document…',
  LOADING_VIDEO: 'Loading video…',
  /** A document's content, by type (widget-spec §2 "Smart document viewer"). */
  OPEN_PDF: 'Open PDF in a new tab',
  OPEN_SPREADSHEET: 'Open Spreadsheet',
  DOWNLOAD_DOCUMENT: 'Download Document',
  NO_DOCUMENT_FILE: 'Document file not available',
  documentVersion: (version: number | string, type: string) => `Version ${version} • ${type.toUpperCase()}`,
  /** widget-spec §8: a viewer's boot failure, with the error after it. */
  docBootError: (error: string) => `Error loading smart document: ${error}`,
  videoBootError: (error: string) => `Failed to load video: ${error}`,
  /** The video viewer (widget-spec §2 "Video viewer"). */
  SHARE: 'Share',
  SHARE_VIDEO: 'Share this video',
  COPY_LINK: 'Copy link',
  COPIED: 'Copied!',
  /** The sharing pages of the Share menu, by name. */
  SHARE_SITES: { linkedin: 'LinkedIn', x: 'X', facebook: 'Facebook' } as const,
  /**
   * The Ask-question action, word for word as widget-spec §2 "Video viewer" and §4 "Ask question" name it
   * (a document's footer button shows its own label, the site's data).
   */
  ASK_QUESTION: 'Ask question',
  NO_VIDEO: 'Video not available',
  playbackSpeed: (speed: string) => `Playback speed ${speed}`,
  /** The captions track's name in the video's menu. */
  CAPTIONS_LANGUAGE: 'English',
  /** The Ask-question modal (widget-spec §2 "Smart doc modal"). */
  chatAbout: (name: string) => `Chat about ${name}`,
  CLOSE: 'Close',
  CHAT: 'Chat',
  LOADING_HISTORY: 'Loading chat history…',
  THINKING: 'Thinking…',
  YOUR_QUESTION: 'Your question',
  ASK_PLACEHOLDER: 'Ask a question...',
  SEND_MESSAGE: 'Send message',
  TYPE_TO_SEND: 'Type a message to send',
};

/** Embeds's words (a locale's chunk has them: src/locales/). */
export type EmbedsWords = typeof EN;

export let {
  BOOT_TEXT,
  ORIGIN_REQUIRED,
  FETCH_FAILURE,
  DOCUMENT_FAILED,
  CONTENT_ERROR,
  VIDEO_ERROR,
  SPREADSHEET_NOTICE,
  MODAL_SEND_ERROR,
  MODAL_HISTORY_ERROR,
  TRY_AGAIN,
  LOADING_DOCUMENT,
  LOADING_VIDEO,
  OPEN_PDF,
  OPEN_SPREADSHEET,
  DOWNLOAD_DOCUMENT,
  NO_DOCUMENT_FILE,
  documentVersion,
  docBootError,
  videoBootError,
  SHARE,
  SHARE_VIDEO,
  COPY_LINK,
  COPIED,
  SHARE_SITES,
  ASK_QUESTION,
  NO_VIDEO,
  playbackSpeed,
  CAPTIONS_LANGUAGE,
  chatAbout,
  CLOSE,
  CHAT,
  LOADING_HISTORY,
  THINKING,
  YOUR_QUESTION,
  ASK_PLACEHOLDER,
  SEND_MESSAGE,
  TYPE_TO_SEND,
} = EN;

onWords('embeds', EN, (w) => {
  ({
    BOOT_TEXT,
    ORIGIN_REQUIRED,
    FETCH_FAILURE,
    DOCUMENT_FAILED,
    CONTENT_ERROR,
    VIDEO_ERROR,
    SPREADSHEET_NOTICE,
    MODAL_SEND_ERROR,
    MODAL_HISTORY_ERROR,
    TRY_AGAIN,
    LOADING_DOCUMENT,
    LOADING_VIDEO,
    OPEN_PDF,
    OPEN_SPREADSHEET,
    DOWNLOAD_DOCUMENT,
    NO_DOCUMENT_FILE,
    documentVersion,
    docBootError,
    videoBootError,
    SHARE,
    SHARE_VIDEO,
    COPY_LINK,
    COPIED,
    SHARE_SITES,
    ASK_QUESTION,
    NO_VIDEO,
    playbackSpeed,
    CAPTIONS_LANGUAGE,
    chatAbout,
    CLOSE,
    CHAT,
    LOADING_HISTORY,
    THINKING,
    YOUR_QUESTION,
    ASK_PLACEHOLDER,
    SEND_MESSAGE,
    TYPE_TO_SEND,
  } = w);
});
