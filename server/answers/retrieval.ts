/**
 * Retrieval for the answer engines: split the page text and the site's documents
 * into passages, tokenize them, and rank them against a question with BM25.
 *
 * Pure: no I/O, and no state but memos (of stems, of each document's passages and of
 * each passage's terms) that save time and change no result, so the same input
 * always ranks the same way.
 */
import type { AnswerRequest, SourceDoc } from './types';

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
  /** The mean number of terms per passage. */
  readonly avgLength: number;
}

// A small English stop-word list: function words and the filler of questions
// ("can you tell me…", "I want to know…"), which would otherwise match everywhere.
const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by ' +
    'can cannot could did do does doing done dont down during each either else etc even ever every few for from further get gets ' +
    'got had has have having he her here hers herself him himself his how however i if im in into is isnt it its itself ' +
    'just know let like may me might mine more most much must my myself neither no nor not now of off on once only or other ' +
    'our ours ourselves out over own please quite rather really said same say says shall she should so some such than that the ' +
    'their theirs them themselves then there these they this those through thus to too under until up upon us very want was ' +
    'we were what whats when where whether which while who whom whose why will with within without would yes yet you your ' +
    'yours yourself yourselves tell explain see find show need'
  ).split(' '),
);

// Numbers with separators ("1,000", "2.5"), else runs of letters, marks and digits,
// with inner apostrophes ("don't", "investor's").
const TOKEN = /\p{N}+(?:[.,]\p{N}+)+|[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;
// Han and kana are written without spaces, so runs of them are indexed as character bigrams.
const UNSPACED_SCRIPT = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;
// Letters with accents, other scripts, ligatures and full-width forms; not the
// punctuation and currency signs (’ — £ €) that most English text carries.
const NEEDS_FOLDING = /[\u00c0-\u1fff\u2070-\u218f\u2460-\u24ff\u3000-\uffff]/;
const LATIN_WORD = /^[a-z]+$/;
const VOWEL = /[aeiouy]/;

/**
 * Splits text into search terms: lower-cased, NFKC-folded with Latin accents removed,
 * punctuation dropped, stop words and single letters removed, then {@link stem}med.
 * Possessives and contractions fold ("investor's" → investor, "don't" → dont).
 */
export function tokenize(text: string): string[] {
  let folded = text.toLowerCase();
  // Unicode folding only where it can change something keeps indexing fast.
  const unicode = NEEDS_FOLDING.test(folded);
  if (unicode)
    folded = folded
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFKC');
  const unspaced = unicode && UNSPACED_SCRIPT.test(folded);
  const terms: string[] = [];
  for (let word of folded.match(TOKEN) ?? []) {
    if (word.includes(',')) word = word.replace(/,/g, '');
    if (word.includes("'") || word.includes('’')) word = word.replace(/['’]s$/, '').replace(/['’]/g, '');
    if (unspaced && UNSPACED_SCRIPT.test(word)) {
      pushBigrams(word, terms);
      continue;
    }
    if (word.length < 2 && !(word >= '0' && word <= '9')) continue;
    if (STOP_WORDS.has(word)) continue;
    terms.push(stem(word));
  }
  return terms;
}

function pushBigrams(word: string, terms: string[]): void {
  const chars = [...word];
  if (chars.length === 1) terms.push(word);
  for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i]! + chars[i + 1]!);
}

/**
 * A light English stemmer that folds plurals, -ing and -ed, a final e and a final y,
 * so that "fees", "fee"; "charges", "charged", "charging", "charge"; "saving", "save";
 * "policies", "policy" meet. Words that are not plain Latin letters, or of three
 * letters or fewer, pass unchanged.
 */
export function stem(word: string): string {
  if (word.length <= 3 || !LATIN_WORD.test(word)) return word;
  const known = stems.get(word);
  if (known !== undefined) return known;
  const result = stemUncached(word);
  // The result depends on the word alone, so a memo changes nothing but the time
  // taken; it is emptied when full, as the words of the documents are unbounded.
  if (stems.size >= MAX_STEMS) stems.clear();
  stems.set(word, result);
  return result;
}

const stems = new Map<string, string>();
const MAX_STEMS = 50_000;

function stemUncached(word: string): string {
  let w = word;
  // Plurals (policies → policy, taxes → tax, fees → fee), but not "class", "status", "analysis".
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(?:xes|ches|shes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);

  // -ing and -ed, when a syllable is left (bring, need and red stay).
  if (w.endsWith('ied') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('ing') && w.length - 3 >= 3 && VOWEL.test(w.slice(0, -3))) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && w.length - 2 >= 3 && VOWEL.test(w.slice(0, -2))) w = undouble(w.slice(0, -2));

  // A final e, so the base word meets its -ing and -ed forms (charge/charging → charg).
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  // A final y after a consonant, as i, so that "-ies" plurals of "-ie" words meet
  // (cookie, cookies → cooki) as well as those of "-y" words (policy, policies → polici).
  if (w.length > 3 && w.endsWith('y') && !VOWEL.test(w.at(-2)!)) w = `${w.slice(0, -1)}i`;
  return w;
}

