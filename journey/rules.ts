/**
 * The journey's field rules (journey-spec §5), written once: what is wrong with a field, in the
 * catalogue's words (journey/messages.ts), for the messages under it and for the question modules' Continue rules
 * (journey/questions; the machine's guard is journey/questionnaire.ts `journeyGuards`). Pure: every rule takes the
 * date it judges on.
 */
import type { Answers, RowList } from '../machines/journey-answers';
import { ageOn, parseDateOfBirth } from './engine/dates';
import { MAX_GOAL_YEARS } from './engine/limits';
import { readAmount, readGoalAmount, readGoalYears, readInterestRate, type FieldProblem, type FieldRead } from './answer-fields';
import type { UnsuitableCode } from './engine/suitability';
import type { SuitabilityCheck } from './suitability';
import { MIN_AGE } from './constants';
import { ELIGIBILITY_MESSAGES, FIELD_MESSAGES, say, sayDateOfBirthProblem, type Text } from './messages';

/** The catalogue's words for a field read (journey/messages.ts), or null when it can be used or nothing is entered yet. */
function words<P extends FieldProblem>(read: FieldRead<unknown, P>, table: Partial<Record<P, Text>>): string | null {
  const text = read.ok ? undefined : table[read.problem];
  return text === undefined ? null : say(text);
}

/**
 * Why an amount typed in a money field cannot be used, in plain English; null when it can
 * (or nothing is typed yet). "1,250", "$1250" and "1250.50" read; "85k" or "lots" do not.
 */
export const amountProblem = (text: string): string | null => words(readAmount(text), FIELD_MESSAGES.amount);

/** Why a goal's amount cannot be used (issue 15: a goal under $1 is not one); null when it can, or nothing is typed yet. */
export const goalAmountProblem = (text: string): string | null => words(readGoalAmount(text), FIELD_MESSAGES.goalAmount);

/** Why an interest rate cannot be used; null when it can, or it is left empty (the debt is then judged by its kind). */
export const rateProblem = (text: string): string | null => words(readInterestRate(text), FIELD_MESSAGES.rate);

/** Why the years to a goal cannot be used; null when they can (or nothing is typed yet). */
export const yearsProblem = (text: string): string | null => words(readGoalYears(text, MAX_GOAL_YEARS), FIELD_MESSAGES.goalYears);

/**
 * What is wrong with a date of birth, or null: a date the parser refuses, or an age under MIN_AGE (eligibility,
 * checked on the screen that asks rather than at step 6: issue 15; the engine's suitability still says it too).
 */
export function dateOfBirthProblem(text: string, asOf: Date): string | null {
  const dob = parseDateOfBirth(text, asOf);
  if (!dob.ok) return sayDateOfBirthProblem(dob.problem);
  return ageOn(dob.date, asOf) < MIN_AGE ? say(ELIGIBILITY_MESSAGES['under-age']) : null;
}

/** Why the advice cannot go on from this employment status (issue 15: retirement is out of scope); null when it can. */
export const employmentProblem = (status: string): string | null => (status === 'retired' ? say(ELIGIBILITY_MESSAGES.retired) : null);

/** Why the advice cannot go on from these benefits (the Age Pension is retirement income); null when it can. */
export const benefitsProblem = (benefits: Answers['benefits']): string | null =>
  benefits.answer === 'yes' && benefits.rows.some((r) => r.type === 'age-pension') ? say(ELIGIBILITY_MESSAGES['age-pension']) : null;

/**
 * Why the advice cannot go on from a screen's answers, by the engine's check once it has loaded (null before, or
 * when they suit): the first of its reasons among `codes` (the suitability rules whose answers the screen collects,
 * issue 15: not only at step 6, after some twenty screens), its explanation and what to do instead in the catalogue's
 * words loaded with the check (`problem`), ready to show under the question; '' (nothing to show, but not null: the screen
 * still cannot continue) from a check without them.
 */
export function reasonsProblem(
  codes: readonly UnsuitableCode[] | undefined,
  a: Answers,
  asOf: Date,
  suitability: SuitabilityCheck | null,
): string | null {
  const reason = codes && suitability?.(a, asOf).reasons.find((r) => codes.includes(r.code));
  return reason ? (suitability!.problem?.(reason) ?? '') : null;
}

/** Filled with some text. */
export const filled = (s: string) => s.trim() !== '';
/** Filled with an amount the advice can use. */
export const amount = (s: string) => readAmount(s).ok;
/** A Yes/No list answered No, or Yes with rows. */
export const listDone = (l: RowList<unknown>) => l.answer === 'no' || (l.answer === 'yes' && l.rows.length > 0);
