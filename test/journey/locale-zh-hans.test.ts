/**
 * The journey's Simplified Chinese catalogue (journey/locales/zh-Hans) against the English one, entry by entry: the
 * same exports and keys, nothing empty or left in English, every word made when shown returning Chinese that carries
 * the figures it was given, and the same figures as the English sentence (a translation adds no number and drops none).
 * Whether the Chinese says what the English says is a translator's check; these are the structural ones.
 */
import { describe, expect, it } from 'vitest';
import { computeAdvice, type AdviceNote } from '../../journey/engine';
import type { UnsuitableFigures } from '../../journey/engine/unsuitable';
import * as Zh from '../../journey/locales/zh-Hans/messages';
import * as ZhAdvice from '../../journey/locales/zh-Hans/messages-advice';
import * as ZhOnDemand from '../../journey/locales/zh-Hans/messages-on-demand';
import * as En from '../../journey/messages';
import * as EnAdvice from '../../journey/messages-advice';
import * as EnOnDemand from '../../journey/messages-on-demand';
import type { ReasonWords } from '../../journey/messages-on-demand';
import { household, type Household } from './engine-fixtures';

/**
 * Exports of the English catalogue that hold no words (helpers: `say`, `noteText`, which says the notes of
 * NOTE_WORDS, `sayReason` and `reasonProblem`, which say UNSUITABLE_WORDS, `sayDateOfBirthProblem`, which says
 * DATE_OF_BIRTH_ERRORS, and `sayMissing`, which says MISSING_WORDS): not mirrored, since a locale mirrors the objects its
 * words are assigned into.
 */
const NOT_WORDS = new Set(['say', 'noteText', 'sayReason', 'reasonProblem', 'sayDateOfBirthProblem', 'sayMissing']);

// tsc fails here when the Chinese lacks an export of the English that holds words (each export's keys are checked
// where it is written, by `satisfies typeof En.X`)
type Missing<E, Z> = Exclude<
  keyof E,
  keyof Z | 'say' | 'noteText' | 'sayReason' | 'reasonProblem' | 'sayDateOfBirthProblem' | 'sayMissing'
>;
type None<T> = [T] extends [never] ? true : false;
const ALL_MIRRORED: [
  None<Missing<typeof En, typeof Zh>>,
  None<Missing<typeof EnOnDemand, typeof ZhOnDemand>>,
  None<Missing<typeof EnAdvice, typeof ZhAdvice>>,
] = [true, true, true];

/** Entries that read the same in both languages: names and symbols kept in Latin letters. */
const SAME_AS_ENGLISH = new Set([
  // the brand
  'PRODUCT_NAME',
  // the date pattern the field reads (the hint beside it says 日/月/年)
  'QUESTION_WORDS.dateOfBirth.placeholder',
  // a dash for an amount not entered
  'REVIEW_WORDS.noAmount',
  // the exponent of the formula, a mathematical symbol
  'ADVICE_WORDS.computed.n',
  // a label, or a sentence's start, read as it is: Chinese has no letter case
  'ADVICE_WORDS.parts.inSentence',
  'ADVICE_WORDS.parts.sentenceStart',
  // each language named in its own language, the same in every locale
  'LOCALE_NAMES.en',
  'LOCALE_NAMES.ar',
  'LOCALE_NAMES.zh-Hans',
]);

/** Entries that punctuate a name or a figure and hold no words of their own: Chinese punctuation, checked for its figures. */
const PUNCTUATION_ONLY = new Set(['ADVICE_WORDS.computed.allOfIt', 'ADVICE_WORDS.statement.employment']);

/** Words a Chinese entry may keep in Latin letters: brands, official names beside their Chinese, abbreviations, symbols. */
const LATIN_KEPT = new Set(
  [
    'Horizon Advice Moneysmart moneysmart gov au AU',
    'superannuation Medicare levy surcharge Age Pension Family Tax Benefit Disability Support JobSeeker Payment',
    'trauma franking credits seniors and pensioners tax offset',
    'AFSL AFCA AEST PDS FSG TPD PDF Word Markdown DD MM YYYY',
    'National Debt Helpline',
  ]
    .join(' ')
    .split(' '),
);

