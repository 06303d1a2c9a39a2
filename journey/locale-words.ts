/**
 * A locale's words (journey/locale.ts loads this module once a language other than English is chosen or was, so a
 * first visit in English never carries it): each catalogue module's words, a chunk per locale and module
 * (journey/locales/<locale>/<module>.ts, the English module's export names in the same shapes), loaded when the
 * English module is needed and assigned into the English catalogue's objects, so every view reads the locale's words
 * where it reads English. Switching back puts the English words back. A locale chunk that fails to load keeps English.
 */
import type { CatalogueModule, Locale } from './locale';
import {
  ASSET_LABELS,
  BENEFIT_LABELS,
  DASHBOARD_WORDS,
  DATE_OF_BIRTH_ERRORS,
  DEBT_LABELS,
  ELIGIBILITY_MESSAGES,
  EMPLOYMENT_LABELS,
  FIELD_MESSAGES,
  FRAME_WORDS,
  FREQUENCY_LABELS,
  GOAL_LABELS,
  INCOME_SOURCE_LABELS,
  INSURANCE_LABELS,
  LOCALE_NAMES,
  OWNER_LABELS,
  QUESTION_WORDS,
  RELATIONSHIP_LABELS,
  RETIREMENT_WORDS,
  REVIEW_WORDS,
  RISK_DESCRIPTIONS,
  RISK_LABELS,
  ROW_LIST_WORDS,
  SCREEN_TITLES,
  STEP_LABELS,
  UNIT_WORDS,
  YES_NO_LABELS,
} from './messages';
import type * as En from './messages';

type Words = Record<string, unknown>;
/** Loads a locale's module of words (by default its chunk). */
export type LoadWords = (locale: Exclude<Locale, 'en'>, module: CatalogueModule) => Promise<Words>;

// one chunk per locale and module, found by the build (a locale without a module keeps English)
const localeChunk: LoadWords = (locale, module) => import(`./locales/${locale}/${module}.ts`);

/**
 * The first visit's catalogue (journey/messages.ts), by export: the objects a locale's words are assigned into (its
 * single words, the product's name, `say` and `sayDateOfBirthProblem` (which read them), stay as they are). A new export fails `tsc` here until it is listed.
 */
const MESSAGES = {
  FIELD_MESSAGES,
  RETIREMENT_WORDS,
  ELIGIBILITY_MESSAGES,
  YES_NO_LABELS,
  RELATIONSHIP_LABELS,
  GOAL_LABELS,
  EMPLOYMENT_LABELS,
  FREQUENCY_LABELS,
  INCOME_SOURCE_LABELS,
  BENEFIT_LABELS,
  ASSET_LABELS,
  DEBT_LABELS,
  OWNER_LABELS,
  RISK_LABELS,
  RISK_DESCRIPTIONS,
  INSURANCE_LABELS,
  STEP_LABELS,
  SCREEN_TITLES,
  UNIT_WORDS,
  DATE_OF_BIRTH_ERRORS,
  QUESTION_WORDS,
  FRAME_WORDS,
  LOCALE_NAMES,
  DASHBOARD_WORDS,
  ROW_LIST_WORDS,
  REVIEW_WORDS,
} satisfies { [K in Exclude<keyof typeof En, 'PRODUCT_NAME' | 'say' | 'sayDateOfBirthProblem'>]: unknown };

/** The English catalogue's modules (the first visit's is loaded already). */
const ENGLISH: Record<CatalogueModule, () => Promise<Words>> = {
  messages: async () => MESSAGES,
  'messages-on-demand': () => import('./messages-on-demand'),
  'messages-advice': () => import('./messages-advice'),
  'messages-records': () => import('./messages-records'),
};

const isObject = (v: unknown): v is Words => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown) => typeof v === 'string' || typeof v === 'function';

/**
 * Assigns a locale's words into the English catalogue's objects, in place, so that whatever holds an English object
 * reads the locale's words: nested objects key by key, lists in place, a word (or a function that makes words) for a
 * word. Only keys the English catalogue has are taken; a key the locale lacks keeps its English.
 */
export function assignWords(english: Words, words: Words): void {
  for (const key of Object.keys(words)) {
    if (!(key in english)) continue;
    const to = english[key];
    const from = words[key];
    if (isObject(to) && isObject(from)) assignWords(to, from);
    else if (Array.isArray(to) && Array.isArray(from)) to.splice(0, to.length, ...from);
    // a word already in place is left: a module's own exports (a helper such as `noteText`, copied with its words) cannot be set
    else if (isText(to) && isText(from) && to !== from) english[key] = from;
  }
}

/** A deep copy of a module's words (its objects and lists; words and functions as they are), to switch back with. */
const copyWords = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(copyWords) : isObject(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, copyWords(x)])) : v;

let load: LoadWords = localeChunk;
let current: Locale = 'en';
/** Each English module whose words were assigned, with a copy of its English words. */
const assigned = new Map<CatalogueModule, { module: Words; english: Words }>();
/** Each module's words in the current locale: true once assigned, false where English stays. */
const ready = new Map<CatalogueModule, Promise<boolean>>();

async function assign(locale: Locale, module: CatalogueModule): Promise<boolean> {
  const english = await ENGLISH[module]();
  if (locale === 'en') return true;
  try {
    const words = await load(locale, module);
    // a newer choice of language while this loaded: its own assignment is the one that counts
    if (current !== locale) return false;
    if (!assigned.has(module)) assigned.set(module, { module: english, english: copyWords(english) as Words });
    assignWords(english, words);
    return true;
  } catch (err) {
    console.warn(`${module} (${locale}) did not load: English stays`, err);
    return false;
  }
}

/** The module's words in `locale`, assigned once (resolves false where English stays; rejects if English fails to load). */
export function wordsReady(locale: Locale, module: CatalogueModule): Promise<boolean> {
  let done = ready.get(module);
  if (!done) {
    done = assign(locale, module);
    ready.set(module, done);
    // a failed English chunk is tried again next time
    done.catch(() => ready.delete(module));
  }
  return done;
}

/**
 * Makes `locale` the words' language: English put back where a locale's were assigned, then the locale's words for
 * the first visit's module, every other module assigned before and those the views have shown (`shown`); resolves whether its first words loaded.
 */
export async function setWords(locale: Locale, loadWords?: LoadWords, shown: Iterable<CatalogueModule> = []): Promise<boolean> {
  current = locale;
  if (loadWords) load = loadWords;
  for (const { module, english } of assigned.values()) assignWords(module, english);
  ready.clear();
  // the modules a page showed in English before any other language was chosen are assigned too
  const modules = new Set<CatalogueModule>(['messages', ...assigned.keys(), ...shown]);
  const [first] = await Promise.all([...modules].map((m) => wordsReady(locale, m)));
  return first === true;
}
