/**
 * Schema version 15: advice files (docs/advice-records.md), kept with the client's consent.
 * - `advice_files`: one a client journey, per site: the client's name and email, the partner's name (a couple's, from
 *   the latest answers), the status derived from the entries (written with each entry), the last entry's number,
 *   whether sampling put it in the review queue and the latest review's outcome; `search_key` is the lower-cased
 *   names and email the console's search matches (case-insensitive on both dialects alike).
 * - `advice_file_tokens`: the hashes (SHA-256) of the bearer tokens that write to a file (the first device's, and one
 *   per resume).
 * - `advice_entries`: the file's entries, numbered 1, 2, … (`author` is who wrote it, `data` the entry, both JSON).
 *   Append-only in the database itself: a trigger refuses every UPDATE, and a DELETE while the file is still there
 *   (entries go only with their file, deleted whole by the retention sweep).
 * - `advice_statements`: each statement of advice issued, its PDF and SHA-256 (hex).
 * - `advice_links`: resume codes and partner tokens, by hash, single-use (`used_at`) and expiring (epoch ms).
 * - `advice_settings`: a site's kill switch, sampling share and retention (a site without a row has the defaults).
 * Indexes: the console's list (site, newest first), by status, the review queue, the search key, and the retention
 * sweep (by the latest entry's time).
 */
import type { Migration } from './migration';

