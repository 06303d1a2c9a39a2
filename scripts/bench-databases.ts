/**
 * The databases a benchmark runs on (scripts/bench-analytics.ts, bench-inbox.ts): an SQLite file in a folder of its
 * own, removed after, and a database of a durable PostgreSQL cluster of its own, stopped after.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { findPostgresBin, startPostgresCluster } from '../test/support/postgres-cluster';

/** Runs `measure` on a new SQLite file (`bench.db`) in a new temporary folder named from `prefix`, removed after. */
export async function onBenchSqlite<T>(prefix: string, measure: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  try {
    return await measure(path.join(dir, 'bench.db'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `measure` on a new database (`bench`) of a durable PostgreSQL cluster started for it (with `settings` as
 * server settings) and stopped after; no rows when PostgreSQL is not installed.
 */
export async function onBenchPostgres<T>(measure: (url: string) => Promise<T[]>, settings: Record<string, string> = {}): Promise<T[]> {
  if (!findPostgresBin()) {
    console.log('PostgreSQL is not installed (apt-get install postgresql): its rows are skipped.');
    return [];
  }
  const cluster = await startPostgresCluster({ durable: true, settings });
  try {
    return await measure(await cluster.createDatabase('bench'));
  } finally {
    await cluster.stop();
  }
}

/**
 * Writes a benchmark's rows into an SQLite file the way a bulk load does, for the benchmark only (no other connection
 * may be open on the file): one transaction, the rollback journal in memory, `synchronous = OFF` and a large page cache, the indexes of `tables` (not their primary keys) and
 * the full-text index's insert trigger dropped first and made again after, the full-text index filled in one pass
 * (`rebuild`). The schema a run ends with is the production schema, and the same rows in it. Returns the seconds taken.
 */
export function bulkSqlite(db: Database.Database, tables: readonly string[], write: () => void): number {
  const started = performance.now();
  // one transaction of a million rows in WAL mode makes a WAL of gigabytes, each page read looked up in its index:
  // the rollback journal in memory instead, WAL again after (the storage's mode)
  db.pragma('journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');
  const marks = tables.map(() => '?').join(', ');
  const made = db
    .prepare<string[], { type: string; name: string; sql: string }>(
      `SELECT type, name, sql FROM sqlite_master WHERE tbl_name IN (${marks}) AND sql IS NOT NULL
        AND (type = 'index' OR (type = 'trigger' AND name = 'messages_fts_insert'))`,
    )
    .all(...tables);
  const fts = made.some((m) => m.name === 'messages_fts_insert');
  db.transaction(() => {
    for (const m of made) db.exec(`DROP ${m.type === 'index' ? 'INDEX' : 'TRIGGER'} ${m.name}`);
    write();
    for (const m of made) db.exec(m.sql);
    if (fts) db.exec(`INSERT INTO messages_fts (messages_fts) VALUES ('rebuild')`);
  })();
  db.pragma('synchronous = NORMAL');
  db.pragma('journal_mode = WAL');
  db.exec('ANALYZE');
  return (performance.now() - started) / 1000;
}

/**
 * Writes a benchmark's rows into PostgreSQL the way a bulk load does, for the benchmark only: one transaction, the
 * indexes of `tables` that no constraint owns dropped first and built again after (with a larger
 * `maintenance_work_mem`), the foreign keys' triggers off while it writes (`session_replication_role = replica`: the
 * rows are made consistent by the generator), then `ANALYZE`. The generated search column is computed as each row is
 * written, as in production. Returns the seconds taken.
 */
export async function bulkPostgres(client: pg.Client, tables: readonly string[], write: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    await client.query('SET LOCAL session_replication_role = replica');
    const { rows } = await client.query<{ name: string; def: string }>(
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename = ANY($1)
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
      [tables],
    );
    for (const r of rows) await client.query(`DROP INDEX ${r.name}`);
    await write();
    for (const r of rows) await client.query(r.def);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
  await client.query('ANALYZE');
  return (performance.now() - started) / 1000;
}

/** The PostgreSQL type of each column of `table` (information_schema's names). */
async function columnTypes(client: pg.Client, table: string): Promise<Map<string, string>> {
  const { rows } = await client.query<{ column_name: string; data_type: string }>(
    'SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema()',
    [table],
  );
  return new Map(rows.map((r) => [r.column_name, r.data_type]));
}

/**
 * Inserts `rows` (each its values in `columns`' order) into `table`, 10,000 at a time: each column sent as one array,
 * unnested into rows (one statement's parse for many rows, and no limit on parameters). 0/1 go into boolean columns
 * as false/true.
 */
export async function insertRows(client: pg.Client, table: string, columns: readonly string[], rows: readonly unknown[][]): Promise<void> {
  const types = await columnTypes(client, table);
  const unnest = columns.map((name, c) => `$${c + 1}::${types.get(name)}[]`).join(', ');
  const text = `INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM unnest(${unnest})`;
  for (let i = 0; i < rows.length; i += 10_000) {
    const batch = rows.slice(i, i + 10_000);
    const arrays = columns.map((name, c) => batch.map((row) => (types.get(name) === 'boolean' ? Boolean(row[c]) : row[c])));
    await client.query(text, arrays);
  }
}
