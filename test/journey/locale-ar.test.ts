/**
 * The journey's Arabic catalogue (journey/locales/ar) against the English one, checked on its structure: every English
 * entry that holds words has an Arabic one of the same shape, no Arabic entry is empty, English or without Arabic
 * letters (but the names that stay in Latin letters), a sentence keeps its slots, and every figure the English says,
 * the Arabic says too, for fixed words, for words made from sample parameters, and for a recommendation's reasons
 * worked out by the engine. The words themselves are a translator's to check; the figures and the shape are not.
 */
import { describe, expect, it } from 'vitest';
import { computeAdvice, type AdviceNote } from '../../journey/engine';
import type { UnsuitableFigures } from '../../journey/engine/unsuitable';
import * as ArAdvice from '../../journey/locales/ar/messages-advice';
import * as ArOnDemand from '../../journey/locales/ar/messages-on-demand';
import * as Ar from '../../journey/locales/ar/messages';
import { count, DAYS, MONTHS, YEARS, YEARS_ALONE } from '../../journey/locales/ar/counts';
import * as EnAdvice from '../../journey/messages-advice';
import * as EnOnDemand from '../../journey/messages-on-demand';
import * as En from '../../journey/messages';
import { household } from './engine-fixtures';

/** The English exports that hold no words (helpers), so have no Arabic. */
const WORDLESS = new Set(['say', 'noteText', 'sayReason', 'reasonProblem', 'sayDateOfBirthProblem', 'sayMissing']);
/** Entries that are the same in both languages: names kept in Latin letters, a variable, a dash, the languages' own names. */
const LATIN = new Set([
  'PRODUCT_NAME',
  'EMBED_WORDS.documentTypes.md',
  'ADVICE_WORDS.computed.n',
  'REVIEW_WORDS.noAmount',
  'LOCALE_NAMES.en',
  'LOCALE_NAMES.ar',
  'LOCALE_NAMES.zh-Hans',
]);
/**
 * Entries that hold no words of their own: a label, or a sentence's start, read as it is (Arabic has no letter case), and
 * the punctuation around a name or a figure; checked for their figures.
 */
const NO_WORDS = new Set([
  'ADVICE_WORDS.parts.inSentence',
  'ADVICE_WORDS.parts.sentenceStart',
  'ADVICE_WORDS.computed.allOfIt',
  'ADVICE_WORDS.statement.employment',
]);
/** Entries where Arabic says a number of one or two in words (‘دولار واحد’, ‘سنتين’), so the English digit is not there. */
const SPELLED = new Set([
  'FIELD_MESSAGES.goalAmount.under-min',
  'FIELD_MESSAGES.goalYears.under-min',
  'MISSING_WORDS.goalDetails.amountUnderMin',
  'INTRODUCTION_WORDS.eligibility.suitsPoints.1',
]);
/** The words made from an engine result, checked below with the engine's figures. */
const FROM_ENGINE = new Set(['REASON_WORDS', 'NOTE_WORDS', 'UNSUITABLE_WORDS']);

/**
 * Sample parameters: distinct numbers over ten (Arabic says one and two in words), as text, which every entry accepts,
 * spaced, as a parameter may be a piece of a sentence that the entry puts straight after another.
 */
const SAMPLES = [' 37 ', ' 41 ', ' 43 ', ' 47 ', ' 53 ', ' 59 ', ' 61 ', ' 67 ', ' 71 ', ' 73 '];
/**
 * Parameters that are not sample numbers: a step that names its label; a row's name, which is the Arabic words of the
 * legend; a frequency's label and a list row's kind, the Arabic words of the review's composed values.
 */
const ARGUMENTS: Record<string, string[]> = {
  'DASHBOARD_WORDS.step': ['3', '7'],
  'ROW_LIST_WORDS.legend': ['أصل', ' 41 '],
  'REVIEW_WORDS.amountPer': [' 37 ', 'أسبوعيًا'],
  'REVIEW_WORDS.item': ['نقد', ' 41 '],
};

