/**
 * Dates for the active locale (journey/format.ts `formatLocale`), apart from the first visit's formats: only the
 * pages that load on demand show them. English keeps the forms its pages have always shown.
 */
import { formatLocale } from './format';

const english = () => formatLocale() === 'en-AU';
const date = (y: number, monthIndex: number, d: number, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(formatLocale(), { ...options, timeZone: 'UTC' }).format(Date.UTC(y, monthIndex, d));

/** An ISO date as the locale writes it: 2026-11-21 → 21/11/2026 in English. */
export function formatIsoDate(iso: string): string {
  if (english()) return iso.split('-').reverse().join('/');
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return date(y, m - 1, d, { day: '2-digit', month: '2-digit', year: 'numeric' });
}

// English's own short months: Intl's en-AU writes "Sept", the pages have always shown "Sep"
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The month `months` after the ISO date `from`, as "May 2029". */
export function formatMonthYear(from: string, months: number): string {
  const [y, m] = from.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + months;
  if (english()) return `${MONTHS[total % 12]} ${Math.floor(total / 12)}`;
  return date(Math.floor(total / 12), total % 12, 1, { month: 'short', year: 'numeric' });
}
