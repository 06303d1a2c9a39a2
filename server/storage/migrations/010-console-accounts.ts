/**
 * Schema version 10: the operator console's people (docs/console.md): accounts (an email, compared without regard to
 * case through `email_key`, and a scrypt hash carrying its own salt and parameters), their role per site, invitations
 * (the token stored hashed, single use), console sessions (the id stored hashed, with the session's CSRF token) and
 * the sign-in throttle's failure counts. They live in the database on both dialects, so that a session outlives a
 * restart and every instance sees the same sessions and the same counts. Times the server compares (expiry, idle,
 * throttle) are epoch ms; the others ISO 8601 text.
 */
import type { Migration } from './migration';

export const consoleAccounts: Migration = {
  version: 10,
  sqlite: `
  CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    email_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE site_members (
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer', 'adviser')),
    created_at TEXT NOT NULL,
    PRIMARY KEY (site_id, account_id)
  );
  CREATE INDEX site_members_account ON site_members(account_id);
  CREATE TABLE invites (
    token_hash TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    site_id TEXT REFERENCES sites(id) ON DELETE CASCADE,
    role TEXT CHECK (role IN ('owner', 'editor', 'viewer', 'adviser')),
    created_by TEXT,
    created_at TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  );
  CREATE INDEX invites_site ON invites(site_id);
  CREATE TABLE console_sessions (
    id_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    csrf_token TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL
  );
  CREATE INDEX console_sessions_account ON console_sessions(account_id);
  CREATE TABLE sign_in_failures (
    key TEXT PRIMARY KEY,
    failures INTEGER NOT NULL,
    first_at INTEGER NOT NULL,
    last_at INTEGER NOT NULL
  );
  CREATE INDEX sign_in_failures_first ON sign_in_failures(first_at);
  `,
  postgres: `
  CREATE TABLE accounts (
    id text PRIMARY KEY,
    email text NOT NULL,
    email_key text COLLATE "C" NOT NULL UNIQUE,
    password_hash text NOT NULL,
    created_at text COLLATE "C" NOT NULL,
    updated_at text COLLATE "C" NOT NULL
  );
  CREATE TABLE site_members (
    site_id text NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    role text NOT NULL CHECK (role IN ('owner', 'editor', 'viewer', 'adviser')),
    created_at text COLLATE "C" NOT NULL,
    PRIMARY KEY (site_id, account_id)
  );
  CREATE INDEX site_members_account ON site_members(account_id);
  CREATE TABLE invites (
    token_hash text PRIMARY KEY,
    email text NOT NULL,
    site_id text REFERENCES sites(id) ON DELETE CASCADE,
    role text CHECK (role IN ('owner', 'editor', 'viewer', 'adviser')),
    created_by text,
    created_at text COLLATE "C" NOT NULL,
    expires_at bigint NOT NULL,
    used_at bigint
  );
  CREATE INDEX invites_site ON invites(site_id);
  CREATE TABLE console_sessions (
    id_hash text PRIMARY KEY,
    account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    csrf_token text NOT NULL,
    created_at bigint NOT NULL,
    last_seen_at bigint NOT NULL
  );
  CREATE INDEX console_sessions_account ON console_sessions(account_id);
  CREATE TABLE sign_in_failures (
    key text PRIMARY KEY,
    failures integer NOT NULL,
    first_at bigint NOT NULL,
    last_at bigint NOT NULL
  );
  CREATE INDEX sign_in_failures_first ON sign_in_failures(first_at);
  `,
};
