/**
 * The built-in answer engine: no outside service. It finds the passages of the page
 * and the site's documents that best match the question, and answers by quoting
 * them and naming their sources; it never writes a fact of its own.
 */
import { isControl, pageOptions } from './choices';
import { relatedTopics, suggestFollowUps, suggestTopics } from './follow-ups';
import { buildQuery, onlyPoints, pointedFocus, type Query } from './query';
import { answerWithTools } from './tools';
import {
  PAGE_SOURCE,
  buildIndex,
  conceptWeights,
  rankPassages,
  sectionHeading,
  requestPassages,
  sentenceMatch,
  tokenize,
  topPassages,
  wordCount,
  type Passage,
  type PassageIndex,
  type ScoredPassage,
} from './retrieval';
import { questionScope } from './scope';
import type { AnswerEngine, AnswerRequest, AnswerResult } from './types';
import * as say from './words';

/** At most this many sentences are quoted in one answer. */
export const MAX_QUOTES = 3;

/** A passage is quoted only when it scores at least this share of the best passage's score. */
export const RELATIVE_SCORE_THRESHOLD = 0.5;

/**
 * A sentence is quoted only when it scores at least this share of the best sentence's score
 * (the summed weights of the question's concepts it holds): a line that merely shares a common
 * word with the question ("fund" in a line about fees) is not part of the answer.
 */
export const QUOTE_SCORE_SHARE = 0.6;

// A quoted sentence shorter than this is a lead-in: the next sentence completes it.
const LEAD_IN_WORDS = 4;

// A quote that covers no term the others have not must score this share of the best to be worth adding.
const SAME_ANSWER_SHARE = 0.9;

// A question about what the visitor is looking at: "this product", "these figures", "in here".
const POINTS_AT_PAGE =
  /\b(?:this|these) (?:product|fund|plan|offer|recommendation|option|figure|number|step|form|question)s?\b|\b(?:on|in) here\b/i;

// A question asking when, and the words that say when (a time, or the condition that must come first).
const ASKS_WHEN = /^\s*when\b/i;
const SAYS_WHEN = /\b(?:when|once|after|before|until|within|by|during|as soon as|days?|weeks?|months?|years?|\d)\b/i;
const REFERS_BACK = /\b(?:it|this|they|them|these)\b/i;

// A question that asks for several things: "What are the risks?", "Which fees are there?".
const ASKS_FOR_A_LIST = /^\s*(?:what|which) (?:are|fees|risks|options)\b|\blist\b/i;

// How much more a line that introduces a list counts when the question asks for one.
const LIST_LEAD_BONUS = 1.2;

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
 * sources; or an honest "not found" when too few of the question's terms match, with
 * related topics to ask about. With a `focus`, that source's passages are searched alone
 * first, and the others only when they do not answer.
 *
 * Questions no quote should answer are declined first ({@link questionScope}): the
 * visitor's own account, a share tip, and (when the content never speaks of it) the
 * weather and the like; personal financial advice gets general information only and is
 * pointed to the advice journey (ASIC RG 244).
 */
