/**
 * SQLite's full-text search for the inbox (docs/console.md "Search semantics"; docs/benchmarks.md "The database under
 * load and at 1,000,000 messages"): which messages hold a search's words, asked of the FTS5 table a few hundred
 * messages at a time. A page of a search walks the site's conversations newest first as the list orders them, a batch
 * at a time; each batch's messages are asked by their rowids' ranges (`rowid BETWEEN`), where the index seeks and reads
 * only the matches in range: a common word fills the page from the first batch, and two words cost what one does. The
 * pages are the same as every match read once (inbox-query.ts `listQuery`), as test/server/inbox-search-sqlite.test.ts
 * and inbox-search-plans.db.test.ts check on the same rows.
 */
import { FEW_MATCHES, ftsQuery, listKeysQuery } from '../inbox-query';
import type { InboxFilter } from '../types';
import type { Db, Row } from './db';

/**
 * At most this many words the index holds are asked for a search's last word (`fees*` as `"fees" OR "feesx"`: each a
 * seek); past it, the prefix itself, whose matches FTS5 merges from all those words' at every query.
 */
export const MAX_LAST_WORDS = 64;
/** How the walk batches its work (tests make it small, to walk many batches and ranges on few rows). */
export interface SearchTuning {
  /** Messages whose rowids are at most this far apart are asked in one range (the matches between cost less than a query). @default 512 */
  rangeGap: number;
  /** Conversations in a walk's batch, at least (its first holds twice the page's, at least). @default 64 */
  minBatch: number;
  /** Conversations in a walk's batch, at most. @default 4096 */
  maxBatch: number;
}

const TUNING: SearchTuning = { rangeGap: 512, minBatch: 64, maxBatch: 4096 };

/**
 * A last word as the FTS5 table's tokenizer (`unicode61 remove_diacritics 2`, schema version 13) folds it, when that
 * is letters and digits of ASCII: case and Latin diacritics removed (`Fées` is `fees`); else undefined. Checked against
 * the tokenizer for every letter and digit of Unicode (test/server/inbox-search-sqlite.test.ts): they agree on each
 * that folds to ASCII here but Ǡ and ǡ, which the tokenizer folds to ǡ.
 */
export function asciiFold(word: string): string | undefined {
  if (/[\u01e0\u01e1]/u.test(word)) return undefined;
  const folded = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return /^[a-z0-9]+$/.test(folded) ? folded : undefined;
}

/** Which messages hold a search's words. */
export interface SqliteSearch {
  /** The conversations of the messages that hold the words, when they are fewer than {@link FEW_MATCHES}; else undefined. */
  fewConversations(): string[] | undefined;
  /** Those of `rowids` (messages' rowids, ascending) whose messages hold the words. */
  matching(rowids: readonly number[]): Set<number>;
}

/**
 * How `words` are asked. `ranges`: the FTS5 query asked for ranges of rowids (each term one the index seeks in);
 * `whole`: every match read once and kept (a prefix FTS5 must merge: of more than {@link MAX_LAST_WORDS} words, or a
 * last word of four characters or more that does not fold to ASCII); `none`: no message can match.
 */
type Plan = { kind: 'ranges'; query: string; fewer?: boolean; more?: boolean } | { kind: 'whole'; query: string } | { kind: 'none' };

