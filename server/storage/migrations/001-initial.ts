/**
 * Schema version 1, the first: sites, chat sessions and their messages, profiles, files, documents and their footer
 * buttons, videos, action buttons, presence videos and button clicks. PostgreSQL also indexes each site's documents,
 * videos and presence videos, and each document's footer buttons.
 */
import type { Migration } from './migration';

export const initialSchema: Migration = {
  version: 1,
  sqlite: `
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
  postgres: `
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
};
