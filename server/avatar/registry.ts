/**
 * The avatar sessions this server started, in memory (the shared state of a server that runs alone:
 * storage/sqlite/shared.ts; on PostgreSQL they are a table every instance reads): which site each
 * belongs to and the token it was started with. A call about a session (keep-alive, stop, speak) must
 * name the same site and token, so one visitor cannot steer or end another's avatar with a session id alone.
 */
import type { AvatarSessionRecord } from '../storage/types';

export type { AvatarSessionRecord };

/** Sessions older than this are forgotten: the provider ends one idle for 300 s, and none lasts this long. */
export const SESSION_MAX_AGE_MS = 2 * 60 * 60 * 1000;
/** At most this many at once: a flood of starts cannot grow memory without bound. */
export const MAX_SESSIONS = 10_000;

export function createAvatarRegistry(now: () => number = Date.now) {
  const sessions = new Map<string, AvatarSessionRecord>();
  const prune = () => {
    for (const [id, s] of sessions) if (now() - s.startedAt > SESSION_MAX_AGE_MS) sessions.delete(id);
    // still full: the oldest go first (a Map keeps insertion order)
    for (const id of sessions.keys()) {
      if (sessions.size < MAX_SESSIONS) break;
      sessions.delete(id);
    }
  };
  return {
    /** Records a session (its `startedAt` as given). */
    add(record: AvatarSessionRecord): void {
      prune();
      sessions.delete(record.sessionId);
      sessions.set(record.sessionId, { ...record });
    },
    /** The session, if it is this site's and was started with this token. */
    find(siteId: string, token: string, sessionId: string): AvatarSessionRecord | null {
      const s = sessions.get(sessionId);
      return s && s.siteId === siteId && s.token === token && now() - s.startedAt <= SESSION_MAX_AGE_MS ? s : null;
    },
    remove(sessionId: string): void {
      sessions.delete(sessionId);
    },
    get size() {
      return sessions.size;
    },
  };
}