/** The search's statements on `db`, and the searches made with them. */
export function sqliteSearches(db: Db, tuning: SearchTuning = TUNING) {
  const terms = db.prepare<[string, string, number], Row>('SELECT term, doc FROM messages_fts_terms WHERE term >= ? AND term < ? LIMIT ?');
  const counted = db
    .prepare<[string, number], number>('SELECT count(*) FROM (SELECT 1 FROM messages_fts WHERE messages_fts MATCH ? LIMIT ?)')
    .pluck();
  const conversationsOfMatches = db
    .prepare<[string, number], string>(
      'SELECT m.chat_session_id FROM messages_fts f JOIN messages m ON m.rowid = f.rowid WHERE messages_fts MATCH ? LIMIT ?',
    )
    .pluck();
  const conversationsOfRowids = db
    .prepare<[string], string>('SELECT DISTINCT chat_session_id FROM messages WHERE rowid IN (SELECT value FROM json_each(?))')
    .pluck();
  // rowids bound as integers: FTS5 ignores a rowid bound given as a real number (which a JS number binds as)
  const inRange = db
    .prepare<[string, bigint, bigint], number>('SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? AND rowid >= ? AND rowid <= ?')
    .pluck();
  const everyMatch = db.prepare<[string], number>('SELECT rowid FROM messages_fts WHERE messages_fts MATCH ?').pluck();

  /**
   * The plan for `words`. A last word that folds to ASCII ({@link asciiFold}): of one to three characters, its prefix
   * index (schema version 17); longer, the words the index holds that start with it (`messages_fts_terms`), at most
   * {@link MAX_LAST_WORDS}, with how many messages hold them (their sum bounds the matches; the largest is a floor).
   */
  function plan(words: readonly string[]): Plan {
    const last = words.at(-1)!;
    const folded = asciiFold(last);
    if (folded === undefined) {
      return [...last].length < 4 ? { kind: 'ranges', query: ftsQuery(words) } : { kind: 'whole', query: ftsQuery(words) };
    }
    const asked = [...words.slice(0, -1), folded];
    if (folded.length < 4) return { kind: 'ranges', query: ftsQuery(asked) };
    const found = terms.all(folded, `${folded}\u{10ffff}`, MAX_LAST_WORDS + 1);
    if (found.length === 0) return { kind: 'none' };
    if (found.length > MAX_LAST_WORDS) return { kind: 'whole', query: ftsQuery(asked) };
    const docs = found.map((r) => Number(r.doc));
    return {
      kind: 'ranges',
      query: ftsQuery(
        asked,
        found.map((r) => String(r.term)),
      ),
      fewer: docs.reduce((a, b) => a + b, 0) < FEW_MATCHES,
      more: words.length === 1 && Math.max(...docs) >= FEW_MATCHES,
    };
  }

  /** A search of `words` (at least one). */
  function made(words: readonly string[]): SqliteSearch {
    const how = plan(words);
    if (how.kind === 'none') return { fewConversations: () => [], matching: () => new Set() };
    if (how.kind === 'whole') {
      const all = everyMatch.all(how.query);
      const set = new Set(all);
      return {
        fewConversations: () => (all.length < FEW_MATCHES ? conversationsOfRowids.all(JSON.stringify(all)) : undefined),
        matching: (rowids) => new Set(rowids.filter((r) => set.has(r))),
      };
    }
    const query = how.query;
    return {
      fewConversations() {
        if (how.more) return undefined;
        if (!how.fewer && counted.get(query, FEW_MATCHES)! >= FEW_MATCHES) return undefined;
        return [...new Set(conversationsOfMatches.all(query, FEW_MATCHES))];
      },
      matching(rowids) {
        const out = new Set<number>();
        for (let i = 0; i < rowids.length; ) {
          let j = i;
          while (j + 1 < rowids.length && rowids[j + 1]! - rowids[j]! <= tuning.rangeGap) j++;
          for (const r of inRange.all(query, BigInt(rowids[i]!), BigInt(rowids[j]!))) out.add(r);
          i = j + 1;
        }
        return out;
      },
    };
  }

  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  const totalChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
  let kept: { key: string; version: number; changes: number; search: SqliteSearch } | undefined;
  /** A search of `words` (at least one), kept for the page's matches ({@link again}). */
  function search(words: readonly string[]): SqliteSearch {
    kept = { key: words.join(' '), version: dataVersion.get()!, changes: totalChanges.get()!, search: made(words) };
    return kept.search;
  }
  /**
   * The search of `words` that {@link search} made last, once, when the database is as it was (no change by this
   * connection, `total_changes()`, nor by another, `PRAGMA data_version`): a page's matches (latestMatches) then do not
   * read the index's words, or every match, a second time. Otherwise a new one.
   */
  function again(words: readonly string[]): SqliteSearch {
    const last = kept;
    kept = undefined;
    const same = last?.key === words.join(' ') && last.version === dataVersion.get() && last.changes === totalChanges.get();
    return same ? last.search : made(words);
  }

  const messagesOf = db.prepare<[string], Row>(
    'SELECT rowid AS r, chat_session_id AS c FROM messages WHERE chat_session_id IN (SELECT value FROM json_each(?)) ORDER BY rowid',
  );
  const siteMessagesOf = db.prepare<[string, string], Row>(
    `SELECT m.rowid AS r, m.chat_session_id AS c, m.seq FROM chat_sessions s JOIN messages m ON m.chat_session_id = s.id
      WHERE s.site_id = ? AND s.id IN (SELECT value FROM json_each(?)) ORDER BY m.rowid`,
  );

  /**
   * The first `limit` conversations of the site in the list's order (after `after`) with the filter's other
   * conditions, each with a message that `found` matches: walked newest first, a batch at a time; each batch is
   * sized from the last one's share of matching conversations.
   */
  function walk(
    found: SqliteSearch,
    siteId: string,
    filter: InboxFilter,
    page: { after?: { lastActivityAt: string; id: string }; limit: number },
  ): string[] {
    const out: string[] = [];
    let after = page.after;
    let size = Math.min(tuning.maxBatch, Math.max(tuning.minBatch, page.limit * 2));
    for (;;) {
      const { text, values } = listKeysQuery(siteId, filter, { after, limit: size });
      const batch = db.prepare(text).all(...values) as Row[];
      const ids = batch.map((r) => String(r.id));
      const messages = messagesOf.all(JSON.stringify(ids));
      const hit = found.matching(messages.map((m) => Number(m.r)));
      const hitConversations = new Set(messages.filter((m) => hit.has(Number(m.r))).map((m) => String(m.c)));
      const before = out.length;
      for (const id of ids) {
        if (!hitConversations.has(id)) continue;
        out.push(id);
        if (out.length === page.limit) return out;
      }
      if (batch.length < size) return out;
      const last = batch.at(-1)!;
      after = { lastActivityAt: String(last.last_message_at), id: String(last.id) };
      const share = (out.length - before) / batch.length;
      const wanted = share === 0 ? size * 4 : Math.ceil(((page.limit - out.length) / share) * 1.25);
      size = Math.min(tuning.maxBatch, Math.max(tuning.minBatch, wanted));
    }
  }

  /** The rowid of each of the site's conversations' newest message (by its order) that `found` matches. */
  function newestMatches(found: SqliteSearch, siteId: string, chatSessionIds: readonly string[]): number[] {
    const messages = siteMessagesOf.all(siteId, JSON.stringify(chatSessionIds));
    const hit = found.matching(messages.map((m) => Number(m.r)));
    const newest = new Map<string, { r: number; seq: number }>();
    for (const m of messages) {
      const r = Number(m.r);
      const seq = Number(m.seq);
      const c = String(m.c);
      if (hit.has(r) && (newest.get(c)?.seq ?? -1) < seq) newest.set(c, { r, seq });
    }
    return [...newest.values()].map((m) => m.r);
  }

  return { search, again, walk, newestMatches };
}
