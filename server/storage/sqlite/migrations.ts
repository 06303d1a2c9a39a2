/** The SQLite schema: the shared list of versions (../migrations), applied in order when a database is opened. */
import { LATEST_VERSION, MIGRATIONS } from '../migrations';
import type { Db } from './db';

/**
 * Brings the database up to this server's schema, one version per transaction, so
 * that a failed migration leaves the database at the last version that completed.
 * `PRAGMA user_version` records the last version applied (a version with nothing for
 * SQLite is passed over). Refuses a database from a newer server rather than guess at its schema.
 */
export function migrate(db: Db): void {
  const version = Number(db.pragma('user_version', { simple: true }));
  if (version > LATEST_VERSION) {
    throw new Error(`The database is from a newer version of this server (schema ${version}, this server knows ${LATEST_VERSION}).`);
  }
  for (const m of MIGRATIONS) {
    if (m.version <= version || m.sqlite === null) continue;
    db.transaction(() => {
      db.exec(m.sqlite!);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
}
