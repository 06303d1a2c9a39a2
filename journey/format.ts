/** Display formatting for the journey. Pure. */

// Made on first use: building a NumberFormat loads the locale's data, the costliest step of the journey's start.
let dollars: Intl.NumberFormat | undefined;

/** $12,345 (whole dollars). */
export function formatDollars(value: number): string {
  dollars ??= new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 });
  return dollars.format(Math.round(value));
}

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

export function formatPercent(value: number): string {
  return `${value.toLocaleString('en-AU', { maximumFractionDigits: 2 })}%`;
}

/** An ISO date as Australians write it: 2026-11-21 → 21/11/2026. */
export function formatIsoDate(iso: string): string {
  return iso.split('-').reverse().join('/');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The month `months` after the ISO date `from`, as "May 2029". */
export function formatMonthYear(from: string, months: number): string {
  const [y, m] = from.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + months;
  return `${MONTHS[total % 12]} ${Math.floor(total / 12)}`;
}

/** The indefinite article for a word: 'an aggressive', 'a moderate'. */
export const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
