/**
 * A Word document's text as light markdown for the answer engines, like the PDF reader's: paragraphs in a heading
 * style (Title, Heading 1 to 6, or a style of the document whose name or outline level makes it one) become `#`
 * lines, numbered or bulleted paragraphs `- ` items, tables GFM tables whose first row is the header, and blocks
 * are separated by blank lines. Pure: the package's bytes in, markdown out.
 */
import { markdownTable, type TableLimits } from './document-tables';
import { inflateEntry, readZipEntries } from './zip-entries';

/** The most a part of the package may inflate to: far beyond any real document, small enough that a zip bomb cannot exhaust memory. */
const MAX_PART_BYTES = 32 * 1024 * 1024;
const DOCUMENT = 'word/document.xml';
const STYLES = 'word/styles.xml';
/** The parts read: the only ones inflated here, each within the size it declares. */
const DOCX_TEXT_PARTS: readonly string[] = [DOCUMENT, STYLES];

/** What a paragraph style makes of its paragraphs. */
interface StyleInfo {
  /** 1 to 6 for a heading style, 0 for one that is body text, undefined when the style does not say (its base decides). */
  level: number | undefined;
  /** Whether the style numbers its paragraphs (a list style), undefined when it does not say. */
  list: boolean | undefined;
  basedOn: string | null;
}

/** The value of the `w:val` attribute among a tag's attributes. */
const valOf = (attributes: string) => /\bw:val\s*=\s*"([^"]*)"/.exec(attributes)?.[1];

/** An outline level (0 for the first, 9 for body text) as a heading level; 0 for body text. */
const outlineLevel = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n < 9 ? Math.min(n + 1, 6) : 0;
};

/** A heading level from a style's name ('heading 2', 'Title'), Word's names for its built-in headings; undefined for other names. */
function levelOfName(name: string): number | undefined {
  const heading = /^heading\s*([1-9])$/i.exec(name.trim());
  if (heading) return Math.min(Number(heading[1]), 6);
  return /^title$/i.test(name.trim()) ? 1 : undefined;
}

/** Whether the character at `at` continues a name (what `\\b` tests after one). */
const isNameChar = (xml: string, at: number) => /[\w.:-]/.test(xml.charAt(at));

/**
 * The attributes of the first `<tag …>` in `xml` (a trailing `/` included), found with indexOf so that a
 * hostile part reads in linear time; undefined when there is none, or when it is never closed.
 */
function tagAttributes(xml: string, tag: string): string | undefined {
  const open = `<${tag}`;
  for (let at = xml.indexOf(open); at >= 0; at = xml.indexOf(open, at + 1)) {
    if (isNameChar(xml, at + open.length)) continue;
    const close = xml.indexOf('>', at);
    return close < 0 ? undefined : xml.slice(at + open.length, close);
  }
  return undefined;
}

/**
 * The paragraph styles of `word/styles.xml`, by style id. A linear scan: a style left open (no `>`, no
 * `</w:style>`) ends the reading there, where a regular expression would search the rest for each one.
 */
function readStyles(xml: string): Map<string, StyleInfo> {
  const styles = new Map<string, StyleInfo>();
  const open = '<w:style';
  for (let at = xml.indexOf(open); at >= 0; at = xml.indexOf(open, at)) {
    if (isNameChar(xml, at + open.length)) {
      at += open.length;
      continue;
    }
    const close = xml.indexOf('>', at);
    if (close < 0) break;
    const selfClosing = xml.charAt(close - 1) === '/';
    const attributes = xml.slice(at + open.length, selfClosing ? close - 1 : close);
    let inner = '';
    at = close + 1;
    if (!selfClosing) {
      const end = xml.indexOf('</w:style>', at);
      if (end < 0) break;
      inner = xml.slice(at, end);
      at = end + '</w:style>'.length;
    }
    if (!/\bw:type\s*=\s*"paragraph"/.test(attributes)) continue;
    const id = /\bw:styleId\s*=\s*"([^"]*)"/.exec(attributes)?.[1];
    if (!id) continue;
    const name = tagAttributes(inner, 'w:name');
    const outline = tagAttributes(inner, 'w:outlineLvl');
    const numId = tagAttributes(inner, 'w:numId');
    const basedOn = tagAttributes(inner, 'w:basedOn');
    styles.set(id, {
      // the name first: a style named 'heading 1' is one whatever its id (a translated Word names its ids in its language)
      level:
        (name !== undefined ? levelOfName(valOf(name) ?? '') : undefined) ??
        (outline !== undefined ? outlineLevel(valOf(outline)) : undefined),
      list: numId !== undefined ? valOf(numId) !== '0' : undefined,
      basedOn: basedOn !== undefined ? (valOf(basedOn) ?? null) : null,
    });
  }
  return styles;
}

