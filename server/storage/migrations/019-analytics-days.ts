/**
 * Schema version 19: the analytics' figures over a range per UTC day (server/storage/analytics-daily.ts,
 * docs/console.md "Analytics"), so that a report on a year of a busy site reads a few rows a day for its top
 * questions, clicks, openings and answer times instead of every row of the year.
 *
 * - `analytics_day_questions` (per normalised question), `analytics_day_buttons` and `analytics_day_pages` (the clicks
 *   per button, and per page), `analytics_day_opens` (per document or video), `analytics_day_latency` (per answer
 *   time and bucket of `LATENCY_BUCKET_MS`): counts per site and UTC day, kept by triggers on `answer_metrics`,
 *   `button_clicks` and `embed_opens` (one added on an insert, taken away on a delete, both on an update), and
 *   filled here from what is stored. A count taken down to 0 stays as a row of 0, read as nothing.
 * - `answer_metrics` by site and each answer time (the values of a percentile's bucket), and the rows asked about a
 *   document or video by site and time (a partial index: the report's "asked about" reads them alone).
 */
import { dailyFill, dailyTriggerStatements, POSTGRES_DIALECT, SQLITE_DIALECT } from '../analytics-daily';
import type { Migration } from './migration';

const TABLES = (text: string) => `
  CREATE TABLE analytics_day_questions (
    site_id ${text} NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    day ${text} NOT NULL,
    question ${text} NOT NULL,
    n integer NOT NULL,
    PRIMARY KEY (site_id, day, question)
  );
  CREATE TABLE analytics_day_latency (
    site_id ${text} NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    day ${text} NOT NULL,
    measure ${text} NOT NULL,
    bucket integer NOT NULL,
    n integer NOT NULL,
    PRIMARY KEY (site_id, day, measure, bucket)
  );
  CREATE TABLE analytics_day_buttons (
    site_id ${text} NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    day ${text} NOT NULL,
    button_id ${text} NOT NULL,
    n integer NOT NULL,
    PRIMARY KEY (site_id, day, button_id)
  );
  CREATE TABLE analytics_day_pages (
    site_id ${text} NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    day ${text} NOT NULL,
    page ${text} NOT NULL,
    n integer NOT NULL,
    PRIMARY KEY (site_id, day, page)
  );
  CREATE TABLE analytics_day_opens (
    site_id ${text} NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    day ${text} NOT NULL,
    item_id ${text} NOT NULL,
    n integer NOT NULL,
    PRIMARY KEY (site_id, day, item_id)
  );
  CREATE INDEX answer_metrics_first_word ON answer_metrics(site_id, first_word_ms, asked_at);
  CREATE INDEX answer_metrics_whole_answer ON answer_metrics(site_id, whole_answer_ms, asked_at);
  CREATE INDEX answer_metrics_about ON answer_metrics(site_id, asked_at, about_id, chat_session_id) WHERE about_id IS NOT NULL;`;

const SOURCES = ['answer_metrics', 'button_clicks', 'embed_opens'] as const;

const sqliteTriggers = SOURCES.map((source) => {
  const s = dailyTriggerStatements(SQLITE_DIALECT, source);
  return `
  CREATE TRIGGER analytics_days_${source}_insert AFTER INSERT ON ${source} BEGIN
    ${s.add}
  END;
  CREATE TRIGGER analytics_days_${source}_update AFTER UPDATE ON ${source} BEGIN
    ${s.remove}
    ${s.add}
  END;
  CREATE TRIGGER analytics_days_${source}_delete AFTER DELETE ON ${source} BEGIN
    ${s.remove}
  END;`;
}).join('');

const postgresTriggers = SOURCES.map((source) => {
  const s = dailyTriggerStatements(POSTGRES_DIALECT, source);
  return `
  CREATE FUNCTION analytics_days_${source}() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
  BEGIN
    IF TG_OP <> 'INSERT' THEN
    ${s.remove}
    END IF;
    IF TG_OP <> 'DELETE' THEN
    ${s.add}
    END IF;
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER analytics_days_${source} AFTER INSERT OR UPDATE OR DELETE ON ${source} FOR EACH ROW EXECUTE FUNCTION analytics_days_${source}();`;
}).join('');

export const analyticsDays: Migration = {
  version: 19,
  sqlite: `${TABLES('TEXT')}${sqliteTriggers}
  ${dailyFill(SQLITE_DIALECT)}
  `,
  postgres: `${TABLES('text COLLATE "C"')}${postgresTriggers}
  ${dailyFill(POSTGRES_DIALECT)}
  `,
};
