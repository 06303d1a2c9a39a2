/**
 * Schema version 7: the version of the readers that made a document's text (server/documents.ts
 * TEXT_READER_VERSION), so that the documents stored before a better reader are read again from their files at
 * start (server/reread-documents.ts). The rows already stored have 0: read before there were versions.
 */
import type { Migration } from './migration';

export const documentTextReader: Migration = {
  version: 7,
  sqlite: `ALTER TABLE documents ADD COLUMN text_reader INTEGER NOT NULL DEFAULT 0;`,
  postgres: `ALTER TABLE documents ADD COLUMN text_reader integer NOT NULL DEFAULT 0;`,
};
