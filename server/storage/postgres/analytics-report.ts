/**
 * The console's analytics on PostgreSQL (docs/console.md "Analytics"): what the chat route and the embed boots
 * record (schema version 14), and the report's figures, all in one read-only snapshot: the days and the unanswered
 * questions from the quarters (analytics-quarters.ts), the figures over the whole range from the daily counts
 * (analytics-daily.ts), the rest counted from the rows. Local days come from the query's spans of one offset, as on
 * SQLite, so both databases put a row in the same day; percentiles are `percentile_cont`'s, from the histogram and
 * the values of the buckets it points to.
 */
import type pg from 'pg';
import {
  dailyQueries,
  dailyRange,
  LATENCY_BUCKET_MS,
  type MeasureColumn,
  percentilesAt,
  POSTGRES_DIALECT,
  ranksInBuckets,
} from '../analytics-daily';
import { daysFromRows } from '../analytics-days';
import { type DayCounts, QUARTER_MS, quarterStart, ROLLUP_MARGIN_MS, rollupInsert, rollupUsable, sumDays } from '../analytics-quarters';
import { now, type Row } from '../records';
import type { AnalyticsFigures, AnalyticsQuery, AnalyticsReportStorage, OffsetSpan } from '../types';
import { all, one, sql, transaction } from './db';

/** The figures over the whole range: the daily tables for its whole UTC days, the rows for its two ends (analytics-daily.ts). */
const DAILY = dailyQueries(
  { site: '$1', start: '$2', end: '$3', fromDay: '$4', toDay: '$5', liveTo: '$6', liveFrom: '$7', top: '$8', limit: '$8' },
  POSTGRES_DIALECT,
);

/** An answer time's value at a place (`$6`) among the range's values in one bucket (`[$4, $5)`). */
function inBucket(column: MeasureColumn) {
  return `SELECT ${column} AS v FROM answer_metrics
    WHERE site_id = $1 AND ${column} >= $4 AND ${column} < $5 AND asked_at >= $2 AND asked_at < $3
    ORDER BY ${column} LIMIT 1 OFFSET $6`;
}

