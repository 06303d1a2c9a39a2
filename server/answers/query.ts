/**
 * A visitor's question as retrieval searches it: its own terms, each with the words
 * that mean the same (synonyms.json), and the phrases of the question that have
 * synonyms of their own ("buy a house" → "first home", "take out" → "withdraw").
 *
 * Synonyms are applied to the question only, at query time: the documents' passages
 * are indexed once, as they are written.
 */
import synonymData from './synonyms.json';
import { stem, tokenize } from './terms';
import type { AnswerRequest } from './types';

/** A synonym's term frequency counts this share of one of the question's own words. */
export const SYNONYM_WEIGHT = 0.7;

/**
 * A light verb of the question ("make" a complaint, "get" my money) counts this share of a
 * word that names the topic: rare in the documents, it would otherwise outweigh the topic.
 */
export const LIGHT_VERB_WEIGHT = 0.3;

// Verbs that carry little meaning of their own in a question, stemmed as the tokenizer stems them.
const LIGHT_VERBS = new Set(['make', 'get', 'put', 'use', 'go', 'give', 'keep', 'take', 'happen', 'work', 'need', 'hold', 'mean']);

/** One way a concept of the question may be written in a passage. */
export interface Alternative {
  /** The passage terms, in order: one term, or a phrase of consecutive terms. */
  terms: readonly string[];
  /** 1 for the question's own words, {@link SYNONYM_WEIGHT} for a synonym. */
  weight: number;
}

/** Something the question asks about, and the ways a passage may say it. */
export interface Concept {
  /** The question's own terms this concept stands for (matched when any alternative is found). */
  covers: readonly string[];
  alternatives: readonly Alternative[];
  /** How much the concept counts: 1, or {@link LIGHT_VERB_WEIGHT} for a light verb. @default 1 */
  weight?: number;
}

/** A question, searched: its distinct terms, and the concepts that are scored. */
export interface Query {
  /** The question's distinct terms, in order (as {@link tokenize} gives them). */
  terms: readonly string[];
  /** One concept per term, then one per phrase of the question that has synonyms. */
  concepts: readonly Concept[];
}

// Words a phrase may carry or drop without changing what it names ("buy a house", "buy my house").
const ARTICLES = new Set(['a', 'an', 'the', 'my', 'your', 'our', 'some']);
const WORD = /\p{N}+(?:[.,]\p{N}+)+|[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;

interface Member {
  text: string;
  /** The member's words, stemmed, articles left out: how it is found in a question. */
  words: string[];
  /** Its passage terms, or null when it cannot be searched in a passage (its meaning rests on a stop word: "take out"). */
  terms: string[] | null;
}

let groups: Member[][] | null = null;

/** The synonym groups, read once, on first use. */
function synonymGroups(): Member[][] {
  groups ??= (synonymData as { groups: string[][] }).groups.map((group) => group.map(member));
  return groups;
}

function member(text: string): Member {
  const words = phraseWords(text);
  const terms = tokenize(text);
  // Searchable when only articles were dropped ("buy a house" is [buy, hous]), or when two words or more
  // that name it remain ("date of birth" is [date, birth]); "take out" is not [take].
  return { text, words, terms: terms.length >= 2 || (terms.length > 0 && terms.length === words.length) ? terms : null };
}

/** A text's words, lower-cased and stemmed, stop words kept, articles dropped. */
function phraseWords(text: string): string[] {
  const words: string[] = [];
  for (const word of text.toLowerCase().normalize('NFKC').match(WORD) ?? []) {
    const bare = word.replace(/['’]s$/, '').replace(/['’]/g, '');
    if (!ARTICLES.has(bare)) words.push(stem(bare));
  }
  return words;
}

// Words that point at what the visitor is looking at, or ask what it says, rather than name a
// topic: "what fees does this document mention?" is about fees.
const POINTING =
  /\b(?:(?:this|that|the) (?:document|page|pdf|file|video|guide|website|site|screen)|mention(?:s|ed)?|talk(?:s|ed)? about|cover(?:s|ed)?)\b/gi;

const POINTING_AT = /\b(?:this|that) (?:document|page|pdf|file|video|guide|website|site|screen)\b/i;

// A visitor may put a word or two inside a phrase: "take my money out", "buy a new house".
const MAX_PHRASE_GAP = 2;

const POINTED_KIND = /\b(?:this|that|the) (?:(video|clip)|document|pdf|file|guide|statement)\b/i;

/**
 * The focus a question gives itself by pointing at what the page shows: "What is this video about?" asked in the
 * chat window of a page with one video in a slot is about that video, as in its Ask-question modal (widget-spec §4).
 * The request's own focus stays; a pointing word that could mean more than one of the page's sources gives none.
 */
export function pointedFocus(request: Pick<AnswerRequest, 'question' | 'focus' | 'onPage'>): AnswerRequest['focus'] {
  if (request.focus || !request.onPage?.length) return request.focus;
  const pointed = POINTED_KIND.exec(request.question);
  if (!pointed) return undefined;
  const kind = pointed[1] ? 'video' : 'document';
  const candidates = request.onPage.filter((s) => s.kind === kind);
  return candidates.length === 1 ? { id: candidates[0]!.id, name: candidates[0]!.name } : undefined;
}

/** Whether the question only points at what the visitor is looking at ("What is this video about?", "Summarise this document"). */
export function onlyPoints(question: string): boolean {
  return POINTING_AT.test(question) && tokenize(question.replace(POINTING, ' ')).length === 0;
}

/** Whether `needle` occurs in `haystack` in order, with at most {@link MAX_PHRASE_GAP} other items between two of its items. */
function containsLoosely(haystack: readonly string[], needle: readonly string[]): boolean {
  for (let start = 0; start < haystack.length; start++) {
    if (haystack[start] !== needle[0]) continue;
    let at = start;
    let found = 1;
    for (; found < needle.length; found++) {
      const next = haystack.indexOf(needle[found]!, at + 1);
      if (next === -1 || next - at - 1 > MAX_PHRASE_GAP) break;
      at = next;
    }
    if (found === needle.length) return true;
  }
  return false;
}

/** How many times `needle` occurs in `haystack` as consecutive items. */
export function countRuns(haystack: readonly string[], needle: readonly string[]): number {
  if (needle.length === 0) return 0;
  let count = 0;
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    let j = 0;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) count++;
  }
  return count;
}

