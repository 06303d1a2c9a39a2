/**
 * The suitability rules alone (JOURNEY-ENGINE.md "Suitability"), without the tax,
 * projection and fee modules: the journey machine's guards use this, so the first
 * page load does not carry the whole engine.
 */
import type { Answers } from '../answers';
import { assumptionsFor } from './assumptions';
import { calendarDay } from './dates';
import { readAnswers } from './inputs';
import { checkSuitability, type Suitability } from './suitability';

/** The suitability of the answers at `asOf` (the same rules computeAdvice applies). */
export function assessSuitability(answers: Answers, asOf: Date): Suitability {
  const day = calendarDay(asOf);
  const a = assumptionsFor(day);
  const { inputs: x } = readAnswers(answers, day, a);
  return checkSuitability(
    {
      dateOfBirth: x.dateOfBirth,
      age: x.age,
      goalYears: x.goalYears,
      profile: x.profile,
      surplusMonthlyCents: x.savingsMonthlyCents,
      highInterestDebts: x.highInterestDebts,
    },
    a,
  );
}
