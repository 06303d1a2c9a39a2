/**
 * Display formatting for the journey, for its active locale (journey/locale.ts sets it before the first render): money
 * (AUD), numbers, percentages and dates go through `Intl`. English keeps the forms its pages have always shown, byte
 * for byte; Arabic formats with Latin digits (`ar-u-nu-latn`), so figures read as in the English statement.
 */

/** The `Intl` locale of the English journey. */
const EN_AU = 'en-AU';

let tag = EN_AU;
let isolated = (s: string) => s;
// Made on first use: building a NumberFormat loads the locale's data, the costliest step of the journey's start.
let dollars: Intl.NumberFormat | undefined;

/**
 * Formats for the `Intl` locale `intlTag` from now on (journey/locale.ts `showLocale`); `en-AU` is the English journey's.
 * Right to left, an amount or a percentage is a left-to-right isolate (LRI … PDI), so "12,345 AU$" keeps its order
 * inside Arabic text, a table cell or the chart's labels.
 */
export function setFormatLocale(intlTag: string, rightToLeft = false): void {
  tag = intlTag;
  dollars = undefined;
  isolated = rightToLeft ? (s) => `\u2066${s.replace(/[\u200e\u200f]/g, '')}\u2069` : (s) => s;
}

/** The `Intl` locale figures are formatted for. */
export const formatLocale = (): string => tag;

const english = () => tag === EN_AU;

/** $12,345 (whole dollars). */
export function formatDollars(value: number): string {
  dollars ??= new Intl.NumberFormat(tag, { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 });
  return isolated(dollars.format(Math.round(value)));
}

/** Cents as whole dollars: 89185 → "$892". */
export const formatCents = (cents: number): string => formatDollars(cents / 100);

/** A number, grouped: 2000 → "2,000"; up to `maximumFractionDigits` decimals. */
export const formatNumber = (value: number, maximumFractionDigits = 0): string => value.toLocaleString(tag, { maximumFractionDigits });

/** Reads money the way people type it: "1,250", "$1250", " 1250.50 ". NaN when it is not a number. */
export function parseMoney(text: string): number {
  const cleaned = text.replace(/[\s$,]/g, '');
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** An entered amount as dollars when it reads as money, otherwise exactly as typed. */
export function formatEnteredMoney(text: string): string {
  const n = parseMoney(text);
  return Number.isNaN(n) ? text : formatDollars(n);
}

/** A percentage given in percent: 4.67 → "4.67%" (up to `maximumFractionDigits` decimals). */
export function formatPercent(value: number, maximumFractionDigits = 2): string {
  return english()
    ? `${value.toLocaleString(EN_AU, { maximumFractionDigits })}%`
    : isolated(new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits }).format(value / 100));
}

/** A rate as a percentage: 0.0467 → "4.7%" (`digits` decimals at most). */
export const formatRate = (rate: number, digits = 1): string => formatPercent(rate * 100, digits);
