/**
 * The built-in answer engine: no outside service. It finds the passages of the page
 * and the site's documents that best match the question, and answers by quoting
 * them and naming their sources; it never writes a fact of its own.
 */
import { suggestFollowUps, suggestTopics } from './follow-ups';
import { answerWithTools } from './tools';
import {
  PAGE_SOURCE,
  buildIndex,
  queryTerms,
  rankPassages,
  requestPassages,
  termWeights,
  tokenize,
  topPassages,
  type Passage,
  type PassageIndex,
  type ScoredPassage,
} from './retrieval';
import type { AnswerEngine, AnswerRequest, AnswerResult } from './types';

/** At most this many sentences are quoted in one answer. */
export const MAX_QUOTES = 3;

/** A passage is quoted only when it scores at least this share of the best passage's score. */
export const RELATIVE_SCORE_THRESHOLD = 0.5;

/** A quoted sentence longer than this is cut to a window around the question's terms. */
export const MAX_QUOTE_WORDS = 60;

// How many words of context to keep before the first matched term of a cut quote.
const QUOTE_LEAD_WORDS = 15;

/** How many characters, at least, each streamed piece of a built-in answer holds (whole words). */
export const STREAM_PIECE_CHARS = 24;

/** The answer's text in pieces of whole words, each at least {@link STREAM_PIECE_CHARS} long but the last. */
export function streamPieces(content: string): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const word of content.match(/\s*\S+\s*/g) ?? []) {
    piece += word;
    if (piece.length >= STREAM_PIECE_CHARS) {
      pieces.push(piece);
      piece = '';
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** The next turn of the event loop: the pieces written so far go out before the next one is handed over. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Creates the built-in engine ('built-in'). Its answers are deterministic. Streamed (issue 16), the
 * answer is handed over in pieces of whole words ({@link streamPieces}), one per turn of the event
 * loop: it is written at once, so nothing waits but the network.
 */
export function createBuiltinEngine(): AnswerEngine {
  return {
    name: 'built-in',
    async answer(request, signal, onDelta) {
      signal?.throwIfAborted();
      const result = answerFromSources(request);
      if (onDelta) {
        for (const piece of streamPieces(result.content)) {
          await nextTurn();
          signal?.throwIfAborted();
          onDelta(piece);
        }
      }
      return result;
    },
  };
}

/**
 * How many of a question's distinct terms the quoted passages must match, together,
 * for the answer to count as found: half of them, rounded up, but never more than
 * three (a long question is mostly context).
 */
export function requiredMatches(termCount: number): number {
  return Math.min(3, Math.ceil(termCount / 2));
}

/**
 * The built-in engine's answer, synchronously: quotes of the best sentences of the
 * best passages (at most {@link MAX_QUOTES}), grouped by source, then the list of
 * sources; or an honest "not found" when too few of the question's terms match.
 * With a `focus`, that source's passages are searched alone first, and the others
 * only when they do not answer.
 */
export function answerFromSources(request: AnswerRequest): AnswerResult {
  // a figure the advice engine computes is worked out by it, never quoted from an example (tools/)
  const computed = answerWithTools(request);
  if (computed) return computed;
  const where = searchedPlaces(request);
  const asked = request.history.filter((turn) => turn.role === 'user').map((turn) => turn.content);
  const passages = requestPassages(request);
  if (passages.length === 0) {
    return {
      content: "There's no page text or document for me to answer from yet, so I can't answer that.",
      followUps: [],
      sources: [],
    };
  }

  const focusId = request.focus?.id;
  const focused = focusId === undefined ? [] : passages.filter((p) => p.docId === focusId);
  // The topics offered when the question cannot be answered: the focused source's first.
  const topicPool = focused.length > 0 ? [...focused, ...passages.filter((p) => p.docId !== focusId)] : passages;
  const terms = queryTerms(request.question);
  if (terms.length === 0) {
    return {
      content: `Could you say a little more about what you'd like to know? I can answer from ${where}.`,
      followUps: suggestTopics(topicPool, request.question, asked),
      sources: [],
    };
  }

  // widget-spec §4 "Ask question": the visitor asks about one document or video, so it answers
  // first; the rest answer only when it cannot, lest a page or document that merely shares the
  // question's words speak for it.
  const found = (focused.length > 0 ? findPassages(focused, terms) : null) ?? findPassages(passages, terms);
  if (!found) {
    const topics = suggestTopics(topicPool, request.question, asked);
    const hint = topics.length > 0 ? ' These are some of the topics I can help with.' : '';
    return { content: `I couldn't find anything about that in ${where}.${hint}`, followUps: topics, sources: [] };
  }

  const quotes = chooseQuotes(found.index, found.chosen, terms);
  const used = quotes.map((q) => q.passage);
  const sources = [...new Set(used.map((p) => p.source))];
  const blocks: string[] = [];
  for (const source of sources) {
    const intro = source === PAGE_SOURCE ? 'According to **this page**:' : `According to **${escapeMarkdown(source)}**:`;
    blocks.push(intro);
    for (const quote of quotes.filter((q) => q.passage.source === source)) blocks.push(blockquote(quote.text));
  }
  blocks.push(`${sources.length === 1 ? 'Source' : 'Sources'}: ${sources.map(escapeMarkdown).join(', ')}`);

  return {
    content: blocks.join('\n\n'),
    followUps: suggestFollowUps({ question: request.question, ranked: found.ranked, used, passages, asked }),
    sources,
  };
}

interface Found {
  index: PassageIndex;
  ranked: ScoredPassage[];
  chosen: ScoredPassage[];
}

/**
 * The passages to quote for the question's terms: the best ones (at most {@link MAX_QUOTES},
 * each at least {@link RELATIVE_SCORE_THRESHOLD} of the best score); null when none matches
 * or, together, they match fewer than {@link requiredMatches} of the terms.
 */
function findPassages(passages: readonly Passage[], terms: readonly string[]): Found | null {
  const index = buildIndex(passages);
  const ranked = rankPassages(index, terms);
  const chosen = topPassages(ranked, MAX_QUOTES, RELATIVE_SCORE_THRESHOLD);
  const matched = new Set(chosen.flatMap((c) => c.matched));
  return chosen.length === 0 || matched.size < requiredMatches(terms.length) ? null : { index, ranked, chosen };
}

/** Where the engine looked, for its messages: the focused source by name first. */
function searchedPlaces(request: AnswerRequest): string {
  const focus = request.focus;
  const page = request.pageText !== null;
  const docs = request.documents.some((d) => d.id !== focus?.id);
  const rest = page && docs ? "this page or the site's documents" : page ? 'this page' : docs ? "the site's documents" : null;
  if (!focus) return rest ?? "the site's documents";
  const name = escapeMarkdown(focus.name);
  return rest === null ? name : `${name} or ${rest}`;
}

interface Quote {
  passage: Passage;
  text: string;
}

/**
 * One quote per chosen passage (its best sentence), then, while quotes remain, a
 * second sentence from a passage when it has a question term that no quote has yet.
 * Sentences quoted already (the page may repeat a document) are skipped.
 */
function chooseQuotes(index: PassageIndex, chosen: readonly ScoredPassage[], terms: readonly string[]): Quote[] {
  const weights = termWeights(index, terms);
  const quoted = new Set<string>();
  const covered = new Set<string>();
  const picks = chosen.map((c) => ({
    passage: c.passage,
    sentences: rankSentences(c.passage.sentences, weights),
    indices: [] as number[],
  }));

  let count = 0;
  const take = (pick: (typeof picks)[number], sentence: RankedSentence) => {
    const key = sentence.text.toLowerCase();
    if (count >= MAX_QUOTES || quoted.has(key)) return;
    quoted.add(key);
    for (const term of sentence.terms) covered.add(term);
    pick.indices.push(sentence.index);
    count++;
  };
  for (const pick of picks) {
    const best = pick.sentences[0];
    if (best) take(pick, best);
  }
  for (const pick of picks) {
    if (pick.indices.length === 0) continue;
    const extra = pick.sentences.slice(1).find((s) => s.terms.some((t) => !covered.has(t)));
    if (extra) take(pick, extra);
  }

  const quotes: Quote[] = [];
  for (const pick of picks) {
    if (pick.indices.length === 0) continue;
    // In reading order; sentences that are not next to each other are marked as a gap.
    const indices = [...pick.indices].sort((a, b) => a - b);
    const text = indices
      .map((i, n) => {
        const sentence = trimQuote(pick.passage.sentences[i]!, weights);
        return n > 0 && i !== indices[n - 1]! + 1 ? `… ${sentence}` : sentence;
      })
      .join(' ');
    quotes.push({ passage: pick.passage, text });
  }
  return quotes;
}

interface RankedSentence {
  text: string;
  index: number;
  /** The question terms the sentence contains. */
  terms: string[];
  score: number;
}

/**
 * The sentences by the summed weight of the distinct query terms they contain, best
 * first, ties in reading order. When none matches (the passage matched on its heading
 * or source name), the first sentence leads, as the start of that section.
 */
function rankSentences(sentences: readonly string[], weights: ReadonlyMap<string, number>): RankedSentence[] {
  return sentences
    .map((text, index) => {
      const terms = [...new Set(tokenize(text))].filter((t) => weights.has(t));
      const score = terms.reduce((sum, t) => sum + weights.get(t)!, 0);
      return { text, index, terms, score };
    })
    .sort((a, b) => b.score - a.score || a.index - b.index);
}

/** Cuts a long sentence to {@link MAX_QUOTE_WORDS} words around its first matched term. */
function trimQuote(sentence: string, weights: ReadonlyMap<string, number>): string {
  const words = sentence.split(' ');
  if (words.length <= MAX_QUOTE_WORDS) return sentence;
  const first = words.findIndex((w) => tokenize(w).some((t) => weights.has(t)));
  const start = Math.max(0, Math.min(first - QUOTE_LEAD_WORDS, words.length - MAX_QUOTE_WORDS));
  const end = start + MAX_QUOTE_WORDS;
  return `${start > 0 ? '… ' : ''}${words.slice(start, end).join(' ')}${end < words.length ? ' …' : ''}`;
}

// Quotes come from the visitor's page as well as the site's documents: HTML in them
// is shown as text, never rendered.
function blockquote(text: string): string {
  return `> ${text.replace(/</g, '&lt;')}`;
}

/** Escapes the characters that would make a source name render as markdown. */
function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>#|~])/g, '\\$1');
}