const Q = {
  insertMetrics: sql(
    'answer_metrics_insert',
    `INSERT INTO answer_metrics (question_id, site_id, chat_session_id, asked_at, question, about_id, first_word_ms, whole_answer_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (question_id) DO NOTHING`,
  ),
  insertOpen: sql('embed_open_insert', 'INSERT INTO embed_opens (site_id, kind, item_id, opened_at) VALUES ($1, $2, $3, $4)'),
  // the answer to a question is the session's next message (seq + 1), when it is the agent's; each question has one
  // reason at most, by the inbox's marks: an error answer, a cut-off answer (even when the question is marked failed:
  // the provider failed mid-stream), a question marked failed, a nothing-found answer
  unanswered: sql(
    'analytics_unanswered',
    `SELECT count(*) AS questions,
            count(*) FILTER (WHERE reason = 'failed') AS failed,
            count(*) FILTER (WHERE reason = 'incomplete') AS incomplete,
            count(*) FILTER (WHERE reason = 'nothing_found') AS nothing_found
       FROM (SELECT CASE WHEN a.role = 'ai' AND a.is_error THEN 'failed'
                         WHEN a.role = 'ai' AND a.incomplete THEN 'incomplete'
                         WHEN q.answer_failed THEN 'failed'
                         WHEN a.role = 'ai' AND a.nothing_found THEN 'nothing_found' END AS reason
               FROM messages q
               JOIN chat_sessions s ON s.id = q.chat_session_id
               LEFT JOIN messages a ON a.chat_session_id = q.chat_session_id AND a.seq = q.seq + 1
              WHERE q.created_at >= $1 AND q.created_at < $2 AND q.role = 'user' AND s.site_id = $3) questions`,
  ),
  content: sql(
    'analytics_content',
    `WITH opens AS (${DAILY.opens}), asked AS (
       SELECT about_id, count(*) AS questions, count(DISTINCT chat_session_id) AS conversations FROM answer_metrics
        WHERE site_id = $1 AND asked_at >= $2 AND asked_at < $3 AND about_id IS NOT NULL GROUP BY about_id
     ), items AS (
       SELECT 'document' AS kind, id, name FROM documents WHERE site_id = $1
       UNION ALL SELECT 'video' AS kind, id, name FROM videos WHERE site_id = $1
     )
     SELECT i.kind, i.id, i.name, coalesce(o.n, 0) AS opened, coalesce(a.questions, 0) AS asked_questions,
            coalesce(a.conversations, 0) AS asked_conversations
       FROM items i LEFT JOIN opens o ON o.item_id = i.id LEFT JOIN asked a ON a.about_id = i.id
      ORDER BY i.kind COLLATE "C", i.name COLLATE "C", i.id COLLATE "C"`,
  ),
  topQuestions: sql('analytics_top_questions', DAILY.topQuestions),
  clickTotal: sql('analytics_click_total', DAILY.clickTotal),
  clicksByButton: sql('analytics_clicks_by_button', DAILY.clicksByButton),
  clicksByPage: sql('analytics_clicks_by_page', DAILY.clicksByPage),
  firstWordHistogram: sql('analytics_first_word_histogram', DAILY.histogram('first_word_ms')),
  wholeAnswerHistogram: sql('analytics_whole_answer_histogram', DAILY.histogram('whole_answer_ms')),
  firstWordInBucket: sql('analytics_first_word_in_bucket', inBucket('first_word_ms')),
  wholeAnswerInBucket: sql('analytics_whole_answer_in_bucket', inBucket('whole_answer_ms')),
  rolledUntil: sql('analytics_rolled_until', 'SELECT rolled_until FROM analytics_rollups WHERE site_id = $1 FOR UPDATE'),
  beginRollup: sql(
    'analytics_rollup_begin',
    `INSERT INTO analytics_rollups (site_id, rolled_until) VALUES ($1, '') ON CONFLICT (site_id) DO NOTHING`,
  ),
  advance: sql('analytics_rollup_advance', 'UPDATE analytics_rollups SET rolled_until = $2 WHERE site_id = $1'),
  count: sql('analytics_rollup_count', rollupInsert({ from: '$1', to: '$2', site: '$3' })),
  stale: sql('analytics_stale', 'SELECT quarter FROM analytics_stale WHERE site_id = $1'),
  forget: sql('analytics_quarter_forget', 'DELETE FROM analytics_quarters WHERE site_id = $1 AND quarter = $2'),
  unmark: sql('analytics_stale_unmark', 'DELETE FROM analytics_stale WHERE site_id = $1 AND quarter = $2'),
};

/**
 * The local date of `column` (ISO 8601 text, UTC) by the spans' offsets, its values numbered from `$first`. The spans
 * cover the range end to end, so a row in the range is in the first span whose end is after it.
 */
function localDay(column: string, spans: readonly OffsetSpan[], first: number): { sql: string; values: (string | number)[] } {
  const values: (string | number)[] = [];
  const param = (v: string | number) => `$${first + values.push(v) - 1}`;
  const whens = spans.slice(0, -1).map((span) => `WHEN ${column} < ${param(span.end)} THEN ${param(span.offsetMinutes)}::int`);
  const last = `${param(spans.at(-1)!.offsetMinutes)}::int`;
  const minutes = whens.length === 0 ? last : `CASE ${whens.join(' ')} ELSE ${last} END`;
  return {
    sql: `to_char((${column})::timestamptz AT TIME ZONE 'UTC' + make_interval(mins => ${minutes}), 'YYYY-MM-DD')`,
    values,
  };
}

const n = (v: unknown) => Number(v ?? 0);

