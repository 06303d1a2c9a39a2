/** Console sessions and the sign-in throttle's counts on PostgreSQL: every instance sees the same. */
import type pg from 'pg';
import { hashConsoleToken, toConsoleSession } from '../records';
import type { ConsoleSessionStorage } from '../types';
import { all, one, sql, transaction } from './db';

const Q = {
  insert: sql(
    'console_session_insert',
    'INSERT INTO console_sessions (id_hash, account_id, csrf_token, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $4)',
  ),
  remove: sql('console_session_remove', 'DELETE FROM console_sessions WHERE id_hash = $1'),
  sweep: sql('console_sessions_sweep', 'DELETE FROM console_sessions WHERE last_seen_at <= $1 OR created_at <= $2'),
  session: sql(
    'console_session',
    'SELECT s.*, a.email FROM console_sessions s JOIN accounts a ON a.id = s.account_id WHERE s.id_hash = $1',
  ),
  touch: sql('console_session_touch', 'UPDATE console_sessions SET last_seen_at = $2 WHERE id_hash = $1 AND last_seen_at < $2'),
  failures: sql('sign_in_failures', 'SELECT * FROM sign_in_failures WHERE key = ANY($1) AND first_at > $2'),
  // one statement per key: instances counting at once each add their failure
  recordFailure: sql(
    'sign_in_failure_record',
    `INSERT INTO sign_in_failures AS f (key, failures, first_at, last_at) VALUES ($1, 1, $2, $2)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN f.first_at <= $3 THEN 1 ELSE f.failures + 1 END,
       first_at = CASE WHEN f.first_at <= $3 THEN $2 ELSE f.first_at END,
       last_at = $2`,
  ),
  clear: sql('sign_in_failures_clear', 'DELETE FROM sign_in_failures WHERE key = $1'),
  sweepFailures: sql('sign_in_failures_sweep', 'DELETE FROM sign_in_failures WHERE first_at <= $1'),
};

/** The console session methods of the storage; `clock` is the storage's clock (tests move it). */
export function postgresConsoleSessions(pool: pg.Pool, clock: () => number): ConsoleSessionStorage {
  return {
    startConsoleSession: (input) =>
      transaction(pool, async (db) => {
        const t = clock();
        if (input.replaces !== undefined) await db.query(Q.remove([hashConsoleToken(input.replaces)]));
        await db.query(Q.sweep([t - input.limits.idleMs, t - input.limits.absoluteMs]));
        await db.query(Q.insert([hashConsoleToken(input.id), input.accountId, input.csrfToken, t]));
      }),
    async consoleSession(id, limits) {
      const hash = hashConsoleToken(id);
      const r = await one(pool, Q.session([hash]));
      if (!r) return null;
      const t = clock();
      const found = toConsoleSession(r);
      if (found.lastSeenAt <= t - limits.idleMs || found.createdAt <= t - limits.absoluteMs) {
        await pool.query(Q.remove([hash]));
        return null;
      }
      if (t - found.lastSeenAt >= limits.touchAfterMs) await pool.query(Q.touch([hash, t]));
      return { ...found, lastSeenAt: t };
    },
    async endConsoleSession(id) {
      await pool.query(Q.remove([hashConsoleToken(id)]));
    },
    async signInFailures(keys, windowMs) {
      const rows = await all(pool, Q.failures([keys, clock() - windowMs]));
      return new Map(rows.map((r) => [String(r.key), { failures: Number(r.failures), lastAt: Number(r.last_at) }]));
    },
    async recordSignInFailure(keys, windowMs) {
      const t = clock();
      await pool.query(Q.sweepFailures([t - windowMs]));
      for (const key of keys) await pool.query(Q.recordFailure([key, t, t - windowMs]));
    },
    async clearSignInFailures(key) {
      await pool.query(Q.clear([key]));
    },
  };
}
