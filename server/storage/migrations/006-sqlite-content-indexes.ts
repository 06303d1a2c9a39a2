/**
 * Schema version 6: the indexes PostgreSQL's version 1 made and SQLite's did not (a site's documents, videos and
 * presence videos, a document's footer buttons), so both dialects find these rows the same way. PostgreSQL has
 * nothing to change.
 */
import type { Migration } from './migration';

export const sqliteContentIndexes: Migration = {
  version: 6,
  sqlite: `
  CREATE INDEX IF NOT EXISTS documents_site ON documents(site_id);
  CREATE INDEX IF NOT EXISTS footer_buttons_document ON footer_buttons(document_id, position);
  CREATE INDEX IF NOT EXISTS videos_site ON videos(site_id);
  CREATE INDEX IF NOT EXISTS presence_messages_site ON presence_messages(site_id);
  `,
  postgres: null,
};
