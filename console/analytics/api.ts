/**
 * The analytics call (docs/console.md "Analytics"), built on the client's `request` here rather than in
 * console/api.ts, so that only the analytics screen's chunk pays for it; its answer is checked field by field.
 */
import { type Check, type ConsoleApi, idText, list, object, optional, str } from '../api';

const count: Check<number> = (v) => {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error('not a number');
  return v;
};
/** A figure the server sends as null when there is nothing to measure (kept as null). */
const maybe: Check<number | null> = (v) => optional(count)(v) ?? null;
const kind: Check<'document' | 'video'> = (v) => {
  if (v !== 'document' && v !== 'video') throw new Error('not a kind');
  return v;
};

/** One day's counts. */
export interface AnalyticsDay {
  /** `YYYY-MM-DD` in the report's time zone */
  date: string;
  conversations: number;
  questions: number;
  messages: number;
}
const totals = { conversations: count, questions: count, messages: count };

/** A percentile pair in whole ms (null when `count` is 0). */
export interface Latency {
  count: number;
  p50: number | null;
  p95: number | null;
}
const latency = object<Latency>({ count, p50: maybe, p95: maybe });

/** A document or video with how often it was opened and asked about. */
export interface ContentFigures {
  kind: 'document' | 'video';
  id: string;
  name: string;
  opened: number;
  askedQuestions: number;
  askedConversations: number;
}

/** `GET sites/:id/analytics`: a site's figures for a range of days. */
export interface AnalyticsReport {
  from: string;
  to: string;
  timeZone: string;
  days: AnalyticsDay[];
  totals: Omit<AnalyticsDay, 'date'>;
  topQuestions: { question: string; count: number }[];
  unanswered: { questions: number; failed: number; incomplete: number; nothingFound: number; rate: number | null };
  clicks: {
    total: number;
    byButton: { buttonId: string; name: string | null; count: number }[];
    byPage: { page: string; count: number }[];
  };
  content: ContentFigures[];
  latency: { firstWord: Latency; wholeAnswer: Latency };
}

const report = object<AnalyticsReport>({
  from: str,
  to: str,
  timeZone: str,
  days: list(object<AnalyticsDay>({ date: str, ...totals })),
  totals: object(totals),
  topQuestions: list(object({ question: str, count })),
  unanswered: object({ questions: count, failed: count, incomplete: count, nothingFound: count, rate: maybe }),
  clicks: object({
    total: count,
    byButton: list(object({ buttonId: idText, name: (v: unknown) => optional(str)(v) ?? null, count })),
    byPage: list(object({ page: str, count })),
  }),
  content: list(object<ContentFigures>({ kind, id: idText, name: str, opened: count, askedQuestions: count, askedConversations: count })),
  latency: object({ firstWord: latency, wholeAnswer: latency }),
});

/** The figures of `from` to `to` (both included), counted in the days of `timeZone`; `signal` aborts the request. */
export const analytics = (
  { request }: ConsoleApi,
  siteId: string,
  range: { from: string; to: string; timeZone: string },
  signal?: AbortSignal,
) =>
  request(
    'GET',
    `sites/${encodeURIComponent(siteId)}/analytics?${new URLSearchParams({ from: range.from, to: range.to, tz: range.timeZone })}`,
    report,
    undefined,
    false,
    false,
    signal,
  );
