/**
 * Uploads are hostile input (docs/console.md "Uploads"): a file is read from its stream up to its kind's limit and no
 * further, then typed by its content (file-type's signatures, and checks of our own where a signature says nothing:
 * text, CSV, WebVTT, a .docx's zip), and answered as a {@link CheckedUpload} or refused with an {@link OperationError}
 * that says why: `TOO_LARGE` (413), `UNSUPPORTED_MEDIA_TYPE` (415: the content is of a type the kind does not take)
 * or `INVALID` (400: the content is of a type it takes, but broken). Nothing here stores anything.
 */
import { parse } from 'csv-parse/sync';
import { fileTypeFromBuffer } from 'file-type';
import { DOCX_LIMITS, UPLOAD_KINDS, type UploadKind, type UploadType } from '../../contract/uploads';
import { checkLocalHeaders, inflateEntry, readCentralDirectory, ZipCutShort, ZipError } from '../zip-entries';
import { OperationError } from './errors';

export { UPLOAD_KINDS, type UploadKind, type UploadType } from '../../contract/uploads';

/** A file that passed its kind's checks. */
export interface CheckedUpload {
  kind: UploadKind;
  /** Its type, as its content shows it. */
  type: UploadType;
  /** The name it came with, its extension made the one of {@link type} (`report.pdf` for a PDF sent as `report`). */
  filename: string;
  /** The Content-Type it is served with. */
  contentType: string;
  bytes: Uint8Array;
}

/** What to say about an upload besides its bytes. */
export interface UploadOptions {
  /** The name it came with (a header, a multipart part's filename): its extension tells which text a text file is. */
  filename: string;
  /** The field a refusal names. @default 'file' */
  field?: string;
}

/** The Content-Type each type is served with. */
export const UPLOAD_CONTENT_TYPES: Readonly<Record<UploadType, string>> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** The types that are text: no signature tells them; the name's extension says which one it is. */
const TEXT_EXTENSIONS: Readonly<Record<string, UploadType>> = {
  md: 'md',
  markdown: 'md',
  txt: 'txt',
  text: 'txt',
  csv: 'csv',
  vtt: 'vtt',
};

/** file-type's extensions for the binary types taken. */
const SIGNATURES: Readonly<Record<string, UploadType>> = {
  pdf: 'pdf',
  docx: 'docx',
  png: 'png',
  jpg: 'jpeg',
  webp: 'webp',
  mp4: 'mp4',
  m4v: 'mp4',
  webm: 'webm',
  vtt: 'vtt',
};

const tooLarge = (field: string, kind: UploadKind) =>
  new OperationError('TOO_LARGE', `The file is larger than ${megabytes(UPLOAD_KINDS[kind].maxBytes)}, the most a ${kind} may be.`, field);

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * The bytes of `source` (a request's body, a multipart part's file), read chunk by chunk: past `maxBytes` the reading
 * stops (the stream is destroyed when it can be) and TOO_LARGE is thrown, so no more than the limit is ever held.
 * `declaredBytes` (a Content-Length) over the limit is refused before a byte is read.
 */
export async function readLimited(
  source: AsyncIterable<Uint8Array> & { destroy?: (error?: Error) => void },
  kind: UploadKind,
  { field = 'file', declaredBytes }: { field?: string; declaredBytes?: number } = {},
): Promise<Uint8Array> {
  const { maxBytes } = UPLOAD_KINDS[kind];
  if (declaredBytes !== undefined && declaredBytes > maxBytes) throw tooLarge(field, kind);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > maxBytes) {
      source.destroy?.();
      throw tooLarge(field, kind);
    }
    chunks.push(chunk);
  }
  // joined once (a body of one chunk is not copied at all); the same bytes then go on to the checks and to storage
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

/** Reads an upload from its stream within its kind's limit and checks it: {@link readLimited}, then {@link checkUpload}. */
export async function readUpload(
  kind: UploadKind,
  source: AsyncIterable<Uint8Array> & { destroy?: (error?: Error) => void },
  options: UploadOptions & { declaredBytes?: number },
): Promise<CheckedUpload> {
  const bytes = await readLimited(source, kind, { field: options.field, declaredBytes: options.declaredBytes });
  return checkUpload(kind, bytes, options);
}

/** The lower-case extension of a name ('' without one). */
function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

/** `filename` with the extension of `type` (kept when it is already one of the type's). */
function nameFor(filename: string, type: UploadType): string {
  const ext = extensionOf(filename);
  const same = ext === type || TEXT_EXTENSIONS[ext] === type || SIGNATURES[ext] === type || (ext === 'jpeg' && type === 'jpeg');
  if (same) return filename;
  const base = ext ? filename.slice(0, filename.lastIndexOf('.')) : filename;
  return `${base || 'file'}.${type === 'jpeg' ? 'jpg' : type}`;
}

/** A name as it may be stored: its last path segment, without control characters, at most 200 characters. */
export function cleanFilename(filename: string): string {
  const base = filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(-200) || 'file';
}