const HAN = /\p{Script=Han}/u;
/** Words in Latin letters, but a sentence's slots (`{example}`, filled by the page). */
const latinWords = (s: string) => s.replace(/\{\w+\}/g, '').match(/[A-Za-z]{2,}/g) ?? [];
/** The figures in a text ("$64,004", "2.5%", "2026-27" → 64,004, 2.5, 2026, 27), as a sorted set. */
const figures = (s: string) => [...new Set(s.match(/\d+(?:[.,]\d+)*/g) ?? [])].sort();

/** Sample parameters: figures that no entry writes itself, so each can be found in what it returns. */
const ARGS = ['137', '248', '359', '461', '572', '683', '794', '815', '926', '531'];
/**
 * Entries whose parameters must be of a kind: a step of the progress bar, a risk style's or a row's name (as the
 * locale's labels give it), or a clause the page fills in (bracketed, so that it does not run into the figure before it).
 */
const ARGS_FOR: Record<string, string[]> = {
  'DASHBOARD_WORDS.step': ['3', '7'],
  'ADVICE_WORDS.computed.inPortfolioGrowthDefensive': [Zh.RISK_LABELS.moderate, '248', '359'],
  'ADVICE_WORDS.computed.workedOutForPortfolio': [Zh.RISK_LABELS.moderate, '248', '359'],
  'ADVICE_WORDS.sample.inPortfolioTheInvestment': [Zh.RISK_LABELS.moderate, '248', '359'],
  // a sentence made of its parameters and punctuation: the frequency's and the row's labels, in the locale
  'REVIEW_WORDS.amountPer': ['137', Zh.FREQUENCY_LABELS.weekly],
  'REVIEW_WORDS.item': [Zh.ASSET_LABELS.cash, '137'],
  'ADVICE_WORDS.computed.yourTakeHomePay': ['137', '248', '(359)', '461', '(572)', '(683)', '794'],
  'ADVICE_WORDS.computed.assessableIncomeLessIncome': ['137', '248', '359', '461', '572', '(683)', '(794)', '815', '926', '531'],
};

type Found = { path: string; problem: string };

/** Exports said from the engine's results, compared from real figures below. */
const FROM_ENGINE = new Set(['REASON_WORDS', 'NOTE_WORDS', 'UNSUITABLE_WORDS']);

/** What is wrong with a Chinese entry against its English one, recursively ([] when nothing is). */
function compare(en: unknown, zh: unknown, path: string): Found[] {
  const wrong = (problem: string): Found[] => [{ path, problem }];
  if (typeof en === 'string') return typeof zh === 'string' ? checkText(en, zh, path) : wrong(`is ${typeof zh}, not a string`);
  if (typeof en === 'function') {
    if (typeof zh !== 'function') return wrong(`is ${typeof zh}, not a function`);
    const arity = zh.length === en.length ? [] : wrong(`takes ${zh.length} parameters, the English ${en.length}`);
    const args = ARGS_FOR[path] ?? ARGS.slice(0, en.length);
    const said: unknown = zh(...args);
    if (typeof said !== 'string') return [...arity, ...wrong(`returns ${typeof said}`)];
    const unshown = args
      .filter((a) => /\d/.test(a) && !said.includes(a))
      .flatMap((a) => wrong(`does not show its parameter ${a}: ${said}`));
    return [...arity, ...unshown, ...checkText(String(en(...args)), said, path)];
  }
  if (Array.isArray(en)) {
    if (!Array.isArray(zh) || zh.length !== en.length)
      return wrong(`has ${Array.isArray(zh) ? zh.length : 'no'} items, the English ${en.length}`);
    return en.flatMap((item, i) => compare(item, zh[i], `${path}[${i}]`));
  }
  if (en && typeof en === 'object') {
    if (!zh || typeof zh !== 'object') return wrong('is not an object');
    const enKeys = Object.keys(en).sort();
    const zhKeys = Object.keys(zh).sort();
    const keys = enKeys.join() === zhKeys.join() ? [] : wrong(`has keys ${zhKeys.join()}, the English ${enKeys.join()}`);
    return [
      ...keys,
      ...enKeys.flatMap((k) => compare((en as Record<string, unknown>)[k], (zh as Record<string, unknown>)[k], `${path}.${k}`)),
    ];
  }
  return [];
}