export function answerFromSources(received: AnswerRequest): AnswerResult {
  // "What is this video about?" in the chat window of a page with one video is about that video
  const focus = pointedFocus(received);
  const request = focus === received.focus ? received : { ...received, focus };
  // a figure the advice engine computes is worked out by it, never quoted from an example (tools/)
  const computed = request.adviceTools ? answerWithTools(request) : null;
  // a worked-out figure gets the follow-ups a model's answer would (point 6: the same on both engines)
  if (computed) return computed.sources.length > 0 ? { ...computed, followUps: figureFollowUps(request) } : computed;
  const scope = questionScope(request.question);
  if (scope.kind === 'account' || scope.kind === 'stock-tip' || scope.kind === 'market-price') {
    const reason = scope.kind === 'account' ? say.ACCOUNT_DATA : scope.kind === 'stock-tip' ? say.STOCK_TIP : say.MARKET_PRICE;
    return { content: withHelp(reason, request), followUps: [], sources: [] };
  }

  const where = searchedPlaces(request);
  const asked = earlierQuestions(request);
  const passages = requestPassages(request);
  if (passages.length === 0) {
    if (scope.kind === 'personal-advice') return { content: say.GENERAL_ADVICE_ONLY, followUps: [], sources: [] };
    return { content: say.NOTHING_TO_SEARCH, followUps: [], sources: [] };
  }

  const focusId = request.focus?.id;
  const focused = focusId === undefined ? [] : passages.filter((p) => p.docId === focusId);
  // The topics offered when the question cannot be answered: the focused source's first.
  const topicPool = focused.length > 0 ? [...focused, ...passages.filter((p) => p.docId !== focusId)] : passages;
  const query = buildQuery(request.question);
  if (scope.kind === 'off-topic' && !mentions(passages, scope.topic)) {
    const content = `${say.notFound(where)} ${say.OUT_OF_SCOPE}`;
    return {
      content: withHelp(content, request),
      followUps: suggestTopics(topicPool, request.question, asked),
      sources: [],
      nothingFound: true,
    };
  }
  if (query.terms.length === 0) {
    return { content: say.sayMore(where), followUps: suggestTopics(topicPool, request.question, asked), sources: [] };
  }

  // widget-spec §4 "Ask question": the visitor asks about one document or video, so it answers
  // first; the rest answer only when it cannot, lest a page or document that merely shares the
  // question's words speak for it.
  // "What is this video about?" in the Ask-question modal: the source in focus answers with its opening.
  // "What can I choose here?", "Which journey suits me?": the page's own options answer.
  const options = focused.length === 0 ? pageOptions(request.question, passages) : null;
  if (options) {
    const lines = [...(options.lead ? [options.lead] : []), ...options.options.map((o) => `- ${o}`)];
    const content = [
      ...(scope.kind === 'personal-advice' ? [say.GENERAL_ADVICE_ONLY] : []),
      say.accordingTo(PAGE_SOURCE, true),
      lines.map((line) => blockquote(line)).join('\n'),
      say.sourcesLine([PAGE_SOURCE]),
    ].join('\n\n');
    const ranked = rankPassages(buildIndex(passages), query);
    const followUps = suggestFollowUps({ question: request.question, ranked, used: [options.passage], passages, asked });
    return { content, followUps, sources: [PAGE_SOURCE] };
  }
  const opening = focused.length > 0 && onlyPoints(request.question) ? openingOf(focused) : null;
  // A name the question asks about that no page or document holds ("the capital of France"): the
  // passages that share its other words ("capital gains") do not answer it.
  const unknown = opening === null && namesOf(request.question).some((name) => !mentions(passages, name));
  // "What fees will I pay for this product?": the visitor points at what the page shows, so the page answers first.
  const onPage = focused.length === 0 && request.pageText !== null && POINTS_AT_PAGE.test(request.question);
  const found = unknown
    ? null
    : (opening ??
      (focused.length > 0 ? findPassages(focused, query) : null) ??
      (onPage ? findPassages(passages, query, (p) => p.source === PAGE_SOURCE) : null) ??
      findPassages(passages, query));
  // "What is the difference between growth and defensive assets?": what each side is, one quote each.
  const compared = found && focused.length === 0 ? compareSides(request.question, passages) : null;
  const quotes = !found
    ? []
    : (compared ??
      chooseQuotes(found.index, found.chosen, query, ASKS_FOR_A_LIST.test(request.question), ASKS_WHEN.test(request.question)));
  // Nothing worth quoting (the page's buttons are not an answer): said plainly.
  if (!found || quotes.length === 0) {
    if (scope.kind === 'personal-advice') return { content: say.GENERAL_ADVICE_ONLY, followUps: [], sources: [] };
    const ranked = rankPassages(buildIndex(topicPool), query);
    const topics = relatedTopics(ranked, topicPool, request.question, asked);
    const hint = topics.length > 0 ? ` ${say.TOPICS_HINT}` : '';
    return { content: withHelp(`${say.notFound(where)}${hint}`, request), followUps: topics, sources: [], nothingFound: true };
  }

  const used = quotes.map((q) => q.passage);
  const sources = [...new Set(used.map((p) => p.source))];
  const blocks: string[] = scope.kind === 'personal-advice' ? [say.GENERAL_ADVICE_ONLY] : [];
  for (const source of sources) {
    blocks.push(say.accordingTo(escapeMarkdown(source), source === PAGE_SOURCE));
    for (const quote of quotes.filter((q) => q.passage.source === source)) blocks.push(blockquote(quote.text, quote.heading));
  }
  blocks.push(say.sourcesLine(sources.map(escapeMarkdown)));

  return {
    content: blocks.join('\n\n'),
    followUps: suggestFollowUps({ question: request.question, ranked: found.ranked, used, passages, asked }),
    sources,
  };
}

