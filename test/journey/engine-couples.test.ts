/**
 * Golden tests for couples (issue 34), every figure worked out by hand below from the ATO's family thresholds, and for
 * the fixed method flaw (the cash that clears small high-interest debts is not offered again to invest).
 *
 * The figures, as journey/engine/assumptions.ts holds them (calculation date 1 March 2026, the 2025-26 year):
 * - Medicare levy 2%. Low-income reduction, 2024-25 values used for every year: singles nil up to $27,222, then 10c per
 *   dollar over it; families nil while the family's taxable income is at or below $45,907 plus $4,216 for each
 *   dependent child, then the family's levy is 10c per dollar over that threshold, shared between the partners by
 *   their taxable incomes (ATO, Medicare levy reduction – family income), never more than the singles' levy.
 * - Medicare levy surcharge 2025-26, families: over $202,000 1%, over $236,000 1.25%, over $316,000 1.5% of the
 *   partner's own income, the thresholds $1,500 higher for each dependent child after the first; none if both partners
 *   hold hospital cover (ATO, Medicare levy surcharge income, thresholds and rates).
 */
import { describe, expect, it } from 'vitest';
import { computeAdvice } from '../../journey/engine';
import { answerScreen } from '../../journey/questionnaire';
import { noteText } from '../../journey/messages-advice';
import { FY2025_26, household, type Household } from './engine-fixtures';

const advice = (h: Household) => computeAdvice(household(h), { asOf: FY2025_26, paths: 50, confidence: 0.5 });
const couple = (h: Household & { partner: NonNullable<Household['partner']> }) => advice({ relationshipStatus: 'couple', ...h });

describe('couples: the Medicare levy and its low-income reduction on the family thresholds (2025-26)', () => {
  it('under the family low-income threshold: no levy', () => {
    // You $30,000, partner $10,000, no children: family income $40,000 ≤ $45,907, so no levy for either.
    // (As a single, $30,000 would pay min(2% × 30,000 = $600, 10% × (30,000 − 27,222) = $277.80) = $277.80.)
    // Tax: (30,000 − 18,200) × 16% = $1,888, less the full $700 offset = $1,188. Net: 30,000 − 1,188 − 0 = $28,812.
    const r = couple({ income: '30000', partner: { income: '10000' } });
    expect(r.income).toMatchObject({
      incomeTaxCents: 118_800,
      medicareLevyCents: 0,
      netAnnualCents: 2_881_200,
      family: { familyIncomeDollars: 40_000, levyThresholdDollars: 45_907, dependants: 0 },
    });
    expect(advice({ income: '30000' }).income?.medicareLevyCents).toBe(27_780);
  });

  it('in the family phase-in: 10c per dollar over the threshold, your share by income', () => {
    // You $40,000, partner $12,000: family $52,000, over $45,907 by $6,093.
    // The family's levy: 10% × 6,093 = $609.30; your share 609.30 × 40,000 / 52,000 = $468.692… → $468.69.
    // The singles' levy on $40,000 is min($800, 10% × 12,778 = $1,277.80) = $800, so the family's $468.69 applies.
    const r = couple({ income: '40000', partner: { income: '12000' } });
    expect(r.income?.medicareLevyCents).toBe(46_869);
    expect(advice({ income: '40000' }).income?.medicareLevyCents).toBe(80_000);
  });

  it('dependants raise the levy threshold: $4,216 for each child', () => {
    // The same couple with 2 children: threshold 45,907 + 2 × 4,216 = $54,339; family $52,000 is under it: no levy.
    const two = couple({ income: '40000', partner: { income: '12000', children: '2' } });
    expect(two.income).toMatchObject({ medicareLevyCents: 0, family: { levyThresholdDollars: 54_339, dependants: 2 } });
    // With 1 child: threshold $50,123; over it by $1,877: family levy $187.70; your share 187.70 × 40/52 = $144.38.
    expect(couple({ income: '40000', partner: { income: '12000', children: '1' } }).income?.medicareLevyCents).toBe(14_438);
  });

  it('over 1.25 times the family threshold: the full 2%', () => {
    // You $60,000, partner $20,000: family $80,000 > 1.25 × 45,907 = $57,383.75, so the family levy (10% × 34,093 =
    // $3,409.30, your share $2,556.98) is over 2% of your income ($1,200): you pay $1,200.
    expect(couple({ income: '60000', partner: { income: '20000' } }).income?.medicareLevyCents).toBe(120_000);
  });
});

