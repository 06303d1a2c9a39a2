/**
 * The one parser of the answers' typed fields (amounts, years, rates, choices). The screens' rules
 * (journey/rules.ts) and the engine's reading (journey/engine/inputs.ts) both read a field here and
 * get the same problem codes; each says a code in its own words. Pure.
 */
import { parseMoney } from './format';
import { MAX_AMOUNT_DOLLARS, readRate, type Cents } from './engine/money';
import { MIN_GOAL_YEARS } from './constants';

/** Why a field cannot be used. */
export type FieldProblem =
  /** Nothing entered or chosen. */
  | 'blank'
  /** Not an amount in dollars ("85k", "lots"). */
  | 'not-money'
  /** Over the largest amount or number of years read (an amount too long to be finite is one). */
  | 'over-max'
  /** Under the least amount, or number of years, that can be used. */
  | 'under-min'
  /** Not a number ("eight"). */
  | 'not-number'
  /** A number of years that is 0. */
  | 'not-positive'
  /** Not an interest rate as a percentage a year. */
  | 'not-rate';

/** The problems each reader below can find (the catalogue, journey/messages.ts, has words for each). */
export type AmountProblem = 'blank' | 'not-money' | 'over-max';
export type GoalAmountProblem = AmountProblem | 'under-min';
export type YearsProblem = 'blank' | 'not-number' | 'over-max';
export type GoalYearsProblem = YearsProblem | 'not-positive' | 'under-min';
export type RateProblem = 'not-rate';

/** A field read: its value, or the code of what is wrong with it. */
export type FieldRead<T, P extends FieldProblem = FieldProblem> = { ok: true; value: T } | { ok: false; problem: P };

const fail = <P extends FieldProblem>(problem: P): { ok: false; problem: P } => ({ ok: false, problem });
const blank = (text: string) => text.trim() === '';

/** Money as typed ("1,250", "$1250", "1250.50") in cents, up to {@link MAX_AMOUNT_DOLLARS}. */
export function readAmount(text: string): FieldRead<Cents, AmountProblem> {
  if (blank(text)) return fail('blank');
  const n = parseMoney(text);
  if (Number.isNaN(n)) return fail('not-money');
  if (!Number.isFinite(n) || n > MAX_AMOUNT_DOLLARS) return fail('over-max');
  return { ok: true, value: Math.round(n * 100) };
}

/** A goal's amount: an amount of $1 or more (issue 15: a goal under $1 is not one). */
export function readGoalAmount(text: string): FieldRead<Cents, GoalAmountProblem> {
  const r: FieldRead<Cents, GoalAmountProblem> = readAmount(text);
  return r.ok && r.value < 100 ? fail('under-min') : r;
}

/** A number of years ("8", "2.5"), up to `max`. */
export function readYears(text: string, max: number): FieldRead<number, YearsProblem> {
  const t = text.trim();
  if (t === '') return fail('blank');
  if (!/^\d+(\.\d+)?$/.test(t)) return fail('not-number');
  if (Number(t) > max) return fail('over-max');
  return { ok: true, value: Number(t) };
}

/**
 * The years to a goal the screen accepts: more than 0, and at least {@link MIN_GOAL_YEARS} (eligibility,
 * checked where the years are entered: issue 15). The engine reads any number of years up to its
 * maximum, and judges a short goal by its suitability rules.
 */
export function readGoalYears(text: string, max: number): FieldRead<number, GoalYearsProblem> {
  const r: FieldRead<number, GoalYearsProblem> = readYears(text, max);
  if (!r.ok) return r;
  if (r.value <= 0) return fail('not-positive');
  return r.value < MIN_GOAL_YEARS ? fail('under-min') : r;
}

/** An interest rate as a percentage a year, as a fraction; null when left empty. */
export function readInterestRate(text: string): FieldRead<number | null, RateProblem> {
  const rate = readRate(text);
  return Number.isNaN(rate) ? fail('not-rate') : { ok: true, value: rate };
}
