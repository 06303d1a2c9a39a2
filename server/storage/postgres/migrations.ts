/**
 * The PostgreSQL schema: the same versions as SQLite's (sqlite/migrations.ts), written in PostgreSQL's
 * types, then the state several instances share. Applied in order when an instance starts, under an
 * advisory lock, so that instances starting together migrate once.
 *
 * Times stay ISO 8601 text, as on SQLite (their order is the order of the times), in the C collation so
 * that the database's locale cannot change that order; JSON stays text, so both storages read rows alike.
 */
import type pg from 'pg';

/**
 * The first halves of this server's advisory lock keys (pairs of int4): migrations (second half 0), the storage's
 * `exclusive` tasks (second half: the hash of the task's name), and the instances alive (second half: the instance's id).
 */
export const LOCKS = { migrate: 17_001, exclusive: 17_002, instance: 17_003 } as const;

/** Schema versions, applied in order; `schema_migrations` records which have run. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE sites (
    id text PRIMARY KEY,
    name text NOT NULL,
    api_key_hash text NOT NULL UNIQUE,
    key_prefix text NOT NULL,
    origins text NOT NULL DEFAULT '[]',
    config text NOT NULL DEFAULT '{}',
    appearance text NOT NULL DEFAULT '{}',
    created_at text COLLATE "C" NOT NULL
  );
  CREATE TABLE chat_sessions (
    id text PRIMARY KEY,
    site_id text NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    user_session_id text NOT NULL,
    name text NOT NULL,
    path text NOT NULL DEFAULT '',
    created_at text COLLATE "C" NOT NULL,
    last_message_at text COLLATE "C" NOT NULL,
    message_count integer NOT NULL DEFAULT 0
  );
  CREATE INDEX chat_sessions_visitor ON chat_sessions(site_id, user_session_id, last_message_at DESC);
  CREATE TABLE messages (
    id text PRIMARY KEY,
    chat_session_id text NOT NULL REFERENCES chat_sessions(id) ON DELETE CASCADE,
    seq integer NOT NULL,
    role text NOT NULL CHECK (role IN ('user', 'ai')),
    content text NOT NULL,
    type text NOT NULL DEFAULT 'TEXT' CHECK (type IN ('TEXT', 'VIDEO')),
    is_error boolean NOT NULL DEFAULT false,
    created_at text COLLATE "C" NOT NULL,
    UNIQUE (chat_session_id, seq)
  );
  CREATE TABLE profiles (
    site_id text NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    user_session_id text NOT NULL,
    fields text NOT NULL DEFAULT '{}',
    updated_at text COLLATE "C" NOT NULL,
    PRIMARY KEY (site_id, user_session_id)
  );
  CREATE TABLE files (
    id text PRIMARY KEY,
    site_id text NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    filename text NOT NULL,
    content_type text NOT NULL,
    bytes bytea NOT NULL,
    created_at text COLLATE "C" NOT NULL
  );
  CREATE TABLE documents (
    id text PRIMARY KEY,
    site_id text NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    name text NOT NULL,
    type text NOT NULL,
    version_number integer NOT NULL DEFAULT 1,
    embed_token text NOT NULL UNIQUE,
    file_id text REFERENCES files(id),
    text text,
    hide_doc_header boolean NOT NULL DEFAULT false,
    hide_doc_footer boolean NOT NULL DEFAULT false,
    created_at text COLLATE "C" NOT NULL
  );
  CREATE INDEX documents_site ON documents(site_id);
  CREATE TABLE footer_buttons (
    id text PRIMARY KEY,
    document_id text NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    label text NOT NULL,
    type text NOT NULL CHECK (type IN ('LINK', 'BUTTON')),
    url text,
    action_type text,
    position integer NOT NULL
  );
  CREATE INDEX footer_buttons_document ON footer_buttons(document_id, position);
  CREATE TABLE videos (
    id text PRIMARY KEY,
    site_id text NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    name text NOT NULL,
    description text NOT NULL DEFAULT '',
    embed_token text NOT NULL UNIQUE,
    file_id text REFERENCES files(id),
    thumbnail_file_id text REFERENCES files(id),
    transcript text NOT NULL DEFAULT '',
    settings text NOT NULL DEFAULT '{}',
    created_at text COLLATE "C" NOT NULL
  );
  CREATE INDEX videos_site ON videos(site_id);
  CREATE TABLE action_triggers (
    id text PRIMARY KEY,
    site_id text NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    path text NOT NULL,
    name text NOT NULL,
    button_type text NOT NULL CHECK (button_type IN ('EXTERNAL_LINK', 'ACTION')),
    external_url text,
    action_message text,
    position integer NOT NULL
  );
  CREATE INDEX action_triggers_site ON action_triggers(site_id, position);
  CREATE TABLE presence_messages (
    id text PRIMARY KEY,
    site_id text NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    trigger_path text NOT NULL,
    video_id text NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    content text NOT NULL DEFAULT '',
    show_on_visit boolean NOT NULL DEFAULT true,
    created_at text COLLATE "C" NOT NULL
  );
  CREATE INDEX presence_messages_site ON presence_messages(site_id);
  CREATE TABLE button_clicks (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    site_id text NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    button_id text NOT NULL,
    chat_session_id text,
    chat_log_id text,
    user_session_id text NOT NULL,
    page_url text NOT NULL,
    referrer_url text NOT NULL,
    created_at text COLLATE "C" NOT NULL
  );
  `,
  // 2: captions (WebVTT) for videos
  `ALTER TABLE videos ADD COLUMN captions_file_id text REFERENCES files(id);`,
  // 3: the retention sweep and visitor deletes find rows by age and by visitor without a full scan
  `
  CREATE INDEX chat_sessions_last_message ON chat_sessions(last_message_at);
  CREATE INDEX profiles_updated ON profiles(updated_at);
  CREATE INDEX button_clicks_created ON button_clicks(created_at);
  CREATE INDEX button_clicks_visitor ON button_clicks(site_id, user_session_id);
  `,
  // 4: an answer cut off before it was complete (issue 16)
  `ALTER TABLE messages ADD COLUMN incomplete boolean NOT NULL DEFAULT false;`,
  // 5: the state every instance shares (issue 17; on SQLite it is the one process's memory): request counts,
  // token families' visitors, named secrets, answers by question id, avatar sessions. Times are epoch ms.
  `
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
];

/**
 * Brings the database up to this server's schema, one version per transaction, under an advisory lock held
 * on one connection for the whole run: a second instance starting at the same moment waits, then finds the
 * work done. Refuses a database from a newer server rather than guess at its schema.
 */
export async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, 0)', [LOCKS.migrate]);
    try {
      await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at text NOT NULL)');
      const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
      const version = rows[0]?.version ?? 0;
      if (version > MIGRATIONS.length) {
        throw new Error(`The database is from a newer version of this server (schema ${version}, this server knows ${MIGRATIONS.length}).`);
      }
      for (let v = version; v < MIGRATIONS.length; v++) {
        await client.query('BEGIN');
        try {
          await client.query(MIGRATIONS[v]!);
          await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [v + 1, new Date().toISOString()]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw err;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, 0)', [LOCKS.migrate]);
    }
  } finally {
    client.release();
  }
}

