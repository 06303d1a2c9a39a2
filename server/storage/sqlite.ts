/**
 * The Storage interface on SQLite (better-sqlite3): one file, WAL mode, schema
 * migrations run on open, every multi-row write in one transaction. Each table
 * group's methods live in `sqlite/`; this module opens the database and puts them together.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Storage } from './types';
import { sqliteAnalytics } from './sqlite/analytics';
import { sqliteChatSessions } from './sqlite/chat-sessions';
import { sqliteDocuments } from './sqlite/documents';
import { sqliteFiles } from './sqlite/files';
import { migrate } from './sqlite/migrations';
import { sqliteProfiles } from './sqlite/profiles';
import { sqliteRetention } from './sqlite/retention';
import { sqliteSites } from './sqlite/sites';
import { sqliteTriggers } from './sqlite/triggers';
import { sqliteVideos } from './sqlite/videos';

/** Opens (creating and migrating as needed) the database file `file`; ':memory:' for a throwaway one. */
export function openSqliteStorage(file: string): Storage {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);

  return {
    close: () => db.close(),
    ...sqliteSites(db),
    ...sqliteChatSessions(db),
    ...sqliteProfiles(db),
    ...sqliteFiles(db),
    ...sqliteDocuments(db),
    ...sqliteVideos(db),
    ...sqliteTriggers(db),
    ...sqliteAnalytics(db),
    ...sqliteRetention(db),
  };
}
