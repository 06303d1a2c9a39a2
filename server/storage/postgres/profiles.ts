/** Visitors' profiles on PostgreSQL: the fields a site's pages send with `POST /api/enrich` (widget-spec §7). */
import type pg from 'pg';
import { json, now, str } from '../records';
import type { ProfileStorage } from '../types';
import { one, sql, transaction } from './db';

const Q = {
  profile: sql('profile', 'SELECT fields FROM profiles WHERE site_id = $1 AND user_session_id = $2'),
  // a profile's row is made (empty) if need be, and locked either way, in one statement, so that two enrichments
  // at once merge one after the other, and a delete in between cannot leave nothing to lock
  lockProfile: sql(
    'profile_lock',
    `INSERT INTO profiles AS p (site_id, user_session_id, fields, updated_at) VALUES ($1, $2, '{}', $3)
     ON CONFLICT (site_id, user_session_id) DO UPDATE SET updated_at = p.updated_at RETURNING p.fields`,
  ),
  saveProfile: sql('profile_save', 'UPDATE profiles SET fields = $3, updated_at = $4 WHERE site_id = $1 AND user_session_id = $2'),
};

/** The profile methods of the storage. */
export function postgresProfiles(pool: pg.Pool): ProfileStorage {
  return {
    enrichProfile: (siteId, userSessionId, fields, maxFields = Infinity) =>
      transaction(pool, async (db) => {
        const current = json<Record<string, string>>(str((await one(db, Q.lockProfile([siteId, userSessionId, now()])))!.fields), {});
        const next = { ...current, ...fields };
        // over the limit: the transaction rolls back, the empty row made above with it
        if (Object.keys(next).length > maxFields) throw new TooManyFields();
        await db.query(Q.saveProfile([siteId, userSessionId, JSON.stringify(next), now()]));
        return next;
      }).catch((err: unknown) => {
        if (err instanceof TooManyFields) return null;
        throw err;
      }),
    async getProfile(siteId, userSessionId) {
      const r = await one(pool, Q.profile([siteId, userSessionId]));
      return r ? json<Record<string, string>>(str(r.fields), {}) : null;
    },
  };
}

/** A merge that would pass the profile's limit (rolls its transaction back). */
class TooManyFields extends Error {}