/** What is wrong with a Chinese text against its English one: empty, the English, not Chinese, other slots or other figures. */
function checkText(en: string, zh: string, path: string, latinKept: Set<string> = LATIN_KEPT): Found[] {
  const wrong = (problem: string): Found[] => [{ path, problem: `${problem}: ${JSON.stringify(zh)}` }];
  if (zh.trim() === '') return wrong('is empty');
  if (SAME_AS_ENGLISH.has(path)) return zh === en ? [] : wrong('should read as the English');
  if (zh === en) return wrong('is the English');
  const english = latinWords(zh).filter((w) => !latinKept.has(w));
  const slots = (t: string) =>
    [...t.matchAll(/\{(\w+)\}/g)]
      .map((m) => m[1])
      .sort()
      .join();
  return [
    // a sentence's slots ({path}, {goal}, …) are filled by the page: the Chinese keeps each one
    ...(slots(zh) === slots(en) ? [] : wrong(`has the slots ${slots(zh)}, the English ${slots(en)}`)),
    ...(HAN.test(zh) || PUNCTUATION_ONLY.has(path) ? [] : wrong('has no Chinese')),
    ...(english.length > 0 ? wrong(`keeps English words (${english.join(' ')})`) : []),
    // the months' names are numbers in Chinese (1月, 2月, …)
    ...(path.startsWith('DATE_OF_BIRTH_ERRORS.months') || figures(zh).join() === figures(en).join()
      ? []
      : wrong(`has the figures ${figures(zh).join(' ')}, the English ${figures(en).join(' ')}`)),
  ];
}

/** Every export of an English module that holds words, compared with the Chinese module's export of the same name. */
function compareModule(en: Record<string, unknown>, zh: Record<string, unknown>): Found[] {
  // the reasons, the notes and the reasons not to invest take the engine's results: compared below, from their figures
  const words = Object.keys(en).filter((n) => !NOT_WORDS.has(n) && !FROM_ENGINE.has(n));
  return [
    ...Object.keys(en)
      .filter((n) => !NOT_WORDS.has(n) && !(n in zh))
      .map((n) => ({ path: n, problem: 'is missing' })),
    ...words.filter((n) => n in zh).flatMap((n) => compare(en[n], zh[n], n)),
  ];
}

