/**
 * Calendar dates for the engine. A date means its local calendar day (the
 * user's, in the browser), so "today" and "the financial year" are what the user
 * sees on their own calendar.
 */

/**
 * What is wrong with a date of birth as typed, by code with its figures (the catalogue says it: journey/messages.ts
 * `sayDateOfBirthProblem`): nothing typed, not DD/MM/YYYY, a month not 1–12, a day its month has not (`month` 1–12,
 * the month's `days`), a day after today, or a year more than `maxAge` years ago.
 */
export type DateOfBirthProblem =
  | { code: 'blank' | 'format' | 'month' | 'future' }
  | { code: 'not-real'; text: string; month: number; year: number; days: number }
  | { code: 'too-old'; year: number; maxAge: number };

/** The result of {@link parseDateOfBirth}: the date, or its problem's code and figures. */
export type DateOfBirthResult = { ok: true; date: Date } | { ok: false; problem: DateOfBirthProblem };

/** The oldest age accepted; an older date of birth is taken to be a mistyped year. */
const MAX_AGE = 120;

/** Local midnight of a calendar day; unlike `new Date(y, m, d)`, years 0–99 stay as typed. */
export function makeDate(year: number, monthIndex: number, day: number): Date {
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, monthIndex, day);
  return date;
}

/** Days in a month (1–12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return makeDate(year, month, 0).getDate();
}

/** The local calendar day of a date, at midnight. */
export function calendarDay(date: Date): Date {
  return makeDate(date.getFullYear(), date.getMonth(), date.getDate());
}

/** `YYYY-MM-DD` of the local calendar day. */
export function isoDate(date: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(date.getFullYear(), 4)}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}

/** Whole years from `birth` to `on` (a birthday counts from its day; 29 February from 1 March in other years). */
export function ageOn(birth: Date, on: Date): number {
  const before = on.getMonth() < birth.getMonth() || (on.getMonth() === birth.getMonth() && on.getDate() < birth.getDate());
  return on.getFullYear() - birth.getFullYear() - (before ? 1 : 0);
}

/** The day someone born on `birth` turns `age` (a 29 February birthday falls on 1 March in other years). */
export function birthdayAt(birth: Date, age: number): Date {
  // Date rolls 29 February over to 1 March in a common year, as ageOn counts it.
  return makeDate(birth.getFullYear() + age, birth.getMonth(), birth.getDate());
}

/**
 * Reads a date of birth typed as DD/MM/YYYY (one-digit days and months are
 * accepted: 5/6/1990). Only a real date, not after `today`, and not more than
 * 120 years before it, is accepted; otherwise `problem` says what to fix (by code).
 *
 * @param today the date to check against; the current date when omitted.
 */
export function parseDateOfBirth(text: string, today: Date = new Date()): DateOfBirthResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: { code: 'blank' } };
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  if (!m) return { ok: false, problem: { code: 'format' } };
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = Number(m[3]);
  if (month < 1 || month > 12) return { ok: false, problem: { code: 'month' } };
  const days = daysInMonth(year, month);
  if (day < 1 || day > days) return { ok: false, problem: { code: 'not-real', text: trimmed, month, year, days } };
  const date = makeDate(year, month - 1, day);
  const now = calendarDay(today);
  if (date.getTime() > now.getTime()) return { ok: false, problem: { code: 'future' } };
  if (ageOn(date, now) > MAX_AGE) return { ok: false, problem: { code: 'too-old', year, maxAge: MAX_AGE } };
  return { ok: true, date };
}
