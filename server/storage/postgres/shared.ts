/**
 * The state every instance shares, on PostgreSQL (issue 17): request counts, token families' visitors, named
 * secrets, answers by question id, avatar sessions and named locks. Times are the instances' clocks (epoch ms):
 * kept in step by NTP, they differ by far less than any window here.
 */
import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { SESSION_MAX_AGE_MS } from '../../avatar/registry';
import type { AnswerClaim, AvatarSessionRecord, SharedState } from '../types';
import { changed, LOCKS, ms, one, sql, transaction } from './db';
import { CHANNELS, type Listener } from './listener';

const Q = {
  count: sql(
    'count_request',
    `INSERT INTO request_counts AS r (key, count, ends_at) VALUES ($1, 1, $2::bigint + $3::bigint)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.ends_at <= $2::bigint THEN 1 ELSE r.count + 1 END,
       ends_at = CASE WHEN r.ends_at <= $2::bigint THEN excluded.ends_at ELSE r.ends_at END
     RETURNING count, ends_at`,
  ),
  // binds the family, or rebinds it once its binding has ended; no row back: it is bound, to someone, still
  bindFamily: sql(
    'family_bind',
    `INSERT INTO token_families AS f (family, visitor, until_ms) VALUES ($1, $2, $3)
     ON CONFLICT (family) DO UPDATE SET visitor = excluded.visitor, until_ms = excluded.until_ms WHERE f.until_ms <= $4
     RETURNING visitor`,
  ),
  familyVisitor: sql('family_visitor', 'SELECT visitor FROM token_families WHERE family = $1'),
  secret: sql('secret', 'SELECT value FROM secrets WHERE name = $1'),
  makeSecret: sql('secret_make', 'INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING'),
  claimAnswer: sql(
    'answer_claim',
    'INSERT INTO recent_answers (key, owner, claim, started_at, expires_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key) DO NOTHING RETURNING key',
  ),
  lockAnswer: sql('answer_lock', 'SELECT owner, started_at, expires_at, answer FROM recent_answers WHERE key = $1 FOR UPDATE'),
  takeAnswer: sql(
    'answer_take',
    'UPDATE recent_answers SET owner = $2, claim = $3, started_at = $4, expires_at = $5, answer = NULL WHERE key = $1',
  ),
  ownerAlive: sql(
    'instance_alive',
    `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = ${LOCKS.instance} AND objid = $1::int::oid AND objsubid = 2 AND granted) AS alive`,
  ),
  giveAnswer: sql('answer_give', 'UPDATE recent_answers SET answer = $3 WHERE key = $1 AND claim = $2'),
  dropAnswer: sql('answer_drop', 'DELETE FROM recent_answers WHERE key = $1 AND claim = $2'),
  announceAnswer: sql('announce_answer', `SELECT pg_notify('${CHANNELS.answer}', $1)`),
  addAvatar: sql(
    'avatar_add',
    `INSERT INTO avatar_sessions (session_id, site_id, token, started_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (session_id) DO UPDATE SET site_id = excluded.site_id, token = excluded.token, started_at = excluded.started_at`,
  ),
  findAvatar: sql(
    'avatar_find',
    'SELECT * FROM avatar_sessions WHERE session_id = $1 AND site_id = $2 AND token = $3 AND started_at >= $4',
  ),
  removeAvatar: sql('avatar_remove', 'DELETE FROM avatar_sessions WHERE session_id = $1'),
  lock: sql('exclusive_lock', `SELECT pg_advisory_lock(${LOCKS.exclusive}, $1)`),
  unlock: sql('exclusive_unlock', `SELECT pg_advisory_unlock(${LOCKS.exclusive}, $1)`),
  sweep: [
    sql('sweep_counts', 'DELETE FROM request_counts WHERE ends_at <= $1'),
    sql('sweep_families', 'DELETE FROM token_families WHERE until_ms <= $1'),
    sql('sweep_answers', 'DELETE FROM recent_answers WHERE expires_at <= $1'),
  ],
  sweepAvatars: sql('sweep_avatars', 'DELETE FROM avatar_sessions WHERE started_at < $1'),
};

/** How often rows whose time has passed are deleted (they are ignored from the moment it passes). */
export const SWEEP_INTERVAL_MS = 5 * 60_000;
/** How often a request waiting for another instance's answer asks again, should the announcement be lost. */
export const ANSWER_POLL_MS = 1000;
/**
 * How long a question may be in the hands of one request before a resend answers it anew, though its instance is
 * alive: longer than any answer takes, short of the time a lost settle would otherwise hold resends up (its whole TTL).
 */
export const ANSWER_LEASE_MS = 3 * 60_000;

/** An int4 of `name` for an advisory lock's second half. */
const lockKey = (name: string) => createHash('sha256').update(name).digest().readInt32BE(0);

/** How many token families this instance remembers as bound (past it, it starts again empty). */
const KNOWN_FAMILIES = 10_000;

/**
 * The shared state. `pool` writes what must outlive a crash of the database (secrets); `fleeting` (its connections
 * commit without waiting for the disk: `synchronous_commit=off`) writes what a crash may lose without harm, a moment
 * of request counts, bindings, answers kept for a resend, avatar sessions, and is asked every request. `now` is the
 * clock (tests move it). Returns it with the function that stops its sweep.
 */