const ARABIC = /\p{Script=Arabic}/u;
const numbersIn = (text: string) => new Set(text.match(/\d+(?:[.,]\d+)*/g) ?? []);
const slotsIn = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Fails, with the entry's path, on what the Arabic entry lacks. */
function compare(path: string, en: unknown, ar: unknown, problems: string[]) {
  const problem = (what: string): void => {
    problems.push(`${path}: ${what}`);
  };
  if (typeof en === 'string') {
    if (typeof ar !== 'string') return problem(`a string in English, ${typeof ar} in Arabic`);
    if (ar.trim() === '') return problem('empty');
    if (!LATIN.has(path)) {
      if (ar === en) problem('the same as the English');
      if (!ARABIC.test(ar)) problem(`no Arabic letters: ${ar}`);
    }
    if (slotsIn(ar).join() !== slotsIn(en).join()) problem(`slots ${slotsIn(ar)} for the English ${slotsIn(en)}`);
    if (!SPELLED.has(path)) for (const n of numbersIn(en)) if (!numbersIn(ar).has(n)) problem(`does not say ${n}: ${ar}`);
    return;
  }
  if (typeof en === 'function') {
    if (typeof ar !== 'function') return problem(`a function in English, ${typeof ar} in Arabic`);
    if (ar.length !== en.length) return problem(`takes ${ar.length} parameters, the English ${en.length}`);
    const args = ARGUMENTS[path] ?? SAMPLES.slice(0, en.length);
    const said = ar(...args) as unknown;
    if (typeof said !== 'string' || said.trim() === '') return problem(`returns ${JSON.stringify(said)}`);
    if (!ARABIC.test(said) && !NO_WORDS.has(path)) problem(`no Arabic letters: ${said}`);
    for (const a of args.map((a) => a.trim()))
      if (/^\d+$/.test(a) && !numbersIn(said).has(a)) problem(`does not say its parameter ${a}: ${said}`);
    for (const n of numbersIn(en(...args) as string)) if (!numbersIn(said).has(n)) problem(`does not say ${n}: ${said}`);
    return;
  }
  if (Array.isArray(en)) {
    if (!Array.isArray(ar) || ar.length !== en.length)
      return problem(`${en.length} items in English, ${Array.isArray(ar) ? ar.length : 'none'} in Arabic`);
    for (const [i, item] of en.entries()) compare(`${path}.${i}`, item, ar[i], problems);
    return;
  }
  if (en && typeof en === 'object') {
    if (!ar || typeof ar !== 'object') return problem('an object in English, not in Arabic');
    const extra = Object.keys(ar).filter((k) => !(k in en));
    if (extra.length > 0) problem(`keys the English does not have: ${extra}`);
    for (const [k, v] of Object.entries(en)) compare(`${path}.${k}`, v, (ar as Record<string, unknown>)[k], problems);
    return;
  }
  problem(`an unexpected ${typeof en}`);
}

const PAIRS = [
  ['journey/messages.ts', En, Ar],
  ['journey/messages-on-demand.ts', EnOnDemand, ArOnDemand],
  ['journey/messages-advice.ts', EnAdvice, ArAdvice],
] as const;

