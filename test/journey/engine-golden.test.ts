/**
 * JOURNEY-ENGINE.md's checked examples, pinned to the cent. Where the document
 * says "about", the test allows ±$2 around its figure and also pins the engine's
 * exact output, so any change to the method shows up here.
 */
import { describe, expect, it } from 'vitest';
import { assumptionsFor, riskProfile } from '../../journey/engine/assumptions';
import { computeAdvice } from '../../journey/engine';
import { fees } from '../../journey/engine/fees';
import { inflate, monthlyPaymentNeeded, monthlyRate } from '../../journey/engine/goal';
import { medianPath } from '../../journey/engine/projection';
import { FY2025_26, household } from './engine-fixtures';

/** "About $X": within ±$2 (200 cents). */
const ABOUT_CENTS = 200;

const advice = (h: Parameters<typeof household>[0]) => computeAdvice(household(h), { asOf: FY2025_26, paths: 200 });

describe('net income, 2025-26, single, no other income (JOURNEY-ENGINE.md checked examples)', () => {
  it('$50,000 with hospital cover → $43,462.00', () => {
    const i = advice({ income: '50,000' }).income!;
    expect(i).toMatchObject({
      assessableIncomeCents: 5_000_000,
      bracketTaxCents: 578_800,
      litoCents: 25_000,
      incomeTaxCents: 553_800,
      medicareLevyCents: 100_000,
      medicareLevySurchargeCents: 0,
      netAnnualCents: 4_346_200,
      taxTableYear: '2025-26',
    });
  });

  it('$90,000 with hospital cover → $70,412.00, $5,867.67 a month, emergency fund $17,603.00', () => {
    const r = advice({ income: '$90000' });
    expect(r.income).toMatchObject({ bracketTaxCents: 1_778_800, litoCents: 0, medicareLevyCents: 180_000, netAnnualCents: 7_041_200, netMonthlyCents: 586_767 });
    expect(r.needs?.emergencyFund.targetCents).toBe(1_760_300);
  });

  it('$150,000 with hospital cover → $110,162.00; without it the surcharge adds $1,875', () => {
    const covered = advice({ income: '150000', privateHealth: 'yes' }).income!;
    expect(covered).toMatchObject({ bracketTaxCents: 3_683_800, medicareLevyCents: 300_000, netAnnualCents: 11_016_200 });
    const uncovered = advice({ income: '150000', privateHealth: 'no' }).income!;
    expect(uncovered).toMatchObject({ surchargeRate: 0.0125, medicareLevySurchargeCents: 187_500, netAnnualCents: 11_016_200 - 187_500 });
  });

  it('reads the income at any frequency: $1,730.77 a week is $90,000.04 a year', () => {
    expect(advice({ income: '1,730.77', incomeFrequency: 'weekly' }).income?.assessableIncomeCents).toBe(9_000_004);
  });
});

describe('regular investment, Moderate, 5 years, nothing to start', () => {
  const moderate = riskProfile('moderate')!;
  const i = monthlyRate(moderate.medianNetReturn);

  it('$60,000 nominal: about $891 a month (exactly $891.85)', () => {
    const pmt = monthlyPaymentNeeded(6_000_000, 0, i, 60);
    expect(Math.abs(pmt - 89_100)).toBeLessThanOrEqual(ABOUT_CENTS);
    expect(pmt).toBe(89_185);
  });

  it('$60,000 in today’s dollars ($67,884.49 nominal): about $1,008 a month (exactly $1,009.04)', () => {
    expect(inflate(6_000_000, 5, 0.025)).toBe(6_788_449);
    const r = advice({ goalAmount: '60,000', goalYears: '5', cash: '', income: '90000', savings: '2000' });
    expect(r.status).toBe('recommended');
    if (r.status !== 'recommended') return;
    expect(r.plan.startingAmountCents).toBe(0);
    expect(r.plan.goal.nominalCents).toBe(6_788_449);
    expect(Math.abs(r.plan.monthlyNeededCents - 100_800)).toBeLessThanOrEqual(ABOUT_CENTS);
    expect(r.plan.monthlyNeededCents).toBe(100_904);
    expect(r.plan.fees.wholeTimeframe.investmentCents).toBe(112_729);
  });

  it('investment fees over those 5 years ($60,000 nominal): about $996 (exactly $996.36; $34.90 in the first year)', () => {
    const f = fees(medianPath(0, 89_185, i, 60).feeBases, assumptionsFor(FY2025_26));
    expect(Math.abs(f.wholeTimeframe.investmentCents - 99_600)).toBeLessThanOrEqual(ABOUT_CENTS);
    expect(f.wholeTimeframe).toEqual({ upfrontAdviserCents: 50_000, administrationCents: 0, investmentCents: 99_636, totalCents: 149_636, months: 60 });
    expect(f.firstYear.investmentCents).toBe(3_490);
    expect(f.byYear.map((y) => y.investmentCents).reduce((s, c) => s + c, 0)).toBe(99_636);
  });

  it('the median path reaches the nominal goal at its date', () => {
    const end = medianPath(0, 89_185, i, 60).balances[60]!;
    expect(end).toBeGreaterThanOrEqual(6_000_000);
    expect(end - 6_000_000).toBeLessThan(100);
  });
});

