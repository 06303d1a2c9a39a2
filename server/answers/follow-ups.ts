/**
 * Follow-up questions drawn from what retrieval found, shared by both answer
 * engines so that they propose the same kind of next step. Pure and deterministic.
 */
import { queryTerms, type Passage, type ScoredPassage } from './retrieval';

/** At most this many follow-ups (answers contract, `types.ts`). */
export const MAX_FOLLOW_UPS = 3;

// Below this share of the best score, a passage is too loosely related to suggest.
const RELATED_SCORE_SHARE = 0.25;

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
]);

const QUESTION_START = /^(?:how|what|why|when|where|who|which|can|could|do|does|is|are|should|will|would)\b/i;
// Phrase words: letters (and inner hyphens or apostrophes) only.
const PHRASE_WORD = /^\p{L}[\p{L}'’-]*\p{L}$/u;
// Words that end a phrase run because they are usually verbs, adverbs or counts, not topics.
const NON_TOPIC_WORD = /(?:ed|ly)$/;
const NON_TOPIC_WORDS = new Set(
  (
    'aims allows applies asks becomes begins brings changes comes costs covers depends gets gives goes helps holds includes ' +
    'keeps lets lives looks makes means moves needs offers owns pays provides puts reaches remains requires runs says sees ' +
    'seems sets shows stays suits takes tends turns uses works ' +
    'became began bought came fell found gave got grew held kept lost made paid rose said saw sold spent took went ' +
    'allow apply ask become bring choose come cost cover depend feel give go help hold include keep let live look make mean ' +
    'move offer own pay plan provide put reach remain require run seem set show stay suit take tend turn use work ' +
    'one two three four five six seven eight nine ten first second third several many various usually often always never'
  ).split(' '),
);

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
 * Proposes up to three follow-up questions, in this order of preference:
 * 1. the other sections of the sources the answer used, in document order;
 * 2. the headings of other related passages, best first;
 * 3. key phrases of the passages used that recur in their sources ({@link keyPhrases}).
 *
 * A candidate is dropped when all its terms are already in the question, when it
 * repeats an earlier question or a heading just answered, and when its terms are
 * all among those of a candidate kept before it (or the other way round), so
 * follow-ups never repeat the question or each other.
 */
export function suggestFollowUps(input: FollowUpInput): string[] {
  const pick = picker(input.question, input.asked ?? [], input.limit ?? MAX_FOLLOW_UPS);
  const usedSet = new Set(input.used);
  // The headings of the passages used are what was just answered: not worth proposing.
  for (const passage of input.used) pick.exclude(topicHeading(passage));

  const usedSources = new Set(input.used.map((p) => p.source));
  for (const passage of input.passages) {
    if (usedSources.has(passage.source) && !usedSet.has(passage)) pick.offer(headingQuestion(passage));
  }
  const best = input.ranked[0]?.score ?? 0;
  for (const { passage, score } of input.ranked) {
    if (score < best * RELATED_SCORE_SHARE) break;
    if (!usedSet.has(passage)) pick.offer(headingQuestion(passage));
  }
  const pool = input.passages.filter((p) => usedSources.has(p.source));
  for (const phrase of keyPhrases(input.used, pool)) pick.offer(`What about ${lowerFirst(phrase)}?`);
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
  const firsts = new Map<string, string>();
  for (const passage of passages) {
    const q = headingQuestion(passage);
    if (q !== null && !firsts.has(passage.source)) firsts.set(passage.source, q);
  }
  for (const q of firsts.values()) pick.offer(q);
  for (const passage of passages) pick.offer(headingQuestion(passage));
  return pick.result;
}

/** Collects distinct candidates that add something to the question, up to a limit. */
function picker(question: string, asked: readonly string[], limit: number) {
  const questionTerms = new Set(queryTerms(question));
  const seen = new Set<string>([question, ...asked].map(termKey));
  const result: string[] = [];
  const accepted: Set<string>[] = [];
  return {
    result,
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

/** The passage's own heading, when it names a topic (not "Overview", not the document's title). */
function topicHeading(passage: Passage): string | null {
  const heading = passage.headings.at(-1);
  if (!heading) return null;
  const bare = heading.replace(/[:.]+$/, '').trim();
  if (GENERIC_HEADINGS.has(bare.toLowerCase())) return null;
  if (termKey(bare) === termKey(passage.source.replace(/\.[a-z]+$/i, ''))) return null;
  return bare;
}

/**
 * A heading as the visitor would ask it: kept when it is a question; "How we choose
 * your profile" becomes "How do you choose my profile?"; a topic becomes "What about …?".
 */
export function headingQuestion(passage: Passage): string | null {
  const heading = topicHeading(passage);
  if (heading === null) return null;
  if (heading.endsWith('?')) return heading;
  const spoken = fromVisitor(heading);
  const clause = /^(how|what|why|when|where|which)\s+we\s+/i.exec(spoken);
  if (clause) return `${clause[1]} do you ${spoken.slice(clause[0].length)}?`;
  if (QUESTION_START.test(spoken)) return `${spoken}?`;
  return `What about ${lowerFirst(spoken)}?`;
}

// The site writes "your" and "our"; the visitor asks about "my" and "your".
function fromVisitor(text: string): string {
  return text.replace(/\b(your|our)\b/gi, (word) => {
    const swapped = word.toLowerCase() === 'your' ? 'my' : 'your';
    return /^\p{Lu}/u.test(word) ? swapped.charAt(0).toUpperCase() + swapped.slice(1) : swapped;
  });
}

/**
 * Key phrases of the passages used: two- and three-word runs of content words
 * (between punctuation, stop words and likely verbs), those that occur most often in
 * `pool` (the sources' passages) first, as they name a topic rather than a chance
 * pairing; then by first appearance.
 */
export function keyPhrases(used: readonly Passage[], pool: readonly Passage[] = used): string[] {
  const counts = new Map<string, number>();
  for (const passage of pool) {
    for (const phrase of phrasesOf(passage)) counts.set(phrase.key, (counts.get(phrase.key) ?? 0) + 1);
  }
  const found = new Map<string, { phrase: string; count: number; order: number }>();
  for (const passage of used) {
    for (const { key, phrase } of phrasesOf(passage)) {
      const count = counts.get(key) ?? 0;
      if (!found.has(key)) found.set(key, { phrase, count, order: found.size });
    }
  }
  return [...found.values()].sort((a, b) => b.count - a.count || a.order - b.order).map((e) => e.phrase);
}

// The phrases of each passage object: passages of remembered documents (retrieval's
// document cache) keep theirs, so a question does not split its sources' text again (issue 14).
const passagePhrases = new WeakMap<Passage, readonly Phrase[]>();

interface Phrase {
  key: string;
  phrase: string;
}

function phrasesOf(passage: Passage): readonly Phrase[] {
  let phrases = passagePhrases.get(passage);
  if (!phrases) {
    phrases = splitPhrases(passage);
    passagePhrases.set(passage, phrases);
  }
  return phrases;
}

function splitPhrases(passage: Passage): Phrase[] {
  const phrases: Phrase[] = [];
  const addRun = (run: string[]) => {
    // Longer phrases first: "chosen super fund" before "chosen super".
    for (let n = 3; n >= 2; n--) {
      for (let i = 0; i + n <= run.length; i++) {
        const phrase = run.slice(i, i + n).join(' ');
        phrases.push({ key: termKey(phrase), phrase });
      }
    }
  };
  for (const sentence of passage.sentences) {
    for (const clause of sentence.split(/[,.;:!?()[\]"“”—–]+|\s-\s/)) {
      let run: string[] = [];
      for (const word of clause.split(/\s+/)) {
        if (isTopicWord(word)) {
          run.push(word);
        } else {
          addRun(run);
          run = [];
        }
      }
      addRun(run);
    }
  }
  return phrases;
}

function isSubset(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const item of a) if (!b.has(item)) return false;
  return true;
}

function isTopicWord(word: string): boolean {
  const lower = word.toLowerCase();
  return PHRASE_WORD.test(word) && !NON_TOPIC_WORD.test(lower) && !NON_TOPIC_WORDS.has(lower) && queryTerms(word).length === 1;
}

/** The terms of a text, sorted: equal for phrasings that differ only in stop words, case or plurals. */
function termKey(text: string): string {
  return [...new Set(queryTerms(text))].sort().join(' ');
}

// "Advice fees" → "advice fees", but "ESG funds" and "UK pensions" keep their capitals.
function lowerFirst(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
