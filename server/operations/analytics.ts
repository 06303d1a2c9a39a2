/**
 * A site's analytics over a date range in a time zone (docs/console.md "Analytics"): the figures come from the
 * database's aggregate queries (Storage.analyticsFigures); this checks the query, turns local days into UTC spans,
 * and shapes the answer (every day of the range, zeros included; rates and percentiles rounded).
 */
import type { AnalyticsFigures, Percentiles } from '../storage/types';
import { type Actor, type Context, need } from './context';
import { invalid } from './errors';
import { addDays, dayStart, offsetSpans, zoneClock } from './local-days';

/** The longest range a report covers, in days (docs/console.md "Analytics"). */
export const MAX_RANGE_DAYS = 366;
/** The range when none is asked: the 30 days ending today. */
const DEFAULT_RANGE_DAYS = 30;
/** The most top questions, and the default. */
const MAX_TOP = 50;
const DEFAULT_TOP = 10;
/** The most rows of clicks by button and by page. */
const LIST_LIMIT = 50;
/** How much of a normalised question is kept, in characters. */
const QUESTION_CHARS = 200;

/** What the console asks: each a query string's value as received (validated here). */
export interface AnalyticsParams {
  from?: unknown;
  to?: unknown;
  tz?: unknown;
  top?: unknown;
}

/** docs/console.md "Analytics": the answer of `GET sites/:id/analytics`. */
export interface AnalyticsReport {
  from: string;
  to: string;
  timeZone: string;
  days: AnalyticsFigures['days'];
  totals: { conversations: number; questions: number; messages: number };
  topQuestions: AnalyticsFigures['topQuestions'];
  unanswered: AnalyticsFigures['unanswered'] & { rate: number | null };
  clicks: AnalyticsFigures['clicks'];
  content: AnalyticsFigures['content'];
  latency: { firstWord: Percentiles; wholeAnswer: Percentiles };
}

/**
 * A question as the top questions count it: Unicode lower case (after NFKC), apostrophes dropped (`what's` is
 * `whats`), other punctuation and symbols made spaces, runs of white space one space, trimmed, the first 200
 * characters.
 */
export function normaliseQuestion(text: string): string {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['\u2018\u2019\u02bc]/gu, '')
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  return Array.from(words).slice(0, QUESTION_CHARS).join('').trimEnd();
}

const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** `value` as a real calendar date `YYYY-MM-DD` from 1970 on, or null. */
function calendarDate(value: string): string | null {
  if (!DATE.test(value) || value < '1970-01-01') return null;
  const t = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === value ? value : null;
}

/** The whole number of days from `a` to `b` (dates). */
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

const rounded = (p: Percentiles): Percentiles => ({
  count: p.count,
  p50: p.p50 === null ? null : Math.round(p.p50),
  p95: p.p95 === null ? null : Math.round(p.p95),
});

export function analyticsOperations(c: Context) {
  return {
    /** The site's figures over the range (viewer and up). Refuses a bad date, zone, range or `top` (INVALID). */
    async analytics(actor: Actor, siteId: string, params: AnalyticsParams): Promise<AnalyticsReport> {
      await need(c, actor, siteId, 'viewer');
      const tz = params.tz === undefined || params.tz === '' ? 'UTC' : params.tz;
      const clock = typeof tz === 'string' && tz.length <= 64 && /^[A-Za-z0-9_+\-/]+$/.test(tz) ? zoneClock(tz) : null;
      if (!clock)
        throw invalid('tz', 'The time zone is not one this server knows.', 'an IANA time zone name, such as Europe/Paris, or UTC');

      const top = params.top === undefined || params.top === '' ? DEFAULT_TOP : Number(params.top);
      if (!Number.isInteger(top) || top < 1 || top > MAX_TOP) throw invalid('top', 'top must be a whole number from 1 to 50.', '1 to 50');

      const dateParam = (field: 'from' | 'to', value: unknown): string | null => {
        if (value === undefined || value === '') return null;
        const date = typeof value === 'string' ? calendarDate(value) : null;
        if (!date) throw invalid(field, `${field} must be a date, YYYY-MM-DD.`, 'YYYY-MM-DD, a real day from 1970-01-01');
        return date;
      };
      const askedTo = dateParam('to', params.to);
      const askedFrom = dateParam('from', params.from);
      const to = askedTo ?? clock.localDate(c.now());
      const from = askedFrom ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
      if (to < from) throw invalid('to', 'to must not be before from.', 'a date on or after from');
      const length = daysBetween(from, to) + 1;
      if (length > MAX_RANGE_DAYS) throw invalid('to', `The range is ${length} days long.`, `at most ${MAX_RANGE_DAYS} days from from`);
      if (to > '9999-12-30') throw invalid('to', 'to is too far ahead.', 'a date before 9999-12-31');

      const start = dayStart(clock, from);
      const end = dayStart(clock, addDays(to, 1));
      const figures = await c.storage.analyticsFigures(siteId, {
        start: new Date(start).toISOString(),
        end: new Date(end).toISOString(),
        spans: offsetSpans(clock, start, end),
        top,
        listLimit: LIST_LIMIT,
      });

      const counted = new Map(figures.days.map((d) => [d.date, d]));
      const days = Array.from({ length }, (_, i) => {
        const date = addDays(from, i);
        const d = counted.get(date);
        return { date, conversations: d?.conversations ?? 0, questions: d?.questions ?? 0, messages: d?.messages ?? 0 };
      });
      const totals = { conversations: 0, questions: 0, messages: 0 };
      for (const d of days) {
        totals.conversations += d.conversations;
        totals.questions += d.questions;
        totals.messages += d.messages;
      }
      const u = figures.unanswered;
      const missed = u.failed + u.incomplete + u.nothingFound;
      return {
        from,
        to,
        timeZone: tz as string,
        days,
        totals,
        topQuestions: figures.topQuestions,
        unanswered: { ...u, rate: u.questions === 0 ? null : Math.round((missed / u.questions) * 10_000) / 10_000 },
        clicks: figures.clicks,
        content: figures.content,
        latency: { firstWord: rounded(figures.latency.firstWord), wholeAnswer: rounded(figures.latency.wholeAnswer) },
      };
    },
  };
}
