/** Console sessions and the sign-in throttle's counts on SQLite. */
import { consoleSessionHandle, hashConsoleToken, toConsoleSession, toListedConsoleSession } from '../records';
import type { ConsoleSessionLimits, ConsoleSessionStorage } from '../types';
import type { Db, Row, Sync } from './db';

/** The console session methods of the storage on `db`; `clock` is the storage's clock (tests move it). */
export function sqliteConsoleSessions(db: Db, clock: () => number): Sync<ConsoleSessionStorage> {
  const insert = db.prepare(
    'INSERT INTO console_sessions (id_hash, account_id, csrf_token, created_at, last_seen_at, auth_at, user_agent) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const passwordIs = db.prepare<[string, string], Row>('SELECT 1 FROM accounts WHERE id = ? AND password_hash = ?');
  const ofAccount = db.prepare<[string], Row>('SELECT * FROM console_sessions WHERE account_id = ? ORDER BY created_at DESC, id_hash');
  const removeOthers = db.prepare('DELETE FROM console_sessions WHERE account_id = ? AND id_hash <> ?');
  const reauth = db.prepare('UPDATE console_sessions SET auth_at = ? WHERE id_hash = ?');
  const setPassword = db.prepare('UPDATE accounts SET password_hash = ?, updated_at = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM console_sessions WHERE id_hash = ?');
  const sweep = db.prepare('DELETE FROM console_sessions WHERE last_seen_at <= ? OR created_at <= ?');
  const session = db.prepare<[string], Row>(
    'SELECT s.*, a.email FROM console_sessions s JOIN accounts a ON a.id = s.account_id WHERE s.id_hash = ?',
  );
  const touch = db.prepare('UPDATE console_sessions SET last_seen_at = ? WHERE id_hash = ?');
  const countAttempt = db.prepare<[string, number, number, number, number, number], Row>(
    `INSERT INTO sign_in_failures (key, failures, first_at, last_at) VALUES (?, 1, ?, ?)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN first_at <= ? THEN 1 ELSE failures + 1 END,
       first_at = CASE WHEN first_at <= ? THEN excluded.first_at ELSE first_at END,
       last_at = CASE WHEN first_at <= ? THEN excluded.last_at ELSE last_at END
     RETURNING failures, last_at`,
  );
  const undoAttempt = db.prepare('UPDATE sign_in_failures SET failures = failures - 1 WHERE key = ? AND failures > 0');
  const markFailure = db.prepare('UPDATE sign_in_failures SET last_at = max(last_at, ?) WHERE key = ?');
  const clear = db.prepare('DELETE FROM sign_in_failures WHERE key = ?');
  const sweepFailures = db.prepare('DELETE FROM sign_in_failures WHERE first_at <= ?');

  const expired = (limits: ConsoleSessionLimits, t: number) => [t - limits.idleMs, t - limits.absoluteMs] as const;

  const start = db.transaction((input: Parameters<ConsoleSessionStorage['startConsoleSession']>[0]) => {
    if (!passwordIs.get(input.accountId, input.passwordHash)) return false;
    const t = clock();
    if (input.replaces !== undefined) remove.run(hashConsoleToken(input.replaces));
    sweep.run(...expired(input.limits, t));
    insert.run(hashConsoleToken(input.id), input.accountId, input.csrfToken, t, t, t, input.userAgent?.slice(0, 200) ?? null);
    return true;
  });

  const count = db.transaction((keys: string[], windowMs: number) => {
    const t = clock();
    sweepFailures.run(t - windowMs);
    const out = new Map<string, { failures: number; lastAt: number }>();
    for (const key of keys) {
      const r = countAttempt.get(key, t, t, t - windowMs, t - windowMs, t - windowMs)!;
      out.set(key, { failures: Number(r.failures) - 1, lastAt: Number(r.last_at) });
    }
    return out;
  });

  const changePassword = db.transaction((accountId: string, passwordHash: string, keep: string) => {
    setPassword.run(passwordHash, new Date(clock()).toISOString(), accountId);
    removeOthers.run(accountId, hashConsoleToken(keep));
  });

  return {
    startConsoleSession: (input) => start(input),
    consoleSession(id, limits) {
      const hash = hashConsoleToken(id);
      const r = session.get(hash);
      if (!r) return null;
      const t = clock();
      const found = toConsoleSession(r);
      const [idleCutoff, absoluteCutoff] = expired(limits, t);
      if (found.lastSeenAt <= idleCutoff || found.createdAt <= absoluteCutoff) {
        remove.run(hash);
        return null;
      }
      if (t - found.lastSeenAt >= limits.touchAfterMs) touch.run(t, hash);
      return { ...found, lastSeenAt: t };
    },
    endConsoleSession: (id) => void remove.run(hashConsoleToken(id)),
    listConsoleSessions(accountId, limits) {
      const [idleCutoff, absoluteCutoff] = expired(limits, clock());
      return ofAccount
        .all(accountId)
        .filter((r) => Number(r.last_seen_at) > idleCutoff && Number(r.created_at) > absoluteCutoff)
        .map(toListedConsoleSession);
    },
    endConsoleSessionByHandle(accountId, handle) {
      const found = ofAccount.all(accountId).find((r) => consoleSessionHandle(String(r.id_hash)) === handle);
      return found !== undefined && remove.run(String(found.id_hash)).changes > 0;
    },
    endOtherConsoleSessions: (accountId, keep) => removeOthers.run(accountId, hashConsoleToken(keep)).changes,
    reauthConsoleSession: (id) => void reauth.run(clock(), hashConsoleToken(id)),
    changeConsolePassword: (accountId, passwordHash, keep) => changePassword(accountId, passwordHash, keep),
    countSignInAttempt: (keys, windowMs) => count(keys, windowMs),
    undoSignInAttempt(keys) {
      for (const key of keys) undoAttempt.run(key);
    },
    markSignInFailure(keys) {
      const t = clock();
      for (const key of keys) markFailure.run(t, key);
    },
    clearSignInFailures: (key) => void clear.run(key),
  };
}
