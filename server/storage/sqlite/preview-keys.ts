/** The console's preview keys on SQLite: stored hashed, each with its end (epoch ms). */
import { hashApiKey, str } from '../records';
import type { PreviewKeyStorage } from '../types';
import type { Db, Row, Sync } from './db';

/** The preview keys' methods of the storage on `db`; `now` is the storage's clock. */
export function sqlitePreviewKeys(db: Db, now: () => number = Date.now): Sync<PreviewKeyStorage> {
  const insert = db.prepare('INSERT INTO preview_keys (key_hash, site_id, expires_at, created_by) VALUES (?, ?, ?, ?)');
  const sweep = db.prepare('DELETE FROM preview_keys WHERE expires_at <= ?');
  const find = db.prepare<[string, number], Row>('SELECT site_id FROM preview_keys WHERE key_hash = ? AND expires_at > ?');
  return {
    addPreviewKey(siteId, key, expiresAt, createdBy) {
      db.transaction(() => {
        sweep.run(now());
        insert.run(hashApiKey(key), siteId, expiresAt, createdBy);
      })();
    },
    findPreviewKey(key) {
      const r = find.get(hashApiKey(key), now());
      return r ? str(r.site_id) : null;
    },
  };
}
