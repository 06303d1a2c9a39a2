/**
 * Retrieval for the answer engines: split the page text and the site's documents
 * into passages, tokenize them, and rank them against a question with BM25.
 *
 * Pure: no I/O, and no state but memos (of stems, of each document's passages and of
 * each passage's terms) that save time and change no result, so the same input
 * always ranks the same way.
 */
import { buildQuery, countRuns, type Concept, type Query } from './query';
import { tokenize } from './terms';
import type { AnswerRequest, SourceDoc } from './types';

export { queryTerms, stem, tokenize } from './terms';

/** The source name of the visitor's page text (answers contract, `types.ts`). */
export const PAGE_SOURCE = 'This page';

/** A passage aims for at least this many words, unless its section is shorter. */
export const MIN_PASSAGE_WORDS = 40;

/** A passage holds at most this many words (a longer single sentence is cut). */
export const MAX_PASSAGE_WORDS = 120;

/** The BM25 parameters: term-frequency saturation and length normalisation. */
export const BM25_K1 = 1.2;
/** @see BM25_K1 */
export const BM25_B = 0.75;

/** A term of the passage's own heading counts as this many occurrences in its text (field boost). */
export const HEADING_WEIGHT = 2;
/** A term of the source's title or of an outer heading counts as this many occurrences (field boost). */
export const TITLE_WEIGHT = 1;

/** A table is kept whole in one passage up to this many words; a longer one is cut between its rows. */
export const MAX_TABLE_WORDS = 3 * MAX_PASSAGE_WORDS;

/** A chunk of a source that answers may quote. */
export interface Passage {
  /** {@link PAGE_SOURCE} for the page text, else the document's name. */
  source: string;
  /** The document's id, or null for the page text. */
  docId: string | null;
  /** The markdown headings the passage sits under, outermost first (may be empty). */
  headings: string[];
  /** The passage's sentences and list items, in order, inline markdown removed. */
  sentences: string[];
  /** The sentences joined by single spaces. */
  text: string;
  /** The passage's position within its source, from 0. */
  position: number;
}

/** A passage with its BM25 score for one question. */
export interface ScoredPassage {
  passage: Passage;
  score: number;
  /** The distinct query terms found in the passage (text, headings or source name), in query order. */
  matched: string[];
}

/** The passages' terms, built once per question by {@link buildIndex}. */
export interface PassageIndex {
  readonly passages: readonly Passage[];
  /** Per passage, its terms: those of its source name and headings (once each), then those of its text. */
  readonly terms: readonly (readonly string[])[];
  /**
   * Per passage, each term's frequency: its count in the text plus, for a term of the context, the
   * weight of its field ({@link HEADING_WEIGHT} for the passage's own heading, {@link TITLE_WEIGHT} otherwise).
   */
  readonly frequencies: readonly ReadonlyMap<string, number>[];
  /** The mean number of terms per passage. */
  readonly avgLength: number;
}

/** Number of words, counting runs of non-space characters. */
export function wordCount(text: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) <= 32;
    if (!space && !inWord) count++;
    inWord = !space;
  }
  return count;
}

/**
 * Collapses the whitespace that copied or extracted text carries: line endings to
 * `\n`, odd spaces and tabs to one space, no spaces around line breaks, at most
 * one empty line in a row, zero-width characters and soft hyphens removed.
 */
