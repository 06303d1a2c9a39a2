/**
 * A video's uploads are hostile input (issue 33 §1): each kind has its size limit, checked while the body streams in
 * (nothing past it is read), and its type is told by the bytes, never by the name or the Content-Type: a video is
 * mp4 or webm, a poster png, jpeg or webp (file-type reads their signatures), captions are WebVTT (UTF-8 text that
 * starts `WEBVTT`, whose cue timings parse). A refusal names the field and what it allows; nothing refused is stored.
 */
import { fileTypeFromBuffer } from 'file-type';
import type { NewFile, VideoFileKind } from '../storage/types';
import { invalid, OperationError } from './errors';

/** What each kind of upload may be: its largest size, its types by content, and the extension a stored name takes. */
export const VIDEO_UPLOADS: Readonly<
  Record<VideoFileKind, { maxBytes: number; types: Readonly<Record<string, string>>; allowed: string }>
> = {
  video: {
    maxBytes: 50 * 1024 * 1024,
    types: { 'video/mp4': 'mp4', 'video/webm': 'webm' },
    allowed: 'an mp4 or webm video of up to 50 MB',
  },
  poster: {
    maxBytes: 5 * 1024 * 1024,
    types: { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' },
    allowed: 'a png, jpeg or webp image of up to 5 MB',
  },
  captions: { maxBytes: 1024 * 1024, types: { 'text/vtt': 'vtt' }, allowed: 'WebVTT captions (.vtt) of up to 1 MB' },
};

/** An upload too large for its kind: 413 TOO_LARGE on the console's API. */
export class UploadTooLarge extends OperationError {
  constructor(kind: VideoFileKind) {
    super('INVALID', `the ${kind} is larger than ${VIDEO_UPLOADS[kind].maxBytes / 1024 / 1024} MB`, kind, VIDEO_UPLOADS[kind].allowed);
  }
}

/**
 * Reads `body` whole, refusing it ({@link UploadTooLarge}) as soon as it passes `kind`'s limit: nothing past the limit is
 * read, and nothing is kept of a refused body.
 */
export async function readUpload(body: AsyncIterable<Uint8Array>, kind: VideoFileKind): Promise<Buffer> {
  const { maxBytes } = VIDEO_UPLOADS[kind];
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) throw new UploadTooLarge(kind);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

// WebVTT (W3C): a timestamp is [hh:]mm:ss.ttt; a cue's timing line is `start --> end`, then its settings.
const TIME = String.raw`(\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}`;
const TIMING = new RegExp(String.raw`^${TIME}[ \t]+-->[ \t]+${TIME}([ \t].*)?$`);

/** Why `bytes` are not WebVTT captions, or null when they are. */
export function vttProblem(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return 'the captions are not UTF-8 text';
  }
  if (text.includes('\0')) return 'the captions are not text';
  if (!/^WEBVTT([ \t\n\r]|$)/.test(text)) return 'the captions do not start with WEBVTT';
  const lines = text.split(/\r\n|\r|\n/);
  const bad = lines.findIndex((line) => line.includes('-->') && !TIMING.test(line));
  return bad < 0 ? null : `line ${bad + 1} of the captions is not a cue timing (00:01.000 --> 00:04.000)`;
}

/**
 * An upload of `kind` checked (its size, its type by its bytes) and named for storing: `filename` with the extension
 * of the type found (a `.mp4` that is a webm is stored as `.webm`, and served as one). Refused with INVALID otherwise.
 */
export async function checkVideoUpload(kind: VideoFileKind, filename: string, bytes: Uint8Array): Promise<NewFile> {
  const rule = VIDEO_UPLOADS[kind];
  if (bytes.length > rule.maxBytes) throw new UploadTooLarge(kind);
  if (bytes.length === 0) throw invalid(kind, `the ${kind} file is empty`, rule.allowed);
  let contentType: string;
  if (kind === 'captions') {
    const problem = vttProblem(bytes);
    if (problem) throw invalid(kind, problem, rule.allowed);
    contentType = 'text/vtt';
  } else {
    // a file cut short makes file-type throw (End-Of-Stream): it is of no known type
    const found = await fileTypeFromBuffer(bytes).catch(() => undefined);
    if (!found || !(found.mime in rule.types))
      throw invalid(kind, `the ${kind} is ${found ? `a ${found.ext} file` : 'not a file of a known type'}, by its content`, rule.allowed);
    contentType = found.mime;
  }
  const ext = rule.types[contentType]!;
  // a name without a path or odd characters, at most 100 characters, with the extension of what it is
  const base =
    (filename.split(/[\\/]/).pop() ?? '')
      .replace(/\.[^.]*$/, '')
      .replace(/[^\w.-]+/g, '-')
      .slice(0, 90) || kind;
  return { filename: `${base}.${ext}`, contentType, bytes };
}
