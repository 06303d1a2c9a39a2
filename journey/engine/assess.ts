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

/** The suitability of the answers at `asOf` (the same rules computeAdvice applies). */
export function assessSuitability(answers: Answers, asOf: Date): Suitability {
  const day = calendarDay(asOf);
  const a = assumptionsFor(day);
  return suitabilityOf(readAnswers(answers, day, a).inputs, a);
}

/** The suitability rules applied to the answers as the engine reads them. */
export function suitabilityOf(x: ReturnType<typeof readAnswers>['inputs'], a: Assumptions): Suitability {
  return checkSuitability(
    {
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
