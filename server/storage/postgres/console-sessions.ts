/** Console sessions and the sign-in throttle's counts on PostgreSQL: every instance sees the same. */
import type pg from 'pg';
import { consoleSessionHandle, hashConsoleToken, toConsoleSession, toListedConsoleSession } from '../records';
import type { ConsoleSessionStorage } from '../types';
import { all, one, sql, transaction } from './db';

const Q = {
  insert: sql(
    'console_session_insert',
    'INSERT INTO console_sessions (id_hash, account_id, csrf_token, created_at, last_seen_at, auth_at, user_agent) VALUES ($1, $2, $3, $4, $4, $4, $5)',
  ),
  // FOR SHARE: a password change's UPDATE of the row waits for this transaction (and then ends its session), or this
  // check waits for the change and, reading the changed row, finds no match
  passwordIs: sql('account_password_is', 'SELECT 1 FROM accounts WHERE id = $1 AND password_hash = $2 FOR SHARE'),
  ofAccount: sql('console_sessions_of_account', 'SELECT * FROM console_sessions WHERE account_id = $1 ORDER BY created_at DESC, id_hash'),
  removeOthers: sql('console_sessions_remove_others', 'DELETE FROM console_sessions WHERE account_id = $1 AND id_hash <> $2'),
  reauth: sql('console_session_reauth', 'UPDATE console_sessions SET auth_at = $2 WHERE id_hash = $1'),
  setPassword: sql('account_password_set', 'UPDATE accounts SET password_hash = $2, updated_at = $3 WHERE id = $1'),
  remove: sql('console_session_remove', 'DELETE FROM console_sessions WHERE id_hash = $1'),
  sweep: sql('console_sessions_sweep', 'DELETE FROM console_sessions WHERE last_seen_at <= $1 OR created_at <= $2'),
  session: sql(
    'console_session',
    'SELECT s.*, a.email FROM console_sessions s JOIN accounts a ON a.id = s.account_id WHERE s.id_hash = $1',
  ),
  touch: sql('console_session_touch', 'UPDATE console_sessions SET last_seen_at = $2 WHERE id_hash = $1 AND last_seen_at < $2'),
  // one statement per key that adds the attempt and reads the count: instances and requests counting at once each
  // see the attempts before theirs
  countAttempt: sql(
    'sign_in_attempt_count',
    `INSERT INTO sign_in_failures AS f (key, failures, first_at, last_at) VALUES ($1, 1, $2, $2)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN f.first_at <= $3 THEN 1 ELSE f.failures + 1 END,
       first_at = CASE WHEN f.first_at <= $3 THEN $2 ELSE f.first_at END,
       last_at = CASE WHEN f.first_at <= $3 THEN $2 ELSE f.last_at END
     RETURNING failures, last_at`,
  ),
  undoAttempt: sql('sign_in_attempt_undo', 'UPDATE sign_in_failures SET failures = failures - 1 WHERE key = $1 AND failures > 0'),
  markFailure: sql('sign_in_failure_mark', 'UPDATE sign_in_failures SET last_at = GREATEST(last_at, $2) WHERE key = $1'),
  clear: sql('sign_in_failures_clear', 'DELETE FROM sign_in_failures WHERE key = $1'),
  sweepFailures: sql('sign_in_failures_sweep', 'DELETE FROM sign_in_failures WHERE first_at <= $1'),
};

/** The console session methods of the storage; `clock` is the storage's clock (tests move it). */
export function postgresConsoleSessions(pool: pg.Pool, clock: () => number): ConsoleSessionStorage {
  return {
    startConsoleSession: (input) =>
      transaction(pool, async (db) => {
        if (!(await one(db, Q.passwordIs([input.accountId, input.passwordHash])))) return false;
        const t = clock();
        if (input.replaces !== undefined) await db.query(Q.remove([hashConsoleToken(input.replaces)]));
        await db.query(Q.sweep([t - input.limits.idleMs, t - input.limits.absoluteMs]));
        await db.query(Q.insert([hashConsoleToken(input.id), input.accountId, input.csrfToken, t, input.userAgent?.slice(0, 200) ?? null]));
        return true;
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
    async listConsoleSessions(accountId, limits) {
      const t = clock();
      return (await all(pool, Q.ofAccount([accountId])))
        .filter((r) => Number(r.last_seen_at) > t - limits.idleMs && Number(r.created_at) > t - limits.absoluteMs)
        .map(toListedConsoleSession);
    },
    async endConsoleSessionByHandle(accountId, handle) {
      const found = (await all(pool, Q.ofAccount([accountId]))).find((r) => consoleSessionHandle(String(r.id_hash)) === handle);
      return found !== undefined && ((await pool.query(Q.remove([String(found.id_hash)]))).rowCount ?? 0) > 0;
    },
    endOtherConsoleSessions: async (accountId, keep) =>
      (await pool.query(Q.removeOthers([accountId, hashConsoleToken(keep)]))).rowCount ?? 0,
    async reauthConsoleSession(id) {
      await pool.query(Q.reauth([hashConsoleToken(id), clock()]));
    },
    changeConsolePassword: (accountId, passwordHash, keep) =>
      transaction(pool, async (db) => {
        await db.query(Q.setPassword([accountId, passwordHash, new Date(clock()).toISOString()]));
        await db.query(Q.removeOthers([accountId, hashConsoleToken(keep)]));
      }),
    async countSignInAttempt(keys, windowMs) {
      const t = clock();
      await pool.query(Q.sweepFailures([t - windowMs]));
      const out = new Map<string, { failures: number; lastAt: number }>();
      for (const key of keys) {
        const r = (await one(pool, Q.countAttempt([key, t, t - windowMs])))!;
        out.set(key, { failures: Number(r.failures) - 1, lastAt: Number(r.last_at) });
      }
      return out;
    },
    async undoSignInAttempt(keys) {
      for (const key of keys) await pool.query(Q.undoAttempt([key]));
    },
    async markSignInFailure(keys) {
      const t = clock();
      for (const key of keys) await pool.query(Q.markFailure([key, t]));
    },
    async clearSignInFailures(key) {
      await pool.query(Q.clear([key]));
    },
  };
}