describe('couples: the Medicare levy surcharge on the family thresholds (2025-26)', () => {
  it('over the family threshold, neither covered: 1% of your own income', () => {
    // You $150,000, partner $70,000, no cover: family $220,000 is over $202,000 and not over $236,000: 1%.
    // Your surcharge 1% × 150,000 = $1,500. (As a single, $150,000 is in the 1.25% tier: $1,875.)
    const r = couple({ income: '150000', privateHealth: 'no', partner: { income: '70000', cover: 'no' } });
    expect(r.income).toMatchObject({ surchargeRate: 0.01, medicareLevySurchargeCents: 150_000, medicareLevyCents: 300_000 });
    expect(advice({ income: '150000', privateHealth: 'no' }).income?.medicareLevySurchargeCents).toBe(187_500);
    expect(noteText(r.notes[0]!)).toContain('taxable income of $220,000');
  });

  it('one partner covered is not enough: you pay it whether you or your partner lack cover; both covered, none', () => {
    // The ATO: a couple avoids the surcharge only when both (and every dependant) hold hospital cover.
    const youCovered = couple({ income: '150000', privateHealth: 'yes', partner: { income: '70000', cover: 'no' } });
    const partnerCovered = couple({ income: '150000', privateHealth: 'no', partner: { income: '70000', cover: 'yes' } });
    const both = couple({ income: '150000', privateHealth: 'yes', partner: { income: '70000', cover: 'yes' } });
    expect(youCovered.income).toMatchObject({ surchargeRate: 0.01, medicareLevySurchargeCents: 150_000 });
    expect(partnerCovered.income).toMatchObject({ surchargeRate: 0.01, medicareLevySurchargeCents: 150_000 });
    expect(both.income).toMatchObject({ surchargeRate: 0, medicareLevySurchargeCents: 0 });
  });

  it('under the family threshold: none, though you alone would be over the singles threshold', () => {
    // You $150,000, partner $40,000, no cover: family $190,000 ≤ $202,000: no surcharge.
    expect(
      couple({ income: '150000', privateHealth: 'no', partner: { income: '40000', cover: 'no' } }).income?.medicareLevySurchargeCents,
    ).toBe(0);
  });

  it('dependants raise the surcharge thresholds: $1,500 for each child after the first', () => {
    // You $150,000, partner $55,000, no cover: family $205,000.
    // 1 child: threshold $202,000 (no rise for the first child): 1% × 150,000 = $1,500.
    // 3 children: threshold 202,000 + 2 × 1,500 = $205,000; $205,000 is not over it: no surcharge.
    const one = couple({ income: '150000', privateHealth: 'no', partner: { income: '55000', cover: 'no', children: '1' } });
    const three = couple({ income: '150000', privateHealth: 'no', partner: { income: '55000', cover: 'no', children: '3' } });
    expect(one.income).toMatchObject({ medicareLevySurchargeCents: 150_000, family: { surchargeThresholdDollars: 202_000 } });
    expect(three.income).toMatchObject({ medicareLevySurchargeCents: 0, family: { surchargeThresholdDollars: 205_000 } });
  });

  it('none for a partner whose own income is at or below the singles’ levy threshold ($27,222)', () => {
    // You $25,000 without cover, partner $200,000 without cover: family $225,000 is in the 1% tier, but your own
    // income is under $27,222, so you pay no surcharge (and no levy: under the singles' threshold).
    const r = couple({ income: '25000', privateHealth: 'no', partner: { income: '200000', cover: 'no' } });
    expect(r.income).toMatchObject({ surchargeRate: 0, medicareLevySurchargeCents: 0, medicareLevyCents: 0 });
  });

  it("reads the partner's income at its frequency, and a couple without the partner's answers is incomplete", () => {
    // $1,000 a week is $52,000 a year: family $142,000 with you on $90,000.
    expect(couple({ partner: { income: '1000', frequency: 'weekly' } }).income?.family?.familyIncomeDollars).toBe(142_000);
    const r = advice({ relationshipStatus: 'couple' });
    expect(r.status).toBe('incomplete');
    // each links back to the partner's page (a field of a slice is asked where its slice is), as the income's do
    expect(r.completeness.missing.map((m) => answerScreen(m.answer))).toEqual(['partner', 'partner', 'partner', 'partner']);
    expect(answerScreen('income.frequency')).toBe('income');
    expect(answerScreen('regularSavings.amount')).toBe('regularSavings');
    expect(r.completeness.missing.map((m) => m.answer)).toEqual([
      'partner.amount',
      'partner.frequency',
      'partner.hospitalCover',
      'partner.children',
    ]);
  });
});

