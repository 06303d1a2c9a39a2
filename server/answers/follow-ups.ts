/**
 * Follow-up questions drawn from what retrieval found, shared by both answer
 * engines so that they propose the same kind of next step. Pure and deterministic.
 */
import { queryTerms, type Passage, type ScoredPassage } from './retrieval';

/** At most this many follow-ups (answers contract, `types.ts`). */
export const MAX_FOLLOW_UPS = 3;

// Below this share of the best score, a passage is too loosely related to suggest.
const RELATED_SCORE_SHARE = 0.5;

// Headings that name a part of a document rather than a topic.
const GENERIC_HEADINGS = new Set([
  'overview',
  'introduction',
  'intro',
  'summary',
  'contents',
  'table of contents',
  'notes',
  'note',
  'references',
  'appendix',
  'faq',
  'faqs',
  'frequently asked questions',
  'contact',
  'contact us',
  'about',
  'about us',
  'disclaimer',
  'more information',
  'further information',
  // the parts of a video or a media page: structure, not a topic
  'transcript',
  'video transcript',
  'full transcript',
  'description',
  'video description',
  'captions',
  'subtitles',
  'chapters',
  'details',
  'key points',
]);

const QUESTION_START = /^(?:how|what|why|when|where|who|which|can|could|do|does|is|are|should|will|would)\b/i;
// A heading written as a question: its second word a verb that asks ("What is…", "How do I…") or a question of its own ("Can I…").
const ASKS =
  /^(?:(?:how|what|why|when|where|who|which)(?:\s+\S+)?\s+(?:is|are|was|were|do|does|did|can|could|should|will|would|may|much|many|long|often)\b|(?:can|could|do|does|is|are|should|will|would)\s)/i;

// Labels of a page's chrome and controls: never a topic, whatever the page makes a heading of.
const CHROME = new Set(
  (
    'menu|main menu|navigation|main navigation|breadcrumb|breadcrumbs|back|next|previous|continue|start|get started|close|open|' +
    'search|log in|login|sign in|sign up|register|home|cookie settings|cookies settings|accept|accept all|share|print|download|' +
    'footer|header|sidebar|skip|menu toggle|language|read more|learn more|see more|show more|more'
  ).split('|'),
);
const SKIP_LINK = /^skip to\b/i;

// A heading no longer than this is a topic; longer, it is a sentence.
const MAX_TOPIC_WORDS = 8;

/**
 * Topics a finance site commonly heads with one word, and how a visitor asks about them
 * (general plain English, keyed by the heading's stemmed terms).
 */
const COMMON_QUESTIONS: Record<string, string> = {
  fee: 'What are the fees?',
  cost: 'What are the costs?',
  charg: 'What are the charges?',
  withdraw: 'How do I withdraw?',
  complaint: 'How do I make a complaint?',
  contribut: 'How do I add money?',
  switch: 'How do I switch?',
  risk: 'What are the risks?',
  tax: 'How is it taxed?',
  taxat: 'How is it taxed?',
  privaci: 'How is my information used?',
  elig: 'Who is eligible?',
};

/** What {@link suggestFollowUps} draws from. */
export interface FollowUpInput {
  /** The visitor's question. */
  question: string;
  /** Every passage ranked for the question, best first. */
  ranked: readonly ScoredPassage[];
  /** The passages the answer used (quoted, or sent to the model). */
  used: readonly Passage[];
  /** Every passage searched, in source order, for the other sections of the sources used. */
  passages: readonly Passage[];
  /** The visitor's earlier questions, not to be proposed again. @default [] */
  asked?: readonly string[];
  /** @default MAX_FOLLOW_UPS */
  limit?: number;
}

/**
 * Proposes up to three follow-up questions, drawn only from headings that name a topic
 * ({@link headingQuestion}), in this order of preference:
 * 1. the headings of passages of other sources related to the question, best first;
 * 2. the other sections of the sources the answer used, nearest first;
 * 3. the first topic of each other source, in source order.
 *
 * A candidate is dropped when all its terms are already in the question, when it
 * repeats an earlier question or a heading just answered, and when its terms are
 * all among those of a candidate kept before it (or the other way round), so
 * follow-ups never repeat the question or each other. Both answer engines use it.
 */
