/** The flat figures of a result (journey/engine/figures.ts): what an advice file keeps and the replay compares. */
import { describe, expect, it } from 'vitest';
import { adviceFigures } from '../../journey/engine/figures';
import { computeAdvice } from '../../journey/engine';
import { FY2025_26, household } from './engine-fixtures';

const options = { asOf: FY2025_26, paths: 50 };

describe('adviceFigures', () => {
  it("holds every figure of a recommendation's screens under a key that names it", () => {
    const result = computeAdvice(household({ benefits: [['jobseeker', '100']] }), options);
    if (result.status !== 'recommended') throw new Error(`expected a recommendation, got ${result.status}`);
    const f = adviceFigures(result);
    const { plan, needs, income } = result;
    expect(f).toMatchObject({
      status: 'recommended',
      engineVersion: result.engineVersion,
      assumptionsVersion: result.assumptionsVersion,
      asOf: result.asOf,
      'income.netAnnualCents': income!.netAnnualCents,
      'income.medicareLevyCents': income!.medicareLevyCents,
      'needs.emergencyFund.targetCents': needs!.emergencyFund.targetCents,
      'needs.availableSavingsCents': needs!.availableSavingsCents,
      'plan.goal.nominalCents': plan.goal.nominalCents,
      'plan.monthlyNeededCents': plan.monthlyNeededCents,
      'plan.startingAmountCents': plan.startingAmountCents,
      'plan.profile': plan.profile.id,
      'fees.upfrontAdviserFeeCents': plan.fees.upfrontAdviserFeeCents,
      'fees.wholeTimeframe.months': plan.fees.wholeTimeframe.months,
      'projection.probabilityOfReachingGoal': plan.projection.probabilityOfReachingGoal,
    });
    // the projection's rows by their year, the fees' by their plan year, the benefits by their row
    for (const p of plan.projection.points) {
      expect(f[`projection.${p.year}.nominal.p50Cents`]).toBe(p.nominal.p50);
      expect(f[`projection.${p.year}.today.medianCents`]).toBe(p.today.median);
    }
    for (const y of plan.fees.byYear) expect(f[`fees.byYear.${y.planYear}.administrationCents`]).toBe(y.administrationCents);
    for (const b of income!.benefits) expect(f[`income.benefits.${b.rowId}.annualCents`]).toBe(b.annualCents);
    // flat: only numbers, text, booleans and nulls
    expect(Object.values(f).every((v) => v === null || ['number', 'string', 'boolean'].includes(typeof v))).toBe(true);
  });

  it("keeps a refusal's reasons by their code, and is the same for the same result", () => {
    const result = computeAdvice(household({ savings: '' }), options);
    expect(result.status).toBe('unsuitable');
    const f = adviceFigures(result);
    for (const r of result.suitability.reasons) expect(f[`suitability.reasons.${r.code}.code`]).toBe(r.code);
    expect(Object.keys(f).some((k) => k.startsWith('plan.'))).toBe(false);
    expect(adviceFigures(result)).toEqual(f);
  });
});
