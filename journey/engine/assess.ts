/**
 * The suitability rules alone (JOURNEY-ENGINE.md "Suitability"), without the tax,
 * projection and fee modules: the journey machine's guards use this, so the first
 * page load does not carry the whole engine.
 */
import type { Answers } from '../../machines/journey-answers';
import { assumptionsFor } from './assumptions';
import { calendarDay } from './dates';
import type { Assumptions } from './assumptions';
import { readAnswers } from './inputs';
import { checkSuitability, type Suitability } from './suitability';
import { netIncome } from './tax';

/** The suitability of the answers at `asOf` (the same rules computeAdvice applies). */
export function assessSuitability(answers: Answers, asOf: Date): Suitability {
  const day = calendarDay(asOf);
  const a = assumptionsFor(day);
  return suitabilityOf(readAnswers(answers, day, a).inputs, a);
}

/** The suitability rules applied to the answers as the engine reads them. */
export function suitabilityOf(x: ReturnType<typeof readAnswers>['inputs'], a: Assumptions): Suitability {
  const additionalCents = x.additionalIncome?.reduce((s, r) => s + r.annualCents, 0) ?? null;
  const known = x.salaryAnnualCents !== null && additionalCents !== null && x.benefits !== null;
  // Take-home pay, for the savings it can pay for. Before the hospital cover question is answered it is taken
  // as held (no surcharge: the higher take-home pay), so the regular savings screen can check it (issue 15).
  const net = known
    ? netIncome({ salaryAnnualCents: x.salaryAnnualCents!, additionalIncomeAnnualCents: additionalCents!, benefits: x.benefits!, privateHospitalCover: x.privateHospitalCover ?? true, age: x.age }, a)
    : null;
  return checkSuitability(
    {
      retired: x.employmentStatus === '' && x.benefits === null ? null : x.employmentStatus === 'retired' || !!x.benefits?.some((b) => b.type === 'age-pension'),
      incomeAnnualCents: known ? x.salaryAnnualCents! + additionalCents! + x.benefits!.reduce((s, b) => s + b.annualCents, 0) : null,
      netMonthlyCents: net && Math.round(net.netAnnualCents / 12),
      dateOfBirth: x.dateOfBirth,
      age: x.age,
      goalYears: x.goalYears,
      profile: x.profile,
      surplusMonthlyCents: x.savingsMonthlyCents,
      savingsAnswer: x.savingsAnswer,
      savingsAmountCents: x.savingsAmountCents,
      highInterestDebts: x.highInterestDebts,
    },
    a,
  );
}
