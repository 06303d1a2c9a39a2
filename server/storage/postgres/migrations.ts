/**
 * The PostgreSQL schema: the shared list of versions (../migrations), applied in order when an instance starts,
 * under an advisory lock, so that instances starting together migrate once.
 */
import type pg from 'pg';
import { pendingMigrations } from '../migrations';
import { LOCKS } from './db';

/**
 * Brings the database up to this server's schema, one version per transaction, under an advisory lock held
 * on one connection for the whole run: a second instance starting at the same moment waits, then finds the
 * work done. Refuses a database from a newer server rather than guess at its schema.
 */
export async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, 0)', [LOCKS.migrate]);
    try {
      await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at text NOT NULL)');
      const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
      for (const { version, statements } of pendingMigrations(rows[0]?.version ?? 0, 'postgres')) {
        await client.query('BEGIN');
        try {
          await client.query(statements);
          await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [version, new Date().toISOString()]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw err;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, 0)', [LOCKS.migrate]);
    }
  } finally {
    client.release();
  }
}
