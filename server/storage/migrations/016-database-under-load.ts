/**
 * Schema version 16: the database under load (docs/benchmarks.md "The database under load and at 1,000,000 messages").
 *
 * - PostgreSQL's search column (version 13) folds each message's text with `inbox_fold_letters`, whose `translate` over
 *   the 190 folded letters cost about half a millisecond of the database's CPU for every 300 characters written, most
 *   of a message's insert. A text of ASCII only (as many bytes as characters) has none of those letters, and its
 *   `translate` is its `lower`: the function now says so first, so that such a text skips the scan. Every text folds
 *   as before (the column already stored stays right, and is not computed again); text with any other letter pays
 *   what it paid. SQLite has nothing to change: its FTS5 tokenizer folds in C.
 */
import type { Migration } from './migration';

export const databaseUnderLoad: Migration = {
  version: 16,
  sqlite: null,
  postgres: `
  CREATE OR REPLACE FUNCTION inbox_fold_letters(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
    SELECT CASE WHEN octet_length($1) = length($1) THEN lower($1) ELSE translate(lower($1), 'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦĨĩĪīĬĭĮįİĲĴĵĶķĹĺĻļĽľĿŁŃńŅņŇňŊŌōŎŏŐőŒŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽž', 'aaaaaaæceeeeiiiiðnoooooøuuuuyþaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddđeeeeeeeeeegggggggghhħiiiiiiiiiĳjjkkllllllŀłnnnnnnŋooooooœrrrrrrssssssssttttŧuuuuuuuuuuuuwwyyyzzzzzz') END
  $$;
  `,
};
