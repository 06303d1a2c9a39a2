/**
 * Calendar days in a time zone, as UTC instants (docs/console.md "Analytics"): where each local day starts, and the
 * stretches of a range over which the zone's offset from UTC is one, so that a database without time zone data
 * (SQLite) puts a row in the same local day as one with it. From the server's time zone data (Node's Intl).
 */
import type { OffsetSpan } from '../storage/types';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A zone's clock: its offset from UTC at an instant, in minutes, and the local date of an instant. */
export interface ZoneClock {
  offsetMinutes(at: number): number;
  /** `YYYY-MM-DD`. */
  localDate(at: number): string;
}

/** The clock of IANA zone `timeZone`; null when Intl does not know it. */
export function zoneClock(timeZone: string): ZoneClock | null {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  } catch {
    return null;
  }
  const parts = (at: number) => {
    const p: Record<string, number> = {};
    for (const { type, value } of format.formatToParts(at)) if (type !== 'literal') p[type] = Number(value);
    return p as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  };
  return {
    offsetMinutes(at) {
      const p = parts(at);
      const local = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
      return Math.round((local - Math.floor(at / 1000) * 1000) / MINUTE);
    },
    localDate(at) {
      const p = parts(at);
      return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
    },
  };
}

/** The date `days` after `date` (`YYYY-MM-DD`, a proleptic Gregorian day). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/**
 * The first instant (a whole minute, epoch ms) whose local date is `date` or later: the day's local midnight, or, where
 * a change of offset skips midnight, the instant the day begins. Zones are within 18 hours of UTC.
 */
export function dayStart(clock: ZoneClock, date: string): number {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  let lo = (midnightUtc - 18 * 60 * MINUTE) / MINUTE; // local date before `date`
  let hi = (midnightUtc + 18 * 60 * MINUTE) / MINUTE; // local date `date` or after
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (clock.localDate(mid * MINUTE) >= date) hi = mid;
    else lo = mid;
  }
  return hi * MINUTE;
}

/** The first whole minute in `(from, to]` whose offset is not `offset` (there is one). */
function changeAt(clock: ZoneClock, from: number, to: number, offset: number): number {
  let lo = from / MINUTE;
  let hi = to / MINUTE;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (clock.offsetMinutes(mid * MINUTE) !== offset) hi = mid;
    else lo = mid;
  }
  return hi * MINUTE;
}

/**
 * The range `[start, end)` (epoch ms, whole minutes) cut where the zone's offset changes: at most one change a day is
 * looked for (no zone has changed twice in one day).
 */
export function offsetSpans(clock: ZoneClock, start: number, end: number): OffsetSpan[] {
  const spans: OffsetSpan[] = [];
  let spanStart = start;
  let offset = clock.offsetMinutes(start);
  const close = (at: number) => {
    spans.push({ start: new Date(spanStart).toISOString(), end: new Date(at).toISOString(), offsetMinutes: offset });
    spanStart = at;
    offset = clock.offsetMinutes(at);
  };
  for (let from = start; from < end; from += DAY) {
    const to = Math.min(from + DAY, end);
    // the offset just before `to`, then at `to` itself: a change inside the day, or one at its end
    if (clock.offsetMinutes(to - MINUTE) !== offset) close(changeAt(clock, from, to - MINUTE, offset));
    if (to < end && clock.offsetMinutes(to) !== offset) close(to);
  }
  spans.push({ start: new Date(spanStart).toISOString(), end: new Date(end).toISOString(), offsetMinutes: offset });
  return spans;
}
