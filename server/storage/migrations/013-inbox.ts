/**
 * Schema version 13: the conversations inbox (docs/console.md "The conversations inbox").
 *
 * - Each message records whether it was a built-in "I couldn't find anything" answer (`nothing_found`: the messages
 *   already stored are marked by that answer's opening words, server/answers/words.ts `notFound`), whether it was a
 *   voice-mode turn (`voice`), and what the transcript shows beside it (`details`, JSON: a question's page,
 *   documents and action buttons in context; an answer's buttons and sources; null before this version), and, for a
 *   question, whether its answer failed (\`answer_failed\`: the provider failed or timed out, and the route stores the
 *   question alone; failures before this version are not known).
 * - A site's conversations are listed newest first by an index; a conversation's clicks are found by one; the
 *   messages in each of the inbox's states by a partial index each (few messages are in any).
 * - Full-text search over messages with each database's own feature, indexing the messages already stored. SQLite:
 *   an FTS5 table with the messages as its external content, kept by triggers, folding case and every Latin
 *   diacritic. PostgreSQL: a generated `tsvector` (the `simple` configuration: no stemming, no stop words) over the
 *   text as `inbox_fold` gives it (case and the Latin-1 Supplement and Latin Extended-A diacritics folded, the
 *   separators SQLite's tokenizer splits on made spaces, since PostgreSQL's parser would otherwise keep a URL or an
 *   address whole), with a GIN index. The two functions keep the schema's search path, so that a restored dump (which
 *   runs with an empty one) computes the column as the migration did.
 */
import type { Migration } from './migration';

export const inbox: Migration = {
  version: 13,
  sqlite: `
  ALTER TABLE messages ADD COLUMN nothing_found INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE messages ADD COLUMN voice INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE messages ADD COLUMN details TEXT;
  ALTER TABLE messages ADD COLUMN answer_failed INTEGER NOT NULL DEFAULT 0;
  UPDATE messages SET nothing_found = 1 WHERE role = 'ai' AND content LIKE 'I couldn''t find anything about that in %';
  CREATE INDEX chat_sessions_inbox ON chat_sessions(site_id, last_message_at DESC, id DESC);
  CREATE INDEX button_clicks_session ON button_clicks(chat_session_id);
  CREATE INDEX messages_failed ON messages(chat_session_id) WHERE is_error OR answer_failed;
  CREATE INDEX messages_incomplete ON messages(chat_session_id) WHERE incomplete;
  CREATE INDEX messages_nothing_found ON messages(chat_session_id) WHERE nothing_found;
  CREATE VIRTUAL TABLE messages_fts USING fts5(content, content = 'messages', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2');
  CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
    INSERT INTO messages_fts (rowid, content) VALUES (new.rowid, new.content);
  END;
  CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
    INSERT INTO messages_fts (messages_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
  END;
  CREATE TRIGGER messages_fts_update AFTER UPDATE OF content ON messages BEGIN
    INSERT INTO messages_fts (messages_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
    INSERT INTO messages_fts (rowid, content) VALUES (new.rowid, new.content);
  END;
  INSERT INTO messages_fts (messages_fts) VALUES ('rebuild');
  `,
  postgres: `
  ALTER TABLE messages ADD COLUMN nothing_found boolean NOT NULL DEFAULT false;
  ALTER TABLE messages ADD COLUMN voice boolean NOT NULL DEFAULT false;
  ALTER TABLE messages ADD COLUMN details text;
  ALTER TABLE messages ADD COLUMN answer_failed boolean NOT NULL DEFAULT false;
  UPDATE messages SET nothing_found = true WHERE role = 'ai' AND content LIKE 'I couldn''t find anything about that in %';
  CREATE INDEX chat_sessions_inbox ON chat_sessions(site_id, last_message_at DESC, id DESC);
  CREATE INDEX button_clicks_session ON button_clicks(chat_session_id);
  CREATE INDEX messages_failed ON messages(chat_session_id) WHERE is_error OR answer_failed;
  CREATE INDEX messages_incomplete ON messages(chat_session_id) WHERE incomplete;
  CREATE INDEX messages_nothing_found ON messages(chat_session_id) WHERE nothing_found;
  CREATE FUNCTION inbox_fold_letters(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
    SELECT translate(lower($1), 'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦĨĩĪīĬĭĮįİĲĴĵĶķĹĺĻļĽľĿŁŃńŅņŇňŊŌōŎŏŐőŒŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽž', 'aaaaaaæceeeeiiiiðnoooooøuuuuyþaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddđeeeeeeeeeegggggggghhħiiiiiiiiiĳjjkkllllllŀłnnnnnnŋooooooœrrrrrrssssssssttttŧuuuuuuuuuuuuwwyyyzzzzzz')
  $$;
  CREATE FUNCTION inbox_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
    SELECT regexp_replace(inbox_fold_letters($1), '[^a-z0-9\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u1fff\\u2070-\\u2fff\\u3040-\\uffff]+', ' ', 'g')
  $$;
  ALTER TABLE messages ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('simple', inbox_fold(content))) STORED;
  CREATE INDEX messages_search ON messages USING gin (search);
  `,
};