describe('the sample household (constants.ts SAMPLE_ANSWERS shape) as at 21/11/2026', () => {
  it('pins every headline figure', () => {
    const r = computeAdvice(household({ income: '215000', cash: '50265', savings: '6421', riskStyle: 'moderately-aggressive', goalAmount: '50000', goalYears: '10' }), {
      asOf: new Date(2026, 10, 21),
    });
    expect(r.status).toBe('recommended');
    if (r.status !== 'recommended') return;
    expect(r).toMatchObject({ assumptionsVersion: '2026.1', asOf: '2026-11-21', financialYear: '2026-27', age: 36 });
    // 2026-27: the 16% rate is 15%, so tax on $215,000 is $51,370 + 45% of $25,000.
    expect(r.income).toMatchObject({ bracketTaxCents: 6_262_000, netAnnualCents: 14_808_000, netMonthlyCents: 1_234_000 });
    expect(r.needs).toMatchObject({
      emergencyFund: { targetCents: 3_702_000, cashCents: 5_026_500, shortfallCents: 0 },
      surplus: { monthlyCents: 642_100, setAsideMonthlyCents: 192_630, investableMonthlyCents: 449_470 },
      availableSavingsCents: 1_324_500,
      startingAmountCents: 1_324_500,
    });
    expect(r.plan).toMatchObject({ monthlyNeededCents: 27_034, reachable: true, levers: null, goal: { nominalCents: 6_400_423, targetYear: 2036 } });
    expect(r.plan.projection.points).toHaveLength(11);
    expect(r.plan.projection.points.map((p) => p.year)).toEqual([2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035, 2036]);
    // The seeded Monte Carlo (2,000 paths, default seed): pinned, so a change to the sampler shows up.
    expect(r.plan.projection.probabilityOfReachingGoal).toBe(0.489);
    expect(r.plan.projection.points[10]).toEqual({
      year: 2036,
      months: 120,
      nominal: { median: 6_400_561, p10: 4_920_372, p50: 6_366_850, p90: 8_242_854 },
      today: { median: 5_000_108, p10: 3_843_787, p50: 4_973_773, p90: 6_439_304 },
    });
    expect(r.plan.fees.firstYear).toEqual({ upfrontAdviserCents: 50_000, administrationCents: 0, investmentCents: 10_589, totalCents: 60_589 });
    expect(r.plan.fees.wholeTimeframe).toEqual({ upfrontAdviserCents: 50_000, administrationCents: 0, investmentCents: 255_107, totalCents: 305_107, months: 120 });
    expect(r.reasons[0]).toBe('Because your goal (buying your first home) is 10 years away and you chose Moderately aggressive, which suits goals at least 6 years away.');
    expect(r.plan.chartSummary).toBe(
      'In a median outcome your investment grows to $64,006 by 2036 against a goal of $64,004; 9 in 10 simulated outcomes end above $49,204, 1 in 10 above $82,429, and 49% reach the goal.',
    );
  });
});

describe('a goal that is not a whole number of years away', () => {
  it('plans to the month, with yearly points and a last point at the goal', () => {
    const r = computeAdvice(household({ goalYears: '6.5', riskStyle: 'moderately-aggressive' }), { asOf: new Date(2026, 10, 21), paths: 100 });
    expect(r.status).toBe('recommended');
    if (r.status !== 'recommended') return;
    expect(r.plan.goal).toMatchObject({ years: 6.5, months: 78, targetYear: 2033 });
    expect(r.plan.projection.points.map((p) => [p.year, p.months])).toEqual([
      [2026, 0], [2027, 12], [2028, 24], [2029, 36], [2030, 48], [2031, 60], [2032, 72], [2033, 78],
    ]);
    expect(r.plan.fees.byYear.map((y) => y.months)).toEqual([12, 12, 12, 12, 12, 12, 6]);
  });
});

describe('notes on simplifications, shown only when they apply', () => {
  it('none for a single employee', () => {
    expect(advice({}).notes).toEqual([]);
  });
  it('a couple is tested against the singles Medicare thresholds; other income is taxed in full; pension age may get SAPTO', () => {
    const r = advice({ relationshipStatus: 'couple', additionalIncome: [['100', 'monthly', 'rent']], dateOfBirth: '01/01/1955' });
    expect(r.notes).toHaveLength(3);
    expect(r.notes[0]).toMatch(/family’s income, which we do not ask, so we used the figures for singles/);
    expect(r.notes[1]).toMatch(/seniors and pensioners tax offset/);
    expect(r.notes[2]).toBe('We treated your other income as taxable in full, without deductions or franking credits.');
    expect(r.income?.additionalIncomeCents).toBe(120_000);
  });
});
