/**
 * Integer-cent arithmetic for the engine. Every amount the engine returns is a
 * whole number of cents; pages round to dollars only when they display them.
 */
import { parseMoney } from '../format';

/** A whole number of cents. */
export type Cents = number;

/**
 * The largest amount of money, in dollars, the engine reads from an answer. Anything
 * larger is treated as unreadable, like text that is not money: no household the
 * journey serves has a billion dollars in one answer, and the limit keeps every
 * sum the engine works out a whole number of cents well within the integers a
 * double holds exactly (2^53 cents is about $90 trillion), so no NaN or Infinity
 * can reach a result. Form validation uses the same limit.
 */
export const MAX_AMOUNT_DOLLARS = 1_000_000_000;

/**
 * Money as typed ("1,250", "$1250", "1250.50") in cents; null when it is blank, not
 * money, not finite (a string of 400 nines) or over {@link MAX_AMOUNT_DOLLARS}.
 */
export function toCents(text: string): Cents | null {
  const n = parseMoney(text);
  if (!Number.isFinite(n) || n > MAX_AMOUNT_DOLLARS) return null;
  return Math.round(n * 100);
}

/** A rate as whole hundredths of a percent, so the arithmetic below stays exact. */
function basisPoints(rate: number): number {
  return Math.round(rate * 10_000);
}

/** `rate` of whole `dollars`, in cents, rounded half up (tax is worked on whole-dollar taxable income). */
export function rateOfDollars(dollars: number, rate: number): Cents {
  return Math.round((dollars * basisPoints(rate)) / 100);
}

/** `rate` of an amount in cents, rounded half up to the cent. */
export function rateOfCents(cents: Cents, rate: number): Cents {
  return Math.round((cents * basisPoints(rate)) / 10_000);
}

/** An interest rate typed as a percentage a year ("19.99", "19.99%", "7"), as a fraction; null when blank, NaN when unreadable. */
export function readRate(text: string): number | null {
  const t = text.trim().replace(/\s*%$/, '');
  if (t === '') return null;
  return /^\d{1,3}(\.\d+)?$/.test(t) && Number(t) <= 100 ? Number(t) / 100 : NaN;
}
