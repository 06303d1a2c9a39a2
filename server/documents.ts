/**
 * Smart documents on the server: their types (widget-spec §3, "Smart doc
 * response"), the Content-Type each file is served with, and the text of each
 * document that the answer engines search. Bytes in, strings out, no I/O; PDFs
 * and spreadsheets are read in a worker thread (./document-worker).
 */
import { unzipSync } from 'fflate';
import { csvMarkdown, sheetsMarkdown, type MarkdownTable } from './document-tables';
import { readInWorker, UnreadableError } from './document-worker';
import { docxMarkdown } from './docx-text';
import { otherText } from './other-text';
import { pdfMarkdown } from './pdf-text';

/** A smart document's type, exactly as the smart doc response carries it (widget-spec §3). */
export type DocType = 'pdf' | 'docx' | 'md' | 'markdown' | 'txt' | 'snippet' | 'csv' | 'xls' | 'xlsx' | 'spreadsheet' | 'other';

/** Every {@link DocType}, in the order widget-spec §3 lists them. */
export const DOC_TYPES: readonly DocType[] = [
  'pdf',
  'docx',
  'md',
  'markdown',
  'txt',
  'snippet',
  'csv',
  'xls',
  'xlsx',
  'spreadsheet',
  'other',
];

const DOC_TYPE_SET: ReadonlySet<string> = new Set(DOC_TYPES);

/** True when `value` is one of the {@link DOC_TYPES}. */
export function isDocType(value: string): value is DocType {
  return DOC_TYPE_SET.has(value);
}

/** The lower-case extension of a file name or path, without the dot ('' when it has none). */
function extensionOf(filename: string): string {
  const base = filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  // A leading dot (".env") names a hidden file, not an extension.
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

const TYPE_BY_EXTENSION: Readonly<Record<string, DocType>> = {
  pdf: 'pdf',
  docx: 'docx',
  md: 'md',
  markdown: 'markdown',
  txt: 'txt',
  text: 'txt',
  csv: 'csv',
  xls: 'xls',
  xlsx: 'xlsx',
};

/**
 * The {@link DocType} for an uploaded file's name: its extension when the viewer
 * has a renderer for it, otherwise 'other' (which the viewer offers as a download,
 * widget-spec §2). 'snippet' and 'spreadsheet' are never inferred: no file
 * extension means them.
 */
export function docTypeForFilename(filename: string): DocType {
  return TYPE_BY_EXTENSION[extensionOf(filename)] ?? 'other';
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  md: 'text/markdown; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json; charset=utf-8',
  ics: 'text/calendar; charset=utf-8',
  webm: 'video/webm',
  mp4: 'video/mp4',
  vtt: 'text/vtt; charset=utf-8',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
};

/**
 * The Content-Type to serve a file with, from its extension (case-insensitive).
 * Text types carry `charset=utf-8` so browsers never guess; anything unknown is
 * `application/octet-stream`, which browsers download rather than render.
 */
export function contentTypeFor(filename: string): string {
  return CONTENT_TYPES[extensionOf(filename)] ?? 'application/octet-stream';
}

/**
 * The version of the readers below. A document keeps the version its text was read with; one read by an
 * older version (or before there were versions) is read again from its file at start (server/reread-documents.ts),
 * so that a better reader reaches the documents stored before it. Raise it when a reader's output changes, by two:
 * the version just below it ({@link TEXT_READER_BEGUN}) marks a document whose reading again was begun and not finished.
 * 2: docx as markdown (headings, list items, tables), and the text of 'other' documents.
 * 4: zip bombs refused before inflating, a docx's XML read in linear time.
 */
export const TEXT_READER_VERSION = 4;

/**
 * The version a document is given while it is read again: if the server stops during the reading (a file that
 * exhausts its memory), the next start finds it there and does not try it again.
 */
export const TEXT_READER_BEGUN = TEXT_READER_VERSION - 1;

/** How much of a document is read: a hostile or huge file is read in part, or not at all, never without end. */
export interface ReadLimits {
  /** Bytes of a file read at most; a bigger file is stored without text. @default 64 MB */
  maxBytes: number;
  /** Pages of a PDF read, from the first. @default 500 */
  maxPages: number;
  /** Characters of text kept, cut at the end of a block. @default 1,000,000 */
  maxChars: number;
  /** Rows of a table (a CSV file, each sheet of a spreadsheet) kept after its header. @default 5,000 */
  maxRows: number;
  /** Columns of a table kept. @default 50 */
  maxColumns: number;
  /** Characters of one table cell kept. @default 2,000 */
  maxCellChars: number;
  /** Milliseconds a PDF or a spreadsheet may take to read; then it is stored without text. @default 20,000 */
  timeLimitMs: number;
}

/** The limits of every reading that is given no others. */
export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxBytes: 64 * 1024 * 1024,
  maxPages: 500,
  maxChars: 1_000_000,
  maxRows: 5000,
  maxColumns: 50,
  maxCellChars: 2000,
  timeLimitMs: 20_000,
};

