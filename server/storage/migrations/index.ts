/**
 * The schema's versions, each in both dialects side by side (one file per version): sqlite/migrations.ts and
 * postgres/migrations.ts apply this one list, in order, when a database is opened.
 *
 * A version that has shipped never changes (databases already carry it): a change to the schema is a new version,
 * written for both dialects, or `null` for one with nothing to change (say why in its file). The tables and columns
 * both dialects end with are compared by test/server/schema.db.test.ts.
 *
 * PostgreSQL's are written in its types: times stay ISO 8601 text, as on SQLite (their order is the order of the
 * times), in the C collation so that the database's locale cannot change that order; JSON stays text and booleans
 * are `boolean` (SQLite's are 0/1 integers), so both storages read rows alike.
 */
import { initialSchema } from './001-initial';
import { videoCaptions } from './002-video-captions';
import { retentionIndexes } from './003-retention-indexes';
import { incompleteMessages } from './004-incomplete-messages';
import { sharedState } from './005-shared-state';

/** One schema version. */
export interface Migration {
  /**
   * The version a database is at once this has run: SQLite's `PRAGMA user_version`, a row of PostgreSQL's
   * `schema_migrations`. The list's versions are 1, 2, 3, … in order.
   */
  version: number;
  /** The statements on SQLite; null when SQLite has nothing to change (its `user_version` then stays where it was). */
  sqlite: string | null;
  /** The statements on PostgreSQL; null when PostgreSQL has nothing to change. */
  postgres: string | null;
}

/** Every version, in order. */
export const MIGRATIONS: readonly Migration[] = [initialSchema, videoCaptions, retentionIndexes, incompleteMessages, sharedState];

/** The newest version: a database that records a higher one is from a newer server, and is refused. */
export const LATEST_VERSION = MIGRATIONS.length;
