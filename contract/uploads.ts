/**
 * What the console accepts as an upload, kind by kind (docs/console.md "Uploads"): the server checks every file
 * against this table (server/operations/uploads.ts) and the console reads it to refuse a file that is too large
 * before sending it. Types are told by content, never by name; a text type's name only says which text it is.
 */

/** A type an upload may be, as its content shows it. */
export type UploadType = 'pdf' | 'docx' | 'md' | 'txt' | 'csv' | 'vtt' | 'png' | 'jpeg' | 'webp' | 'mp4' | 'webm';

/** What an upload is for: a smart document, a video, a video's poster, a video's captions. */
export type UploadKind = 'document' | 'video' | 'poster' | 'captions';

/** One kind's limits. */
export interface UploadLimits {
  /** The most bytes the file may have: reading stops there. */
  maxBytes: number;
  /** The types accepted, by content. */
  types: readonly UploadType[];
  /** What `types` are, in words for a refusal ("PDF, Word (.docx), Markdown, text or CSV"). */
  described: string;
}

const MB = 1024 * 1024;

/**
 * Every kind's limits. The sizes are far beyond a real document, poster or caption file, and small enough to be
 * stored in the database in one row each: a document of 20 MB, a video of 200 MB, a poster of 5 MB, captions of 1 MB.
 */
export const UPLOAD_KINDS: Readonly<Record<UploadKind, UploadLimits>> = {
  document: { maxBytes: 20 * MB, types: ['pdf', 'docx', 'md', 'txt', 'csv'], described: 'PDF, Word (.docx), Markdown, text or CSV' },
  video: { maxBytes: 200 * MB, types: ['mp4', 'webm'], described: 'MP4 or WebM' },
  poster: { maxBytes: 5 * MB, types: ['png', 'jpeg', 'webp'], described: 'PNG, JPEG or WebP' },
  captions: { maxBytes: 1 * MB, types: ['vtt'], described: 'WebVTT (.vtt)' },
};

/**
 * A .docx is a zip: what its parts may inflate to, read from its central directory before anything is inflated (a zip
 * bomb is refused there).
 */
export const DOCX_LIMITS = {
  /** The most all its parts may inflate to. */
  maxInflatedBytes: 64 * MB,
  /** The most a part may inflate to per compressed byte, once it inflates to more than {@link DOCX_LIMITS.ratioFromBytes}. */
  maxRatio: 100,
  /** Below this, a part's ratio is not looked at (a small part of repeated XML compresses very well). */
  ratioFromBytes: 1 * MB,
  /** The most parts it may have. */
  maxEntries: 10_000,
} as const;
