/**
 * Golden tests for single parents: a single with dependent children gets the family thresholds of the Medicare levy's
 * low-income reduction and of the Medicare levy surcharge, on their own taxable income. Every figure is worked out by
 * hand below from the ATO's figures, as journey/engine/assumptions.ts holds them (calculation date 1 March 2026, the
 * 2025-26 year):
 * - Medicare levy 2%. Low-income reduction (2024-25 values, used for every year): singles nil up to $27,222, then 10c
 *   per dollar over it. A sole parent's family taxable income is their own taxable income (ATO, Medicare levy
 *   reduction – family income); nil while it is at or below $45,907 plus $4,216 for each dependent child, then 10c per
 *   dollar over that threshold, never more than 2%.
 * - Medicare levy surcharge 2025-26: singles over $101,000 1%, over $118,000 1.25%, over $158,000 1.5%. A single parent
 *   is a family (ATO: "had a spouse or dependent children"): over $202,000 1%, over $236,000 1.25%, over $316,000 1.5%
 *   of their own income, the thresholds $1,500 higher for each dependent child after the first; none with hospital
 *   cover.
 * - Income tax 2025-26: $4,288 + 30c per dollar over $45,000; $51,638 + 45c per dollar over $190,000. Low income tax
 *   offset $325 at $45,000, less 1.5c per dollar over it.
 */
import { describe, expect, it } from 'vitest';
import { computeAdvice } from '../../journey/engine';
import { noteText } from '../../journey/messages-advice';
import { FY2025_26, household, type Household } from './engine-fixtures';

const at = { asOf: FY2025_26, paths: 50, confidence: 0.5 };
/** A single with `children` dependent children as answered on the relationship page ('' when not said). */
const single = (children: string, h: Household = {}) => {
  const a = household(h);
  return computeAdvice({ ...a, partner: { ...a.partner, children } }, at);
};

describe('single parents: the Medicare levy and its low-income reduction on the family threshold (2025-26)', () => {
  it('1 child, under the family threshold ($50,123): no levy, where a single pays 2%', () => {
    // $48,000: tax 4,288 + 30% × 3,000 = $5,188, less the offset 325 − 1.5% × 3,000 = $280: $4,908.
    // Threshold 45,907 + 4,216 = $50,123; $48,000 is under it: no levy. Net 48,000 − 4,908 = $43,092.00.
    // A single: min(2% × 48,000 = $960, 10% × (48,000 − 27,222) = $2,077.80) = $960; net $42,132.00.
    const r = single('1', { income: '48000' });
    expect(r.income).toMatchObject({
      incomeTaxCents: 490_800,
      medicareLevyCents: 0,
      netAnnualCents: 4_309_200,
      family: { soleParent: true, partnerTaxableDollars: 0, familyIncomeDollars: 48_000, dependants: 1, levyThresholdDollars: 50_123 },
    });
    expect(single('', { income: '48000' }).income).toMatchObject({ medicareLevyCents: 96_000, netAnnualCents: 4_213_200, family: null });
  });

  it('1 child, over the family threshold: 10c per dollar over it', () => {
    // $55,000: tax 4,288 + 30% × 10,000 = $7,288, less the offset 325 − 1.5% × 10,000 = $175: $7,113.
    // Levy 10% × (55,000 − 50,123) = $487.70 (under 2% × 55,000 = $1,100). Net 55,000 − 7,113 − 487.70 = $47,399.30.
    const r = single('1', { income: '55000' });
    expect(r.income).toMatchObject({ incomeTaxCents: 711_300, medicareLevyCents: 48_770, netAnnualCents: 4_739_930 });
    // over 1.25 × 50,123 = $62,653.75 the full 2%: $70,000 pays $1,400 (10% × 19,877 = $1,987.70 is more)
    expect(single('1', { income: '70000' }).income?.medicareLevyCents).toBe(140_000);
  });

  it('2 children raise the threshold to $54,339: under it none, over it 10c per dollar over it', () => {
    // $52,000: 45,907 + 2 × 4,216 = $54,339: no levy. With 1 child: 10% × (52,000 − 50,123) = $187.70.
    expect(single('2', { income: '52000' }).income).toMatchObject({ medicareLevyCents: 0, family: { levyThresholdDollars: 54_339 } });
    expect(single('1', { income: '52000' }).income?.medicareLevyCents).toBe(18_770);
    // $58,000: 10% × (58,000 − 54,339) = $366.10 (2% would be $1,160).
    expect(single('2', { income: '58000' }).income?.medicareLevyCents).toBe(36_610);
  });

  it('no dependent children, or none said (answers saved before it was asked): the singles’ thresholds, as before', () => {
    // $55,000 as a single: min(2% × 55,000 = $1,100, 10% × 27,778) = $1,100.
    for (const children of ['0', '']) {
      const r = single(children, { income: '55000' });
      expect(r.income).toMatchObject({ medicareLevyCents: 110_000, family: null });
      expect(r.notes.map((n) => n.code)).not.toContain('sole-parent-medicare');
    }
  });
});