/** A tag (closing, name, attributes, self-closing) or the characters between tags. */
type XmlToken =
  | [closing: string, name: string, attributes: string, selfClosing: string, chars: undefined]
  | [undefined, undefined, undefined, undefined, chars: string];

const TAG_NAME = /<(\/?)([A-Za-z_][\w.:-]*)/y;

/**
 * The tags and characters of `xml`, in linear time: each tag ends at the first `>` after it, and a tag that is
 * never closed ends the reading (the rest is not XML). What is not a tag (`<?xml`, a comment) is read as characters.
 */
function* xmlTokens(xml: string): Generator<XmlToken> {
  let at = 0;
  while (at < xml.length) {
    if (xml.charCodeAt(at) !== 0x3c) {
      const next = xml.indexOf('<', at);
      const end = next < 0 ? xml.length : next;
      yield [undefined, undefined, undefined, undefined, xml.slice(at, end)];
      at = end;
      continue;
    }
    const close = xml.indexOf('>', at);
    if (close < 0) return;
    TAG_NAME.lastIndex = at;
    const m = TAG_NAME.exec(xml);
    if (!m || TAG_NAME.lastIndex > close) {
      // not a tag: its characters, up to the next '<'
      const next = xml.indexOf('<', at + 1);
      const end = next < 0 ? xml.length : next;
      if (end > at + 1) yield [undefined, undefined, undefined, undefined, xml.slice(at + 1, end)];
      at = end;
      continue;
    }
    const selfClosing = close - 1 >= TAG_NAME.lastIndex && xml.charCodeAt(close - 1) === 0x2f;
    yield [m[1]!, m[2]!, xml.slice(TAG_NAME.lastIndex, selfClosing ? close - 1 : close), selfClosing ? '/' : '', undefined];
    at = close + 1;
  }
}

/** The heading level and list-ness a style gives its paragraphs, following the styles it is based on. */
function resolveStyle(styles: ReadonlyMap<string, StyleInfo>, id: string): { level: number; list: boolean } {
  let level: number | undefined;
  let list: boolean | undefined;
  const seen = new Set<string>();
  for (let at: string | null = id; at !== null && !seen.has(at) && (level === undefined || list === undefined); ) {
    seen.add(at);
    const style = styles.get(at);
    if (!style) {
      // a style the document does not define: Word's built-in ids
      level ??= at === 'Title' ? 1 : /^Heading([1-9])$/.test(at) ? Math.min(Number(at.slice(7)), 6) : undefined;
      break;
    }
    level ??= style.level;
    list ??= style.list;
    at = style.basedOn;
  }
  return { level: level ?? 0, list: list ?? false };
}

/** A paragraph being read. */
interface OpenParagraph {
  text: string;
  style: string | null;
  /** From the paragraph's own properties: its outline level, and whether it is numbered (numId 0 takes numbering away). */
  outline: number | undefined;
  numbered: boolean | undefined;
}

/** A table being read: its finished rows, and the cells and paragraphs of the open row and cell. */
interface OpenTable {
  rows: string[][];
  row: string[] | null;
  cell: string[] | null;
  /** Columns the open cell spans (w:gridSpan). */
  span: number;
}

/**
 * The markdown of a WordprocessingML body. A streaming pass over the tags rather than a DOM, since Node has no XML
 * parser and the few elements that carry text are flat and well known.
 */
