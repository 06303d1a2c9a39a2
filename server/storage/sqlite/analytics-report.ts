/**
 * The console's analytics on SQLite (docs/console.md "Analytics"): what the chat route and the embed boots record
 * (schema version 14), and the report's figures: the days and the unanswered questions from the quarters
 * (analytics-quarters.ts), the figures over the whole range from the daily counts (analytics-daily.ts), the rest
 * counted from the rows. Local days come from the query's spans of one offset (SQLite has no time zone data: the
 * server gives the offsets); percentiles are PostgreSQL's `percentile_cont`, computed from the two values around each
 * rank, found by the histogram and read from their buckets' rows.
 */
import {
  dailyQueries,
  dailyRange,
  LATENCY_BUCKET_MS,
  MEASURES,
  type MeasureColumn,
  percentilesAt,
  ranksInBuckets,
  SQLITE_DIALECT,
} from '../analytics-daily';
import { daysFromRows } from '../analytics-days';
import { type DayCounts, QUARTER_MS, quarterStart, ROLLUP_MARGIN_MS, rollupInsert, rollupUsable, sumDays } from '../analytics-quarters';
import { now } from '../records';
import type { AnalyticsFigures, AnalyticsQuery, AnalyticsReportStorage, OffsetSpan, Percentiles } from '../types';
import type { Db, Row, Sync } from './db';

/**
 * The local date of `column` (ISO 8601, UTC) by the spans' offsets: SQL and its values. The spans cover the range end
 * to end, so a row in the range is in the first span whose end is after it.
 */
function localDay(column: string, spans: readonly OffsetSpan[]): { sql: string; values: string[] } {
  const modifier = (span: OffsetSpan) => `${span.offsetMinutes >= 0 ? '+' : ''}${span.offsetMinutes} minutes`;
  if (spans.length === 1) return { sql: `date(${column}, ?)`, values: [modifier(spans[0]!)] };
  const values: string[] = [];
  const whens = spans.slice(0, -1).map((span) => {
    values.push(span.end, modifier(span));
    return `WHEN ${column} < ? THEN ?`;
  });
  values.push(modifier(spans.at(-1)!));
  return { sql: `date(${column}, CASE ${whens.join(' ')} ELSE ? END)`, values };
}

const n = (v: unknown) => Number(v ?? 0);