// "the difference between X and Y", "X versus Y", "compare X with Y": the two things compared.
// Each side is a few words (at most COMPARED_CHARS), so a long question cannot make them backtrack.
const COMPARED_CHARS = 80;
const COMPARISON = [
  /\bdifferen(?:ce|t)s? between (?:an? |the )?(.{1,80}?) and (?:an? |the )?(.{1,80}?)\s*[?.!]*$/i,
  /\bcompare (?:an? |the )?(.{1,80}?) (?:and|with|to) (?:an? |the )?(.{1,80}?)\s*[?.!]*$/i,
  /^(?:what is |what's )?(?:an? |the )?(.{1,80}?) (?:vs\.?|versus) (?:an? |the )?(.{1,80}?)\s*[?.!]*$/i,
];

/**
 * The quotes that compare two things, the best sentence on each (searched apart: a sentence naming
 * both, such as a table row, says what neither is); null when the question compares nothing, a side
 * is unsearchable or either side has no answer.
 */
function compareSides(question: string, passages: readonly Passage[]): Quote[] | null {
  // A comparison is asked in a sentence: what lies beyond two sides' length is not one.
  if (question.length > 3 * COMPARED_CHARS) return null;
  const match = COMPARISON.map((p) => p.exec(question)).find((m) => m !== null);
  if (!match) return null;
  let [left, right] = [match[1]!, match[2]!];
  // "growth and defensive assets": the noun they share is named once, after the second.
  const shared = /\s(\S+)$/.exec(right)?.[1];
  if (shared && !left.includes(' ')) left = `${left} ${shared}`;
  const quotes: Quote[] = [];
  for (const side of [left, right]) {
    const sideQuery = buildQuery(side);
    if (sideQuery.terms.length === 0) return null;
    // Looked for in the passages that name the side best only: no sentence of the whole site is read for it.
    const nearest = rankPassages(buildIndex(passages), sideQuery, DEFINITION_PASSAGES).map((r) => r.passage);
    const definition = definitionOf(sideQuery.terms, nearest);
    if (definition) {
      quotes.push(definition);
      continue;
    }
    const found = findPassages(passages, sideQuery);
    if (!found) return null;
    const quote = chooseQuotes(found.index, found.chosen.slice(0, 1), sideQuery)[0];
    if (!quote) return null;
    if (!quotes.some((q) => q.text === quote.text)) quotes.push(quote);
  }
  return quotes;
}

// How many of the passages that name a compared thing best are read for its definition.
const DEFINITION_PASSAGES = 10;

/**
 * The first sentence that says what a thing is: one labelled with its name ("Growth assets: shares,
 * property…") or opening with it ("Growth assets are…"); null when none does.
 */
function definitionOf(terms: readonly string[], passages: readonly Passage[]): Quote | null {
  const named = (text: string) => {
    const words = tokenize(text);
    return words.length === terms.length && words.every((w) => terms.includes(w));
  };
  for (const passage of passages) {
    for (const sentence of passage.sentences) {
      const label = /^([^:]{1,60}):\s/.exec(sentence) ?? /^(.{1,60}?)\s(?:is|are|means?)\s/.exec(sentence);
      if (label && named(label[1]!)) return { passage, text: sentence, heading: null };
    }
  }
  return null;
}

/** The visitor's earlier questions in this chat, oldest first. */
export function earlierQuestions(request: Pick<AnswerRequest, 'history'>): string[] {
  return request.history.filter((turn) => turn.role === 'user').map((turn) => turn.content);
}

// A word written with a capital inside a sentence: a name ("France", "Bitcoin", "Family Tax Benefit").
const NAME = /(?<=[\p{L}\p{N},;'’"”)]\s+)\p{Lu}[\p{L}\p{N}&'’-]*(?:\s+\p{Lu}[\p{L}\p{N}&'’-]*)*/gu;

/**
 * The names a question asks about: runs of capitalised words that do not start a sentence, other
 * than "I" and the names of what the visitor is looking at, as one text each.
 */
export function namesOf(question: string): string[] {
  const names: string[] = [];
  for (const match of question.matchAll(NAME)) {
    const name = match[0].replace(/\bI(?:['’]\w+)?\b/g, ' ').trim();
    if (tokenize(name).length > 0) names.push(name);
  }
  return names;
}

/** Whether any passage holds all the terms of `text`. */
function mentions(passages: readonly Passage[], text: string): boolean {
  const terms = tokenize(text);
  return terms.length > 0 && rankPassages(buildIndex(passages), terms).some((r) => r.matched.length === terms.length);
}

/** A decline, with the site's help page (its `referenceWebpage`) when it has a web address. */
function withHelp(content: string, request: Pick<AnswerRequest, 'referenceWebpage'>): string {
  const url = request.referenceWebpage?.trim();
  if (!url || !/^https?:\/\/[^\s()<>]+$/i.test(url)) return content;
  return `${content} ${say.helpPage(url)}`;
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
function findPassages(passages: readonly Passage[], query: Query, only?: (passage: Passage) => boolean): Found | null {
  const index = buildIndex(passages);
  // Restricted to some passages, they are still weighed against all of them.
  const ranked = rankPassages(index, query).filter((r) => !only || only(r.passage));
  const chosen = topPassages(ranked, MAX_QUOTES, RELATIVE_SCORE_THRESHOLD);
  const matched = new Set(chosen.flatMap((c) => c.matched));
  return chosen.length === 0 || matched.size < requiredMatches(query.terms.length) ? null : { index, ranked, chosen };
}

/** The opening of a source as what it is about: its first passage, its first sentences quoted. */
function openingOf(passages: readonly Passage[]): Found {
  const index = buildIndex(passages);
  const chosen = [{ passage: passages[0]!, score: 0, matched: [] }];
  return { index, ranked: chosen, chosen };
}

/** The follow-ups of an answer worked out by a tool, as the OpenAI-compatible engine gives them: nothing was quoted. */
function figureFollowUps(request: AnswerRequest): string[] {
  const passages = requestPassages(request);
  const ranked = rankPassages(buildIndex(passages), request.question);
  return suggestFollowUps({ question: request.question, ranked, used: [], passages, asked: earlierQuestions(request) });
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
  /** The section heading the quote answers under, shown before it, or null. */
  heading: string | null;
}

/**
 * One quote per chosen passage (its best sentence), then, while quotes remain, a
 * second sentence from a passage when it has a question term that no quote has yet.
 * A sentence scoring less than {@link QUOTE_SCORE_SHARE} of the best one is not quoted,
 * so a passage chosen for a common word adds nothing; a passage whose sentences hold
 * none of the question's words (it matched on its heading) is quoted by its first
 * sentence, only when it is the best passage. Sentences quoted already (the page may
 * repeat a document) are skipped.
 */
function chooseQuotes(index: PassageIndex, chosen: readonly ScoredPassage[], query: Query, wantsList = false, wantsWhen = false): Quote[] {
  const weights = conceptWeights(index, query);
  const quoted = new Set<string>();
  const covered = new Set<string>();
  const picks = chosen.map((c) => ({
    passage: c.passage,
    // The page's buttons and links ("Back", "Continue") are never quoted.
    sentences: rankSentences(c.passage, query, weights, wantsList).filter((s) => c.passage.source !== PAGE_SOURCE || !isControl(s.text)),
    indices: [] as number[],
  }));
  const bestScore = Math.max(0, ...picks.map((p) => p.sentences[0]?.score ?? 0));
  const strong = (sentence: RankedSentence) => sentence.score > 0 && sentence.score >= bestScore * QUOTE_SCORE_SHARE;

  let count = 0;
  const take = (pick: (typeof picks)[number], sentence: RankedSentence) => {
    const key = sentence.text.toLowerCase();
    if (count >= MAX_QUOTES || quoted.has(key)) return;
    quoted.add(key);
    for (const term of sentence.terms) covered.add(term);
    pick.indices.push(sentence.index);
    count++;
  };
  // After the first quote, a sentence that adds none of the question's terms must answer nearly as well as the best.
  const adds = (sentence: RankedSentence) =>
    count === 0 || sentence.terms.some((t) => !covered.has(t)) || sentence.score >= bestScore * SAME_ANSWER_SHARE;
  // A second sentence of a passage that adds a term, or that answers as well as its first (a definition's next line, "It tracks…").
  const second = (pick: (typeof picks)[number], more = 1) => {
    if (pick.indices.length === 0 || pick.indices.length > more) return;
    const first = pick.sentences[0]!;
    const asGood = (s: RankedSentence) =>
      s.score >= first.score * SAME_ANSWER_SHARE && s.ownTerms.length > 0 && first.terms.every((t) => s.terms.includes(t));
    const extras = pick.sentences
      .slice(1)
      .filter((s) => !pick.indices.includes(s.index) && strong(s) && (s.terms.some((t) => !covered.has(t)) || asGood(s)));
    for (const extra of extras.slice(0, more - pick.indices.length + 1)) take(pick, extra);
  };
  picks.forEach((pick, n) => {
    const best = pick.sentences[0];
    if (best && ((strong(best) && adds(best)) || (n === 0 && bestScore === 0))) take(pick, best);
    // The best passage's answer is completed before the next passage adds to it.
    // A question that asks for a list takes its items from the best passage, up to the quotes' limit.
    if (n === 0 && bestScore > 0) second(pick, wantsList ? MAX_QUOTES - 1 : 1);
  });
  for (const pick of picks.slice(1)) second(pick);

  const quotes: Quote[] = [];
  for (const pick of picks) {
    if (pick.indices.length === 0) continue;
    const picked = [...pick.indices];
    // A short lead-in ("You can withdraw at any time:") is quoted with the sentence that completes it,
    // and a form's label or option ("Date of birth", "Moderate") with the hint or meaning under it.
    for (const i of [...pick.indices]) {
      const sentence = pick.passage.sentences[i]!;
      const next = i + 1;
      if (
        next < pick.passage.sentences.length &&
        !pick.indices.includes(next) &&
        !(pick.passage.source === PAGE_SOURCE && isControl(pick.passage.sentences[next]!)) &&
        (sentence.endsWith(':') || (wordCount(sentence) < LEAD_IN_WORDS && !/[,;]$/.test(sentence)))
      ) {
        pick.indices.push(next);
      }
    }
    // "When will I see it?": a quote that names no time or condition is completed by the next sentence
    // that speaks of the same thing ("Complete the questionnaire to see it here.").
    const last = Math.max(...pick.indices);
    const following = pick.passage.sentences[last + 1];
    if (wantsWhen && pick === picks[0] && following && !SAYS_WHEN.test(pick.passage.sentences[last]!) && REFERS_BACK.test(following)) {
      pick.indices.push(last + 1);
    }
    // In reading order; sentences that are not next to each other are marked as a gap.
    const indices = [...pick.indices].sort((a, b) => a - b);
    const text = indices
      .map((i, n) => {
        const sentence = trimQuote(pick.passage.sentences[i]!, query);
        return n > 0 && i !== indices[n - 1]! + 1 ? `… ${sentence}` : sentence;
      })
      .join(' ');
    const named = pick === picks[0] ? namedBelow(index.passages, pick.passage, indices.at(-1)!) : null;
    quotes.push({
      passage: pick.passage,
      text: named ? `${text} ${named}` : text,
      heading: answeringHeading(pick.passage, picked, query, weights),
    });
  }
  return quotes;
}

// A sentence that points at what comes next: "this is the product we recommend", "here are your options".
const POINTS_FORWARD = /\b(?:this is|these are|here is|here are|as follows|below|the following)\b|:$/i;

/**
 * What a section's last sentence points at when the section below names it ("Hi Alex, this is the
 * product we recommend." above "## Diversified Index Fund"): the subsection's heading and its first
 * sentence; null otherwise.
 */
function namedBelow(passages: readonly Passage[], passage: Passage, last: number): string | null {
  if (last !== passage.sentences.length - 1 || !POINTS_FORWARD.test(passage.sentences[last]!)) return null;
  const at = passages.indexOf(passage);
  const next = passages[at + 1];
  if (!next || next.source !== passage.source || next.headings.length !== passage.headings.length + 1) return null;
  if (!passage.headings.every((h, i) => next.headings[i] === h)) return null;
  const first = next.sentences[0];
  return first ? `${next.headings.at(-1)!}: ${first}` : next.headings.at(-1)!;
}

/**
 * The section heading to show with a quote: when the heading holds terms of the question that the
 * quoted sentences do not ("What does the cautious profile hold?" quoting the lines under
 * "Cautious"), the quote makes sense only with it. Null otherwise.
 */
function answeringHeading(passage: Passage, indices: readonly number[], query: Query, weights: readonly number[]): string | null {
  const heading = sectionHeading(passage);
  if (!heading) return null;
  const quoted = new Set(indices.flatMap((i) => sentenceMatch(query, weights, passage.sentences[i]!).terms));
  const withHeading = sentenceMatch(query, weights, indices.map((i) => passage.sentences[i]!).join(' '), heading).terms;
  return withHeading.some((t) => !quoted.has(t)) ? heading : null;
}

interface RankedSentence {
  text: string;
  index: number;
  /** The question terms the sentence covers (itself or through a synonym), its heading included. */
  terms: string[];
  /** The question terms the sentence's own words cover, without its heading. */
  ownTerms: string[];
  score: number;
}

/**
 * The sentences by the summed weight of the query's concepts they contain (the section's
 * heading counting as part of each), best first, ties in reading order. When none matches (the passage matched on its heading
 * or source name), the first sentence leads, as the start of that section.
 */
function rankSentences(passage: Passage, query: Query, weights: readonly number[], wantsList = false): RankedSentence[] {
  const heading = sectionHeading(passage);
  const wanted = new Set(query.concepts.flatMap((c) => c.alternatives.flatMap((a) => a.terms)));
  return passage.sentences
    .map((text, index) => {
      const match = sentenceMatch(query, weights, text, heading);
      const ownTerms = heading ? sentenceMatch(query, weights, text).terms : match.terms;
      // "What are the risks?" asks for a list: the line that introduces one ("The main risks are:") answers best.
      const lead = wantsList && text.endsWith(':') && ownTerms.length > 0 ? LIST_LEAD_BONUS : 1;
      // A list's items are all wanted, whichever of them the question's words name.
      const fit = wantsList ? 1 : labelFit(text, wanted);
      return { text, index, ...match, ownTerms, score: match.score * fit * lead };
    })
    .sort((a, b) => b.score - a.score || a.index - b.index);
}

/**
 * How well a labelled sentence's label fits the question ("Aggressive: Growth 90%…" for "the
 * aggressive profile", rather than "Moderately aggressive: …"): 1 when every term of the label is
 * wanted, down to 0.75 when none is; 1 for a sentence without a label.
 */
function labelFit(sentence: string, wanted: ReadonlySet<string>): number {
  const colon = sentence.indexOf(': ');
  if (colon <= 0 || wordCount(sentence.slice(0, colon)) > 6) return 1;
  const label = tokenize(sentence.slice(0, colon));
  if (label.length === 0) return 1;
  return 0.75 + (0.25 * label.filter((t) => wanted.has(t)).length) / label.length;
}

/** Cuts a long sentence to {@link MAX_QUOTE_WORDS} words around its first matched term. */
function trimQuote(sentence: string, query: Query): string {
  const words = sentence.split(' ');
  if (words.length <= MAX_QUOTE_WORDS) return sentence;
  const wanted = new Set(query.concepts.flatMap((c) => c.alternatives.flatMap((a) => a.terms)));
  const first = words.findIndex((w) => tokenize(w).some((t) => wanted.has(t)));
  const start = Math.max(0, Math.min(first - QUOTE_LEAD_WORDS, words.length - MAX_QUOTE_WORDS));
  const end = start + MAX_QUOTE_WORDS;
  return `${start > 0 ? '… ' : ''}${words.slice(start, end).join(' ')}${end < words.length ? ' …' : ''}`;
}

// Quotes come from the visitor's page as well as the site's documents: HTML in them
// is shown as text, never rendered, and no link or image in them renders ({@link unlinked}).
function blockquote(text: string, heading: string | null = null): string {
  // A heading that asks ("What is your date of birth?") keeps its question mark, without a colon.
  const bare = heading?.replace(/[:.]+$/, '');
  const lead = bare ? (bare.endsWith('?') ? `**${escapeMarkdown(bare)}** ` : `**${escapeMarkdown(bare)}:** `) : '';
  return `> ${lead}${unlinked(text.replace(/\\/g, '\\\\').replace(/[[\]]/g, '\\$&').replace(/</g, '&lt;'))}`;
}

/** Escapes the characters that would make a source name render as markdown. */
function escapeMarkdown(text: string): string {
  return unlinked(text.replace(/([\\`*_[\]<>#|~])/g, '\\$1'));
}

/**
 * Quoted text with its bare web addresses escaped, so that they show as written and never render
 * as links (markdown's own links and images are escaped by their brackets): a page or document
 * quoted in an answer links to no web page. An email address (a contact the site's own text gives)
 * stays as written, which the widget shows as a mail link.
 */
function unlinked(text: string): string {
  return text.replace(/\b(https?|ftp):\/\//gi, '$1\\://').replace(/\bwww\./gi, (www) => `${www.slice(0, 3)}\\.`);
}
