/** The origins the server refused lately for each site, on SQLite (the console's "refused origins", with an Allow button). */
import { str } from '../records';
import type { RefusedOriginStorage } from '../types';
import type { Db, Row, Sync } from './db';

/** The refused origins' methods of the storage on `db`. */
export function sqliteRefusedOrigins(db: Db): Sync<RefusedOriginStorage> {
  const upsert = db.prepare(
    `INSERT INTO refused_origins (site_id, origin, count, last_seen_at) VALUES (?, ?, 1, ?)
     ON CONFLICT (site_id, origin) DO UPDATE SET count = count + 1, last_seen_at = max(last_seen_at, excluded.last_seen_at)`,
  );
  // a site keeps only its latest origins: a page that sends a new origin each time cannot grow the table
  const trim = db.prepare(
    `DELETE FROM refused_origins WHERE site_id = ? AND origin NOT IN
       (SELECT origin FROM refused_origins WHERE site_id = ? ORDER BY last_seen_at DESC, origin LIMIT ?)`,
  );
  const list = db.prepare<[string], Row>('SELECT * FROM refused_origins WHERE site_id = ? ORDER BY last_seen_at DESC, origin');
  const forget = db.prepare('DELETE FROM refused_origins WHERE site_id = ? AND origin = ?');
  return {
    noteRefusedOrigin(siteId, origin, at, keep) {
      db.transaction(() => {
        upsert.run(siteId, origin, at);
        trim.run(siteId, siteId, keep);
      })();
    },
    listRefusedOrigins: (siteId) =>
      list.all(siteId).map((r) => ({ origin: str(r.origin), count: Number(r.count), lastSeenAt: str(r.last_seen_at) })),
    forgetRefusedOrigins(siteId, origins) {
      db.transaction(() => {
        for (const o of origins) forget.run(siteId, o);
      })();
    },
  };
}