describe('the method flaw (issue 34): the cash that clears a small high-interest debt is not offered again', () => {
  it('cash offered to invest = savings − emergency fund − debt cleared', () => {
    // A single on $90,000 with cover: take-home $70,412.00, emergency fund 3 × 70,412 / 12 = $17,603.00.
    // Cash $20,000, a $500 credit card at 20% (small: not over $1,000, so the advice goes on and says to clear it).
    // Before the fix: 20,000 − 17,603 = $2,397 offered to invest, and the note said to pay the card from the same cash.
    // Now: 20,000 − 17,603 − 500 = $1,897.00.
    const r = advice({ cash: '20000', debts: [['credit-card', '500', '20']] });
    expect(r.status).toBe('recommended');
    expect(r.needs).toMatchObject({
      emergencyFund: { targetCents: 1_760_300, shortfallCents: 0 },
      debtsToClear: { totalCents: 50_000, fromCashCents: 50_000, notCoveredCents: 0 },
      availableSavingsCents: 189_700,
    });
    expect(r.plan!.startingAmountCents + r.plan!.leftOverCents).toBe(189_700);
    expect(advice({ cash: '20000' }).needs?.availableSavingsCents).toBe(239_700);
  });

  it('never from the emergency fund: what cash above it cannot clear is repaid from savings, and the note says so', () => {
    // Cash $18,000: $397 above the $17,603 fund. A $900 card: $397 from cash, $503 from the regular savings; nothing
    // left to invest from cash, and the emergency fund stays whole.
    const r = advice({ cash: '18000', debts: [['credit-card', '900', '20']] });
    expect(r.needs).toMatchObject({
      emergencyFund: { shortfallCents: 0 },
      debtsToClear: { totalCents: 90_000, fromCashCents: 39_700, notCoveredCents: 50_300 },
      availableSavingsCents: 0,
    });
    expect(r.notes.map(noteText)).toContain(
      'Clear the $900 you owe at a high interest rate first: no investment can be expected to earn that much. ' +
        '$397 of it comes from your cash above the emergency fund and is not counted as savings to invest; ' +
        'repay the other $503 from your regular savings before you start.',
    );
  });

  it('with no cash above the emergency fund, the note says to repay all of the debt from savings, not "$0 of it" from cash', () => {
    // Cash $15,000, under the $17,603 fund: none of the $500 card can come from cash, all of it from the regular savings.
    const r = advice({ cash: '15000', debts: [['credit-card', '500', '20']] });
    expect(r.needs).toMatchObject({
      debtsToClear: { totalCents: 50_000, fromCashCents: 0, notCoveredCents: 50_000 },
      availableSavingsCents: 0,
    });
    expect(r.notes.map(noteText)).toContain(
      'Clear the $500 you owe at a high interest rate first: no investment can be expected to earn that much. ' +
        'Your cash does not go beyond the emergency fund, so repay all of it from your regular savings before you start.',
    );
  });

  it('the debt comes before the big spends: both are earmarked, only what is left is offered', () => {
    // Cash $25,000: $7,397 above the fund; the $500 card, then $5,000 of big spends: $1,897 left.
    const r = advice({ cash: '25000', debts: [['credit-card', '500', '20']], bigSpends: ['5000'] });
    expect(r.needs).toMatchObject({ bigSpends: { fromCashCents: 500_000, notCoveredCents: 0 }, availableSavingsCents: 189_700 });
  });
});
