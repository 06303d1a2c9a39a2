/**
 * The databases a benchmark runs on (scripts/bench-analytics.ts, bench-inbox.ts): an SQLite file in a folder of its
 * own, removed after, and a database of a durable PostgreSQL cluster of its own, stopped after.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
 * Runs `measure` on a new database (`bench`) of a durable PostgreSQL cluster started for it and stopped after; no rows
 * when PostgreSQL is not installed.
 */
export async function onBenchPostgres<T>(measure: (url: string) => Promise<T[]>): Promise<T[]> {
  if (!findPostgresBin()) {
    console.log('PostgreSQL is not installed (apt-get install postgresql): its rows are skipped.');
    return [];
  }
  const cluster = await startPostgresCluster({ durable: true });
  try {
    return await measure(await cluster.createDatabase('bench'));
  } finally {
    await cluster.stop();
  }
}
