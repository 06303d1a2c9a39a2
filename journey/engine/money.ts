/**
 * Integer-cent arithmetic for the engine. Every amount the engine returns is a
 * whole number of cents; pages round to dollars only when they display them.
 */
import { formatDollars, parseMoney } from '../format';

/** A whole number of cents. */
export type Cents = number;

/** Money as typed ("1,250", "$1250", "1250.50") in cents; null when it is blank or not money. */
export function toCents(text: string): Cents | null {
  const n = parseMoney(text);
  return Number.isNaN(n) ? null : Math.round(n * 100);
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

/** Cents as whole dollars for sentences: 89185 → "$892". */
export function dollarsText(cents: Cents): string {
  return formatDollars(cents / 100);
}

/** A rate for sentences: 0.0467 → "4.7%". */
export function percentText(rate: number, digits = 1): string {
  return `${(rate * 100).toLocaleString('en-AU', { maximumFractionDigits: digits, minimumFractionDigits: 0 })}%`;
}

/** Years for sentences: 1 → "1 year", 2.5 → "2.5 years". */
export function yearsText(years: number): string {
  const n = years.toLocaleString('en-AU', { maximumFractionDigits: 1 });
  return `${n} ${years === 1 ? 'year' : 'years'}`;
}
