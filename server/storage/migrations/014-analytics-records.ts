/**
 * Schema version 14: what the console's analytics count beyond the messages and clicks already stored
 * (docs/console.md "Analytics"). `answer_metrics`: one row per question the chat route answered (or failed to):
 * its normalised text (for the top questions), the document or video it was asked about from the Ask-question
 * modal, and the times to the answer's first word and to its end (ms, the server's monotonic clock); deleted with
 * its message, so with the visitor's data and by retention. `embed_opens`: one row per successful smart-doc or video
 * boot (no visitor, page or address). Indexes for the analytics' date ranges: chat sessions by site and when they
 * started, messages by time (a message's site is its session's), button clicks by site and time, and both new tables
 * by site and time.
 */
import type { Migration } from './migration';

export const analyticsRecords: Migration = {
  version: 14,
  sqlite: `
  CREATE TABLE answer_metrics (
    question_id TEXT PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    chat_session_id TEXT NOT NULL,
    asked_at TEXT NOT NULL,
    question TEXT NOT NULL,
    about_id TEXT,
    first_word_ms INTEGER,
    whole_answer_ms INTEGER
  );
  CREATE INDEX answer_metrics_site ON answer_metrics(site_id, asked_at);
  CREATE TABLE embed_opens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('document', 'video')),
    item_id TEXT NOT NULL,
    opened_at TEXT NOT NULL
  );
  CREATE INDEX embed_opens_site ON embed_opens(site_id, opened_at);
  CREATE INDEX chat_sessions_site_started ON chat_sessions(site_id, created_at);
  CREATE INDEX messages_created ON messages(created_at);
  CREATE INDEX button_clicks_site_created ON button_clicks(site_id, created_at);
  `,
  postgres: `
  CREATE TABLE answer_metrics (
    question_id text PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
    site_id text NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    chat_session_id text NOT NULL,
    asked_at text COLLATE "C" NOT NULL,
    question text NOT NULL,
    about_id text,
    first_word_ms integer,
    whole_answer_ms integer
  );
  CREATE INDEX answer_metrics_site ON answer_metrics(site_id, asked_at);
  CREATE TABLE embed_opens (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    site_id text NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('document', 'video')),
    item_id text NOT NULL,
    opened_at text COLLATE "C" NOT NULL
  );
  CREATE INDEX embed_opens_site ON embed_opens(site_id, opened_at);
  CREATE INDEX chat_sessions_site_started ON chat_sessions(site_id, created_at);
  CREATE INDEX messages_created ON messages(created_at);
  CREATE INDEX button_clicks_site_created ON button_clicks(site_id, created_at);
  `,
};
