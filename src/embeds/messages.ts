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
