/**
 * A result's flat figures as the Advice screens show them (contract/advice.ts `AdviceFigures`): a figure whose key ends
 * in `Cents` in dollars and cents, any other number as stored (nothing is guessed about its unit), true/false in
 * words, a list or record as its JSON, nothing as a dash. The key itself shows beside it, as stored.
 */
import { formatWhen, W } from '../messages';
import { ADVICE_WORDS as A } from './words';

type Figure = number | string | boolean | object | null | undefined;

const dollars = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** A figure's value in words. */
export function formatFigure(key: string, value: Figure, signed = false): string {
  if (value === null || value === undefined) return W.nothing;
  if (typeof value === 'boolean') return value ? A.yes : A.no;
  if (typeof value === 'string') return value;
  // a reason's list (a refusal's debts), as stored
  if (typeof value === 'object') return JSON.stringify(value);
  const text = /cents$/i.test(key) ? dollars.format(value / 100) : String(value);
  return signed && value > 0 ? `+${text}` : text;
}

/**
 * A result's calculation date (`asOf`, a calendar day: YYYY-MM-DD) as the browser shows a date, the same day in every
 * time zone: read as a date and time it is midnight UTC, the day before west of Greenwich, with a time it does not have.
 */
export const formatDay = (day: string) =>
  /^\d{4}-\d\d-\d\d$/.test(day)
    ? new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' })
    : formatWhen(day);
