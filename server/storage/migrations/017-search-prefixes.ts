/**
 * Schema version 17: the inbox's search on a million messages (docs/benchmarks.md "The database under load and at
 * 1,000,000 messages").
 *
 * SQLite's full-text table (version 13) is made again with prefix indexes of one, two and three characters, and the
 * words it holds are listed by an `fts5vocab` table (`messages_fts_terms`). A search's last word is a prefix: FTS5
 * answered `fees*` by merging the matches of every word that starts so before the first row (700,000 at a million
 * messages), and again for each message it was asked about. Now a last word of one to three characters is read from
 * its prefix index, and a longer one is asked as the few words the index holds that start with it
 * (server/storage/sqlite/inbox.ts): either way a message is tested by its rowid without reading every match. The
 * tokenizer, the triggers and what matches are as before; the table is filled again from the messages. PostgreSQL has
 * nothing to change: its GIN index answers a prefix from the words it holds.
 */
import type { Migration } from './migration';

export const searchPrefixes: Migration = {
  version: 17,
  sqlite: `
  DROP TABLE messages_fts;
  CREATE VIRTUAL TABLE messages_fts USING fts5(content, content = 'messages', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');
  INSERT INTO messages_fts (messages_fts) VALUES ('rebuild');
  CREATE VIRTUAL TABLE messages_fts_terms USING fts5vocab(messages_fts, 'row');
  `,
  postgres: null,
};