/** The analytics' methods of the storage. */
export function postgresAnalyticsReport(pool: pg.Pool, clock: () => number = Date.now): AnalyticsReportStorage {
  /** The days of `[start, end)` that have something, each with its counts, from the messages (grouped by local day). */
  async function days(db: pg.PoolClient, siteId: string, start: string, end: string, spans: readonly OffsetSpan[]): Promise<DayCounts[]> {
    const started = localDay('s.created_at', spans, 4);
    const conversations = await all(db, {
      text: `SELECT ${started.sql} AS day, count(*) AS n FROM chat_sessions s
              WHERE s.site_id = $1 AND s.created_at >= $2 AND s.created_at < $3 AND s.message_count > 0 GROUP BY day`,
      values: [siteId, start, end, ...started.values],
    });
    const sent = localDay('m.created_at', spans, 4);
    const messages = await all(db, {
      text: `SELECT ${sent.sql} AS day, count(*) AS n, count(*) FILTER (WHERE m.role = 'user') AS questions
               FROM messages m JOIN chat_sessions s ON s.id = m.chat_session_id
              WHERE m.created_at >= $2 AND m.created_at < $3 AND s.site_id = $1 GROUP BY day`,
      values: [siteId, start, end, ...sent.values],
    });
    return [
      ...conversations.map((r) => ({ day: String(r.day), conversations: n(r.n), messages: 0, questions: 0 })),
      ...messages.map((r) => ({ day: String(r.day), conversations: 0, messages: n(r.n), questions: n(r.questions) })),
    ];
  }

  /** The quarters' figures of `[start, end)` by local day (the range on quarter-hours: analytics-quarters.ts). */
  async function quarterDays(db: pg.PoolClient, siteId: string, start: string, end: string, spans: readonly OffsetSpan[]) {
    const day = localDay('quarter', spans, 4);
    return all(db, {
      text: `SELECT ${day.sql} AS day, sum(conversations) AS conversations, sum(messages) AS messages, sum(questions) AS questions,
                    sum(failed) AS failed, sum(incomplete) AS incomplete, sum(nothing_found) AS nothing_found
               FROM analytics_quarters WHERE site_id = $1 AND quarter >= $2 AND quarter < $3 GROUP BY day`,
      values: [siteId, start, end, ...day.values],
    });
  }

  /**
   * Counts the site's quarters marked stale again, and the quarters ended since its last report up to
   * {@link ROLLUP_MARGIN_MS} ago (analytics-quarters.ts), the site's row locked meanwhile; the time its quarters are
   * counted up to.
   */
  const refresh = (siteId: string, nowMs: number) =>
    transaction(pool, async (db): Promise<string> => {
      await db.query(Q.beginRollup([siteId]));
      let until = String((await one(db, Q.rolledUntil([siteId])))!.rolled_until);
      for (const r of await all(db, Q.stale([siteId]))) {
        const quarter = String(r.quarter);
        await db.query(Q.forget([siteId, quarter]));
        await db.query(Q.count([quarter, quarterStart(Date.parse(quarter) + QUARTER_MS), siteId]));
        await db.query(Q.unmark([siteId, quarter]));
      }
      const target = quarterStart(nowMs - ROLLUP_MARGIN_MS);
      if (target > until) {
        await db.query(Q.count([until, target, siteId]));
        await db.query(Q.advance([siteId, target]));
        until = target;
      }
      return until;
    });

  /**
   * The days and the unanswered questions of the range: from the quarters before `rolledUntil` (undefined: none) and
   * from the messages after.
   */
  async function counted(db: pg.PoolClient, siteId: string, q: AnalyticsQuery, rolledUntil: string | undefined) {
    const split = rolledUntil === undefined || rolledUntil < q.start ? q.start : rolledUntil > q.end ? q.end : rolledUntil;
    const rows: DayCounts[] = [];
    const unanswered = { questions: 0, failed: 0, incomplete: 0, nothingFound: 0 };
    const add = (r: Row) => {
      unanswered.questions += n(r.questions);
      unanswered.failed += n(r.failed);
      unanswered.incomplete += n(r.incomplete);
      unanswered.nothingFound += n(r.nothing_found);
    };
    if (split > q.start) {
      for (const r of await quarterDays(db, siteId, q.start, split, q.spans)) {
        rows.push({ day: String(r.day), conversations: n(r.conversations), messages: n(r.messages), questions: n(r.questions) });
        add(r);
      }
    }
    if (q.end > split) {
      rows.push(...(await days(db, siteId, split, q.end, q.spans)));
      add((await one(db, Q.unanswered([split, q.end, siteId])))!);
    }
    const summed = sumDays(rows);
    return { days: daysFromRows(summed.conversations, summed.messages), unanswered };
  }

  return {
    async recordAnswerMetrics(m) {
      await pool.query(
        Q.insertMetrics([m.questionId, m.siteId, m.chatSessionId, m.askedAt, m.question, m.aboutId, m.firstWordMs, m.wholeAnswerMs]),
      );
    },
    async recordEmbedOpen(siteId, kind, itemId, at = now()) {
      await pool.query(Q.insertOpen([siteId, kind, itemId, at]));
    },
    analyticsFigures: async (siteId, q) => {
      const rolledUntil = rollupUsable(q.start, q.end, q.spans) ? await refresh(siteId, clock()) : undefined;
      // one read-only snapshot: every figure counts the same rows
      return transaction(pool, async (db): Promise<AnalyticsFigures> => {
        await db.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        // each statement planned for its own values: a generic plan cannot tell a day from a year, nor a bucket of
        // answer times from the range (it read a year's rows for each value a percentile needs)
        await db.query('SET LOCAL plan_cache_mode = force_custom_plan');
        const range = [siteId, q.start, q.end];
        const cut = dailyRange(q.start, q.end);
        const daily = [...range, cut.fromDay, cut.toDay, cut.liveTo, cut.liveFrom];
        const { days, unanswered } = await counted(db, siteId, q, rolledUntil);
        /** PostgreSQL's percentile_cont, from the histogram and the values at the ranks around p50 and p95. */
        const percentiles = async (histogram: typeof Q.firstWordHistogram, value: typeof Q.firstWordInBucket) => {
          const buckets = (await all(db, histogram(daily))).map((r) => ({ bucket: n(r.bucket), n: n(r.n) }));
          const { count, ranks, places } = ranksInBuckets(buckets);
          const values = new Map<number, number>();
          for (const p of places) {
            const low = p.bucket * LATENCY_BUCKET_MS;
            values.set(p.rank, n((await one(db, value([...range, low, low + LATENCY_BUCKET_MS, p.offset])))!.v));
          }
          return percentilesAt(count, ranks, values);
        };
        const firstWord = await percentiles(Q.firstWordHistogram, Q.firstWordInBucket);
        const wholeAnswer = await percentiles(Q.wholeAnswerHistogram, Q.wholeAnswerInBucket);
        const top = await all(db, Q.topQuestions([...daily, q.top]));
        const total = (await one(db, Q.clickTotal(daily)))!;
        const byButton = await all(db, Q.clicksByButton([...daily, q.listLimit]));
        const byPage = await all(db, Q.clicksByPage([...daily, q.listLimit]));
        const content = await all(db, Q.content(daily));
        return {
          days,
          topQuestions: top.map((r: Row) => ({ question: String(r.question), count: n(r.total) })),
          unanswered,
          clicks: {
            total: n(total.n),
            byButton: byButton.map((r) => ({
              buttonId: String(r.button_id),
              name: r.name === null ? null : String(r.name),
              count: n(r.total),
            })),
            byPage: byPage.map((r) => ({ page: String(r.page), count: n(r.total) })),
          },
          content: content.map((r) => ({
            kind: r.kind === 'video' ? 'video' : 'document',
            id: String(r.id),
            name: String(r.name),
            opened: n(r.opened),
            askedQuestions: n(r.asked_questions),
            askedConversations: n(r.asked_conversations),
          })),
          latency: { firstWord, wholeAnswer },
        };
      });
    },
  };
}