/**
 * The question as a {@link Query}. Each of its terms is a concept, written as itself or as
 * a one-word synonym; each synonym phrase found in the question (several words, articles
 * ignored) adds a concept covering its terms, written as any other member of its group.
 * With `synonyms` false, the concepts are the terms alone; `given` replaces the question's terms.
 */
export function buildQuery(question: string, synonyms = true, given?: readonly string[]): Query {
  // "What is this video about?" has nothing but what it points at: that is then what it asks about.
  const topical = given ? '' : question.replace(POINTING, ' ');
  if (!given && tokenize(topical).length > 0) question = topical;
  const terms = [...new Set(given ?? tokenize(question))];
  if (!synonyms) return { terms, concepts: terms.map((t) => ({ covers: [t], alternatives: [{ terms: [t], weight: 1 }] })) };
  const words = phraseWords(question);
  const concepts: Concept[] = terms.map((term) => {
    const alternatives: Alternative[] = [{ terms: [term], weight: 1 }];
    for (const group of synonymGroups()) {
      if (!group.some((m) => m.terms?.length === 1 && m.terms[0] === term && m.words.length === 1)) continue;
      addOthers(alternatives, group, [term]);
    }
    return LIGHT_VERBS.has(term) && alternatives.length === 1
      ? { covers: [term], alternatives, weight: LIGHT_VERB_WEIGHT }
      : { covers: [term], alternatives };
  });
  // The words of a phrase that means something only whole ("take out"): not searched alone.
  const wholeOnly = new Set<string>();
  for (const group of synonymGroups()) {
    for (const phrase of group) {
      if (phrase.words.length < 2 || !containsLoosely(words, phrase.words)) continue;
      const covers = tokenize(phrase.text).filter((t) => terms.includes(t));
      const own = phrase.terms ? [{ terms: phrase.terms, weight: 1 }] : [];
      const alternatives: Alternative[] = [...own];
      addOthers(alternatives, group, phrase.terms ?? []);
      if (alternatives.length === 0 || covers.length === 0) continue;
      concepts.push({ covers, alternatives });
      if (!phrase.terms) for (const term of covers) wholeOnly.add(term);
    }
  }
  return {
    terms,
    concepts: concepts.filter((c) => !(c.covers.length === 1 && wholeOnly.has(c.covers[0]!) && c.alternatives.length === 1)),
  };
}

function addOthers(alternatives: Alternative[], group: readonly Member[], own: readonly string[]): void {
  for (const other of group) {
    if (!other.terms) continue;
    const key = other.terms.join(' ');
    if (key === own.join(' ') || alternatives.some((a) => a.terms.join(' ') === key)) continue;
    alternatives.push({ terms: other.terms, weight: SYNONYM_WEIGHT });
  }
}
