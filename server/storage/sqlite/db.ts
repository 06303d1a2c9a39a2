/** What the SQLite parts share: the database handle and the storage's methods as they run on it (column readers, the clock and tokens are in records.ts, shared with PostgreSQL). */
import type Database from 'better-sqlite3';
import type { DataStorage } from '../types';

/**
 * A part of the storage's data methods (types.ts) as they run on SQLite: synchronously (sqlite.ts offers them
 * as the interface's async ones). The shared state is not here: it lives in the process's memory (shared.ts).
 */
export type Sync<Part> = {
  [K in keyof Part]: Part[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : never;
};

/** Every data method, on SQLite. */
export type SyncStorage = Sync<DataStorage>;

/** The open database every part prepares its statements on. */
export type Db = Database.Database;

export type { Row } from '../records';
