/**
 * The journey's field rules (journey-spec §5), written once: what is wrong with a field, in the
 * screens' words, for the messages under it and for the question modules' Continue rules
 * (journey/questions; the machine's guard is journey/questionnaire.ts `journeyGuards`). Pure: every rule takes the
 * date it judges on.
 */
import type { Answers, RowList } from '../machines/journey-answers';
import { ageOn, parseDateOfBirth } from './engine/dates';
import { MAX_GOAL_YEARS } from './engine/limits';
import { MAX_AMOUNT_DOLLARS } from './engine/money';
import { readAmount, readGoalAmount, readGoalYears, readInterestRate, type FieldProblem, type FieldRead } from './answer-fields';
import { RETIREMENT_EXPLANATION, RETIREMENT_INSTEAD, RETIREMENT_TITLE } from './engine/retirement';
import type { UnsuitableCode } from './engine/suitability';
import type { SuitabilityCheck } from './suitability';
import { MIN_AGE, MIN_GOAL_YEARS } from './constants';
import { formatDollars } from './format';

/**
 * What the screens say under a field for each problem code of journey/answer-fields.ts ('blank' says nothing).
 * Words that format an amount are made when shown: a number format is costly to build at the journey's start.
 */
type Words = Partial<Record<FieldProblem, string | (() => string)>>;
const AMOUNT_WORDS: Words = {
  'not-money': 'Enter an amount in dollars, for example 1,250 or 1250.50.',
  'over-max': () => `Enter an amount of ${formatDollars(MAX_AMOUNT_DOLLARS)} or less.`,
  'under-min': 'Enter an amount of $1 or more.',
};
const YEARS_WORDS: Words = {
  'not-number': 'Enter a number of years, for example 8 or 2.5.',
  'not-positive': 'Enter a number of years greater than 0.',
  'over-max': `Enter ${MAX_GOAL_YEARS} years or fewer.`,
  // checked here, where the years are entered, not at step 6 (issue 15)
  'under-min': `This advice is for goals at least ${MIN_GOAL_YEARS} years away; keep money you need sooner in savings.`,
};
const RATE_WORDS: Words = {
  'not-rate': 'Enter the interest rate as a percentage a year, for example 19.99, or leave it empty.',
};

/** The words for a field read, or null when it can be used or nothing is entered yet. */
function say<T>(read: FieldRead<T>, words: Words): string | null {
  const w = read.ok ? undefined : words[read.problem];
  return typeof w === 'function' ? w() : (w ?? null);
}

/**
 * Why an amount typed in a money field cannot be used, in plain English; null when it can
 * (or nothing is typed yet). "1,250", "$1250" and "1250.50" read; "85k" or "lots" do not.
 */
export const amountProblem = (text: string): string | null => say(readAmount(text), AMOUNT_WORDS);

/** Why a goal's amount cannot be used (issue 15: a goal under $1 is not one); null when it can, or nothing is typed yet. */
export const goalAmountProblem = (text: string): string | null => say(readGoalAmount(text), AMOUNT_WORDS);

/** Why an interest rate cannot be used; null when it can, or it is left empty (the debt is then judged by its kind). */
export const rateProblem = (text: string): string | null => say(readInterestRate(text), RATE_WORDS);

/** Why the years to a goal cannot be used; null when they can (or nothing is typed yet). */
export const yearsProblem = (text: string): string | null => say(readGoalYears(text, MAX_GOAL_YEARS), YEARS_WORDS);

/**
 * What is wrong with a date of birth, or null: a date the parser refuses, or an age under MIN_AGE (eligibility,
 * checked on the screen that asks rather than at step 6: issue 15; the engine's suitability still says it too).
 */
export function dateOfBirthProblem(text: string, asOf: Date): string | null {
  const dob = parseDateOfBirth(text, asOf);
  if (!dob.ok) return dob.error;
  return ageOn(dob.date, asOf) < MIN_AGE ? `This advice is for people aged ${MIN_AGE} or over.` : null;
}

/** issue 15: retirement is out of scope (the eligibility page), so the screens that ask say so at once, in the engine's words. */
const RETIREMENT_OUT_OF_SCOPE = `${RETIREMENT_TITLE}. ${RETIREMENT_EXPLANATION} ${RETIREMENT_INSTEAD}`;
const AGE_PENSION_OUT_OF_SCOPE = `The Age Pension is retirement income. ${RETIREMENT_OUT_OF_SCOPE}`;

/** Why the advice cannot go on from this employment status; null when it can. */
export const employmentProblem = (status: string): string | null => (status === 'retired' ? RETIREMENT_OUT_OF_SCOPE : null);

/** Why the advice cannot go on from these benefits; null when it can. */
export const benefitsProblem = (benefits: Answers['benefits']): string | null =>
  benefits.answer === 'yes' && benefits.rows.some((r) => r.type === 'age-pension') ? AGE_PENSION_OUT_OF_SCOPE : null;

/**
 * Why the advice cannot go on from a screen's answers, by the engine's check once it has loaded (null before, or
 * when they suit): the first of its reasons among `codes` (the suitability rules whose answers the screen collects,
 * issue 15: not only at step 6, after some twenty screens), its explanation and what to do instead, ready to show
 * under the question.
 */
export function reasonsProblem(codes: readonly UnsuitableCode[] | undefined, a: Answers, asOf: Date, suitability: SuitabilityCheck | null): string | null {
  const reason = codes && suitability?.(a, asOf).reasons.find((r) => codes.includes(r.code));
  return reason ? `${reason.explanation} ${reason.instead}` : null;
}

/** Filled with some text. */
export const filled = (s: string) => s.trim() !== '';
/** Filled with an amount the advice can use. */
export const amount = (s: string) => readAmount(s).ok;
/** A Yes/No list answered No, or Yes with rows. */
export const listDone = (l: RowList<unknown>) => l.answer === 'no' || (l.answer === 'yes' && l.rows.length > 0);
