/**
 * Schema version 12: each console session records when its password was last confirmed (`auth_at`: at sign-in or
 * re-authentication, so that sensitive changes can ask for it again after 10 minutes) and the browser's User-Agent
 * (at most 200 characters, so that one's list of sessions tells them apart). Sessions started before this version
 * count as confirmed at their start.
 */
import type { Migration } from './migration';

export const consoleSessionDetails: Migration = {
  version: 12,
  sqlite: `
  ALTER TABLE console_sessions ADD COLUMN auth_at INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE console_sessions ADD COLUMN user_agent TEXT;
  UPDATE console_sessions SET auth_at = created_at;
  `,
  postgres: `
  ALTER TABLE console_sessions ADD COLUMN auth_at bigint NOT NULL DEFAULT 0;
  ALTER TABLE console_sessions ADD COLUMN user_agent text;
  UPDATE console_sessions SET auth_at = created_at;
  `,
};