export const adviceFiles: Migration = {
  version: 15,
  sqlite: `
  CREATE TABLE advice_files (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('in-progress', 'refused', 'advised', 'awaiting-partner', 'accepted')),
    client_name TEXT NOT NULL,
    client_email TEXT,
    partner_name TEXT,
    search_key TEXT NOT NULL,
    last_seq INTEGER NOT NULL,
    sampled INTEGER NOT NULL,
    in_review_queue INTEGER NOT NULL,
    reviewed TEXT CHECK (reviewed IN ('satisfactory', 'needs-action'))
  );
  CREATE INDEX advice_files_site_updated ON advice_files(site_id, updated_at, id);
  CREATE INDEX advice_files_site_status ON advice_files(site_id, status, updated_at);
  CREATE INDEX advice_files_review_queue ON advice_files(site_id, in_review_queue, updated_at);
  CREATE INDEX advice_files_search ON advice_files(site_id, search_key);
  CREATE INDEX advice_files_updated ON advice_files(updated_at);
  CREATE TABLE advice_file_tokens (
    token_hash TEXT PRIMARY KEY,
    file_id TEXT NOT NULL REFERENCES advice_files(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL
  );
  CREATE INDEX advice_file_tokens_file ON advice_file_tokens(file_id);
  CREATE TABLE advice_entries (
    file_id TEXT NOT NULL REFERENCES advice_files(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    at TEXT NOT NULL,
    author TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (file_id, seq)
  );
  CREATE INDEX advice_entries_kind ON advice_entries(file_id, kind, seq);
  CREATE TRIGGER advice_entries_no_update BEFORE UPDATE ON advice_entries
  BEGIN
    SELECT RAISE(ABORT, 'advice entries are append-only');
  END;
  CREATE TRIGGER advice_entries_no_delete BEFORE DELETE ON advice_entries
  WHEN EXISTS (SELECT 1 FROM advice_files f WHERE f.id = OLD.file_id)
  BEGIN
    SELECT RAISE(ABORT, 'advice entries are deleted only with their file');
  END;
  CREATE TABLE advice_statements (
    id TEXT PRIMARY KEY,
    file_id TEXT NOT NULL REFERENCES advice_files(id) ON DELETE CASCADE,
    sha256 TEXT NOT NULL,
    pdf BLOB NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX advice_statements_file ON advice_statements(file_id);
  CREATE TABLE advice_links (
    token_hash TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('resume', 'partner')),
    file_id TEXT NOT NULL REFERENCES advice_files(id) ON DELETE CASCADE,
    statement_id TEXT,
    created_at TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  );
  CREATE INDEX advice_links_file ON advice_links(file_id);
  CREATE TABLE advice_settings (
    site_id TEXT PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
    paused INTEGER NOT NULL DEFAULT 0,
    sample_percent INTEGER NOT NULL DEFAULT 10,
    retention_years INTEGER NOT NULL DEFAULT 7
  );
  `,
  postgres: `
  CREATE TABLE advice_files (
    id text PRIMARY KEY,
    site_id text NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    created_at text COLLATE "C" NOT NULL,
    updated_at text COLLATE "C" NOT NULL,
    status text NOT NULL CHECK (status IN ('in-progress', 'refused', 'advised', 'awaiting-partner', 'accepted')),
    client_name text NOT NULL,
    client_email text,
    partner_name text,
    search_key text NOT NULL,
    last_seq integer NOT NULL,
    sampled boolean NOT NULL,
    in_review_queue boolean NOT NULL,
    reviewed text CHECK (reviewed IN ('satisfactory', 'needs-action'))
  );
  CREATE INDEX advice_files_site_updated ON advice_files(site_id, updated_at, id);
  CREATE INDEX advice_files_site_status ON advice_files(site_id, status, updated_at);
  CREATE INDEX advice_files_review_queue ON advice_files(site_id, in_review_queue, updated_at);
  CREATE INDEX advice_files_search ON advice_files(site_id, search_key);
  CREATE INDEX advice_files_updated ON advice_files(updated_at);
  CREATE TABLE advice_file_tokens (
    token_hash text PRIMARY KEY,
    file_id text NOT NULL REFERENCES advice_files(id) ON DELETE CASCADE,
    created_at text COLLATE "C" NOT NULL
  );
  CREATE INDEX advice_file_tokens_file ON advice_file_tokens(file_id);
  CREATE TABLE advice_entries (
    file_id text NOT NULL REFERENCES advice_files(id) ON DELETE CASCADE,
    seq integer NOT NULL,
    kind text NOT NULL,
    at text COLLATE "C" NOT NULL,
    author text NOT NULL,
    data text NOT NULL,
    PRIMARY KEY (file_id, seq)
  );
  CREATE INDEX advice_entries_kind ON advice_entries(file_id, kind, seq);
  CREATE FUNCTION advice_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'UPDATE' THEN
      RAISE EXCEPTION 'advice entries are append-only';
    END IF;
    IF EXISTS (SELECT 1 FROM advice_files f WHERE f.id = OLD.file_id) THEN
      RAISE EXCEPTION 'advice entries are deleted only with their file';
    END IF;
    RETURN OLD;
  END;
  $$;
  CREATE TRIGGER advice_entries_append_only BEFORE UPDATE OR DELETE ON advice_entries
    FOR EACH ROW EXECUTE FUNCTION advice_entries_append_only();
  CREATE TABLE advice_statements (
    id text PRIMARY KEY,
    file_id text NOT NULL REFERENCES advice_files(id) ON DELETE CASCADE,
    sha256 text NOT NULL,
    pdf bytea NOT NULL,
    created_at text COLLATE "C" NOT NULL
  );
  CREATE INDEX advice_statements_file ON advice_statements(file_id);
  CREATE TABLE advice_links (
    token_hash text PRIMARY KEY,
    kind text NOT NULL CHECK (kind IN ('resume', 'partner')),
    file_id text NOT NULL REFERENCES advice_files(id) ON DELETE CASCADE,
    statement_id text,
    created_at text COLLATE "C" NOT NULL,
    expires_at bigint NOT NULL,
    used_at bigint
  );
  CREATE INDEX advice_links_file ON advice_links(file_id);
  CREATE TABLE advice_settings (
    site_id text PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
    paused boolean NOT NULL DEFAULT false,
    sample_percent integer NOT NULL DEFAULT 10,
    retention_years integer NOT NULL DEFAULT 7
  );
  `,
};
