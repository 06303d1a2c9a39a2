/**
 * Schema version 5: the state every instance shares (issue 17): request counts, token families' visitors, named
 * secrets, answers by question id, avatar sessions. Times are epoch ms. SQLite has nothing to change: one process
 * owns its file, so this state lives in that process's memory (sqlite/shared.ts).
 */
import type { Migration } from './migration';

export const sharedState: Migration = {
  version: 5,
  sqlite: null,
  postgres: `
  CREATE TABLE request_counts (key text PRIMARY KEY, count integer NOT NULL, ends_at bigint NOT NULL);
  CREATE INDEX request_counts_ends ON request_counts(ends_at);
  CREATE TABLE token_families (family text PRIMARY KEY, visitor text NOT NULL, until_ms bigint NOT NULL);
  CREATE INDEX token_families_until ON token_families(until_ms);
  CREATE TABLE secrets (name text PRIMARY KEY, value text NOT NULL);
  CREATE TABLE recent_answers (
    key text PRIMARY KEY,
    owner integer NOT NULL,
    claim text NOT NULL,
    started_at bigint NOT NULL,
    expires_at bigint NOT NULL,
    answer text
  );
  CREATE INDEX recent_answers_expires ON recent_answers(expires_at);
  CREATE TABLE avatar_sessions (
    session_id text PRIMARY KEY,
    site_id text NOT NULL,
    token text NOT NULL,
    started_at bigint NOT NULL
  );
  CREATE INDEX avatar_sessions_started ON avatar_sessions(started_at);
  `,
};