describe('the Simplified Chinese catalogue mirrors the English', () => {
  it('has every export that holds words (checked by tsc too)', () => {
    expect(ALL_MIRRORED).toEqual([true, true, true]);
  });

  it.each([
    ['journey/messages.ts', En, Zh],
    ['journey/messages-on-demand.ts', EnOnDemand, ZhOnDemand],
    ['journey/messages-advice.ts', EnAdvice, ZhAdvice],
  ] as const)('%s: every key, in Chinese, with the same figures and the parameters shown', (_, en, zh) => {
    expect(compareModule(en, zh)).toEqual([]);
  });

  it('names the step by its Chinese label where the dashboard says where the visitor was', () => {
    expect(Zh.DASHBOARD_WORDS.step(3, 7)).toContain(Zh.STEP_LABELS[3]);
  });

  it('has twelve months and four journeys, like the English', () => {
    expect(Zh.DATE_OF_BIRTH_ERRORS.months).toHaveLength(En.DATE_OF_BIRTH_ERRORS.months.length);
    expect(Zh.DASHBOARD_WORDS.journeys).toHaveLength(En.DASHBOARD_WORDS.journeys.length);
  });

  it('catches an entry left in English, an empty one, a lost parameter and a changed figure (the check itself)', () => {
    const found = compare(
      { a: 'Goal', b: 'Save 30%', c: (n: number) => `${n} years`, d: 'x', e: ['One'] },
      { a: 'Goal', b: '储蓄 20%', c: () => '几年', d: ' ', e: [] },
      'X',
    );
    // X.c: a parameter lost, not shown, and its figure gone
    expect(found.map((f) => f.path)).toEqual(['X.a', 'X.b', 'X.c', 'X.c', 'X.c', 'X.d', 'X.e']);
  });

  it('catches a sentence that lost or renamed a slot the page fills (the check itself)', () => {
    const found = compare({ a: 'No page at {path}.', b: 'Page {page} of {pages}' }, { a: '{pat} 没有页面。', b: '第 {page} 页' }, 'X');
    expect(found.map((f) => f.path)).toEqual(['X.a', 'X.b']);
  });
});

/** Households that take the recommendation's reasons down each of their branches. */
const HOUSEHOLDS: Record<string, Household> = {
  'reachable, with savings to start': {},
  'the emergency fund not yet built': { cash: '1000' },
  'out of reach, with all three levers': { goalAmount: '400000', goalYears: '8', savings: '1500' },
  'out of reach, with no longer time that works': { goalAmount: '400000', goalYears: '5', savings: '500' },
  'no regular investment needed, savings left over': { cash: '200000' },
  'big expenses not covered by cash': { bigSpends: ['30000'], cash: '25000' },
  'big expenses covered by cash': { bigSpends: ['3000'], cash: '60000' },
  'the sample household': { income: '215000', cash: '50265', savings: '6421', riskStyle: 'moderately-aggressive' },
};

describe('the Simplified Chinese reasons for a recommendation', () => {
  it.each(Object.entries(HOUSEHOLDS))('%s: one Chinese reason per English one, with the same figures', (_, h) => {
    const advice = computeAdvice(household(h), { asOf: new Date(2026, 10, 21), paths: 200 });
    expect(advice.status).toBe('recommended');
    if (advice.status !== 'recommended') return;
    const en = EnAdvice.REASON_WORDS.reasons(advice.reasons);
    const zh = ZhAdvice.REASON_WORDS.reasons(advice.reasons);
    expect(zh).toHaveLength(en.length);
    const enAssumptions = EnAdvice.REASON_WORDS.chartAssumptions(advice.reasons);
    const zhAssumptions = ZhAdvice.REASON_WORDS.chartAssumptions(advice.reasons);
    expect(zhAssumptions).toHaveLength(enAssumptions.length);
    expect([
      ...en.flatMap((e, i) => checkText(e, zh[i] ?? '', `reasons[${i}]`)),
      ...checkText(EnAdvice.REASON_WORDS.chartSummary(advice.reasons), ZhAdvice.REASON_WORDS.chartSummary(advice.reasons), 'chartSummary'),
      ...enAssumptions.flatMap((e, i) => checkText(e, zhAssumptions[i] ?? '', `chartAssumptions[${i}]`)),
    ]).toEqual([]);
  });

  it('names the goal and the investment style in Chinese', () => {
    const advice = computeAdvice(household({ riskStyle: 'moderately-aggressive' }), { asOf: new Date(2026, 10, 21), paths: 200 });
    if (advice.status !== 'recommended') throw new Error(advice.status);
    const [first] = ZhAdvice.REASON_WORDS.reasons(advice.reasons);
    expect(first).toContain(Zh.GOAL_LABELS['first-home']);
    expect(first).toContain(Zh.RISK_LABELS['moderately-aggressive']);
  });

  it('says every note on a simplification in Chinese, with its figures', () => {
    const notes: AdviceNote[] = [
      { code: 'family-medicare', familyIncomeCents: 9_876_500, dependants: 2 },
      { code: 'seniors-offset' },
      { code: 'other-income-taxed' },
      { code: 'clear-high-interest', owedCents: 523_400, fromCashCents: 523_400, notCoveredCents: 0 },
      { code: 'clear-high-interest', owedCents: 90_000, fromCashCents: 30_000, notCoveredCents: 60_000 },
      { code: 'earliest-tax-rates', taxYear: '2024-25', financialYear: '2023-24' },
    ];
    const zhNote = (n: AdviceNote) => (ZhAdvice.NOTE_WORDS[n.code] as (n: AdviceNote) => string)(n);
    expect(notes.flatMap((n) => checkText(EnAdvice.noteText(n), zhNote(n), `NOTE_WORDS.${n.code}`))).toEqual([]);
    expect(Object.keys(ZhAdvice.NOTE_WORDS).sort()).toEqual(Object.keys(EnAdvice.NOTE_WORDS).sort());
  });
});