export function postgresShared(
  pool: pg.Pool,
  fleeting: pg.Pool,
  listener: Listener,
  now: () => number = Date.now,
): SharedState & { stopSweeps(): void } {
  // A family's binding never changes before it ends: one this instance has seen need not be asked for again.
  const knownFamilies = new Map<string, { visitor: string; until: number }>();
  const sweep = async () => {
    const t = now();
    for (const q of Q.sweep) await fleeting.query(q([t]));
    await fleeting.query(Q.sweepAvatars([t - SESSION_MAX_AGE_MS]));
  };
  const timer = setInterval(() => void sweep().catch(() => undefined), SWEEP_INTERVAL_MS);
  timer.unref();

  /**
   * The moment an answer to `key` is announced (or ANSWER_POLL_MS has passed: an announcement can be lost), listened
   * for from now: made before asking, so that an answer announced while the question is asked is not missed.
   */
  const announcement = (key: string) => {
    let done!: () => void;
    const arrived = new Promise<void>((resolve) => (done = resolve));
    const stop = listener.onAnswer(key, () => done());
    const poll = setTimeout(() => done(), ANSWER_POLL_MS);
    void arrived.then(() => {
      stop();
      clearTimeout(poll);
    });
    return { arrived, cancel: () => done() };
  };

  /**
   * One attempt: the answer given, 'ours' (the caller answers), 'wait' (another live request is answering) or
   * 'again' (the row went away between two statements).
   */
  const attempt = (key: string, ttlMs: number, claim: string) =>
    transaction(fleeting, async (db): Promise<object | 'ours' | 'wait' | 'again'> => {
      const t = now();
      if (await one(db, Q.claimAnswer([key, listener.instance, claim, t, t + ttlMs]))) return 'ours';
      const row = await one(db, Q.lockAnswer([key]));
      // dropped since (its request failed): ask again at once
      if (!row) return 'again';
      const expired = ms(row.expires_at) <= t;
      if (!expired && row.answer !== null) return JSON.parse(row.answer as string) as object;
      // being answered for too long (its settle was lost), or by a request on an instance that is gone (killed
      // mid-answer): nothing will come of it
      const abandoned = expired || ms(row.started_at) + ANSWER_LEASE_MS <= t || !(await one(db, Q.ownerAlive([row.owner])))!.alive;
      if (!abandoned) return 'wait';
      await db.query(Q.takeAnswer([key, listener.instance, claim, t, t + ttlMs]));
      return 'ours';
    });

  return {
    stopSweeps: () => clearInterval(timer),

    async countRequest(key, windowMs) {
      const t = now();
      const r = (await one(fleeting, Q.count([key, t, windowMs])))!;
      return { count: Number(r.count), resetInMs: ms(r.ends_at) - t };
    },

    async claimTokenFamily(family, visitor, untilMs) {
      const known = knownFamilies.get(family);
      if (known && known.until > now()) return known.visitor === visitor;
      for (;;) {
        let claimed = Boolean(await one(fleeting, Q.bindFamily([family, visitor, untilMs, now()])));
        if (!claimed) {
          const bound = await one(fleeting, Q.familyVisitor([family]));
          // swept between the two statements: bind it again
          if (!bound) continue;
          claimed = bound.visitor === visitor;
        }
        if (claimed) {
          if (knownFamilies.size >= KNOWN_FAMILIES) knownFamilies.clear();
          knownFamilies.set(family, { visitor, until: untilMs });
        }
        return claimed;
      }
    },

    async secret(name, make) {
      if (!/^[A-Za-z0-9-]+$/.test(name)) throw new Error(`"${name}" is not a secret's name`);
      const known = await one(pool, Q.secret([name]));
      if (known) return known.value as string;
      // two instances starting together: the first one's value is everyone's
      await pool.query(Q.makeSecret([name, make()]));
      return (await one(pool, Q.secret([name])))!.value as string;
    },

    async exclusive(name, task) {
      const client = await pool.connect();
      const key = lockKey(name);
      // a connection whose unlock failed may still hold the lock: it is closed, not given back to the pool
      let broken: Error | undefined;
      try {
        await client.query(Q.lock([key]));
        try {
          return await task();
        } finally {
          await client.query(Q.unlock([key])).catch((err: Error) => (broken = err));
        }
      } finally {
        client.release(broken);
      }
    },

    async claimAnswer(key, ttlMs): Promise<AnswerClaim> {
      for (;;) {
        const next = announcement(key);
        // this request's own claim: a settle by another request of this instance on the same question changes nothing
        const claim = randomUUID();
        const result = await attempt(key, ttlMs, claim).catch((err: unknown) => {
          next.cancel();
          throw err;
        });
        if (result === 'wait') {
          await next.arrived;
          continue;
        }
        next.cancel();
        if (result === 'again') continue;
        if (result !== 'ours') return { answered: result };
        return {
          answered: null,
          async settle(answer) {
            await transaction(fleeting, async (db) => {
              if (answer) await db.query(Q.giveAnswer([key, claim, JSON.stringify(answer)]));
              else await changed(db, Q.dropAnswer([key, claim]));
              await db.query(Q.announceAnswer([key]));
            });
          },
        };
      }
    },

    async addAvatarSession(record: AvatarSessionRecord) {
      await fleeting.query(Q.addAvatar([record.sessionId, record.siteId, record.token, record.startedAt]));
    },
    async findAvatarSession(siteId, token, sessionId) {
      const r = await one(fleeting, Q.findAvatar([sessionId, siteId, token, now() - SESSION_MAX_AGE_MS]));
      return r
        ? { siteId: r.site_id as string, token: r.token as string, sessionId: r.session_id as string, startedAt: ms(r.started_at) }
        : null;
    },
    async removeAvatarSession(sessionId) {
      await fleeting.query(Q.removeAvatar([sessionId]));
    },
  };
}
