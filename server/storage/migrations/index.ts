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
import { sqliteContentIndexes } from './006-sqlite-content-indexes';
import { documentTextReader } from './007-document-text-reader';
import { adviceTools } from './008-advice-tools';
import { consoleModel } from './009-console-model';
import { consoleAccounts } from './010-console-accounts';
import { previewKeyMakers } from './011-preview-key-makers';
import { consoleSessionDetails } from './012-console-session-details';
import { inbox } from './013-inbox';
import { analyticsRecords } from './014-analytics-records';
import { adviceFiles } from './015-advice-files';
import { databaseUnderLoad } from './016-database-under-load';
import { searchPrefixes } from './017-search-prefixes';
import { analyticsQuarters } from './018-analytics-quarters';
import { analyticsDays } from './019-analytics-days';
import type { Migration } from './migration';

export type { Migration };

/** Every version, in order. */
export const MIGRATIONS: readonly Migration[] = [
  initialSchema,
  videoCaptions,
  retentionIndexes,
  incompleteMessages,
  sharedState,
  sqliteContentIndexes,
  documentTextReader,
  adviceTools,
  consoleModel,
  consoleAccounts,
  previewKeyMakers,
  consoleSessionDetails,
  inbox,
  analyticsRecords,
  adviceFiles,
  databaseUnderLoad,
  searchPrefixes,
  analyticsQuarters,
  analyticsDays,
];

/** The newest version: a database that records a higher one is from a newer server, and is refused. */
export const LATEST_VERSION = MIGRATIONS.length;

/**
 * What a database at `recorded` still needs in `dialect`, in order: the versions after it that have statements for
 * that dialect. Refuses a database from a newer server rather than guess at its schema.
 */
export function pendingMigrations(recorded: number, dialect: 'sqlite' | 'postgres'): { version: number; statements: string }[] {
  if (recorded > LATEST_VERSION) {
    throw new Error(`The database is from a newer version of this server (schema ${recorded}, this server knows ${LATEST_VERSION}).`);
  }
  return MIGRATIONS.flatMap((m) => {
    const statements = m[dialect];
    return m.version > recorded && statements !== null ? [{ version: m.version, statements }] : [];
  });
}
