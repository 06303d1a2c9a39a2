/** The SQLite schema: its versions, applied in order when a database is opened. */
import type { Db } from './rows';

/** Schema versions, applied in order; `PRAGMA user_version` records how many have run. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE sites (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    api_key_hash TEXT NOT NULL UNIQUE,
    key_prefix TEXT NOT NULL,
    origins TEXT NOT NULL DEFAULT '[]',
    config TEXT NOT NULL DEFAULT '{}',
    appearance TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL
  );
  CREATE TABLE chat_sessions (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    user_session_id TEXT NOT NULL,
    name TEXT NOT NULL,
    path TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    last_message_at TEXT NOT NULL,
    message_count INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX chat_sessions_visitor ON chat_sessions(site_id, user_session_id, last_message_at DESC);
  CREATE TABLE messages (
    id TEXT PRIMARY KEY,
    chat_session_id TEXT NOT NULL REFERENCES chat_sessions(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('user', 'ai')),
    content TEXT NOT NULL,
    type TEXT NOT NULL DEFAULT 'TEXT' CHECK (type IN ('TEXT', 'VIDEO')),
    is_error INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    UNIQUE (chat_session_id, seq)
  );
  CREATE TABLE profiles (
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    user_session_id TEXT NOT NULL,
    fields TEXT NOT NULL DEFAULT '{}',
    updated_at TEXT NOT NULL,
    PRIMARY KEY (site_id, user_session_id)
  );
  CREATE TABLE files (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    filename TEXT NOT NULL,
    content_type TEXT NOT NULL,
    bytes BLOB NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE documents (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    version_number INTEGER NOT NULL DEFAULT 1,
    embed_token TEXT NOT NULL UNIQUE,
    file_id TEXT REFERENCES files(id),
    text TEXT,
    hide_doc_header INTEGER NOT NULL DEFAULT 0,
    hide_doc_footer INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  );
  CREATE TABLE footer_buttons (
    id TEXT PRIMARY KEY,
    document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    label TEXT NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('LINK', 'BUTTON')),
    url TEXT,
    action_type TEXT,
    position INTEGER NOT NULL
  );
  CREATE TABLE videos (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    embed_token TEXT NOT NULL UNIQUE,
    file_id TEXT REFERENCES files(id),
    thumbnail_file_id TEXT REFERENCES files(id),
    transcript TEXT NOT NULL DEFAULT '',
    settings TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL
  );
  CREATE TABLE action_triggers (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    name TEXT NOT NULL,
    button_type TEXT NOT NULL CHECK (button_type IN ('EXTERNAL_LINK', 'ACTION')),
    external_url TEXT,
    action_message TEXT,
    position INTEGER NOT NULL
  );
  CREATE INDEX action_triggers_site ON action_triggers(site_id, position);
  CREATE TABLE presence_messages (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    trigger_path TEXT NOT NULL,
    video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    content TEXT NOT NULL DEFAULT '',
    show_on_visit INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL
  );
  CREATE TABLE button_clicks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    button_id TEXT NOT NULL,
    chat_session_id TEXT,
    chat_log_id TEXT,
    user_session_id TEXT NOT NULL,
    page_url TEXT NOT NULL,
    referrer_url TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  `,
  // 2: captions (WebVTT) for videos
  `ALTER TABLE videos ADD COLUMN captions_file_id TEXT REFERENCES files(id);`,
  // 3: the retention sweep and visitor deletes (sqlite/retention.ts) find rows by age and by visitor without a full scan
  `
  CREATE INDEX chat_sessions_last_message ON chat_sessions(last_message_at);
  CREATE INDEX profiles_updated ON profiles(updated_at);
  CREATE INDEX button_clicks_created ON button_clicks(created_at);
  CREATE INDEX button_clicks_visitor ON button_clicks(site_id, user_session_id);
  `,
  // 4: an answer cut off before it was complete (issue 16: the visitor left, or the provider failed mid-stream)
  `ALTER TABLE messages ADD COLUMN incomplete INTEGER NOT NULL DEFAULT 0;`,
];

/**
 * Brings the database up to this server's schema, one version per transaction, so
 * that a failed migration leaves the database at the last version that completed.
 * Refuses a database from a newer server rather than guess at its schema.
 */
export function migrate(db: Db): void {
  const version = Number(db.pragma('user_version', { simple: true }));
  if (version > MIGRATIONS.length) {
    throw new Error(`The database is from a newer version of this server (schema ${version}, this server knows ${MIGRATIONS.length}).`);
  }
  for (let v = version; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
