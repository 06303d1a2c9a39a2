/**
 * The journey's validation rules (journey-spec §5), written once: the screens
 * ask them for the messages under a field, the machine for Continue (through
 * `journeyGuards`, provided to it). Pure: every rule takes the date it judges on.
 */
import type { JourneyContext } from '../machines/journey';
import type { ScreenId } from '../machines/journey-flow';
import type { Answers, RowList } from '../machines/journey-answers';
import type { Clock } from './clock';
import { ageOn, parseDateOfBirth } from './engine/dates';
import { MAX_GOAL_YEARS } from './engine/limits';
import { MAX_AMOUNT_DOLLARS } from './engine/money';
import { readAmount, readGoalAmount, readGoalYears, readInterestRate, type FieldProblem, type FieldRead } from './answer-fields';
import { RETIREMENT_EXPLANATION, RETIREMENT_INSTEAD, RETIREMENT_TITLE } from './engine/retirement';
import type { UnsuitableCode } from './engine/suitability';
import type { SuitabilityCheck } from './suitability';
import { MIN_AGE, MIN_GOAL_YEARS } from './constants';
import { formatDollars } from './format';

const filled = (s: string) => s.trim() !== '';

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
 * The suitability rules of the engine checked on the screen that collects their answer (issue 15: not only at step 6,
 * after some twenty screens): the last screen each needs, in the order of the questionnaire.
 */
const SCREEN_REASONS: Partial<Record<ScreenId, readonly UnsuitableCode[]>> = {
  benefits: ['no-income'],
  regularSavings: ['savings-over-income', 'no-surplus'],
  debts: ['high-interest-debt'],
  riskAssessment: ['goal-shorter-than-horizon'],
};

/**
 * Why the advice cannot go on from this screen's answers, by the engine's check once it has loaded (null before, or
 * when they suit): its reason's explanation and what to do instead, ready to show under the question.
 */
export function screenProblem(screen: ScreenId, a: Answers, asOf: Date, suitability: SuitabilityCheck | null): string | null {
  const codes = SCREEN_REASONS[screen];
  const reason = codes && suitability?.(a, asOf).reasons.find((r) => codes.includes(r.code));
  return reason ? `${reason.explanation} ${reason.instead}` : null;
}

/** Filled with an amount the advice can use. */
const amount = (s: string) => readAmount(s).ok;
const listDone = (l: RowList<unknown>) => l.answer === 'no' || (l.answer === 'yes' && l.rows.length > 0);

/**
 * journey-spec §5: Continue is disabled until the screen's rule holds. Screens
 * with no rule can always continue. Row fields are not validated (§5); the advice
 * pages list any row the engine cannot read.
 *
 * journey-spec §5 asks only for some text in the amounts and years; the advice
 * (issue 5) needs numbers, so those fields must be amounts or years it can read,
 * and each says what to fix under it (`amountProblem`, `yearsProblem`).
 */
export const SCREEN_RULES: Partial<Record<ScreenId, (a: Answers, asOf: Date, suitability: SuitabilityCheck | null) => boolean>> = {
  // journey-spec §5 asks only for some text here; issue 5 (suitability needs the age) asks for a real DD/MM/YYYY date.
  dateOfBirth: (a, asOf) => dateOfBirthProblem(a.dateOfBirth, asOf) === null,
  relationshipStatus: (a) => filled(a.relationshipStatus),
  goalSelection: (a) => filled(a.goal.type),
  goalDetails: (a) => readGoalAmount(a.goal.amount).ok && readGoalYears(a.goal.years, MAX_GOAL_YEARS).ok,
  employmentStatus: (a) => filled(a.employmentStatus) && employmentProblem(a.employmentStatus) === null,
  income: (a) => amount(a.income.amount) && filled(a.income.frequency),
  additionalIncome: (a) => listDone(a.additionalIncome),
  benefits: (a, asOf, suitability) => listDone(a.benefits) && benefitsProblem(a.benefits) === null && screenProblem('benefits', a, asOf, suitability) === null,
  bigSpends: (a) => listDone(a.bigSpends),
  assets: (a) => listDone(a.assets),
  regularSavings: (a, asOf, suitability) =>
    (a.regularSavings.answer === 'no' || (a.regularSavings.answer === 'yes' && amount(a.regularSavings.amount) && filled(a.regularSavings.frequency))) &&
    screenProblem('regularSavings', a, asOf, suitability) === null,
  super: (a) => amount(a.super.balance) && a.super.contributions !== '',
  debts: (a, asOf, suitability) => listDone(a.debts) && screenProblem('debts', a, asOf, suitability) === null,
  insuranceCover: (a) => [a.insurance.life, a.insurance.tpd, a.insurance.trauma, a.insurance.incomeProtection].every(amount),
  privateHealth: (a) => a.privateHealth !== '',
  riskAssessment: (a, asOf, suitability) => filled(a.risk.style) && screenProblem('riskAssessment', a, asOf, suitability) === null,
  // JOURNEY-ENGINE.md "Suitability": advice that does not suit stops the journey before a recommendation.
  needsAnalysis: (a, asOf, suitability) => isSuitable(a, asOf, suitability),
  // issue 15: no product until the plan reaches the goal (the recommendation offers the three levers instead)
  recommendation: (a, asOf, suitability) => {
    const assessed = suitability?.(a, asOf);
    return assessed?.suitable === true && assessed.goalReachable === true;
  },
};

/** False when a suitability rule of the advice engine fails for these answers on `asOf`, or the check has not loaded yet. */
function isSuitable(a: Answers, asOf: Date, suitability: SuitabilityCheck | null): boolean {
  return suitability !== null && suitability(a, asOf).suitable;
}

/**
 * journey-spec §5: the screen's rule holds for these answers on the date `asOf` (ages and horizons depend on it);
 * `suitability` is the engine's check (journey/suitability.ts), null while it loads.
 */
export function isScreenComplete(screen: ScreenId, answers: Answers, asOf: Date, suitability: SuitabilityCheck | null): boolean {
  return SCREEN_RULES[screen]?.(answers, asOf, suitability) ?? true;
}

/**
 * The journey machine's domain guard, reading today's date from `clock` and the engine's suitability
 * check from `suitability` (null while it loads): the app root provides them with the system clock and
 * the check loaded on demand, tests with a fixed date and the engine's own.
 */
export function journeyGuards(clock: Clock, suitability: () => SuitabilityCheck | null) {
  return {
    isScreenComplete: ({ context }: { context: JourneyContext }, params: { screen: ScreenId }) =>
      isScreenComplete(params.screen, context.answers, clock(), suitability()),
  };
}