// running → run, planned → plan; but call, miss and buzz keep their double letter.
function undouble(w: string): string {
  const last = w.at(-1);
  if (w.length > 2 && last === w.at(-2) && last !== undefined && !'aeiouylsz'.includes(last)) return w.slice(0, -1);
  return w;
}

/** The distinct terms of a question, in order of first appearance. */
export function queryTerms(question: string): string[] {
  return [...new Set(tokenize(question))];
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

/** Removes inline markdown and HTML tags, keeping their text: links, images, emphasis, code spans. */
export function stripInlineMarkdown(text: string): string {
  // Most lines have no markup at all.
  if (!/[[<*_`]/.test(text)) return text.trim();
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\p{L}\p{N}*])[*_](?=\S)([^*_]*?\S)[*_](?![\p{L}\p{N}])/gu, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
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
const FENCE = /^(?:```|~~~)/;
const RULE = /^(?:[-*_] ?){3,}$/;
const LIST_ITEM = /^(?:[-*+•‣◦▪]|\d{1,3}[.)])\s+/;
const QUOTE_MARK = /^(?:>\s?)+/;
const TABLE_DIVIDER = /^\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)+\|?$/;
const TABLE_ROW = /^\|.*\|$/;
// A line that ends like a sentence, or a label, or a list item, stands alone; any
// other line is a hard wrap and continues on the next line.
const ENDS_SENTENCE = /[.!?…:;]["'”’)\]]*$/;
const SHORT_LINE_WORDS = 6;

interface Line {
  text: string;
  /** A list item or table row: never joined to the line before it. */
  item: boolean;
}

interface Section {
  headings: string[];
  /** Paragraphs, each a list of lines. */
  paragraphs: Line[][];
}

/**
 * Splits a source into passages of roughly {@link MIN_PASSAGE_WORDS}–{@link MAX_PASSAGE_WORDS}
 * words. Markdown headings start a new passage and stay with it as context; paragraphs
 * are kept whole when they fit, and long ones are cut between sentences. Works on plain
 * text too (the page text, documents converted from docx): a short line without end
 * punctuation is a title heading what follows when prose follows it, and otherwise
 * (a label, a figure) a sentence of its own.
 */
export function splitPassages(text: string, source: string, docId: string | null = null): Passage[] {
  const passages: Passage[] = [];
  for (const section of sections(normalizeWhitespace(text))) {
    const paragraphs = section.paragraphs.map(paragraphSentences).filter((p) => p.length > 0);
    for (const sentences of packChunks(paragraphs)) {
      passages.push({ source, docId, headings: section.headings, sentences, text: sentences.join(' '), position: passages.length });
    }
  }
  return passages;
}

function sections(text: string): Section[] {
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

  for (const raw of text.split('\n')) {
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
    if (raw === '' || RULE.test(raw) || TABLE_DIVIDER.test(raw)) {
      endParagraph();
      continue;
    }
    let line = raw.replace(QUOTE_MARK, '');
    let item = false;
    if (TABLE_ROW.test(line)) {
      line = line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim())
        .filter(Boolean)
        .join(' — ');
      item = true;
    } else if (LIST_ITEM.test(line)) {
      line = line.replace(LIST_ITEM, '');
      item = true;
    }
    line = stripInlineMarkdown(line);
    if (!line) continue;

    // Plain text (docx, the page's text, a bold line of markdown) has no heading marks:
    // a lone title line followed by prose heads what follows, below any markdown heading.
    if (!item && wordCount(line) >= SHORT_LINE_WORDS) {
      const title = paragraph.length === 1 ? paragraph[0]! : paragraph.length === 0 ? lastLoneLine(current) : undefined;
      if (title && !title.item && isPlainTitle(title.text)) {
        if (paragraph.length === 1) paragraph = [];
        else current.paragraphs.pop();
        startSection(PLAIN_TITLE_LEVEL, title.text);
      }
    }
    paragraph.push({ text: line, item });
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

/** Joins hard-wrapped lines, then splits into sentences. */
function paragraphSentences(lines: Line[]): string[] {
  const logical: string[] = [];
  let pending = '';
  for (const line of lines) {
    if (pending && (line.item || standsAlone(pending))) {
      logical.push(pending);
      pending = '';
    }
    pending = pending ? `${pending} ${line.text}` : line.text;
  }
  if (pending) logical.push(pending);
  return logical.flatMap(splitSentences);
}

function standsAlone(line: string): boolean {
  return ENDS_SENTENCE.test(line) || wordCount(line) < SHORT_LINE_WORDS;
}

/**
 * Packs a section's paragraphs into chunks: a paragraph that would overflow a chunk
 * already long enough starts the next one; inside a paragraph, sentences fill up to
 * the maximum; a short tail joins the chunk before it.
 */
function packChunks(paragraphs: string[][]): string[][] {
  const chunks: { sentences: string[]; words: number }[] = [];
  let current: string[] = [];
  let words = 0;
  const flush = () => {
    if (current.length > 0) chunks.push({ sentences: current, words });
    current = [];
    words = 0;
  };
  for (const paragraph of paragraphs) {
    const pieces = paragraph.flatMap(cutLongSentence);
    const paragraphWords = pieces.reduce((sum, p) => sum + p.words, 0);
    if (words >= MIN_PASSAGE_WORDS && words + paragraphWords > MAX_PASSAGE_WORDS) flush();
    for (const piece of pieces) {
      if (words > 0 && words + piece.words > MAX_PASSAGE_WORDS) flush();
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

/**
 * The passages of a request's sources: the page text first (only when given), then
 * each document in order. A document's passages are remembered (by its id, name and
 * text), as the same documents come with every question; treat them as read-only.
 */
export function requestPassages(request: Pick<AnswerRequest, 'pageText' | 'documents'>): Passage[] {
  const passages: Passage[] = [];
  if (request.pageText !== null) passages.push(...splitPassages(request.pageText, PAGE_SOURCE));
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
const passageTerms = new WeakMap<Passage, readonly string[]>();

/**
 * Tokenizes each passage. A passage's terms include its source's name and its
 * headings, so "What does the fees guide say about switching?" can find it; each
 * such context term counts once, so that a document named after a topic does not
 * outweigh a page that talks about it.
 */
export function buildIndex(passages: readonly Passage[]): PassageIndex {
  let total = 0;
  const terms = passages.map((passage) => {
    let words = passageTerms.get(passage);
    if (!words) {
      const context = new Set(tokenize(`${sourceWords(passage.source)}\n${passage.headings.join('\n')}`));
      words = [...context, ...tokenize(passage.text)];
      passageTerms.set(passage, words);
    }
    total += words.length;
    return words;
  });
  return { passages, terms, avgLength: passages.length > 0 ? total / passages.length : 0 };
}

/**
 * The BM25 inverse document frequency of a term found in `docFreq` of `count`
 * passages: never negative, highest for a term that no passage has.
 */
export function inverseDocFreq(count: number, docFreq: number): number {
  return Math.log(1 + (count - docFreq + 0.5) / (docFreq + 0.5));
}

/** The {@link inverseDocFreq} of each of the terms over the index. */
export function termWeights(index: PassageIndex, terms: readonly string[]): Map<string, number> {
  const wanted = new Set(terms);
  const docFreq = new Map<string, number>();
  for (const passageTerms of index.terms) {
    const seen = new Set<string>();
    for (const term of passageTerms) {
      if (wanted.has(term) && !seen.has(term)) {
        seen.add(term);
        docFreq.set(term, (docFreq.get(term) ?? 0) + 1);
      }
    }
  }
  return new Map([...wanted].map((term) => [term, inverseDocFreq(index.passages.length, docFreq.get(term) ?? 0)]));
}

/**
 * Ranks the passages against a question (or its terms) with BM25 and returns those
 * that match at least one term, best first; equal scores keep source order, so the
 * ranking is deterministic.
 */
export function rankPassages(index: PassageIndex, question: string | readonly string[], limit = Infinity): ScoredPassage[] {
  const terms = typeof question === 'string' ? queryTerms(question) : [...new Set(question)];
  const slots = new Map(terms.map((term, slot) => [term, slot]));
  // Only the question's terms are counted: one pass over the passages, no full index.
  const hits: { order: number; freqs: number[] }[] = [];
  const docFreq = terms.map(() => 0);
  index.terms.forEach((passageTerms, order) => {
    let freqs: number[] | null = null;
    for (const term of passageTerms) {
      const slot = slots.get(term);
      if (slot === undefined) continue;
      freqs ??= terms.map(() => 0);
      freqs[slot]!++;
    }
    if (freqs === null) return;
    freqs.forEach((tf, slot) => {
      if (tf > 0) docFreq[slot]!++;
    });
    hits.push({ order, freqs });
  });

  const weights = docFreq.map((df) => inverseDocFreq(index.passages.length, df));
  const scored = hits.map(({ order, freqs }) => {
    const length = index.terms[order]!.length;
    const norm = BM25_K1 * (1 - BM25_B + (BM25_B * length) / (index.avgLength || 1));
    let score = 0;
    const matched: string[] = [];
    freqs.forEach((tf, slot) => {
      if (tf === 0) return;
      matched.push(terms[slot]!);
      score += (weights[slot]! * tf * (BM25_K1 + 1)) / (tf + norm);
    });
    return { passage: index.passages[order]!, score, matched, order };
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