function wordprocessingMarkdown(xml: string, styles: ReadonlyMap<string, StyleInfo>, limits: TableLimits): string {
  const blocks: string[] = [];
  /** Whether each block is a list item, which stays on the line under the item before it. */
  const items: boolean[] = [];
  const paragraphs: OpenParagraph[] = [];
  const tables: OpenTable[] = [];
  let inText = false;
  let runDepth = 0;
  // Content inside mc:Fallback repeats what mc:Choice already holds (text boxes, shapes); a w:pPrChange holds
  // the properties a tracked change replaced.
  let skipDepth = 0;

  const block = (text: string, item = false) => {
    blocks.push(text);
    items.push(item);
  };
  /** A finished paragraph's text: a cell's when a table is open, a block of its own otherwise. */
  const endParagraph = (p: OpenParagraph) => {
    const outer = paragraphs.at(-1);
    // a paragraph inside another (a text box's) is part of it
    if (outer) {
      outer.text += ` ${p.text}`;
      return;
    }
    const table = tables.at(-1);
    if (table?.cell) {
      table.cell.push(p.text);
      return;
    }
    const style = p.style ? resolveStyle(styles, p.style) : { level: 0, list: false };
    const level = p.outline ?? style.level;
    const oneLine = p.text.replace(/\s+/g, ' ').trim();
    if (!oneLine) return;
    if (level > 0) block(`${'#'.repeat(level)} ${oneLine}`);
    else if (p.numbered ?? style.list) block(`- ${oneLine}`, true);
    else block(p.text.trim());
  };
  const endTable = (t: OpenTable) => {
    const outer = tables.at(-1);
    if (outer) {
      // a nested table is read into its cell, its cells one after another
      const text = t.rows.map((r) => r.filter(Boolean).join(' ')).filter(Boolean);
      if (outer.cell) outer.cell.push(...text);
      return;
    }
    const table = markdownTable(t.rows, limits);
    if (table.markdown) block(table.markdown);
  };

  for (const [closing, name, attributes, selfClosing, chars] of xmlTokens(xml)) {
    const paragraph = paragraphs.at(-1);
    if (chars !== undefined) {
      if (inText && paragraph && skipDepth === 0) paragraph.text += decodeXmlEntities(chars);
      continue;
    }
    if (name === 'mc:Fallback' || name === 'w:pPrChange') {
      if (!selfClosing) skipDepth += closing ? -1 : 1;
      continue;
    }
    if (skipDepth > 0) continue;
    const open = !closing;
    switch (name) {
      case 'w:p':
        if (selfClosing) break;
        if (open) paragraphs.push({ text: '', style: null, outline: undefined, numbered: undefined });
        else {
          const p = paragraphs.pop();
          if (p) endParagraph(p);
        }
        break;
      // A paragraph's properties (w:pPr) name its style, outline level and numbering.
      case 'w:pStyle':
        if (paragraph && open) paragraph.style = valOf(attributes!) ?? null;
        break;
      case 'w:outlineLvl':
        if (paragraph && open) paragraph.outline = outlineLevel(valOf(attributes!));
        break;
      case 'w:numId':
        if (paragraph && open) paragraph.numbered = valOf(attributes!) !== '0';
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
        if (runDepth > 0 && paragraph) paragraph.text += '\t';
        break;
      case 'w:br':
      case 'w:cr':
        if (runDepth > 0 && paragraph) paragraph.text += '\n';
        break;
      case 'w:noBreakHyphen':
        if (runDepth > 0 && paragraph) paragraph.text += '-';
        break;
      case 'w:tbl':
        if (selfClosing) break;
        if (open) tables.push({ rows: [], row: null, cell: null, span: 1 });
        else {
          const t = tables.pop();
          if (t) endTable(t);
        }
        break;
      case 'w:tr': {
        const table = tables.at(-1);
        if (!table || selfClosing) break;
        if (open) table.row = [];
        else if (table.row) {
          // rows past the limit, and empty rows, would be dropped from the table: not kept, so that a hostile
          // document cannot fill memory with them
          if (table.row.some(Boolean) && table.rows.length <= limits.maxRows + 1) table.rows.push(table.row);
          table.row = null;
        }
        break;
      }
      case 'w:tc': {
        const table = tables.at(-1);
        if (!table?.row || selfClosing) break;
        if (open) {
          table.cell = [];
          table.span = 1;
        } else {
          // one column past the limit is kept, for the table to know it was cut
          if (table.row.length <= limits.maxColumns)
            table.row.push(
              (table.cell ?? [])
                .map((t) => t.trim())
                .filter(Boolean)
                .join(' '),
            );
          // a merged cell keeps the columns after it in place
          for (let i = 1; i < table.span && table.row.length <= limits.maxColumns; i++) table.row.push('');
          table.cell = null;
        }
        break;
      }
      case 'w:gridSpan': {
        const table = tables.at(-1);
        const span = Number(valOf(attributes!));
        if (table?.cell && open && Number.isInteger(span) && span > 1) table.span = Math.min(span, limits.maxColumns);
        break;
      }
    }
  }
  // the items of a list stay together, one a line
  return blocks.map((b, i) => (i === 0 ? b : `${items[i] && items[i - 1] ? '\n' : '\n\n'}${b}`)).join('');
}

/** UTF-8 to a string without a byte-order mark. */
const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');

/** A .docx file's text as markdown; null when it is not a Word document that can be read. */
export function docxMarkdown(bytes: Uint8Array, limits: TableLimits): string | null {
  const files: Record<string, Uint8Array> = {};
  try {
    // Inflate only the parts we read, refuse one that claims to be huge, and stop one that inflates past its claim.
    for (const f of readZipEntries(bytes))
      if (DOCX_TEXT_PARTS.includes(f.name) && f.size <= MAX_PART_BYTES) files[f.name] = inflateEntry(bytes, f);
  } catch {
    return null;
  }
  const document = files[DOCUMENT];
  if (!document) return null;
  const styles = files[STYLES];
  try {
    return wordprocessingMarkdown(utf8(document), styles ? readStyles(utf8(styles)) : new Map(), limits);
  } catch {
    return null;
  }
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
