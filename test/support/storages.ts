/**
 * The storage the server tests run on: SQLite (the `node` project) or PostgreSQL (the `postgres` project, whose
 * global setup starts a throwaway cluster): `TEST_DATABASE=postgres` picks it. Each storage opened here is a
 * fresh database: a temp folder's file, or a new database on the cluster.
 */
import path from 'node:path';
import { inject } from 'vitest';
import { openPostgresStorage } from '../../server/storage/postgres';
import { openSqliteStorage } from '../../server/storage/sqlite';
import type { Storage } from '../../server/storage/types';
import { createDatabaseAt } from './postgres-cluster';

export type Backend = 'sqlite' | 'postgres';

/** The backend of this run. */
export const BACKEND: Backend = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/** Where a test's database is: a file in its folder, or a PostgreSQL URL. */
export type TestDatabase = { backend: 'sqlite'; file: string } | { backend: 'postgres'; url: string };

/** A new empty database of this run's backend; SQLite's file goes in `dir` (which also holds its secrets). */
export async function newTestDatabase(dir: string): Promise<TestDatabase> {
  if (BACKEND === 'sqlite') return { backend: 'sqlite', file: path.join(dir, 'test.db') };
  return { backend: 'postgres', url: await createDatabaseAt(inject('postgresAdminUrl')) };
}

/** Opens `db` (a second open of the same database is a second server instance on it). */
export function openTestDatabase(db: TestDatabase, options: { now?: () => number; poolSize?: number } = {}): Promise<Storage> {
  if (db.backend === 'sqlite') return Promise.resolve(openSqliteStorage(db.file, { now: options.now }));
  return openPostgresStorage(db.url, { poolSize: options.poolSize ?? 4, now: options.now, onError: () => undefined });
}

/** The environment a server process needs to use `db` (DATA_DIR for SQLite is the caller's). */
export function databaseEnv(db: TestDatabase): Record<string, string> {
  return db.backend === 'postgres' ? { DATABASE_URL: db.url } : {};
}

/** A plain connection to a test database, for what the storage interface cannot do (look at every row, add a trigger). */
export interface RawDatabase {
  /** Runs `sql` with `?` placeholders (numbered for PostgreSQL) and returns its rows. */
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Runs statements with no parameters. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** Opens a plain connection to `db`. */
export async function openRawDatabase(db: TestDatabase): Promise<RawDatabase> {
  if (db.backend === 'sqlite') {
    const { default: Database } = await import('better-sqlite3');
    const conn = new Database(db.file);
    return {
      query: async (sql, params = []) => conn.prepare(sql).all(...params) as Record<string, unknown>[],
      exec: async (sql) => void conn.exec(sql),
      close: async () => void conn.close(),
    };
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  return {
    async query(sql, params = []) {
      let n = 0;
      return (
        await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as Record<string, unknown>[];
    },
    exec: async (sql) => void (await client.query(sql)),
    close: () => client.end(),
  };
}
