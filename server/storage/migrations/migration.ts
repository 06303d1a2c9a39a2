/** The shape of one schema version (one file per version in this folder, listed in order by index.ts). */
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
