/**
 * The Storage interface on SQLite (better-sqlite3): one file, WAL mode, schema
 * migrations run on open, every multi-row write in one transaction. Each table
 * group's methods live in `sqlite/`, under the same names as PostgreSQL's in `postgres/`;
 * this module opens the database and puts them together.
 *
 * better-sqlite3 answers synchronously: the parts are written that way (a transaction is one
 * synchronous call, so nothing else runs inside it) and each method is then offered as the
 * interface's async one. One process owns the file, so the shared state lives in its memory.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { DataStorage, Storage } from './types';
import { sqliteAccounts } from './sqlite/accounts';
import { sqliteAdvice } from './sqlite/advice';
import { sqliteAnalytics } from './sqlite/analytics';
import { sqliteAudit } from './sqlite/audit';
import { sqliteRefusedOrigins } from './sqlite/refused-origins';
import { sqlitePreviewKeys } from './sqlite/preview-keys';
import { sqliteAnalyticsReport } from './sqlite/analytics-report';
import { sqliteChatSessions } from './sqlite/chat-sessions';
import { sqliteConsoleSessions } from './sqlite/console-sessions';
import type { SyncStorage } from './sqlite/db';
import { sqliteDocuments } from './sqlite/documents';
import { sqliteFiles } from './sqlite/files';
import { checkpointer } from './sqlite/checkpointer';
import { groupCommit, walSync } from './sqlite/group-commit';
import { sqliteInbox } from './sqlite/inbox';
import { migrate } from './sqlite/migrations';
import { sqliteProfiles } from './sqlite/profiles';
import { sqliteRetention } from './sqlite/retention';
import { sqliteShared } from './sqlite/shared';
import { sqliteSites } from './sqlite/sites';
import { sqliteTriggers } from './sqlite/triggers';
import { sqliteVideos } from './sqlite/videos';

/**
 * Opens (creating and migrating as needed) the database file `file`; ':memory:' for a throwaway one.
 * `options.now` is the clock of the shared state and of console sessions, invitations and sign-in counts (tests move it).
 */
export function openSqliteStorage(file: string, options: { now?: () => number } = {}): Storage {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // every commit waits for the disk (docs/server.md "Durability"): better-sqlite3's build makes a connection in WAL
  // mode NORMAL unless told otherwise (SQLITE_DEFAULT_WAL_SYNCHRONOUS=1), whose commits reach the disk only at the
  // next checkpoint; the answers' group commit flushes its own off the event loop (sqlite/group-commit.ts)
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  const clock = options.now ?? Date.now;

  // the same parts, in the same order, as postgres.ts
  const data: SyncStorage = {
    ...sqliteSites(db, options.now),
    ...sqliteChatSessions(db),
    ...sqliteProfiles(db),
    ...sqliteFiles(db),
    ...sqliteDocuments(db),
    ...sqliteVideos(db),
    ...sqliteTriggers(db),
    ...sqliteAnalytics(db),
    ...sqliteRetention(db),
    ...sqliteAudit(db),
    ...sqliteAccounts(db, clock),
    ...sqliteConsoleSessions(db, clock),
    ...sqliteRefusedOrigins(db),
    ...sqliteInbox(db),
    ...sqlitePreviewKeys(db, options.now),
    ...sqliteAnalyticsReport(db, clock),
    ...sqliteAdvice(db),
  };
  // an answer's two writes share their commit with the other answers' of the same turn, whose wait for the disk is
  // off the event loop, and once answers are written the WAL is checkpointed by a worker, not in a commit on the event
  // loop (docs/benchmarks.md "Scale")
  const wal = file === ':memory:' ? undefined : walSync(file);
  const grouped = groupCommit(db, wal);
  const checkpoints = file === ':memory:' ? null : checkpointer(db, file);
  const answers = <A extends unknown[], R>(write: (...args: A) => R) => {
    const inGroup = grouped(write);
    return (...args: A) => {
      checkpoints?.start();
      return inGroup(...args);
    };
  };
  return {
    ...asAsync(data),
    appendMessages: answers(data.appendMessages),
    recordAnswerMetrics: answers(data.recordAnswerMetrics),
    ...sqliteShared(file, options.now),
    close: async () => {
      await checkpoints?.stop();
      wal?.close();
      db.close();
    },
  };
}

/** Each method of `sync` as an async one: a throw becomes a rejection. */
function asAsync(sync: SyncStorage): DataStorage {
  const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const [name, method] of Object.entries(sync) as [string, (...args: unknown[]) => unknown][]) {
    methods[name] = async (...args) => method(...args);
  }
  return methods as unknown as DataStorage;
}
