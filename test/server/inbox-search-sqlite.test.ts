/**
 * SQLite's inbox search walks the site's conversations a batch at a time and asks the full-text index about each
 * batch's messages by ranges of rowids (server/storage/sqlite/inbox-search.ts). Its pages and matches must be those of
 * every match read once (inbox-query.ts `listQuery` and `matchesQuery` as SQL alone), for every kind of search: one
 * word, two words, a last word of one to three characters, one that starts more of the index's words than are asked one
 * by one, words with accents and outside ASCII, words the index does not hold. Here batches and ranges are made small,
 * so that a page takes several of each, another site's messages lie between the site's, and some old conversations are
 * active again (their messages far apart). And the tokenizer folds a word as `asciiFold` does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuery, matchesQuery } from '../../server/storage/inbox-query';
import { openSqliteStorage } from '../../server/storage/sqlite';
import { asciiFold, MAX_LAST_WORDS, sqliteSearches } from '../../server/storage/sqlite/inbox-search';
import type { Storage } from '../../server/storage/types';

const CONVERSATIONS = 120;
const PAGE = 7;

let dir: string;
let storage: Storage;
let raw: Database.Database;
let siteId: string;

/** The question of conversation `i`: its words by rules the expectations below count by. */
const question = (i: number) =>
  [
    `Question ${i}:`,
    i % 3 === 0 ? 'what are the fees' : '',
    i % 5 === 0 ? 'Les Fées du contrat' : '',
    i % 7 === 0 ? 'and the risk' : '',
    i % 11 === 0 ? 'ο λόγος' : '',
    `of plan ${i}?`,
  ].join(' ');
/** Its answer: two reference codes in every other one (120 codes starting `ref1`, 50 of them `ref10`). */
const answer = (i: number) =>
  i % 2 === 0 ? `Your codes are ref1${String(i).padStart(3, '0')} and ref1${i + 500}.` : 'An answer about management.';
/** Conversations active again at the end, the late message of one in two holding "risk" and "fees". */
const lateAgain = (i: number) => i % 9 === 0;
const lateFees = (i: number) => i % 18 === 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'inbox-search-sqlite-'));
  const file = path.join(dir, 'db.sqlite');
  storage = openSqliteStorage(file);
  siteId = (await storage.createSite({ name: 'Searched', apiKey: 'pk_test_walk_0123456789abcdefghijkl', origins: ['self'] })).id;
  const other = (await storage.createSite({ name: 'Other', apiKey: 'pk_test_walk_other_0123456789abcde', origins: ['self'] })).id;
  const at = (minute: number, second: number) => new Date(Date.UTC(2026, 0, 1, 0, minute, second)).toISOString();
  const ids = new Map<number, string>();
  for (let i = 0; i < CONVERSATIONS; i++) {
    // the other site's conversation between each two of this one's: its messages lie between theirs in rowid order
    for (const [site, k] of [
      [siteId, i],
      [other, i + 1],
    ] as const) {
      const stored = await storage.appendMessages({
        siteId: site,
        userSessionId: `visitor-${i % 4}`,
        chatSessionId: null,
        newSessionName: `Conversation ${i}`,
        path: '/',
        messages: [
          { role: 'user', content: question(k), createdAt: at(i, site === siteId ? 0 : 1) },
          { role: 'ai', content: answer(k), createdAt: at(i, site === siteId ? 2 : 3) },
        ],
      });
      if (site === siteId) ids.set(i, stored.chatSession.id);
    }
  }
  for (let i = 0; i < CONVERSATIONS; i++) {
    if (!lateAgain(i)) continue;
    await storage.appendMessages({
      siteId,
      userSessionId: `visitor-${i % 4}`,
      chatSessionId: ids.get(i)!,
      newSessionName: '',
      path: '/',
      messages: [
        { role: 'user', content: lateFees(i) ? `Back again: the risk and the fees ${i}` : `Back again ${i}`, createdAt: at(200 + i, 0) },
      ],
    });
  }
  raw = new Database(file);
});

afterAll(async () => {
  raw?.close();
  await storage.close();
  await rm(dir, { recursive: true, force: true });
});

type Page = { after?: { lastActivityAt: string; id: string }; limit: number };
const keyOf = (r: { id: unknown; last_message_at?: unknown; lastActivityAt?: unknown }) => ({
  id: String(r.id),
  lastActivityAt: String(r.last_message_at ?? r.lastActivityAt),
});

/** Every page of a search, read by `read`, as conversation ids. */
async function pages(read: (page: Page) => Promise<{ id: string; lastActivityAt: string }[]>): Promise<string[][]> {
  const all: string[][] = [];
  let after: Page['after'];
  for (;;) {
    const rows = await read({ after, limit: PAGE });
    all.push(rows.map((r) => r.id));
    if (rows.length < PAGE) return all;
    after = rows.at(-1);
  }
}

/** As the SQL reads it alone: every match read once, the list walked newest first. */
const everyMatchOnce = (words: string[]) =>
  pages(async (page) => {
    const { text, values } = listQuery('sqlite', siteId, { words }, page);
    return (raw.prepare(text).all(...values) as Record<string, unknown>[]).map((r) =>
      keyOf({ id: r.id, last_message_at: r.last_message_at }),
    );
  });