describe('single parents: the Medicare levy surcharge on the family thresholds (2025-26)', () => {
  it('1 child, under the family threshold ($202,000), no cover: none, where a single pays 1.25%', () => {
    // $150,000: not over $202,000: no surcharge. A single on $150,000 is over $118,000: 1.25% = $1,875.
    expect(single('1', { income: '150000', privateHealth: 'no' }).income).toMatchObject({
      surchargeRate: 0,
      medicareLevySurchargeCents: 0,
      family: { surchargeThresholdDollars: 202_000 },
    });
    expect(single('', { income: '150000', privateHealth: 'no' }).income?.medicareLevySurchargeCents).toBe(187_500);
  });

  it('1 child, over the family threshold: 1% of their income without cover, none with it', () => {
    // $210,000: tax 51,638 + 45% × 20,000 = $60,638 (no offset); levy 2% = $4,200.
    // Over $202,000, not over $236,000: 1% × 210,000 = $2,100. Net 210,000 − 60,638 − 4,200 − 2,100 = $143,062.00;
    // with hospital cover $145,162.00. (A single on $210,000 without cover: over $158,000, 1.5% = $3,150.)
    const without = single('1', { income: '210000', privateHealth: 'no' });
    expect(without.income).toMatchObject({
      incomeTaxCents: 6_063_800,
      medicareLevyCents: 420_000,
      surchargeRate: 0.01,
      medicareLevySurchargeCents: 210_000,
      netAnnualCents: 14_306_200,
    });
    const covered = single('1', { income: '210000', privateHealth: 'yes' });
    expect(covered.income).toMatchObject({ surchargeRate: 0, medicareLevySurchargeCents: 0, netAnnualCents: 14_516_200 });
    expect(single('', { income: '210000', privateHealth: 'no' }).income?.medicareLevySurchargeCents).toBe(315_000);
  });

  it('2 children raise the thresholds by $1,500 (for the child after the first)', () => {
    // Thresholds 203,500 / 237,500 / 317,500.
    // $203,000 without cover: not over $203,500: none (1 child: over $202,000, 1% = $2,030).
    expect(single('2', { income: '203000', privateHealth: 'no' }).income).toMatchObject({
      medicareLevySurchargeCents: 0,
      family: { surchargeThresholdDollars: 203_500 },
    });
    expect(single('1', { income: '203000', privateHealth: 'no' }).income?.medicareLevySurchargeCents).toBe(203_000);
    // $204,000: 1% = $2,040; $237,000: not over $237,500, still 1% = $2,370 (1 child: over $236,000, 1.25% = $2,962.50).
    expect(single('2', { income: '204000', privateHealth: 'no' }).income?.medicareLevySurchargeCents).toBe(204_000);
    expect(single('2', { income: '237000', privateHealth: 'no' }).income).toMatchObject({
      surchargeRate: 0.01,
      medicareLevySurchargeCents: 237_000,
    });
    expect(single('1', { income: '237000', privateHealth: 'no' }).income?.medicareLevySurchargeCents).toBe(296_250);
    // with hospital cover: none
    expect(single('2', { income: '237000', privateHealth: 'yes' }).income?.medicareLevySurchargeCents).toBe(0);
  });
});

describe('what a single parent is told', () => {
  it('a note says the family thresholds were used, with the thresholds', () => {
    const r = single('2', { income: '58000' });
    expect(r.notes.map(noteText)).toContain(
      'As a single parent with 2 dependent children, your Medicare levy and its low-income reduction use the family ' +
        'threshold (no levy up to $54,339 of taxable income), and the surcharge, payable without private hospital cover ' +
        'for you and your children, the family thresholds (from over $203,500).',
    );
    expect(r.notes.map((n) => n.code)).not.toContain('family-medicare');
    expect(noteText(single('1', { income: '58000' }).notes[0]!)).toMatch(
      /^As a single parent with a dependent child, .*\$50,123.*\$202,000/,
    );
  });
});