/** The figures of every reason not to invest (journey/engine/unsuitable.ts), each branch of its words once. */
const UNSUITABLE: UnsuitableFigures[] = [
  { code: 'under-18', minAge: 18, age: 16, comeBackOn: '2028-03-14' },
  { code: 'retirement' },
  { code: 'goal-too-soon', minGoalYears: 2 },
  { code: 'goal-shorter-than-horizon', goalYears: 3, profile: 'aggressive', growth: 0.85, minHorizonYears: 7, suited: 'cautious' },
  { code: 'goal-shorter-than-horizon', goalYears: 1.5, profile: 'moderate', growth: 0.5, minHorizonYears: 4, suited: null },
  { code: 'no-income' },
  { code: 'savings-over-income', savedMonthlyCents: 123_400, netMonthlyCents: 0 },
  { code: 'savings-over-income', savedMonthlyCents: 623_400, netMonthlyCents: 512_300 },
  { code: 'no-surplus', because: 'not-saving' },
  { code: 'no-surplus', because: 'zero' },
  { code: 'no-surplus', because: 'under-a-cent' },
  {
    code: 'high-interest-debt',
    highInterestRate: 0.1,
    debts: [
      { rowId: 1, type: 'credit-card', owner: 'self', valueCents: 523_400, rate: 0.1999 },
      { rowId: 2, type: 'personal-loan', owner: 'partner', valueCents: null, rate: null },
      { rowId: 3, type: 'other', owner: 'joint', valueCents: 71_500, rate: 0.145 },
    ],
  },
  { code: 'high-interest-debt', highInterestRate: 0.1, debts: [{ rowId: 1, type: 'car-loan', owner: '', valueCents: 90_000, rate: 0.12 }] },
];

describe('the Simplified Chinese reasons not to invest', () => {
  it('has every reason the English has', () => {
    expect(Object.keys(ZhOnDemand.UNSUITABLE_WORDS).sort()).toEqual(Object.keys(EnOnDemand.UNSUITABLE_WORDS).sort());
  });

  it.each(UNSUITABLE.map((f, i) => [`${f.code} (${i})`, f] as const))('%s: title, why and what instead, with the same figures', (_, f) => {
    const say = (words: typeof EnOnDemand.UNSUITABLE_WORDS) => (words[f.code] as (f: UnsuitableFigures) => ReasonWords)(f);
    const en = say(EnOnDemand.UNSUITABLE_WORDS);
    const zh = say(ZhOnDemand.UNSUITABLE_WORDS);
    expect(
      (['title', 'explanation', 'instead'] as const).flatMap((k) => checkText(en[k], zh[k], `UNSUITABLE_WORDS.${f.code}.${k}`)),
    ).toEqual([]);
  });
});
