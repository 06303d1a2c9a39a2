/** The origins the server refused lately for each site, on PostgreSQL: every instance notes them in the same rows. */
import type pg from 'pg';
import { str } from '../records';
import type { RefusedOriginStorage } from '../types';
import { all, sql, transaction } from './db';

const Q = {
  upsert: sql(
    'refused_origin_upsert',
    `INSERT INTO refused_origins (site_id, origin, count, last_seen_at) VALUES ($1, $2, 1, $3)
     ON CONFLICT (site_id, origin) DO UPDATE SET count = refused_origins.count + 1,
       last_seen_at = GREATEST(refused_origins.last_seen_at, excluded.last_seen_at)`,
  ),
  // a site keeps only its latest origins: a page that sends a new origin each time cannot grow the table
  trim: sql(
    'refused_origin_trim',
    `DELETE FROM refused_origins WHERE site_id = $1 AND origin NOT IN
       (SELECT origin FROM refused_origins WHERE site_id = $1 ORDER BY last_seen_at DESC, origin LIMIT $2)`,
  ),
  list: sql('refused_origins', 'SELECT * FROM refused_origins WHERE site_id = $1 ORDER BY last_seen_at DESC, origin'),
  forget: sql('refused_origin_forget', 'DELETE FROM refused_origins WHERE site_id = $1 AND origin = ANY($2)'),
};

/** The refused origins' methods of the storage. */
export function postgresRefusedOrigins(pool: pg.Pool): RefusedOriginStorage {
  return {
    async noteRefusedOrigin(siteId, origin, at, keep) {
      await transaction(pool, async (db) => {
        await db.query(Q.upsert([siteId, origin, at]));
        await db.query(Q.trim([siteId, keep]));
      });
    },
    listRefusedOrigins: async (siteId) =>
      (await all(pool, Q.list([siteId]))).map((r) => ({ origin: str(r.origin), count: Number(r.count), lastSeenAt: str(r.last_seen_at) })),
    async forgetRefusedOrigins(siteId, origins) {
      await pool.query(Q.forget([siteId, [...origins]]));
    },
  };
}