export function suggestFollowUps(input: FollowUpInput): string[] {
  const pick = picker(input.question, input.asked ?? [], input.limit ?? MAX_FOLLOW_UPS);
  const usedSet = new Set(input.used);
  // The headings of the passages used are what was just answered: not worth proposing.
  for (const passage of input.used) pick.exclude(topicHeading(passage));

  const usedSources = new Set(input.used.map((p) => p.source));
  const best = input.ranked[0]?.score ?? 0;
  for (const { passage, score } of input.ranked) {
    if (score < best * RELATED_SCORE_SHARE) break;
    // A source used is offered by nearness below: its other sections match the question through its title alone.
    if (!usedSources.has(passage.source)) pick.offer(headingQuestion(passage));
  }
  // The sections nearest to those used, the next before the previous: what a reader turns to.
  const distance = (passage: Passage) =>
    Math.min(
      ...input.used
        .filter((u) => u.source === passage.source)
        .map((u) => 2 * Math.abs(passage.position - u.position) - (passage.position > u.position ? 1 : 0)),
    );
  const nearby = input.passages.filter((p) => usedSources.has(p.source) && !usedSet.has(p));
  for (const passage of nearby.map((p, order) => ({ p, order, d: distance(p) })).sort((a, b) => a.d - b.d || a.order - b.order)) {
    pick.offer(headingQuestion(passage.p));
  }
  // Sources without other sections leave room for the topics the other sources open with.
  if (pick.result.length < pick.limit) for (const topic of openingTopics(input.passages)) pick.offer(topic);
  return pick.result;
}

/**
 * The topics to offer when the question could not be answered: the headings of the passages
 * that came nearest to it (`ranked`, best first), then those of the sources
 * ({@link suggestTopics}), so that what is offered is related where anything is.
 */
export function relatedTopics(
  ranked: readonly ScoredPassage[],
  passages: readonly Passage[],
  question: string,
  asked: readonly string[] = [],
  limit = MAX_FOLLOW_UPS,
): string[] {
  const pick = picker(question, asked, limit);
  for (const { passage } of ranked) pick.offer(headingQuestion(passage));
  for (const topic of suggestTopics(passages, question, asked, limit)) pick.offer(topic);
  return pick.result;
}

/**
 * Proposes the topics of the sources when nothing matched the question, so the
 * visitor sees what can be asked: the first specific heading of each source, in
 * source order, then the sources' other headings.
 */
export function suggestTopics(
  passages: readonly Passage[],
  question: string,
  asked: readonly string[] = [],
  limit = MAX_FOLLOW_UPS,
): string[] {
  const pick = picker(question, asked, limit);
  for (const q of openingTopics(passages)) pick.offer(q);
  for (const passage of passages) pick.offer(headingQuestion(passage));
  return pick.result;
}

/** The first topic ({@link headingQuestion}) of each source, in source order. */
function openingTopics(passages: readonly Passage[]): string[] {
  const firsts = new Map<string, string>();
  for (const passage of passages) {
    const q = headingQuestion(passage);
    if (q !== null && !firsts.has(passage.source)) firsts.set(passage.source, q);
  }
  return [...firsts.values()];
}

/** Collects distinct candidates that add something to the question, up to a limit. */
function picker(question: string, asked: readonly string[], limit: number) {
  const questionTerms = new Set(queryTerms(question));
  const seen = new Set<string>([question, ...asked].map(termKey));
  const result: string[] = [];
  const accepted: Set<string>[] = [];
  return {
    result,
    limit,
    exclude(text: string | null) {
      if (text !== null) seen.add(termKey(text));
    },
    offer(candidate: string | null) {
      if (candidate === null || result.length >= limit) return;
      const terms = new Set(queryTerms(candidate));
      const key = termKey(candidate);
      if (terms.size === 0 || seen.has(key) || [...terms].every((t) => questionTerms.has(t))) return;
      // "Chosen super fund" after "super fund" (or before it) would ask the same thing twice.
      if (accepted.some((other) => isSubset(terms, other) || isSubset(other, terms))) return;
      seen.add(key);
      accepted.push(terms);
      result.push(candidate);
    },
  };
}

/**
 * The passage's own heading, when it names a topic: not "Overview", not the document's
 * title (its name, or the one heading its first passage opens with), not page chrome ("Skip to content", "Menu"), not a table's or CSV's header row,
 * not a sentence, and no word twice. Its numbering ("2. Fees") is left out.
 */
