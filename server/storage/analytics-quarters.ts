/**
 * The analytics' figures kept per quarter of an hour (schema version 18, docs/console.md "Analytics"): what both
 * storages share. A site's conversations started, messages, questions and unanswered questions (by reason) are
 * counted once per UTC quarter-hour in `analytics_quarters`, up to the site's `rolled_until`; a report reads those
 * rows for the quarters of its range before that time and counts the rest (the last hour at least) from the messages,
 * as before. Every offset in use is a whole number of quarter-hours, so each quarter lies in one local day and the
 * report's days are the same; a range or offset that is not ({@link rollupUsable}) is counted from the messages alone.
 *
 * A change to a row already counted (a message written, changed or deleted with a time before `rolled_until`, a
 * conversation deleted by the visitor's deletion or by retention) marks its quarter in `analytics_stale` (the schema's
 * triggers), and the next report counts that quarter again before reading: a deletion takes its rows out of the past
 * figures, as the report counted before this version.
 */
import type { OffsetSpan } from './types';

/** A quarter-hour in ms. */
export const QUARTER_MS = 15 * 60_000;

/**
 * How long after its time a row is counted from the messages rather than the quarters: the chat route writes a
 * question and its answer within its time limit, so the quarters behind this are rarely marked again.
 */
export const ROLLUP_MARGIN_MS = 60 * 60_000;

/** The quarter-hour a time (ISO 8601, UTC) is in, in SQL: its start as `YYYY-MM-DDTHH:MM:00.000Z`. */
export const quarterOf = (column: string) =>
  `substr(${column}, 1, 14) || CASE WHEN substr(${column}, 15, 2) < '15' THEN '00' WHEN substr(${column}, 15, 2) < '30' THEN '15'` +
  ` WHEN substr(${column}, 15, 2) < '45' THEN '30' ELSE '45' END || ':00.000Z'`;

/** The start of the quarter-hour `ms` is in, as the quarters' rows name it. */
export const quarterStart = (ms: number) => new Date(Math.floor(ms / QUARTER_MS) * QUARTER_MS).toISOString();

/** Whether `iso` is the start of a quarter-hour, written as the quarters' rows write it. */
const onQuarter = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) && ms % QUARTER_MS === 0 && new Date(ms).toISOString() === iso;
};

/** Whether a report's range can read the quarters: its ends, and every change of offset, on quarter-hours. */
export function rollupUsable(start: string, end: string, spans: readonly OffsetSpan[]): boolean {
  return (
    onQuarter(start) && onQuarter(end) && spans.every((s, i) => s.offsetMinutes % 15 === 0 && (i === spans.length - 1 || onQuarter(s.end)))
  );
}

/**
 * The statement that counts the quarters of `[from, to)` into `analytics_quarters`, for one site or (`site`
 * omitted) every site: `from`, `to` and `site` are SQL (parameters or expressions). The counts are the report's own
 * (storage/{sqlite,postgres}/analytics-report.ts): conversations by when they started, with messages in them; messages
 * by their time, through their conversation's site; a question's reason by the message after it.
 */
export function rollupInsert(p: { from: string; to: string; site?: string }): string {
  const site = p.site === undefined ? '' : ` AND s.site_id = ${p.site}`;
  return `INSERT INTO analytics_quarters (site_id, quarter, conversations, messages, questions, failed, incomplete, nothing_found)
  SELECT site_id, quarter, sum(c), sum(m), sum(q), sum(CASE WHEN reason = 'failed' THEN 1 ELSE 0 END),
         sum(CASE WHEN reason = 'incomplete' THEN 1 ELSE 0 END), sum(CASE WHEN reason = 'nothing_found' THEN 1 ELSE 0 END)
    FROM (SELECT s.site_id, ${quarterOf('s.created_at')} AS quarter, 1 AS c, 0 AS m, 0 AS q, NULL AS reason
            FROM chat_sessions s
           WHERE s.created_at >= ${p.from} AND s.created_at < ${p.to} AND s.message_count > 0${site}
          UNION ALL
          SELECT s.site_id, ${quarterOf('x.created_at')}, 0, 1, CASE WHEN x.role = 'user' THEN 1 ELSE 0 END,
                 CASE WHEN x.role <> 'user' THEN NULL
                      WHEN a.role = 'ai' AND a.is_error = TRUE THEN 'failed'
                      WHEN a.role = 'ai' AND a.incomplete = TRUE THEN 'incomplete'
                      WHEN x.answer_failed = TRUE THEN 'failed'
                      WHEN a.role = 'ai' AND a.nothing_found = TRUE THEN 'nothing_found' END
            FROM messages x
            JOIN chat_sessions s ON s.id = x.chat_session_id
            LEFT JOIN messages a ON x.role = 'user' AND a.chat_session_id = x.chat_session_id AND a.seq = x.seq + 1
           WHERE x.created_at >= ${p.from} AND x.created_at < ${p.to}${site}) counted
   GROUP BY site_id, quarter`;
}

/** One local day's figures from the quarters or the messages: summed with the other part's by {@link sumDays}. */
export interface DayCounts {
  day: string;
  conversations: number;
  messages: number;
  questions: number;
}

/** The days' rows of both parts, summed by day, as the two row lists `daysFromRows` reads. */
export function sumDays(rows: readonly DayCounts[]): {
  conversations: { day: string; n: number }[];
  messages: { day: string; n: number; questions: number }[];
} {
  const byDay = new Map<string, DayCounts>();
  for (const r of rows) {
    const d = byDay.get(r.day) ?? { day: r.day, conversations: 0, messages: 0, questions: 0 };
    d.conversations += r.conversations;
    d.messages += r.messages;
    d.questions += r.questions;
    byDay.set(r.day, d);
  }
  const all = [...byDay.values()];
  return {
    conversations: all.filter((d) => d.conversations > 0).map((d) => ({ day: d.day, n: d.conversations })),
    messages: all.filter((d) => d.messages > 0).map((d) => ({ day: d.day, n: d.messages, questions: d.questions })),
  };
}