export function normalizeWhitespace(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .replace(/[\t\v\f\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .replace(/ \n/g, '\n')
    .replace(/\n /g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Removes inline markdown and HTML tags, keeping their text: links, images, emphasis, code spans.
 * Each span is looked for within a few hundred characters of where it opens, so markup that never
 * closes ("**a **a **a …" over a whole page) is read in linear time.
 */
export function stripInlineMarkdown(text: string): string {
  // Most lines have no markup at all.
  if (!/[[<*_`]/.test(text)) return text.trim();
  return text
    .replace(/!\[([^\]]{0,300})\]\([^)]{0,500}\)/g, '$1')
    .replace(/\[([^\]]{1,300})\]\([^)]{0,500}\)/g, '$1')
    .replace(/<\/?[A-Za-z][^>]{0,300}>/g, '')
    .replace(/(\*\*|__)(?=\S)([\s\S]{0,300}?\S)\1/g, '$2')
    .replace(/(^|[^\p{L}\p{N}*])[*_](?=\S)([^*_]{0,300}?\S)[*_](?![\p{L}\p{N}])/gu, '$1$2')
    .replace(/`([^`]{0,300})`/g, '$1')
    .replace(/ {2,}/g, ' ')
    .trim();
}

// Lower-case words after which a full stop does not end a sentence.
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'inc',
  'ltd',
  'co',
  'no',
  'approx',
  'st',
  'p.a',
  'cf',
  'fig',
]);
const SENTENCE_END = /[.!?…]+["'”’)\]]*\s+(?=["'“‘([]?[\p{Lu}\p{N}])/gu;

/** A word (before its full stop) that is an abbreviation or an initial ("e.g", "Dr", "J"). */
function isAbbreviation(word: string): boolean {
  const bare = word.replace(/^["'“‘([]+/, '').toLowerCase();
  return ABBREVIATIONS.has(bare) || (bare.length === 1 && bare.toUpperCase() !== bare);
}

/** Splits a line of prose into sentences, without breaking after common abbreviations or initials. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    if (match[0].startsWith('.') && isAbbreviation(text.slice(text.lastIndexOf(' ', match.index - 1) + 1, match.index))) continue;
    const sentence = text.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

const HEADING = /^(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const MARKDOWN_HEADING = /^#{1,6}\s+\S/m;
const FENCE = /^(?:```|~~~)/;
const RULE = /^(?:[-*_] ?){3,}$/;
const LIST_ITEM = /^(?:[-*+•‣◦▪]|\d{1,3}[.)])\s+/;
const NUMBERED = /^\d{1,3}[.)]\s+/;
const SETEXT = /^(={3,}|-{3,})\s*$/;
// A line that ends a sentence: what may come before a plain title line.
const ENDS_PROSE = /[.!?…]["'”’)\]]*$/;
const QUOTE_MARK = /^(?:>\s?)+/;
const TABLE_DIVIDER = /^\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)+\|?$/;
const TABLE_ROW = /^\|.*\|$/;
// A table's row without its outer pipes: what follows a header row and its divider.
const TABLE_CELLS = /\S\s*\|\s*\S|^\|/;
// A line that ends like a sentence, or a label, or a list item, stands alone; any
// other line is a hard wrap and continues on the next line.
const ENDS_SENTENCE = /[.!?…:;]["'”’)\]]*$/;
const SHORT_LINE_WORDS = 6;

interface Line {
  text: string;
  /** A list item or table row: never joined to the line before it. */
  item: boolean;
  /** A numbered item that reads as a title ("2. Fees and costs"): it may head what follows. */
  numbered?: boolean;
  /** A table row, read whole as one sentence: never split into sentences. */
  row?: boolean;
}

interface Section {
  headings: string[];
  /** Paragraphs, each a list of lines; a table is a paragraph of its own. */
  paragraphs: Line[][];
}

/** A paragraph's sentences; a table's are its rows, which stay together in one passage as far as they can. */
interface Paragraph {
  sentences: string[];
  table: boolean;
}

/**
 * Tab-separated tables (what text copied from a word processor's or spreadsheet's table
 * holds) as markdown tables, their first line the header row: two or more lines in a row
 * with the same number of tab-separated cells.
 */
export function tabTables(text: string): string {
  if (!text.includes('\t')) return text;
  const lines = text.split(/\r\n?|\n/);
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    const cells = lines[i]!.split('\t').length;
    let end = i;
    while (cells > 1 && end < lines.length && lines[end]!.split('\t').length === cells) end++;
    if (end - i < 2) {
      out.push(lines[i]!);
      i++;
      continue;
    }
    const row = (line: string) =>
      `| ${line
        .split('\t')
        .map((c) => c.trim().replace(/\|/g, '/'))
        .join(' | ')} |`;
    out.push('', row(lines[i]!), `|${' --- |'.repeat(cells)}`, ...lines.slice(i + 1, end).map(row), '');
    i = end;
  }
  return out.join('\n');
}

/**
 * The cells of a table row, inline markdown removed (empty cells kept, so that each stays under its header).
 * An escaped pipe (`\|`, as the CSV and spreadsheet reader writes one) is part of its cell, GFM §4.10.
 */
function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => stripInlineMarkdown(cell.replace(/\\\|/g, '|')));
}

/**
 * A table row as one sentence with its headers: the first cell names the row, then each other
 * cell follows its column's header ("Moderately aggressive: Growth 70%, Defensive 30%").
 * Without headers, the cells are joined by dashes.
 */
export function tableRowSentence(cells: readonly string[], headers: readonly string[] | null): string {
  if (!headers) return cells.filter(Boolean).join(' — ');
  const [first = '', ...rest] = cells;
  const pairs = rest.flatMap((cell, i) => {
    if (!cell) return [];
    const header = headers[i + 1] ?? '';
    return [header && header !== cell ? `${header} ${cell}` : cell];
  });
  if (!first) return pairs.join(', ');
  return pairs.length > 0 ? `${first}: ${pairs.join(', ')}` : first;
}

/**
 * Splits a source into passages of roughly {@link MIN_PASSAGE_WORDS}–{@link MAX_PASSAGE_WORDS}
 * words. Markdown headings start a new passage and stay with it as context; paragraphs
 * are kept whole when they fit, and long ones are cut between sentences. Works on plain
 * text too (the page text, documents converted from docx): a short line without end
 * punctuation is a title heading what follows when prose follows it, and otherwise
 * (a label, a figure) a sentence of its own; with `plainTitles` false (text whose headings are
 * all marked), such a line is always a sentence.
 */
export function splitPassages(text: string, source: string, docId: string | null = null, plainTitles = true): Passage[] {
  const passages: Passage[] = [];
  for (const section of sections(normalizeWhitespace(tabTables(text)), plainTitles)) {
    const paragraphs = section.paragraphs
      .map((lines) => ({ sentences: paragraphSentences(lines), table: lines.some((l) => l.row === true) }))
      .filter((p) => p.sentences.length > 0);
    for (const sentences of packChunks(paragraphs)) {
      passages.push({ source, docId, headings: section.headings, sentences, text: sentences.join(' '), position: passages.length });
    }
  }
  return passages;
}

function sections(text: string, plainTitles: boolean): Section[] {
  const result: Section[] = [];
  const trail: { level: number; text: string }[] = [];
  let current: Section = { headings: [], paragraphs: [] };
  let paragraph: Line[] = [];
  let inFence = false;

  const endParagraph = () => {
    if (paragraph.length > 0) current.paragraphs.push(paragraph);
    paragraph = [];
  };
  const endSection = () => {
    endParagraph();
    if (current.paragraphs.length > 0) result.push(current);
  };
  const startSection = (level: number, title: string) => {
    endSection();
    while (trail.length > 0 && trail.at(-1)!.level >= level) trail.pop();
    if (title) trail.push({ level, text: title });
    current = { headings: trail.map((h) => h.text), paragraphs: [] };
  };

  // The header cells of the table being read, when it has a header row.
  let table: string[] | null = null;
  let inTable = false;
  const lines = text.split('\n');
  for (let at = 0; at < lines.length; at++) {
    const raw = lines[at]!;
    if (inTable && !inFence && raw !== '' && TABLE_CELLS.test(raw) && !TABLE_DIVIDER.test(raw)) {
      const text = tableRowSentence(tableCells(raw.replace(QUOTE_MARK, '')), table);
      if (text) paragraph.push({ text, item: true, row: true });
      continue;
    }
    if (inTable) {
      // A table is a paragraph of its own, kept apart from what comes before and after it.
      endParagraph();
      inTable = false;
      table = null;
    }
    if (!inFence && raw.includes('|') && TABLE_DIVIDER.test(lines[at + 1] ?? '') && TABLE_CELLS.test(raw)) {
      endParagraph();
      table = tableCells(raw.replace(QUOTE_MARK, ''));
      inTable = true;
      at++;
      continue;
    }
    if (FENCE.test(raw)) {
      // Code blocks keep their lines, one sentence each; their syntax is not prose.
      endParagraph();
      inFence = !inFence;
      continue;
    }
    if (inFence) {
      if (raw.trim()) paragraph.push({ text: raw.trim(), item: true });
      continue;
    }
    const heading = HEADING.exec(raw);
    if (heading) {
      startSection(heading[1]!.length, stripInlineMarkdown(heading[2]!));
      continue;
    }
    // A setext heading: a line underlined with === (level 1) or --- (level 2).
    const underline = SETEXT.exec(lines[at + 1] ?? '');
    if (underline && raw.trim() && !LIST_ITEM.test(raw) && !raw.includes('|') && wordCount(raw) <= PLAIN_TITLE_MAX_WORDS * 2) {
      startSection(underline[1]!.startsWith('=') ? 1 : 2, stripInlineMarkdown(raw));
      at++;
      continue;
    }
    if (raw === '' || RULE.test(raw) || TABLE_DIVIDER.test(raw)) {
      endParagraph();
      continue;
    }
    let line = raw.replace(QUOTE_MARK, '');
    let item = false;
    let numbered = false;
    if (TABLE_ROW.test(line)) {
      // A table without a header row: its rows are read as they are.
      if (paragraph.length > 0 && paragraph.at(-1)!.row !== true) endParagraph();
      const text = tableRowSentence(tableCells(line), null);
      if (text) paragraph.push({ text, item: true, row: true });
      continue;
    } else if (LIST_ITEM.test(line)) {
      numbered = NUMBERED.test(line);
      line = line.replace(LIST_ITEM, '');
      item = true;
    }
    line = stripInlineMarkdown(line);
    if (!line) continue;

    // Plain text (docx, the page's text, a bold line of markdown) has no heading marks:
    // a lone title line followed by prose heads what follows, below any markdown heading.
    // A title line is the first of its paragraph; a numbered one ("2. Fees and costs") may also follow a line that ends a sentence.
    if (plainTitles && !item && wordCount(line) >= SHORT_LINE_WORDS) {
      const before = paragraph.at(-2);
      // A document's opening title lines ("Product Disclosure Statement", then the product's
      // name) are its title together, not sentences of its first section.
      const opening =
        result.length === 0 &&
        trail.length === 0 &&
        current.paragraphs.length === 0 &&
        paragraph.length > 1 &&
        paragraph.every((l) => !l.item && isPlainTitle(l.text) && !/\p{N}/u.test(l.text));
      const title =
        paragraph.length === 0
          ? lastLoneLine(current)
          : opening || paragraph.length === 1 || (paragraph.at(-1)!.numbered && before && !before.item && ENDS_PROSE.test(before.text))
            ? paragraph.at(-1)
            : undefined;
      if (title && (!title.item || title.numbered) && isPlainTitle(title.text)) {
        if (paragraph.length > 0) paragraph.pop();
        else current.paragraphs.pop();
        const titleLines = opening ? paragraph.map((l) => l.text) : [];
        if (opening) paragraph = [];
        startSection(PLAIN_TITLE_LEVEL, [...titleLines, title.text].join(' – '));
      }
    }
    paragraph.push(numbered ? { text: line, item, numbered } : { text: line, item });
  }
  endSection();
  return result;
}

/** The section's last paragraph when it is a single line. */
function lastLoneLine(section: Section): Line | undefined {
  const last = section.paragraphs.at(-1);
  return last?.length === 1 ? last[0] : undefined;
}

// Below every markdown heading level (1–6).
const PLAIN_TITLE_LEVEL = 7;
const PLAIN_TITLE_MAX_WORDS = 8;

/** A short line, capitalised, ending in no punctuation but a question mark: how titles look in plain text. */
function isPlainTitle(line: string): boolean {
  return wordCount(line) <= PLAIN_TITLE_MAX_WORDS && /^[\p{Lu}\p{N}]/u.test(line) && !/[.!…:;,]["'”’)\]]*$/.test(line);
}

/** Joins hard-wrapped lines, then splits into sentences; a table row is one sentence, whatever its punctuation. */
function paragraphSentences(lines: Line[]): string[] {
  const sentences: string[] = [];
  let pending = '';
  const flush = () => {
    if (pending) sentences.push(...splitSentences(pending));
    pending = '';
  };
  for (const line of lines) {
    if (pending && (line.item || standsAlone(pending))) flush();
    if (line.row) {
      sentences.push(line.text);
      continue;
    }
    pending = pending ? `${pending} ${line.text}` : line.text;
  }
  flush();
  return sentences;
}

function standsAlone(line: string): boolean {
  return ENDS_SENTENCE.test(line) || wordCount(line) < SHORT_LINE_WORDS;
}

/**
 * Packs a section's paragraphs into chunks: a paragraph that would overflow a chunk
 * already long enough starts the next one; inside a paragraph, sentences fill up to
 * the maximum; a short tail joins the chunk before it. A table starts a chunk of its
 * own when it would not fit in the current one, and is cut only between its rows, and
 * only beyond {@link MAX_TABLE_WORDS}.
 */
function packChunks(paragraphs: Paragraph[]): string[][] {
  const chunks: { sentences: string[]; words: number }[] = [];
  let current: string[] = [];
  let words = 0;
  const flush = () => {
    if (current.length > 0) chunks.push({ sentences: current, words });
    current = [];
    words = 0;
  };
  for (const paragraph of paragraphs) {
    const pieces = paragraph.sentences.flatMap(cutLongSentence);
    const paragraphWords = pieces.reduce((sum, p) => sum + p.words, 0);
    const max = paragraph.table ? MAX_TABLE_WORDS : MAX_PASSAGE_WORDS;
    if (
      paragraph.table ? words > 0 && words + paragraphWords > MAX_PASSAGE_WORDS : words >= MIN_PASSAGE_WORDS && words + paragraphWords > max
    ) {
      flush();
    }
    for (const piece of pieces) {
      if (words > 0 && words + piece.words > max) flush();
      current.push(piece.text);
      words += piece.words;
    }
  }
  flush();
  const last = chunks.at(-1);
  const previous = chunks.at(-2);
  if (last && previous && last.words < MIN_PASSAGE_WORDS / 2 && previous.words + last.words <= MAX_PASSAGE_WORDS + MIN_PASSAGE_WORDS / 2) {
    chunks.pop();
    previous.sentences.push(...last.sentences);
  }
  return chunks.map((c) => c.sentences);
}

/** A sentence with its word count, cut into pieces of at most {@link MAX_PASSAGE_WORDS} words. */
function cutLongSentence(sentence: string): { text: string; words: number }[] {
  const count = wordCount(sentence);
  if (count <= MAX_PASSAGE_WORDS) return [{ text: sentence, words: count }];
  const words = sentence.split(/\s+/);
  const pieces: { text: string; words: number }[] = [];
  for (let i = 0; i < words.length; i += MAX_PASSAGE_WORDS) {
    const slice = words.slice(i, i + MAX_PASSAGE_WORDS);
    pieces.push({ text: slice.join(' '), words: slice.length });
  }
  return pieces;
}

/** A document name as searchable words: the file extension is not part of the topic. */
function sourceWords(source: string): string {
  return source.replace(/\.(?:md|markdown|txt|docx?|pdf|csv|xlsx?)$/i, '');
}

// A page's skip links ("Skip to content", "Skip to main navigation"): chrome that widgets older
// than the page reader's markdown sent with the page text (widget-spec §5). A skip link opens the
// page or a line of it (a list item at most); the same words in a sentence ("You can skip to the
// content you need") are the page's own.
const SKIP_LINKS = String.raw`(?:skip to (?:the )?(?:main )?(?:content|navigation|menu|search|footer)\b[ \t]*)+`;
// a line of skip links alone goes with its line break; one that opens a line leaves the rest of it
const SKIP_LINE = new RegExp(String.raw`^[ \t]*(?:[-*+][ \t]+)?${SKIP_LINKS}(?:\r?\n|$)`, 'gim');
const SKIP_LINK = new RegExp(String.raw`^([ \t]*(?:[-*+][ \t]+)?)${SKIP_LINKS}`, 'gim');

/** The visitor's page text without the chrome an older widget left in it. */
export function cleanPageText(text: string): string {
  return text.replace(SKIP_LINE, '').replace(SKIP_LINK, '$1');
}

/**
 * The passages of a request's sources: the page text first (only when given), then
 * each document in order. A document's passages are remembered (by its id, name and
 * text), as the same documents come with every question; treat them as read-only.
 */
export function requestPassages(request: Pick<AnswerRequest, 'pageText' | 'documents'>): Passage[] {
  const passages: Passage[] = [];
  if (request.pageText !== null) {
    // The page reader marks every heading by its level (widget-spec §7): a line it left unmarked is
    // not a title but a label or an option ("Moderate", "Date of birth"), however short.
    const text = cleanPageText(request.pageText);
    passages.push(...splitPassages(text, PAGE_SOURCE, null, !MARKDOWN_HEADING.test(text)));
  }
  for (const doc of request.documents) passages.push(...documentPassages(doc));
  return passages;
}

// Enough for a site's whole library: splitting and tokenizing every document again
// for each question would take most of the time an answer may take.
const MAX_CACHED_CHARS = 32_000_000;
const documentCache = new Map<string, Passage[]>();
let cachedChars = 0;

function documentPassages(doc: SourceDoc): Passage[] {
  const key = `${doc.id}\u0000${doc.name}\u0000${doc.text}`;
  const known = documentCache.get(key);
  if (known) {
    // Least recently used last out: a hit moves to the end of the map's order.
    documentCache.delete(key);
    documentCache.set(key, known);
    return known;
  }
  const passages = splitPassages(doc.text, doc.name, doc.id);
  documentCache.set(key, passages);
  cachedChars += key.length;
  for (const oldest of documentCache.keys()) {
    if (cachedChars <= MAX_CACHED_CHARS || oldest === key) break;
    documentCache.delete(oldest);
    cachedChars -= oldest.length;
  }
  return passages;
}

// The terms of each passage object; passages of remembered documents keep theirs.
const passageTerms = new WeakMap<Passage, { terms: readonly string[]; frequencies: ReadonlyMap<string, number> }>();

/**
 * Tokenizes each passage. A passage's terms include its source's name and its headings,
 * so "What does the fees guide say about switching?" can find it; each such context term
 * counts once in the passage's length, and adds its field's weight to its frequency: the
 * passage's own heading {@link HEADING_WEIGHT}, the source's name and outer headings
 * {@link TITLE_WEIGHT}, so that a section is found by its heading without a document named
 * after a topic outweighing a page that talks about it.
 */
export function buildIndex(passages: readonly Passage[]): PassageIndex {
  let total = 0;
  const terms: (readonly string[])[] = [];
  const frequencies: ReadonlyMap<string, number>[] = [];
  for (const passage of passages) {
    let entry = passageTerms.get(passage);
    if (!entry) {
      entry = indexPassage(passage);
      passageTerms.set(passage, entry);
    }
    total += entry.terms.length;
    terms.push(entry.terms);
    frequencies.push(entry.frequencies);
  }
  return { passages, terms, frequencies, avgLength: passages.length > 0 ? total / passages.length : 0 };
}

function indexPassage(passage: Passage): { terms: readonly string[]; frequencies: ReadonlyMap<string, number> } {
  const field = new Map<string, number>();
  const weigh = (text: string, weight: number) => {
    for (const term of tokenize(text)) field.set(term, Math.max(field.get(term) ?? 0, weight));
  };
  weigh(sourceWords(passage.source), TITLE_WEIGHT);
  passage.headings.forEach((heading, i) => {
    weigh(heading, i === passage.headings.length - 1 ? HEADING_WEIGHT : TITLE_WEIGHT);
  });
  const text = tokenize(passage.text);
  const frequencies = new Map(field);
  for (const term of text) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
  return { terms: [...field.keys(), ...text], frequencies };
}

/**
 * The BM25 inverse document frequency of a term found in `docFreq` of `count`
 * passages: never negative, highest for a term that no passage has.
 */
export function inverseDocFreq(count: number, docFreq: number): number {
  return Math.log(1 + (count - docFreq + 0.5) / (docFreq + 0.5));
}

/** A question, its terms (searched as they are, without synonyms) or its {@link Query}. */
export type Question = string | readonly string[] | Query;

function asQuery(question: Question): Query {
  if (typeof question === 'string') return buildQuery(question);
  if (isQuery(question)) return question;
  return buildQuery((question as readonly string[]).join(' '), false, question as readonly string[]);
}

function isQuery(question: Question): question is Query {
  return typeof question === 'object' && 'concepts' in question;
}

/**
 * How often the concept occurs in a passage: each way of writing it, times its weight.
 * A one-term alternative counts its field-weighted frequency, a phrase its runs in the passage's terms.
 */
function conceptFrequency(concept: Concept, terms: readonly string[], frequencies: ReadonlyMap<string, number>): number {
  let tf = 0;
  for (const alternative of concept.alternatives) {
    const first = alternative.terms[0]!;
    if (alternative.terms.length === 1) {
      tf += alternative.weight * (frequencies.get(first) ?? 0);
    } else if (alternative.terms.every((t) => frequencies.has(t))) {
      tf += alternative.weight * countRuns(terms, alternative.terms);
    }
  }
  return tf;
}

// The concepts' weights of the last ranking of each query, so that choosing its quotes does not count them again.
const rankedWeights = new WeakMap<Query, { index: PassageIndex; weights: number[] }>();

/** The {@link inverseDocFreq} of each of the query's concepts over the index (times its weight), in the query's order. */
export function conceptWeights(index: PassageIndex, question: Question): number[] {
  const query = asQuery(question);
  const ranked = rankedWeights.get(query);
  if (ranked?.index === index) return ranked.weights;
  const docFreq = query.concepts.map(() => 0);
  index.terms.forEach((terms, i) => {
    query.concepts.forEach((concept, c) => {
      if (conceptFrequency(concept, terms, index.frequencies[i]!) > 0) docFreq[c]!++;
    });
  });
  return docFreq.map((df, c) => inverseDocFreq(index.passages.length, df) * (query.concepts[c]!.weight ?? 1));
}

/**
 * How well a sentence answers the query: the summed weights of the concepts it contains (each
 * times the weight of the best way it is written: a synonym counts less than the question's own
 * word), and the question's terms they cover (in the question's order). `heading`, the heading the
 * sentence sits under, counts as part of it.
 */
export function sentenceMatch(
  query: Query,
  weights: readonly number[],
  sentence: string,
  heading = '',
): { score: number; terms: string[] } {
  const terms = tokenize(heading ? `${heading}\n${sentence}` : sentence);
  const frequencies = new Map<string, number>();
  for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
  let score = 0;
  const covered = new Set<string>();
  query.concepts.forEach((concept, c) => {
    let best = 0;
    for (const alternative of concept.alternatives) {
      if (alternative.weight > best && conceptFrequency({ covers: [], alternatives: [alternative] }, terms, frequencies) > 0) {
        best = alternative.weight;
      }
    }
    if (best === 0) return;
    score += weights[c]! * best;
    for (const term of concept.covers) covered.add(term);
  });
  return { score, terms: query.terms.filter((t) => covered.has(t)) };
}

/**
 * The heading a passage's sentences answer under: its own heading, unless that is the title of
 * its whole source (the one heading of a document's first passage).
 */
export function sectionHeading(passage: Passage): string {
  // The page's own heading is its topic ("What is your date of birth?"), not a document's name repeated.
  const page = passage.source === PAGE_SOURCE;
  if (passage.headings.length >= 2 || (passage.headings.length === 1 && (passage.position > 0 || page))) return passage.headings.at(-1)!;
  return '';
}

/**
 * Ranks the passages against a question (its text, searched with synonyms; its terms, searched as
 * they are; or a {@link Query}) with BM25 and returns those that match at least one concept, best
 * first; equal scores keep source order, so the ranking is deterministic.
 */
export function rankPassages(index: PassageIndex, question: Question, limit = Infinity): ScoredPassage[] {
  const query = asQuery(question);
  const { concepts } = query;
  // Only the question's concepts are counted: one pass over the passages, no inverted index.
  const hits: { order: number; freqs: number[] }[] = [];
  const docFreq = concepts.map(() => 0);
  index.terms.forEach((terms, order) => {
    const frequencies = index.frequencies[order]!;
    let freqs: number[] | null = null;
    concepts.forEach((concept, c) => {
      const tf = conceptFrequency(concept, terms, frequencies);
      if (tf === 0) return;
      freqs ??= concepts.map(() => 0);
      freqs[c] = tf;
      docFreq[c]!++;
    });
    if (freqs !== null) hits.push({ order, freqs });
  });

  const weights = docFreq.map((df, c) => inverseDocFreq(index.passages.length, df) * (concepts[c]!.weight ?? 1));
  rankedWeights.set(query, { index, weights });
  const scored = hits.map(({ order, freqs }) => {
    const length = index.terms[order]!.length;
    const norm = BM25_K1 * (1 - BM25_B + (BM25_B * length) / (index.avgLength || 1));
    let score = 0;
    const covered = new Set<string>();
    freqs.forEach((tf, c) => {
      if (tf === 0) return;
      for (const term of concepts[c]!.covers) covered.add(term);
      score += (weights[c]! * tf * (BM25_K1 + 1)) / (tf + norm);
    });
    return { passage: index.passages[order]!, score, matched: query.terms.filter((t) => covered.has(t)), order };
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, limit).map(({ passage, score, matched }) => ({ passage, score, matched }));
}

/**
 * The best passages for an answer: at most `limit`, each scoring at least `minShare`
 * of the best score. The page's best passage has half that bar and, when it is not
 * among the first `limit`, takes the last place: the visitor is reading the page, so
 * what it says about the question belongs in the answer.
 */
export function topPassages(ranked: readonly ScoredPassage[], limit: number, minShare = 0): ScoredPassage[] {
  const best = ranked[0]?.score ?? 0;
  const top = ranked.filter((r) => r.score > 0 && r.score >= best * minShare).slice(0, limit);
  const page = ranked.find((r) => r.passage.source === PAGE_SOURCE && r.score > 0 && r.score >= (best * minShare) / 2);
  if (page && limit > 0 && !top.includes(page)) {
    if (top.length === limit) top.pop();
    top.push(page);
  }
  return top;
}
