/** What the SQLite parts share: the database handle and the storage's methods as they run on it (column readers, the clock and tokens are in records.ts, shared with PostgreSQL). */
import type Database from 'better-sqlite3';
import type { SharedState, Storage } from '../types';

/**
 * The storage's data methods as they run on SQLite: synchronously (sqlite.ts offers them as the
 * interface's async ones). The shared state is not here: it lives in the process's memory.
 */
export type SyncStorage = {
  [K in Exclude<keyof Storage, 'close' | keyof SharedState>]: Storage[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : never;
};

/** The open database every part prepares its statements on. */
export type Db = Database.Database;

export type { Row } from '../records';