describe('the journey’s Arabic catalogue', () => {
  for (const [file, en, ar] of PAIRS) {
    it(`mirrors every entry of ${file}, in the same shape, in Arabic, saying the same figures`, () => {
      const names = Object.keys(en).filter((k) => !WORDLESS.has(k));
      expect(Object.keys(ar).sort()).toEqual(names.sort());
      const problems: string[] = [];
      for (const name of names) {
        if (FROM_ENGINE.has(name)) continue;
        compare(name, (en as Record<string, unknown>)[name], (ar as Record<string, unknown>)[name], problems);
      }
      expect(problems).toEqual([]);
    });
  }

  it('says a recommendation’s reasons, the chart’s summary and its assumptions with the English figures, in every case the reasons tell apart', () => {
    const asOf = new Date(2026, 0, 15);
    const cases = {
      'cash covers the fund and starts the investment': household(),
      'cash short of the fund': household({ cash: '2000' }),
      'big expenses cash does not cover': household({ cash: '25000', bigSpends: ['30000'] }),
      'out of reach': household({ goalAmount: '900000', goalYears: '5' }),
      'savings enough on their own': household({ cash: '300000', goalAmount: '20000', goalYears: '8' }),
    };
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const [name, answers] of Object.entries(cases)) {
      const advice = computeAdvice(answers, { asOf, paths: 200 });
      if (advice.status !== 'recommended') {
        problems.push(`${name}: ${advice.status}`);
        continue;
      }
      const x = advice.reasons;
      if (x.needs.emergencyFund.shortfallCents > 0) seen.add('shortfall');
      if (x.needs.bigSpends.notCoveredCents > 0) seen.add('not covered');
      if (!x.reachable) seen.add('out of reach');
      if (x.monthlyNeededCents === 0 && x.leftOverCents > 0) seen.add('left over');
      if (x.reachable && x.monthlyNeededCents > 0) seen.add('monthly');
      const said: Record<string, [string[], string[]]> = {
        reasons: [EnAdvice.REASON_WORDS.reasons(x), ArAdvice.REASON_WORDS.reasons(x)],
        chartAssumptions: [EnAdvice.REASON_WORDS.chartAssumptions(x), ArAdvice.REASON_WORDS.chartAssumptions(x)],
        chartSummary: [[EnAdvice.REASON_WORDS.chartSummary(x)], [ArAdvice.REASON_WORDS.chartSummary(x)]],
      };
      for (const [what, [en, ar]] of Object.entries(said)) {
        if (ar.length !== en.length) problems.push(`${name}, ${what}: ${ar.length} sentences for the English ${en.length}`);
        for (const [i, sentence] of en.entries()) {
          const arabic = ar[i] ?? '';
          if (!ARABIC.test(arabic)) problems.push(`${name}, ${what} ${i}: no Arabic letters: ${arabic}`);
          for (const n of numbersIn(sentence))
            if (!numbersIn(arabic).has(n)) problems.push(`${name}, ${what} ${i}: does not say ${n}: ${arabic}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect([...seen].sort()).toEqual(['left over', 'monthly', 'not covered', 'out of reach', 'shortfall']);
  });

  it('says every note on how the figures were simplified, with its figures', () => {
    const notes: AdviceNote[] = [
      { code: 'family-medicare', familyIncomeCents: 9_876_500, dependants: 2 },
      { code: 'seniors-offset' },
      { code: 'other-income-taxed' },
      { code: 'clear-high-interest', owedCents: 1_234_567, fromCashCents: 1_234_567, notCoveredCents: 0 },
      { code: 'clear-high-interest', owedCents: 90_000, fromCashCents: 30_000, notCoveredCents: 60_000 },
      { code: 'earliest-tax-rates', taxYear: '2024-25', financialYear: '2022-23' },
    ];
    for (const note of notes) {
      const ar = (ArAdvice.NOTE_WORDS[note.code] as (n: AdviceNote) => string)(note);
      expect(ar).toMatch(ARABIC);
      for (const n of numbersIn(EnAdvice.noteText(note))) expect(numbersIn(ar)).toContain(n);
    }
  });

  it('says every reason investing is not advised, with its figures', () => {
    const figures: UnsuitableFigures[] = [
      { code: 'under-18', minAge: 18, age: 17, comeBackOn: '2027-03-14' },
      { code: 'retirement' },
      { code: 'goal-too-soon', minGoalYears: 1 },
      { code: 'goal-shorter-than-horizon', goalYears: 3, profile: 'aggressive', growth: 0.85, minHorizonYears: 7, suited: 'cautious' },
      { code: 'goal-shorter-than-horizon', goalYears: 3, profile: 'aggressive', growth: 0.85, minHorizonYears: 7, suited: null },
      { code: 'no-income' },
      { code: 'savings-over-income', savedMonthlyCents: 250_000, netMonthlyCents: 180_000 },
      { code: 'savings-over-income', savedMonthlyCents: 250_000, netMonthlyCents: 0 },
      { code: 'no-surplus', because: 'not-saving' },
      { code: 'no-surplus', because: 'zero' },
      { code: 'no-surplus', because: 'under-a-cent' },
      {
        code: 'high-interest-debt',
        debts: [
          { rowId: 1, type: 'credit-card', owner: 'self', valueCents: 512_300, rate: 0.1999 },
          { rowId: 2, type: 'personal-loan', owner: 'partner', valueCents: null, rate: 0.145 },
          { rowId: 3, type: 'car-loan', owner: 'joint', valueCents: 1_100_000, rate: null },
        ],
        highInterestRate: 0.1,
      },
    ];
    const said = (words: typeof EnOnDemand.UNSUITABLE_WORDS, f: UnsuitableFigures) =>
      (words[f.code] as (f: UnsuitableFigures) => { title: string; explanation: string; instead: string })(f);
    const problems: string[] = [];
    for (const f of figures) {
      const en = said(EnOnDemand.UNSUITABLE_WORDS, f);
      const ar = said(ArOnDemand.UNSUITABLE_WORDS, f);
      for (const part of ['title', 'explanation', 'instead'] as const) {
        if (!ARABIC.test(ar[part])) problems.push(`${f.code} ${part}: no Arabic letters: ${ar[part]}`);
        // one year is said in words («سنة واحدة»)
        for (const n of numbersIn(en[part]))
          if (n !== '1' && !numbersIn(ar[part]).has(n)) problems.push(`${f.code} ${part}: does not say ${n}: ${ar[part]}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('counts in Arabic: one and two in words, 3–10 with the plural, 11–99 and the rest with the singular', () => {
    expect([1, 2, 5, 10, 11, 99, 100, 103, 111].map((n) => count(n, YEARS))).toEqual([
      'سنة واحدة',
      'سنتين',
      '5 سنوات',
      '10 سنوات',
      '11 سنة',
      '99 سنة',
      '100 سنة',
      '103 سنوات',
      '111 سنة',
    ]);
    expect(count(2, YEARS_ALONE)).toBe('سنتان');
    expect(count(' 2.5 ', YEARS)).toBe('2.5 سنة');
    expect(count('5k', YEARS)).toBe('5k سنة');
    expect(count(3, MONTHS)).toBe('3 أشهر');
    expect(count(12, MONTHS)).toBe('12 شهرًا');
    expect(count(30, DAYS)).toBe('30 يومًا');
    expect(count(2000, YEARS)).toBe('2,000 سنة');
  });
});
