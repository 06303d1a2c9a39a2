/** Amount limits: an amount over $1,000,000,000, or not finite, is unreadable, so no NaN or Infinity reaches a result. */
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_DOLLARS, computeAdvice } from '../../journey/engine';
import { toCents } from '../../journey/engine/money';
import { FY2025_26, household, worded, type Household } from './engine-fixtures';

/** Every number anywhere in `value`, with its path. */
function numbers(value: unknown, path = 'result'): [string, number][] {
  if (typeof value === 'number') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, k) => numbers(v, `${path}[${k}]`));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => numbers(v, `${path}.${k}`));
  return [];
}

const expectAllFinite = (value: unknown) => {
  const bad = numbers(value).filter(([, n]) => !Number.isFinite(n));
  expect(bad).toEqual([]);
};

const NINES = '9'.repeat(400);

describe('toCents and MAX_AMOUNT_DOLLARS', () => {
  it('is $1,000,000,000', () => {
    expect(MAX_AMOUNT_DOLLARS).toBe(1_000_000_000);
  });

  it('reads amounts up to the limit, to the cent', () => {
    expect(toCents('1,000,000,000')).toBe(100_000_000_000);
    expect(toCents('$1000000000.00')).toBe(100_000_000_000);
    expect(toCents('999,999,999.99')).toBe(99_999_999_999);
    expect(toCents('0')).toBe(0);
  });

  it('treats anything over the limit, or not finite, as unreadable', () => {
    expect(toCents('1,000,000,000.01')).toBeNull();
    expect(toCents('2000000000')).toBeNull();
    expect(Number(NINES)).toBe(Infinity);
    expect(toCents(NINES)).toBeNull();
    expect(toCents(`${NINES}.5`)).toBeNull();
    expect(toCents('1e9')).toBeNull();
    expect(toCents('Infinity')).toBeNull();
    expect(toCents('NaN')).toBeNull();
  });
});

describe('the engine with amounts at and over the limit', () => {
  const limit = '1,000,000,000';

  it('an amount over the limit is reported like text it cannot read, with the limit in the message', () => {
    const r = computeAdvice(household({ goalAmount: '1,000,000,001' }), { asOf: FY2025_26, paths: 10 });
    expect(r.status).toBe('incomplete');
    expect(worded(r.completeness.missing)).toEqual([{ answer: 'goal.amount', message: 'Enter an amount of $1,000,000,000 or less.' }]);
    const nines = computeAdvice(household({ income: NINES }), { asOf: FY2025_26, paths: 10 });
    expect(worded(nines.completeness.missing)).toEqual([
      { answer: 'income.amount', message: 'Enter an amount of $1,000,000,000 or less.' },
    ]);
    expect(nines.income).toBeNull();
    // Text that is not money keeps its own message.
    const text = computeAdvice(household({ income: '85k' }), { asOf: FY2025_26, paths: 10 });
    expect(worded(text.completeness.missing)).toEqual([
      { answer: 'income.amount', message: 'Enter your income in dollars, for example 85,000.' },
    ]);
  });

  it('every amount at the limit, at the most frequent frequency: a finite result', () => {
    const h: Household = {
      goalAmount: limit,
      goalYears: '50',
      income: limit,
      incomeFrequency: 'weekly',
      additionalIncome: [
        [limit, 'weekly'],
        [limit, 'weekly'],
      ],
      benefits: [
        ['jobseeker', limit],
        ['family-tax', limit],
      ],
      bigSpends: [limit, limit],
      cash: limit,
      savings: limit,
      savingsFrequency: 'weekly',
      riskStyle: 'highly-aggressive',
    };
    const r = computeAdvice(household(h), { asOf: FY2025_26, paths: 50 });
    expect(r.status).toBe('recommended');
    expectAllFinite(r);
    // Whole cents, exactly: 52 × $1,000,000,000 a week of salary.
    expect(r.income?.salaryCents).toBe(5_200_000_000_000);
    expect(Number.isSafeInteger(r.income!.netAnnualCents)).toBe(true);
  });

  it('every amount over the limit or not finite: incomplete, with no NaN or Infinity anywhere', () => {
    for (const over of ['1,000,000,000.01', NINES]) {
      const r = computeAdvice(
        household({
          goalAmount: over,
          income: over,
          additionalIncome: [[over, 'weekly']],
          benefits: [['jobseeker', over]],
          bigSpends: [over],
          cash: over,
          savings: over,
          debts: [['mortgage', over]],
        }),
        { asOf: FY2025_26, paths: 10 },
      );
      expect(r.status).toBe('incomplete');
      expect(r.completeness.missing.map((m) => m.answer)).toEqual([
        'goal.amount',
        'income.amount',
        'additionalIncome',
        'benefits',
        'bigSpends',
        'assets',
        'regularSavings.amount',
      ]);
      expectAllFinite(r);
    }
  });
});