function topicHeading(passage: Passage): string | null {
  const heading = passage.headings.at(-1);
  if (!heading) return null;
  const bare = heading
    .replace(/^(?:\d{1,3}(?:\.\d{1,3})*[.)]?|[ivx]{1,4}[.)]|section \d+[.:]?)\s+/i, '')
    .replace(/[:]+$/, '')
    .trim();
  if (!isTopic(bare)) return null;
  if (GENERIC_HEADINGS.has(bare.toLowerCase())) return null;
  if (termKey(bare) === termKey(passage.source.replace(/\.[a-z]+$/i, ''))) return null;
  // The lone heading of a source's first passage is the source's title ("Product Disclosure Statement – …").
  if (passage.position === 0 && passage.headings.length === 1) return null;
  return bare;
}

/** Whether a heading reads as a topic a visitor would ask about. */
export function isTopic(heading: string): boolean {
  const lower = heading.toLowerCase();
  if (CHROME.has(lower) || SKIP_LINK.test(heading)) return false;
  // A CSV line or a table's header row: commas between cells, quotes, pipes, tabs.
  if (/[|"\t;]/.test(heading) || (heading.match(/,/g)?.length ?? 0) >= 2 || /,\S/.test(heading)) return false;
  // A sentence (or a label with a figure): ends with a full stop, holds one ("Not sure? Take the quiz"), or holds mostly numbers.
  if (/[.!…]$/.test(heading) || /[.?!…]\s/.test(heading)) return false;
  const words = heading.split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > MAX_TOPIC_WORDS) return false;
  if (!/\p{L}{3}/u.test(heading)) return false;
  if (words.filter((w) => /\p{N}/u.test(w)).length * 2 > words.length) return false;
  // "Investment Investment": a heading with a repeated word is two labels run together.
  const seen = new Set<string>();
  for (const word of words.map((w) => w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')).filter(Boolean)) {
    if (seen.has(word)) return false;
    seen.add(word);
  }
  return queryTerms(heading).length > 0;
}

/**
 * A heading as the visitor would ask it, or null when it does not name a topic ({@link isTopic}):
 * kept when it is a question; "How we choose your profile" becomes "How do you choose my profile?";
 * "Fund fees", "What are the fund fees?"; "Advice fee", "What is the advice fee?"; "Switching funds",
 * "How does switching funds work?"; a common one-word topic its usual question ("Fees", "What are the
 * fees?"; "Withdrawals", "How do I withdraw?"); any other single word or a quality ("Cautious", "Highly
 * aggressive") with the noun of its parent heading ("What is the cautious profile?" under "Risk
 * profiles"), or null without one.
 */
export function headingQuestion(passage: Passage): string | null {
  let question = headingQuestions.get(passage);
  if (question === undefined) {
    question = askHeading(passage);
    headingQuestions.set(passage, question);
  }
  return question;
}

// The question of each passage object: passages of remembered documents (retrieval's document
// cache) keep theirs, so that offering topics reads no heading twice.
const headingQuestions = new WeakMap<Passage, string | null>();

function askHeading(passage: Passage): string | null {
  const heading = topicHeading(passage);
  if (heading === null) return null;
  if (heading.endsWith('?')) return heading;
  const spoken = fromVisitor(heading.replace(/\s*\([^)]*\)\s*/g, ' ').trim()) || fromVisitor(heading);
  const key = termKey(spoken);
  const common = Object.hasOwn(COMMON_QUESTIONS, key) ? COMMON_QUESTIONS[key] : undefined;
  if (common && /^(?:my\s+)?\S+$/i.test(spoken)) return common;

  const weAre = /^(how|why|who|what|where|when)\s+we\s+are\b\s*/i.exec(spoken);
  if (weAre) return `${weAre[1]} are you${spoken.length > weAre[0].length ? ` ${spoken.slice(weAre[0].length)}` : ''}?`;
  const clause = /^(how|what|why|when|where|which|who)\s+we\s+/i.exec(spoken);
  if (clause) return `${clause[1]} do you ${spoken.slice(clause[0].length)}?`;
  const howTo = /^how to\s+/i.exec(spoken);
  if (howTo) return `How do I ${spoken.slice(howTo[0].length)}?`;
  // "What is super" asks; "What this advice does not cover" names a list, and would not read as a question.
  if (QUESTION_START.test(spoken)) return ASKS.test(spoken) ? `${spoken}?` : null;
  const ifClause = /^if\s+/i.exec(spoken);
  if (ifClause) return `What if ${spoken.slice(ifClause[0].length)}?`;
  const about = /^about\s+(this|the|my|your)\s+(.+)$/i.exec(spoken);
  if (about) return `What is ${about[1]!.toLowerCase()} ${about[2]} about?`;

  const words = spoken.split(/\s+/);
  const first = words[0]!;
  if (/^\p{L}+ing$/u.test(first) && first.length > 5) return `How does ${lowerFirst(spoken)} work?`;
  // The noun the phrase is about: the word before a clause or a preposition ("Documents I will
  // receive", "Risks of investing"), else the last.
  const clauseAt = words.findIndex((w, i) => i > 0 && /^(?:I|you|we|they|that|which|who|of|for|in|on|at|with|to|from|by)$/i.test(w));
  const head = clauseAt > 0 ? words[clauseAt - 1]! : words.at(-1)!;
  // A single word that is not a plural noun, or a phrase that names a quality ("Highly aggressive"),
  // has no article that always fits.
  const quality = words.some((w) => /\p{L}ly$/u.test(w)) || /(?:ive|ous|ful|ible|able)$/i.test(head);
  // A bare name ("Cautious", "Retirement") is a kind of what its parent heading lists ("Risk
  // profiles", "Your journeys"): asked with that noun, or not at all.
  if ((words.length === 1 && !isPlural(first)) || quality) {
    const kind = parentNoun(passage);
    return kind ? `What is the ${lowerFirst(spoken)} ${kind}?` : null;
  }
  const determined = /^(?:my|your|the|this|these|those|a|an)\b/i.test(spoken);
  const phrase = determined ? lowerFirst(spoken) : `the ${lowerFirst(spoken)}`;
  return `${isPlural(head) ? 'What are' : 'What is'} ${phrase}?`;
}

/**
 * The noun the passage's parent heading lists, in the singular ("Risk profiles" → "profile",
 * "Your recommended journeys" → "journey"), or null when there is no parent heading or it does not
 * end in a plural noun.
 */
function parentNoun(passage: Passage): string | null {
  const parent = passage.headings.at(-2);
  if (!parent) return null;
  const words = parent
    .replace(/^(?:\d{1,3}(?:\.\d{1,3})*[.)]?|[ivx]{1,4}[.)])\s+/i, '')
    .replace(/\s*\([^)]*\)\s*/g, ' ')
    .trim()
    .split(/\s+/);
  const clauseAt = words.findIndex((w, i) => i > 0 && /^(?:I|you|we|they|that|which|who|of|for|in|on|at|with|to|from|by)$/i.test(w));
  const noun = (clauseAt > 0 ? words[clauseAt - 1]! : words.at(-1)!).toLowerCase();
  if (!/^\p{L}{3,}$/u.test(noun) || /(?:ed|ing|ly)$/.test(noun) || queryTerms(noun).length === 0) return null;
  // A singular parent ("Your recommended product") names one thing, whose sections are its parts, not its kinds.
  if (!isPlural(noun)) return null;
  return noun.endsWith('ies') ? `${noun.slice(0, -3)}y` : /(?:ches|shes|sses|xes)$/.test(noun) ? noun.slice(0, -2) : noun.slice(0, -1);
}

