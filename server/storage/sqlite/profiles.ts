/** Visitors' profiles on SQLite: the fields a site's pages send with `POST /api/enrich` (widget-spec §7). */
import type { ProfileStorage } from '../types';
import { json, now, str } from '../records';
import type { Db, Row, Sync } from './db';

/** The profile methods of the storage on `db`. */
export function sqliteProfiles(db: Db): Sync<ProfileStorage> {
  const profile = db.prepare<[string, string], Row>('SELECT fields FROM profiles WHERE site_id = ? AND user_session_id = ?');
  const upsertProfile = db.prepare(
    'INSERT INTO profiles (site_id, user_session_id, fields, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (site_id, user_session_id) DO UPDATE SET fields = excluded.fields, updated_at = excluded.updated_at',
  );

  return {
    // Read and merge in one transaction, so the merge never starts from fields another writer has since changed.
    enrichProfile: db.transaction((siteId: string, userSessionId: string, fields: Record<string, string>, maxFields = Infinity) => {
      const current = json<Record<string, string>>(str(profile.get(siteId, userSessionId)?.fields ?? '{}'), {});
      const next = { ...current, ...fields };
      if (Object.keys(next).length > maxFields) return null;
      upsertProfile.run(siteId, userSessionId, JSON.stringify(next), now());
      return next;
    }),
    getProfile(siteId, userSessionId) {
      const r = profile.get(siteId, userSessionId);
      return r ? json<Record<string, string>>(str(r.fields), {}) : null;
    },
  };
}
