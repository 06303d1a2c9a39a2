/** The console's preview keys on PostgreSQL: stored hashed, each with its end (epoch ms), seen by every instance. */
import type pg from 'pg';
import { hashApiKey, str } from '../records';
import type { PreviewKeyStorage } from '../types';
import { one, sql, transaction } from './db';

const Q = {
  insert: sql('preview_key_insert', 'INSERT INTO preview_keys (key_hash, site_id, expires_at, created_by) VALUES ($1, $2, $3, $4)'),
  sweep: sql('preview_key_sweep', 'DELETE FROM preview_keys WHERE expires_at <= $1'),
  find: sql('preview_key_find', 'SELECT site_id FROM preview_keys WHERE key_hash = $1 AND expires_at > $2'),
};

/** The preview keys' methods of the storage; `now` is the storage's clock. */
export function postgresPreviewKeys(pool: pg.Pool, now: () => number = Date.now): PreviewKeyStorage {
  return {
    async addPreviewKey(siteId, key, expiresAt, createdBy) {
      await transaction(pool, async (db) => {
        await db.query(Q.sweep([now()]));
        await db.query(Q.insert([hashApiKey(key), siteId, expiresAt, createdBy]));
      });
    },
    async findPreviewKey(key) {
      const r = await one(pool, Q.find([hashApiKey(key), now()]));
      return r ? str(r.site_id) : null;
    },
  };
}