/** Checks an upload's bytes against its kind: its type by content, and that the content is whole. */
export async function checkUpload(kind: UploadKind, bytes: Uint8Array, options: UploadOptions): Promise<CheckedUpload> {
  const field = options.field ?? 'file';
  const limits = UPLOAD_KINDS[kind];
  const filename = cleanFilename(options.filename);
  if (bytes.length > limits.maxBytes) throw tooLarge(field, kind);
  if (bytes.length === 0) throw new OperationError('INVALID', 'The file is empty.', field);
  const unsupported = (what: string) =>
    new OperationError(
      'UNSUPPORTED_MEDIA_TYPE',
      `The file's content is ${what}, which is not a ${kind} type accepted here (${limits.described}).`,
      field,
      limits.types,
    );
  const type = await typeByContent(bytes, filename, field, limits.types.includes('docx'), unsupported);
  if (!limits.types.includes(type)) throw unsupported(described(type));
  if (type === 'csv') checkCsv(decode(bytes), field);
  if (type === 'vtt' && !/^WEBVTT(?:[ \t\r\n]|$)/.test(decode(bytes)))
    throw new OperationError('INVALID', 'The captions file does not start with "WEBVTT": it is not WebVTT.', field);
  return { kind, type, filename: nameFor(filename, type), contentType: UPLOAD_CONTENT_TYPES[type], bytes };
}

/** What a type is, in words. */
function described(type: UploadType): string {
  return { md: 'Markdown', txt: 'text', csv: 'CSV', vtt: 'WebVTT captions', docx: 'a Word document' }[type as string] ?? type.toUpperCase();
}

/** The type of `bytes` by their content; a text type by the name's extension once the bytes are known to be text. */
async function typeByContent(
  bytes: Uint8Array,
  filename: string,
  field: string,
  takesDocx: boolean,
  unsupported: (what: string) => OperationError,
): Promise<UploadType> {
  if (isZip(bytes)) {
    // never handed to file-type, which inflates a part to tell a zip's type with no bound on what it inflates to: a zip
    // whose checks pass and that has a word/document.xml is a .docx
    if (!takesDocx) throw unsupported('a zip archive');
    checkDocxZip(bytes, field);
    return 'docx';
  }
  const found = await fileTypeFromBuffer(bytes);
  if (found) {
    const type = SIGNATURES[found.ext];
    if (!type) throw unsupported(`${found.mime} (.${found.ext})`);
    return type;
  }
  const text = textOf(bytes);
  if (text === null) {
    if (bytes.includes(0)) throw unsupported('binary data of an unknown type');
    throw new OperationError('INVALID', 'The file is not UTF-8 text: save it as UTF-8 and send it again.', field);
  }
  const type = TEXT_EXTENSIONS[extensionOf(filename)];
  if (!type) throw unsupported('text whose name does not say which (name it .md, .txt, .csv or .vtt)');
  return type;
}

/** The zip's first bytes (a local file header). */
const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * A .docx's zip, read from its central directory (./zip-entries.ts: each part's local header must agree with it; no data
 * descriptors, ZIP64 or encryption): refused when it cannot be read (cut short), when it has no `word/document.xml`,
 * or when its parts would inflate to too much in all or one part too many times its size (a zip bomb):
 * {@link DOCX_LIMITS}. Its parts are then inflated within the sizes they declare (nothing kept: at most
 * {@link DOCX_LIMITS}.maxInflatedBytes of work), so that one that lies about its size is refused too.
 */
function checkDocxZip(bytes: Uint8Array, field: string): void {
  const refused = (why: string) => new OperationError('INVALID', `The file is refused: ${why}.`, field);
  const read = <T>(run: () => T): T => {
    try {
      return run();
    } catch (err) {
      // anything but a refusal of ./zip-entries.ts (a read past the end of a damaged zip) is a zip cut short too
      if (err instanceof ZipCutShort || !(err instanceof ZipError))
        throw new OperationError(
          'INVALID',
          'The file is a zip that cannot be read (cut short or damaged): send the whole .docx again.',
          field,
        );
      throw refused(err.message);
    }
  };
  const entries = read(() => readCentralDirectory(bytes));
  let total = 0;
  let bomb: string | null = null;
  for (const f of entries) {
    total += f.size;
    if (!bomb && f.size > DOCX_LIMITS.ratioFromBytes && f.size > f.compressedSize * DOCX_LIMITS.maxRatio)
      bomb = `its part ${f.name} would inflate ${Math.round(f.size / Math.max(f.compressedSize, 1))} times its size (more than ${DOCX_LIMITS.maxRatio})`;
  }
  if (entries.length > DOCX_LIMITS.maxEntries)
    throw new OperationError('INVALID', `The file has more than ${DOCX_LIMITS.maxEntries} parts: refused as a zip bomb.`, field);
  if (total > DOCX_LIMITS.maxInflatedBytes)
    throw new OperationError(
      'INVALID',
      `The file would inflate to more than ${megabytes(DOCX_LIMITS.maxInflatedBytes)}: refused as a zip bomb.`,
      field,
    );
  if (bomb) throw new OperationError('INVALID', `The file is refused as a zip bomb: ${bomb}.`, field);
  if (!entries.some((f) => f.name === 'word/document.xml'))
    throw new OperationError(
      'UNSUPPORTED_MEDIA_TYPE',
      `The file is a zip without word/document.xml: not a Word document (${UPLOAD_KINDS.document.described}).`,
      field,
      UPLOAD_KINDS.document.types,
    );
  read(() => {
    checkLocalHeaders(bytes, entries);
    for (const f of entries) inflateEntry(bytes, f, false);
  });
}

/** The bytes as UTF-8 text (a byte-order mark allowed), or null when they are not UTF-8 or hold a NUL. */
function textOf(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Text known to be UTF-8, without its byte-order mark. */
const decode = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');

/** CSV that parses (quotes closed; rows may differ in length, as spreadsheets save them). */
function checkCsv(text: string, field: string): void {
  try {
    const rows = parse(text, { relax_column_count: true, skip_empty_lines: true, bom: true }) as unknown[];
    if (rows.length === 0) throw new Error('it has no rows');
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new OperationError('INVALID', `The file is not CSV that can be read (${why}).`, field);
  }
}