/** A document's text, and why it is missing or partial. */
export interface DocumentText {
  /** The text the answer engines search; null when the document has none that can be read. */
  text: string | null;
  /** Why the text is null or cut short, in words for a log line ('it is encrypted'); null when it was read whole. */
  problem: string | null;
  /** True when the reader did not finish (it took too long, ran out of memory or stopped), rather than refuse the file. */
  unfinished?: true;
}

/** The reasons of a reader that did not finish, rather than refuse the file. */
const UNFINISHED: ReadonlySet<string> = new Set(['timeout', 'memory', 'exit']);

/** The types read in this thread; pdf and the spreadsheet types are read in a worker. */
const IN_THREAD = ['md', 'markdown', 'txt', 'snippet', 'docx', 'csv', 'other'] as const;
const readInThread = (type: DocType): type is (typeof IN_THREAD)[number] => (IN_THREAD as readonly string[]).includes(type);

/**
 * The text of a document, for the answer engines and for search:
 * - md, markdown, txt, snippet: the bytes as UTF-8, without a byte-order mark;
 * - docx: light markdown (./docx-text): `#` headings from the paragraphs' styles, `- ` list items,
 *   GFM tables whose first row is the header, blocks separated by blank lines;
 * - pdf: its text as light markdown (./pdf-text: headings by font size, paragraphs, `- ` items);
 * - csv, and xls, xlsx or spreadsheet files: GFM markdown tables (./document-tables), one per
 *   sheet under a `##` heading naming it; a spreadsheet type whose bytes are not an xlsx zip is read as CSV;
 * - other: when the file is UTF-8 text without NULs (./other-text), JSON as tables and `key: value` lines,
 *   other text as it is; null for a binary file.
 *
 * Never rejects: an upload is untrusted input, so a file that cannot be read (corrupt, encrypted, a scan
 * without a text layer, a legacy binary .xls, too big, too slow) gives null text and says why.
 */
export async function readDocumentText(type: DocType, bytes: Uint8Array, limits: Partial<ReadLimits> = {}): Promise<DocumentText> {
  const l = { ...DEFAULT_READ_LIMITS, ...limits };
  if (bytes.length > l.maxBytes) return { text: null, problem: `it is larger than ${l.maxBytes} bytes` };
  try {
    // a spreadsheet saved with a .csv name
    if (type === 'csv' && isZip(bytes)) return await spreadsheetText(bytes, l);
    if (readInThread(type)) return inThread(type, bytes, l);
    switch (type) {
      case 'pdf':
        return await pdfText(bytes, l);
      case 'xls':
      case 'xlsx':
      case 'spreadsheet':
        return await spreadsheetText(bytes, l);
    }
  } catch (err) {
    if (err instanceof UnreadableError && UNFINISHED.has(err.reason)) return { text: null, problem: err.message, unfinished: true };
    return { text: null, problem: err instanceof UnreadableError ? err.message : `it could not be read (${String(err)})` };
  }
}

/**
 * The text of the documents read in this thread (md, markdown, txt, snippet, docx, csv, other), as
 * {@link readDocumentText} gives it within the default limits; null for the others (pdf and the
 * spreadsheet types, which it reads in a worker) and for a file that cannot be read.
 */
export function extractText(type: DocType, bytes: Uint8Array): string | null {
  const l = DEFAULT_READ_LIMITS;
  if (bytes.length > l.maxBytes) return null;
  return readInThread(type) ? inThread(type, bytes, l).text : null;
}

/** The text of the documents read without a worker. */
function inThread(type: 'md' | 'markdown' | 'txt' | 'snippet' | 'docx' | 'csv' | 'other', bytes: Uint8Array, l: ReadLimits): DocumentText {
  switch (type) {
    case 'docx': {
      const bomb = zipBomb(bytes);
      if (bomb) return { text: null, problem: bomb };
      const text = docxMarkdown(bytes, l);
      return text === null ? { text: null, problem: 'it is not a readable Word document' } : cutAtBlock(text, l.maxChars);
    }
    case 'other': {
      // a binary file has no text, and that is no problem to report: it is there to be downloaded
      const read = otherText(bytes, l);
      if (read.text === null) return { text: null, problem: null };
      const kept = cutAtBlock(read.text, l.maxChars);
      return kept.problem || !read.truncated ? kept : { text: kept.text, problem: 'only part of its rows or columns are kept' };
    }
    case 'csv':
      if (isZip(bytes)) return { text: null, problem: 'it is a zip file, not CSV' };
      return tableText(csvMarkdown(decodeText(bytes), l), l.maxChars, 'it has no rows that can be read as CSV');
    default:
      return cut(decodeText(bytes), l.maxChars);
  }
}

/** `text`, or its first `maxChars` characters. */
function cut(text: string, maxChars: number): DocumentText {
  return text.length > maxChars
    ? { text: text.slice(0, maxChars), problem: `only its first ${maxChars} characters are kept` }
    : { text, problem: null };
}

/** `text`, or as much of it as fits in `maxChars`, cut at the end of a block (or of a line) when there is one to cut at. */
function cutAtBlock(text: string, maxChars: number): DocumentText {
  if (text.length <= maxChars) return { text, problem: null };
  const block = text.lastIndexOf('\n\n', maxChars);
  const end = block > 0 ? block : text.lastIndexOf('\n', maxChars);
  return { text: text.slice(0, end > 0 ? end : maxChars), problem: `only its first ${maxChars} characters are kept` };
}

