/**
 * Schema version 9: what the operator console's operations keep (docs/console.md "One model: operations"):
 * - `audit_log`: every change, who made it, when, and the values before and after (JSON text; the actor too);
 *   a site's entries outlive nothing of the site but are kept apart from it (no cascade), and `site_id` is null
 *   for a change to no one site;
 * - on `sites`, the API key itself (a publishable key, in every page that embeds the widget: kept so that the console
 *   can show the embed snippet; null for a key made before this version), and the previous key (its hash, and the end
 *   of its grace, epoch ms) after a rotation;
 * - `appearance_versions`: every saved appearance of a site, numbered from 1 (each site's current one becomes
 *   its version 1 here);
 * - `refused_origins`: the origins the server refused lately for a site (the latest few, with a count);
 * - `preview_keys`: the short-lived keys of the console's appearance preview (hashed, with their end, epoch ms).
 */
import type { Migration } from './migration';

export const consoleModel: Migration = {
  version: 9,
  sqlite: `
  CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    site_id TEXT,
    at TEXT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    before_value TEXT,
    after_value TEXT
  );
  CREATE INDEX audit_log_site ON audit_log(site_id, id);
  ALTER TABLE sites ADD COLUMN api_key TEXT;
  ALTER TABLE sites ADD COLUMN previous_key_hash TEXT;
  ALTER TABLE sites ADD COLUMN previous_key_until INTEGER;
  CREATE INDEX sites_previous_key ON sites(previous_key_hash);
  CREATE TABLE appearance_versions (
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    fields TEXT NOT NULL,
    saved_at TEXT NOT NULL,
    saved_by TEXT,
    restored_from INTEGER,
    PRIMARY KEY (site_id, version)
  );
  INSERT INTO appearance_versions (site_id, version, fields, saved_at, saved_by, restored_from)
    SELECT id, 1, appearance, created_at, NULL, NULL FROM sites;
  CREATE TABLE refused_origins (
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    origin TEXT NOT NULL,
    count INTEGER NOT NULL,
    last_seen_at TEXT NOT NULL,
    PRIMARY KEY (site_id, origin)
  );
  CREATE TABLE preview_keys (
    key_hash TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX preview_keys_expires ON preview_keys(expires_at);
  `,
  postgres: `
  CREATE TABLE audit_log (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    site_id text COLLATE "C",
    at text COLLATE "C" NOT NULL,
    actor text NOT NULL,
    action text NOT NULL,
    before_value text,
    after_value text
  );
  CREATE INDEX audit_log_site ON audit_log(site_id, id);
  ALTER TABLE sites ADD COLUMN api_key text;
  ALTER TABLE sites ADD COLUMN previous_key_hash text;
  ALTER TABLE sites ADD COLUMN previous_key_until bigint;
  CREATE INDEX sites_previous_key ON sites(previous_key_hash);
  CREATE TABLE appearance_versions (
    site_id text NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    version integer NOT NULL,
    fields text NOT NULL,
    saved_at text COLLATE "C" NOT NULL,
    saved_by text,
    restored_from integer,
    PRIMARY KEY (site_id, version)
  );
  INSERT INTO appearance_versions (site_id, version, fields, saved_at, saved_by, restored_from)
    SELECT id, 1, appearance, created_at, NULL, NULL FROM sites;
  CREATE TABLE refused_origins (
    site_id text NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    origin text NOT NULL,
    count integer NOT NULL,
    last_seen_at text COLLATE "C" NOT NULL,
    PRIMARY KEY (site_id, origin)
  );
  CREATE TABLE preview_keys (
    key_hash text PRIMARY KEY,
    site_id text NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    expires_at bigint NOT NULL
  );
  CREATE INDEX preview_keys_expires ON preview_keys(expires_at);
  `,
};
