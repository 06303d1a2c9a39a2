/**
 * The console's analytics on PostgreSQL (docs/console.md "Analytics"): what the chat route and the embed boots
 * record (schema version 14), and the report's figures, each counted by one aggregate query on an indexed range of
 * the site's rows, all in one read-only snapshot. Local days come from the query's spans of one offset, as on
 * SQLite, so both databases put a row in the same day; percentiles are `percentile_cont`.
 */
import type pg from 'pg';
import { daysFromRows } from '../analytics-days';
import { now, type Row } from '../records';
import type { AnalyticsFigures, AnalyticsQuery, AnalyticsReportStorage, OffsetSpan } from '../types';
import { all, one, sql, transaction } from './db';

const Q = {
  insertMetrics: sql(
    'answer_metrics_insert',
    `INSERT INTO answer_metrics (question_id, site_id, chat_session_id, asked_at, question, about_id, first_word_ms, whole_answer_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (question_id) DO NOTHING`,
  ),
  insertOpen: sql('embed_open_insert', 'INSERT INTO embed_opens (site_id, kind, item_id, opened_at) VALUES ($1, $2, $3, $4)'),
  topQuestions: sql(
    'analytics_top_questions',
    `SELECT question, count(*) AS n FROM answer_metrics
      WHERE site_id = $1 AND asked_at >= $2 AND asked_at < $3 AND question <> ''
      GROUP BY question ORDER BY n DESC, question COLLATE "C" LIMIT $4`,
  ),
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
  clickTotal: sql(
    'analytics_click_total',
    'SELECT count(*) AS n FROM button_clicks WHERE site_id = $1 AND created_at >= $2 AND created_at < $3',
  ),
  clicksByButton: sql(
    'analytics_clicks_by_button',
    `SELECT c.button_id, max(t.name) AS name, count(*) AS n
       FROM button_clicks c LEFT JOIN action_triggers t ON t.id = c.button_id AND t.site_id = $1
      WHERE c.site_id = $1 AND c.created_at >= $2 AND c.created_at < $3
      GROUP BY c.button_id ORDER BY n DESC, c.button_id COLLATE "C" LIMIT $4`,
  ),
  // a page is its URL without the query string and the fragment
  clicksByPage: sql(
    'analytics_clicks_by_page',
    `SELECT page, count(*) AS n
       FROM (SELECT split_part(split_part(page_url, '#', 1), '?', 1) AS page
               FROM button_clicks WHERE site_id = $1 AND created_at >= $2 AND created_at < $3) clicks
      GROUP BY page ORDER BY n DESC, page COLLATE "C" LIMIT $4`,
  ),
  content: sql(
    'analytics_content',
    `WITH opens AS (
       SELECT item_id, count(*) AS n FROM embed_opens WHERE site_id = $1 AND opened_at >= $2 AND opened_at < $3 GROUP BY item_id
     ), asked AS (
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
  latency: sql(
    'analytics_latency',
    `SELECT count(first_word_ms) AS first_word_n,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY first_word_ms) AS first_word_p50,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY first_word_ms) AS first_word_p95,
            count(whole_answer_ms) AS whole_answer_n,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY whole_answer_ms) AS whole_answer_p50,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY whole_answer_ms) AS whole_answer_p95
       FROM answer_metrics WHERE site_id = $1 AND asked_at >= $2 AND asked_at < $3`,
  ),
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
const orNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The analytics' methods of the storage. */
export function postgresAnalyticsReport(pool: pg.Pool): AnalyticsReportStorage {
  /** The days of the range that have something, each with its counts (one query per figure, grouped by local day). */
  async function days(db: pg.PoolClient, siteId: string, q: AnalyticsQuery): Promise<AnalyticsFigures['days']> {
    const started = localDay('s.created_at', q.spans, 4);
    const conversations = await all(db, {
      text: `SELECT ${started.sql} AS day, count(*) AS n FROM chat_sessions s
              WHERE s.site_id = $1 AND s.created_at >= $2 AND s.created_at < $3 AND s.message_count > 0 GROUP BY day`,
      values: [siteId, q.start, q.end, ...started.values],
    });
    const sent = localDay('m.created_at', q.spans, 4);
    const messages = await all(db, {
      text: `SELECT ${sent.sql} AS day, count(*) AS n, count(*) FILTER (WHERE m.role = 'user') AS questions
               FROM messages m JOIN chat_sessions s ON s.id = m.chat_session_id
              WHERE m.created_at >= $2 AND m.created_at < $3 AND s.site_id = $1 GROUP BY day`,
      values: [siteId, q.start, q.end, ...sent.values],
    });
    return daysFromRows(conversations, messages);
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
    analyticsFigures: (siteId, q) =>
      // one read-only snapshot: every figure counts the same rows
      transaction(pool, async (db): Promise<AnalyticsFigures> => {
        await db.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        const range = [siteId, q.start, q.end];
        const u = (await one(db, Q.unanswered([q.start, q.end, siteId])))!;
        const latency = (await one(db, Q.latency(range)))!;
        const top = await all(db, Q.topQuestions([...range, q.top]));
        const total = (await one(db, Q.clickTotal(range)))!;
        const byButton = await all(db, Q.clicksByButton([...range, q.listLimit]));
        const byPage = await all(db, Q.clicksByPage([...range, q.listLimit]));
        const content = await all(db, Q.content(range));
        return {
          days: await days(db, siteId, q),
          topQuestions: top.map((r: Row) => ({ question: String(r.question), count: n(r.n) })),
          unanswered: { questions: n(u.questions), failed: n(u.failed), incomplete: n(u.incomplete), nothingFound: n(u.nothing_found) },
          clicks: {
            total: n(total.n),
            byButton: byButton.map((r) => ({
              buttonId: String(r.button_id),
              name: r.name === null ? null : String(r.name),
              count: n(r.n),
            })),
            byPage: byPage.map((r) => ({ page: String(r.page), count: n(r.n) })),
          },
          content: content.map((r) => ({
            kind: r.kind === 'video' ? 'video' : 'document',
            id: String(r.id),
            name: String(r.name),
            opened: n(r.opened),
            askedQuestions: n(r.asked_questions),
            askedConversations: n(r.asked_conversations),
          })),
          latency: {
            firstWord: { count: n(latency.first_word_n), p50: orNull(latency.first_word_p50), p95: orNull(latency.first_word_p95) },
            wholeAnswer: { count: n(latency.whole_answer_n), p50: orNull(latency.whole_answer_p50), p95: orNull(latency.whole_answer_p95) },
          },
        };
      }),
  };
}
