/** The SQLite schema: the shared list of versions (../migrations), applied in order when a database is opened. */
import { pendingMigrations } from '../migrations';
import type { Db } from './db';

/**
 * Brings the database up to this server's schema, one version per transaction, so
 * that a failed migration leaves the database at the last version that completed.
 * `PRAGMA user_version` records the last version applied (a version with nothing for
 * SQLite is passed over). Refuses a database from a newer server rather than guess at its schema.
 */
export function migrate(db: Db): void {
  for (const { version, statements } of pendingMigrations(Number(db.pragma('user_version', { simple: true })), 'sqlite')) {
    db.transaction(() => {
      db.exec(statements);
      db.pragma(`user_version = ${version}`);
    })();
  }
}