/** A PDF's text, read in the worker and laid out as markdown. */
async function pdfText(bytes: Uint8Array, l: ReadLimits): Promise<DocumentText> {
  let read: Awaited<ReturnType<typeof readInWorker>>;
  try {
    read = await readInWorker('pdf', bytes, l);
  } catch (err) {
    if (err instanceof UnreadableError && err.reason === 'PasswordException')
      return { text: null, problem: 'it is encrypted (a password protects it)' };
    throw err;
  }
  if (read.kind !== 'pdf') throw new UnreadableError('the reader gave no PDF', 'kind');
  const text = pdfMarkdown(read.pages);
  if (!text) return { text: null, problem: 'it has no text layer (a scan?)' };
  if (text.length > l.maxChars) {
    // at the end of a block when there is one to cut at
    const end = text.lastIndexOf('\n\n', l.maxChars);
    return { text: text.slice(0, end > 0 ? end : l.maxChars), problem: `only its first ${l.maxChars} characters are kept` };
  }
  if (read.totalPages > read.pages.length)
    return { text, problem: `only its first ${read.pages.length} of ${read.totalPages} pages are read` };
  return { text, problem: null };
}

/** The zip's first bytes: an xlsx is a zip; anything else named a spreadsheet is read as CSV. */
const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
/** The first bytes of an OLE2 compound file: the legacy binary .xls, which no reader here reads. */
const isOle2 = (bytes: Uint8Array) => bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;

/** The most all the parts of a zip-based file (docx, xlsx) may inflate to: far beyond a real document. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** The most a part may inflate to per compressed byte, once it inflates to more than {@link RATIO_FROM_BYTES}. */
const MAX_INFLATE_RATIO = 100;
const RATIO_FROM_BYTES = 1024 * 1024;

/**
 * Why a zip-based file is refused before any of it is inflated: its central directory (read without inflating
 * anything) says its parts inflate to too much in all, or one part inflates too many times its size (a zip
 * bomb); null when neither. The inflated buffers are outside a worker's heap limit, so this is what bounds them.
 * The sizes are the ones the file declares; one that cannot be read as a zip is left to its reader.
 */
function zipBomb(bytes: Uint8Array): string | null {
  let total = 0;
  let problem: string | null = null;
  try {
    unzipSync(bytes, {
      filter: (f) => {
        total += f.originalSize;
        if (!problem && f.originalSize > RATIO_FROM_BYTES && f.originalSize > f.size * MAX_INFLATE_RATIO)
          problem = `its part ${f.name} inflates more than ${MAX_INFLATE_RATIO} times its size (a zip bomb?)`;
        return false;
      },
    });
  } catch {
    // not a zip that can be read: the reader says so
    return null;
  }
  if (total > MAX_INFLATED_BYTES) return `its parts inflate to more than ${MAX_INFLATED_BYTES} bytes (a zip bomb?)`;
  return problem;
}

/** An xlsx file's sheets as tables (in the worker); a spreadsheet type holding CSV as a table. */
async function spreadsheetText(bytes: Uint8Array, l: ReadLimits): Promise<DocumentText> {
  if (isOle2(bytes)) return { text: null, problem: 'it is a legacy binary .xls file (save it as .xlsx to have it read)' };
  if (!isZip(bytes)) return tableText(csvMarkdown(decodeText(bytes), l), l.maxChars, 'it is neither an .xlsx file nor CSV');
  const bomb = zipBomb(bytes);
  if (bomb) return { text: null, problem: bomb };
  const read = await readInWorker('xlsx', bytes, l);
  if (read.kind !== 'xlsx') throw new UnreadableError('the reader gave no spreadsheet', 'kind');
  return tableText(sheetsMarkdown(read.sheets, l), l.maxChars, 'its sheets are empty');
}

/** A table as a document's text, cut at a row's end to keep within `maxChars`. */
function tableText(table: MarkdownTable | null, maxChars: number, empty: string): DocumentText {
  if (!table?.markdown) return { text: null, problem: empty };
  if (table.markdown.length > maxChars) {
    // whole rows only: a row cut in two would read as a row of other values
    const end = table.markdown.lastIndexOf('\n', maxChars);
    if (end <= 0) return { text: null, problem: `its first row is longer than ${maxChars} characters` };
    return { text: table.markdown.slice(0, end), problem: `only its first ${maxChars} characters are kept` };
  }
  return { text: table.markdown, problem: table.truncated ? 'only part of its rows or columns are kept' : null };
}

/** UTF-8 (or UTF-16 with its byte-order mark) to a string, the byte-order mark removed; bad bytes become U+FFFD. */
function decodeText(bytes: Uint8Array): string {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : null;
  // TextDecoder drops a leading BOM by default; the replace covers a BOM that was itself encoded twice.
  return new TextDecoder(utf16 ?? 'utf-8').decode(bytes).replace(/^\uFEFF/, '');
}