describe("SQLite's inbox search (sqlite/inbox-search.ts)", () => {
  it.each([
    [['fees']],
    [['FEES']],
    [['Fées']],
    [['fées']],
    [['fees', 'risk']],
    [['risk', 'fees']],
    [['Fées', 'ri']],
    [['f']],
    [['fe']],
    [['fee']],
    [['plan', '1']],
    [['ref1']],
    [['ref10']],
    [['ref1050']],
    [['λόγος']],
    [['λό']],
    [['λόγ']],
    [['ΛΌΓΟ']],
    [['management']],
    [['nowhereword']],
    [['zzz']],
  ])('gives the pages and matches of every match read once for %j', async (words) => {
    const expected = await everyMatchOnce(words);
    // the storage as the console's list calls it: few matches here, so from their conversations
    const stored = await pages(async (page) => (await storage.listConversations(siteId, { words }, page)).map(keyOf));
    expect(stored).toEqual(expected);
    // the walk, in batches of 2 to 5 conversations, and ranges of rowids at most 2 apart: the other site's two
    // messages between each two of this site's part them
    const searches = sqliteSearches(raw, { rangeGap: 2, minBatch: 2, maxBatch: 5 });
    const walked = await pages(async (page) => {
      const among = searches.walk(searches.search(words), siteId, { words }, page);
      const { text, values } = listQuery('sqlite', siteId, { words }, page, among);
      return (raw.prepare(text).all(...values) as Record<string, unknown>[]).map((r) =>
        keyOf({ id: r.id, last_message_at: r.last_message_at }),
      );
    });
    expect(walked).toEqual(expected);
    // each conversation's newest match
    const ids = expected.flat();
    if (ids.length === 0) return;
    const { text, values } = matchesQuery('sqlite', siteId, ids, words);
    const rows = raw.prepare(text).all(...values) as Record<string, unknown>[];
    const newest = rows.filter((m, i) => i === 0 || rows[i - 1]!.chat_session_id !== m.chat_session_id).map((m) => String(m.id));
    expect((await storage.latestMatches(siteId, ids, words)).map((m) => m.id).sort()).toEqual(newest.sort());
    expect(newest).toHaveLength(ids.length);
  });

  it('finds what the words say, for each kind of search', async () => {
    const count = async (...words: string[]) =>
      (await pages(async (page) => (await storage.listConversations(siteId, { words }, page)).map(keyOf))).flat().length;
    const conversations = (rule: (i: number) => boolean) => Array.from({ length: CONVERSATIONS }, (_, i) => i).filter(rule).length;
    // an accent or a capital does not count
    const fees = conversations((i) => i % 3 === 0 || i % 5 === 0);
    expect(await count('fees')).toBe(fees);
    expect(await count('Fées')).toBe(fees);
    expect(await count('FÉES')).toBe(fees);
    // two words in the same message: the question's, or a late message's
    expect(await count('fees', 'risk')).toBe(conversations((i) => ((i % 3 === 0 || i % 5 === 0) && i % 7 === 0) || lateFees(i)));
    // short last words, from the prefix indexes
    expect(await count('ri')).toBe(conversations((i) => i % 7 === 0 || lateFees(i)));
    expect(await count('q')).toBe(CONVERSATIONS);
    // a prefix of more words than are asked one by one (120 codes), and of fewer (50)
    expect(await count('ref1')).toBe(conversations((i) => i % 2 === 0));
    expect(await count('ref10')).toBe(conversations((i) => i % 2 === 0 && i < 100));
    // outside ASCII: as the tokenizer folds it (case, not the Greek accent)
    expect(await count('ΛΌΓΟΣ')).toBe(conversations((i) => i % 11 === 0));
    expect(await count('λογος')).toBe(0);
    // a long last word no word of the index starts with
    expect(await count('zzzz')).toBe(0);
  });

  it('asks more words one by one than the codes of ref10, and fewer than those of ref1', () => {
    const words = (prefix: string) =>
      raw.prepare('SELECT count(*) AS n FROM messages_fts_terms WHERE term >= ? AND term < ?').get(prefix, `${prefix}\u{10ffff}`) as {
        n: number;
      };
    expect(words('ref1').n).toBeGreaterThan(MAX_LAST_WORDS);
    expect(words('ref10').n).toBeLessThanOrEqual(MAX_LAST_WORDS);
  });
});

describe('asciiFold', () => {
  it('folds a word as the full-text index tokenizer does, wherever it gives letters and digits of ASCII', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'unicode61 remove_diacritics 2');
      CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');`);
    const insert = db.prepare('INSERT INTO t (rowid, x) VALUES (?, ?)');
    const folding: number[] = [];
    for (let c = 0x30; c <= 0x2ffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCodePoint(c);
      if (/^[\p{L}\p{N}]$/u.test(ch) && asciiFold(ch) !== undefined) folding.push(c);
    }
    db.transaction(() => {
      for (const c of folding) insert.run(BigInt(c), String.fromCodePoint(c));
    })();
    const tokens = new Map(
      (db.prepare('SELECT doc, term FROM v').all() as { doc: number; term: string }[]).map((r) => [Number(r.doc), r.term]),
    );
    const differ = folding.filter((c) => tokens.get(c) !== asciiFold(String.fromCodePoint(c)));
    db.close();
    expect(differ.map((c) => c.toString(16))).toEqual([]);
    // ASCII letters and digits, and more than 400 Latin letters with diacritics
    expect(folding.length).toBeGreaterThan(62 + 400);
    expect(asciiFold('Fées')).toBe('fees');
    expect(asciiFold('Ångström')).toBe('angstrom');
    // the tokenizer keeps these as they are (or folds them to letters outside ASCII): not asked by their words
    for (const word of ['ǡb', 'Ǡb', 'søn', 'straße', 'λόγος', 'ﬁle']) expect(asciiFold(word)).toBeUndefined();
  });
});
