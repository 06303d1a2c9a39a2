/**
 * Smart documents on the server: their types (widget-spec §3, "Smart doc
 * response"), the Content-Type each file is served with, and the plain text of
 * the types the answer engine can read. Pure: bytes in, strings out, no I/O.
 */
import { unzipSync } from 'fflate';

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
 * The plain text of a document, for the answer engine and for search:
 * - md, markdown, txt, snippet, csv: the bytes as UTF-8, without a byte-order mark;
 * - docx: one line per paragraph of `word/document.xml` (a table row is one line,
 *   its cells separated by tabs);
 * - pdf, xls, xlsx, spreadsheet, other: null (no reader for them here).
 *
 * Never throws: a docx that is not a readable zip, or has no `word/document.xml`,
 * gives null, because an upload is untrusted input.
 */
export function extractText(type: DocType, bytes: Uint8Array): string | null {
  switch (type) {
    case 'md':
    case 'markdown':
    case 'txt':
    case 'snippet':
    case 'csv':
      return decodeText(bytes);
    case 'docx':
      return docxText(bytes);
    case 'pdf':
    case 'xls':
    case 'xlsx':
    case 'spreadsheet':
    case 'other':
      return null;
  }
}

/** UTF-8 (or UTF-16 with its byte-order mark) to a string, the byte-order mark removed; bad bytes become U+FFFD. */
function decodeText(bytes: Uint8Array): string {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : null;
  // TextDecoder drops a leading BOM by default; the replace covers a BOM that was itself encoded twice.
  return new TextDecoder(utf16 ?? 'utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

/** The most `word/document.xml` may inflate to: far beyond any real document, small enough that a zip bomb cannot exhaust memory. */
const MAX_DOCUMENT_XML_BYTES = 32 * 1024 * 1024;

function docxText(bytes: Uint8Array): string | null {
  try {
    const files = unzipSync(bytes, {
      // Inflate only the one part we read, and refuse one that claims to be huge.
      filter: (f) => f.name === 'word/document.xml' && f.originalSize <= MAX_DOCUMENT_XML_BYTES,
    });
    const xml = files['word/document.xml'];
    return xml ? wordprocessingText(decodeText(xml)) : null;
  } catch {
    return null;
  }
}

/** A row of a table being read: the finished cells, and the paragraphs of the open cell. */
interface OpenRow {
  cells: string[];
  cell: string[] | null;
}

/**
 * The text of a WordprocessingML body. A streaming pass over the tags rather than
 * a DOM, since Node has no XML parser and the few elements that carry text are
 * flat and well known.
 */
function wordprocessingText(xml: string): string {
  const lines: string[] = [];
  const rows: OpenRow[] = [];
  let paragraph: string | null = null;
  let inText = false;
  let runDepth = 0;
  // Content inside mc:Fallback repeats what mc:Choice already holds (text boxes, shapes).
  let fallbackDepth = 0;

  const emit = (line: string) => {
    const row = rows.at(-1);
    if (row?.cell) row.cell.push(line);
    else lines.push(line);
  };

  for (const m of xml.matchAll(/<(\/?)([A-Za-z_][\w.:-]*)[^>]*?(\/?)>|([^<]+)/g)) {
    const [, closing, name, selfClosing, chars] = m;
    if (chars !== undefined) {
      if (inText && paragraph !== null && fallbackDepth === 0) paragraph += decodeXmlEntities(chars);
      continue;
    }
    if (name === 'mc:Fallback') {
      if (!selfClosing) fallbackDepth += closing ? -1 : 1;
      continue;
    }
    if (fallbackDepth > 0) continue;
    const open = !closing;
    switch (name) {
      case 'w:p':
        if (selfClosing) emit('');
        else if (open) paragraph = '';
        else if (paragraph !== null) {
          emit(paragraph);
          paragraph = null;
        }
        break;
      case 'w:r':
        if (!selfClosing) runDepth += open ? 1 : -1;
        break;
      case 'w:t':
        inText = open && !selfClosing;
        break;
      // Tabs, breaks and hyphens count only inside a run: <w:tab> also appears in a
      // paragraph's tab-stop list (w:pPr/w:tabs), where it is a setting, not text.
      case 'w:tab':
        if (runDepth > 0 && paragraph !== null) paragraph += '\t';
        break;
      case 'w:br':
      case 'w:cr':
        if (runDepth > 0 && paragraph !== null) paragraph += '\n';
        break;
      case 'w:noBreakHyphen':
        if (runDepth > 0 && paragraph !== null) paragraph += '-';
        break;
      case 'w:tr':
        if (selfClosing) break;
        if (open) rows.push({ cells: [], cell: null });
        else {
          const row = rows.pop();
          if (row) emit(row.cells.join('\t'));
        }
        break;
      case 'w:tc': {
        const row = rows.at(-1);
        if (!row || selfClosing) break;
        if (open) row.cell = [];
        else {
          row.cells.push((row.cell ?? []).filter((line) => line !== '').join(' '));
          row.cell = null;
        }
        break;
      }
    }
  }
  return lines.join('\n');
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's five named entities and numeric character references; anything else is left as written. */
function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED_ENTITIES[ref] ?? whole;
    const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