/** The analytics' methods of the storage on `db`. */
export function sqliteAnalyticsReport(db: Db, clock: () => number = Date.now): Sync<AnalyticsReportStorage> {
  const insertMetrics = db.prepare(
    `INSERT INTO answer_metrics (question_id, site_id, chat_session_id, asked_at, question, about_id, first_word_ms, whole_answer_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (question_id) DO NOTHING`,
  );
  const insertOpen = db.prepare('INSERT INTO embed_opens (site_id, kind, item_id, opened_at) VALUES (?, ?, ?, ?)');

  // the answer to a question is the session's next message (seq + 1), when it is the agent's; each question has one
  // reason at most, by the inbox's marks: an error answer, a cut-off answer (even when the question is marked failed:
  // the provider failed mid-stream), a question marked failed, a nothing-found answer
  const unanswered = db.prepare<unknown[], Row>(
    `SELECT count(*) AS questions,
            coalesce(sum(CASE WHEN reason = 'failed' THEN 1 ELSE 0 END), 0) AS failed,
            coalesce(sum(CASE WHEN reason = 'incomplete' THEN 1 ELSE 0 END), 0) AS incomplete,
            coalesce(sum(CASE WHEN reason = 'nothing_found' THEN 1 ELSE 0 END), 0) AS nothing_found
       FROM (SELECT CASE WHEN a.role = 'ai' AND a.is_error = 1 THEN 'failed'
                         WHEN a.role = 'ai' AND a.incomplete = 1 THEN 'incomplete'
                         WHEN q.answer_failed = 1 THEN 'failed'
                         WHEN a.role = 'ai' AND a.nothing_found = 1 THEN 'nothing_found' END AS reason
               FROM messages q
               JOIN chat_sessions s ON s.id = q.chat_session_id
               LEFT JOIN messages a ON a.chat_session_id = q.chat_session_id AND a.seq = q.seq + 1
              WHERE q.created_at >= ? AND q.created_at < ? AND q.role = 'user' AND s.site_id = ?)`,
  );
  // the figures over the whole range: the daily tables for its whole UTC days, the rows for its two ends
  // (analytics-daily.ts)
  const daily = dailyQueries(
    {
      site: '@site',
      start: '@start',
      end: '@end',
      fromDay: '@fromDay',
      toDay: '@toDay',
      liveTo: '@liveTo',
      liveFrom: '@liveFrom',
      top: '@top',
      limit: '@limit',
    },
    SQLITE_DIALECT,
  );
  const topQuestions = db.prepare<[Record<string, unknown>], Row>(daily.topQuestions);
  const clickTotal = db.prepare<[Record<string, unknown>], number>(daily.clickTotal).pluck();
  const clicksByButton = db.prepare<[Record<string, unknown>], Row>(daily.clicksByButton);
  const clicksByPage = db.prepare<[Record<string, unknown>], Row>(daily.clicksByPage);
  const content = db.prepare<[Record<string, unknown>], Row>(
    `WITH opens AS (${daily.opens}), asked AS (
       SELECT about_id, count(*) AS questions, count(DISTINCT chat_session_id) AS conversations FROM answer_metrics
        WHERE site_id = @site AND asked_at >= @start AND asked_at < @end AND about_id IS NOT NULL GROUP BY about_id
     ), items AS (
       SELECT 'document' AS kind, id, name FROM documents WHERE site_id = @site
       UNION ALL SELECT 'video' AS kind, id, name FROM videos WHERE site_id = @site
     )
     SELECT i.kind, i.id, i.name, coalesce(o.n, 0) AS opened, coalesce(a.questions, 0) AS asked_questions,
            coalesce(a.conversations, 0) AS asked_conversations
       FROM items i LEFT JOIN opens o ON o.item_id = i.id LEFT JOIN asked a ON a.about_id = i.id
      ORDER BY i.kind, i.name, i.id`,
  );
  /** An answer time's histogram over the range, and its value at a place among the range's values in one bucket. */
  const timing = (column: MeasureColumn) => ({
    histogram: db.prepare<[Record<string, unknown>], Row>(daily.histogram(column)),
    inBucket: db
      .prepare<[Record<string, unknown>], number>(
        `SELECT ${column} FROM answer_metrics INDEXED BY answer_metrics_${MEASURES[column]}
          WHERE site_id = @site AND ${column} >= @low AND ${column} < @high AND asked_at >= @start AND asked_at < @end
          ORDER BY ${column} LIMIT 1 OFFSET @offset`,
      )
      .pluck(),
  });
  const timings = { first_word_ms: timing('first_word_ms'), whole_answer_ms: timing('whole_answer_ms') };

  const rollup = {
    until: db.prepare<[string], string>('SELECT rolled_until FROM analytics_rollups WHERE site_id = ?').pluck(),
    begin: db.prepare<[string]>(`INSERT INTO analytics_rollups (site_id, rolled_until) VALUES (?, '')`),
    advance: db.prepare<[string, string]>('UPDATE analytics_rollups SET rolled_until = ? WHERE site_id = ?'),
    count: db.prepare<[{ from: string; to: string; site: string }]>(rollupInsert({ from: '@from', to: '@to', site: '@site' })),
    stale: db.prepare<[string], string>('SELECT quarter FROM analytics_stale WHERE site_id = ?').pluck(),
    forget: db.prepare<[string, string]>('DELETE FROM analytics_quarters WHERE site_id = ? AND quarter = ?'),
    unmark: db.prepare<[string, string]>('DELETE FROM analytics_stale WHERE site_id = ? AND quarter = ?'),
  };

  /**
   * Counts the site's quarters marked stale again, and the quarters ended since its last report up to
   * {@link ROLLUP_MARGIN_MS} ago (analytics-quarters.ts); the time its quarters are counted up to.
   */
  const refresh = db.transaction((siteId: string, nowMs: number): string => {
    let until = rollup.until.get(siteId);
    if (until === undefined) {
      rollup.begin.run(siteId);
      until = '';
    }
    for (const quarter of rollup.stale.all(siteId)) {
      rollup.forget.run(siteId, quarter);
      rollup.count.run({ from: quarter, to: quarterStart(Date.parse(quarter) + QUARTER_MS), site: siteId });
      rollup.unmark.run(siteId, quarter);
    }
    const target = quarterStart(nowMs - ROLLUP_MARGIN_MS);
    if (target > until) {
      rollup.count.run({ from: until, to: target, site: siteId });
      rollup.advance.run(target, siteId);
      until = target;
    }
    return until;
  });

  /** The quarters' figures of `[start, end)` by local day (the range on quarter-hours: analytics-quarters.ts). */
  function quarterDays(siteId: string, start: string, end: string, spans: readonly OffsetSpan[]) {
    const day = localDay('quarter', spans);
    return db
      .prepare(
        `SELECT ${day.sql} AS day, sum(conversations) AS conversations, sum(messages) AS messages, sum(questions) AS questions,
                sum(failed) AS failed, sum(incomplete) AS incomplete, sum(nothing_found) AS nothing_found
           FROM analytics_quarters WHERE site_id = ? AND quarter >= ? AND quarter < ? GROUP BY day`,
      )
      .all(...day.values, siteId, start, end) as Row[];
  }

  /** PostgreSQL's percentile_cont, from the histogram and the values at the ranks around p50 and p95. */
  function percentiles(column: MeasureColumn, range: Record<string, unknown>): Percentiles {
    const buckets = timings[column].histogram.all(range).map((r) => ({ bucket: n(r.bucket), n: n(r.n) }));
    const { count, ranks, places } = ranksInBuckets(buckets);
    const value = new Map(
      places.map((p) => {
        const low = p.bucket * LATENCY_BUCKET_MS;
        return [p.rank, Number(timings[column].inBucket.get({ ...range, low, high: low + LATENCY_BUCKET_MS, offset: p.offset }))];
      }),
    );
    return percentilesAt(count, ranks, value);
  }

  /** The days of `[start, end)` that have something, each with its counts, from the messages (grouped by local day). */
  function days(siteId: string, start: string, end: string, spans: readonly OffsetSpan[]): DayCounts[] {
    const started = localDay('s.created_at', spans);
    const sent = localDay('m.created_at', spans);
    const conversations = db
      .prepare(
        `SELECT ${started.sql} AS day, count(*) AS n FROM chat_sessions s
          WHERE s.site_id = ? AND s.created_at >= ? AND s.created_at < ? AND s.message_count > 0 GROUP BY day`,
      )
      .all(...started.values, siteId, start, end) as Row[];
    const messages = db
      .prepare(
        `SELECT ${sent.sql} AS day, count(*) AS n, sum(CASE WHEN m.role = 'user' THEN 1 ELSE 0 END) AS questions
           FROM messages m JOIN chat_sessions s ON s.id = m.chat_session_id
          WHERE m.created_at >= ? AND m.created_at < ? AND s.site_id = ? GROUP BY day`,
      )
      .all(...sent.values, start, end, siteId) as Row[];
    return [
      ...conversations.map((r) => ({ day: String(r.day), conversations: n(r.n), messages: 0, questions: 0 })),
      ...messages.map((r) => ({ day: String(r.day), conversations: 0, messages: n(r.n), questions: n(r.questions) })),
    ];
  }

  /**
   * The days and the unanswered questions of the range: from the quarters before `rolledUntil` (undefined: none) and
   * from the messages after.
   */
  function counted(siteId: string, q: AnalyticsQuery, rolledUntil: string | undefined) {
    const split = rolledUntil === undefined || rolledUntil < q.start ? q.start : rolledUntil > q.end ? q.end : rolledUntil;
    const rows: DayCounts[] = [];
    const unansweredCounts = { questions: 0, failed: 0, incomplete: 0, nothingFound: 0 };
    if (split > q.start) {
      for (const r of quarterDays(siteId, q.start, split, q.spans)) {
        rows.push({ day: String(r.day), conversations: n(r.conversations), messages: n(r.messages), questions: n(r.questions) });
        unansweredCounts.questions += n(r.questions);
        unansweredCounts.failed += n(r.failed);
        unansweredCounts.incomplete += n(r.incomplete);
        unansweredCounts.nothingFound += n(r.nothing_found);
      }
    }
    if (q.end > split) {
      rows.push(...days(siteId, split, q.end, q.spans));
      const u = unanswered.get(split, q.end, siteId)!;
      unansweredCounts.questions += n(u.questions);
      unansweredCounts.failed += n(u.failed);
      unansweredCounts.incomplete += n(u.incomplete);
      unansweredCounts.nothingFound += n(u.nothing_found);
    }
    const summed = sumDays(rows);
    return { days: daysFromRows(summed.conversations, summed.messages), unanswered: unansweredCounts };
  }

  return {
    recordAnswerMetrics(m) {
      insertMetrics.run(m.questionId, m.siteId, m.chatSessionId, m.askedAt, m.question, m.aboutId, m.firstWordMs, m.wholeAnswerMs);
    },
    recordEmbedOpen(siteId, kind, itemId, at = now()) {
      insertOpen.run(siteId, kind, itemId, at);
    },
    analyticsFigures(siteId, q) {
      const rolledUntil = rollupUsable(q.start, q.end, q.spans) ? refresh.immediate(siteId, clock()) : undefined;
      // one read transaction: every figure counts the same rows
      return db
        .transaction((): AnalyticsFigures => {
          const { days, unanswered } = counted(siteId, q, rolledUntil);
          const { fromDay, toDay, liveTo, liveFrom } = dailyRange(q.start, q.end);
          const range = { site: siteId, start: q.start, end: q.end, fromDay, toDay, liveTo, liveFrom };
          return {
            days,
            topQuestions: topQuestions.all({ ...range, top: q.top }).map((r) => ({ question: String(r.question), count: n(r.total) })),
            unanswered,
            clicks: {
              total: Number(clickTotal.get(range)),
              byButton: clicksByButton.all({ ...range, limit: q.listLimit }).map((r) => ({
                buttonId: String(r.button_id),
                name: r.name === null ? null : String(r.name),
                count: n(r.total),
              })),
              byPage: clicksByPage.all({ ...range, limit: q.listLimit }).map((r) => ({ page: String(r.page), count: n(r.total) })),
            },
            content: content.all(range).map((r) => ({
              kind: r.kind === 'video' ? 'video' : 'document',
              id: String(r.id),
              name: String(r.name),
              opened: n(r.opened),
              askedQuestions: n(r.asked_questions),
              askedConversations: n(r.asked_conversations),
            })),
            latency: { firstWord: percentiles('first_word_ms', range), wholeAnswer: percentiles('whole_answer_ms', range) },
          };
        })
        .deferred();
    },
  };
}
