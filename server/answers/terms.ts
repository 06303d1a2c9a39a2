/**
 * The search terms of a text: the tokenizer shared by the passages' index and the
 * visitor's question. Pure, with a memo of stems that changes no result.
 */
import { stemmer } from 'stemmer';

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
 * The Porter stemmer (the `stemmer` package), so that "fees", "fee"; "charges", "charged",
 * "charging", "charge"; "retire", "retirement"; "policies", "policy" meet. Words that are
 * not plain Latin letters, or of three letters or fewer ("bus", "tax", "etf"), pass unchanged.
 */
export function stem(word: string): string {
  if (word.length <= 3 || !LATIN_WORD.test(word)) return word;
  const known = stems.get(word);
  if (known !== undefined) return known;
  const result = stemmer(word);
  // The result depends on the word alone, so a memo changes nothing but the time
  // taken; it is emptied when full, as the words of the documents are unbounded.
  if (stems.size >= MAX_STEMS) stems.clear();
  stems.set(word, result);
  return result;
}

const stems = new Map<string, string>();
const MAX_STEMS = 50_000;

/** The distinct terms of a question, in order of first appearance. */
export function queryTerms(question: string): string[] {
  return [...new Set(tokenize(question))];
}