/** A plural English noun, as far as its ending shows ("fees", "profiles"; not "class", "status", "analysis"). */
function isPlural(word: string): boolean {
  const lower = word.toLowerCase();
  return lower.length > 3 && lower.endsWith('s') && !/(?:ss|us|is|ics)$/.test(lower) && !/['’]s$/.test(lower);
}

// The site writes "your", "our" and "you will"; the visitor asks about "my", "your" and "I will".
function fromVisitor(text: string): string {
  return text
    .replace(/\b(your|our)\b/gi, (word) => {
      const swapped = word.toLowerCase() === 'your' ? 'my' : 'your';
      return /^\p{Lu}/u.test(word) ? swapped.charAt(0).toUpperCase() + swapped.slice(1) : swapped;
    })
    .replace(/\byou are\b/gi, 'I am')
    .replace(/\byou(?= (?:will|can|have|need|may|must|should|pay|get|receive|want|choose|invest|hold|own|use)\b)/gi, 'I');
}

function isSubset(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const item of a) if (!b.has(item)) return false;
  return true;
}

/** The terms of a text, sorted: equal for phrasings that differ only in stop words, case or plurals. */
function termKey(text: string): string {
  return [...new Set(queryTerms(text))].sort().join(' ');
}

// "Advice fees" → "advice fees", but "ESG funds", "UK pensions" and "Financial Services Guide" keep their capitals.
function lowerFirst(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) && !/^\S+\s+(?!I\b)\p{Lu}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
