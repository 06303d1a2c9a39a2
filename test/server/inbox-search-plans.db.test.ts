/**
 * The inbox's search finds a page's conversations in one of two ways (server/storage/inbox-query.ts `FEW_MATCHES`):
 * from the matching messages' conversations when they are few, by walking the conversations newest first when they
 * are many. The storage chooses by reading up to FEW_MATCHES matches; here both ways run on the same rows and must
 * give the same pages.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { fewMatchingConversations, listQuery, matchingConversationsQuery } from '../../server/storage/inbox-query';
import { sqliteSearches } from '../../server/storage/sqlite/inbox-search';
import type { Storage } from '../../server/storage/types';
import { BACKEND, newTestDatabase, openRawDatabase, openTestDatabase, type RawDatabase, type TestDatabase } from '../support/storages';

let dir: string;
let db: TestDatabase;
let storage: Storage;
let raw: RawDatabase;
let siteId: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'inbox-plans-'));
  db = await newTestDatabase(dir);
  storage = await openTestDatabase(db);
  siteId = (await storage.createSite({ name: 'Plans', apiKey: 'pk_test_plans_0123456789abcdefghij', origins: ['self'] })).id;
  const other = (await storage.createSite({ name: 'Other', apiKey: 'pk_test_plans_other_0123456789abcd', origins: ['self'] })).id;
  // 30 conversations, each a question and an answer a minute apart; every third holds "fees", one "zanzibar"
  for (let i = 0; i < 30; i++) {
    const at = (k: number) => new Date(Date.UTC(2026, 0, 1, 0, i, k)).toISOString();
    for (const site of [siteId, other]) {
      await storage.appendMessages({
        siteId: site,
        userSessionId: `visitor-${i % 4}`,
        chatSessionId: null,
        newSessionName: `Conversation ${i}`,
        path: '/',
        messages: [
          { role: 'user', content: i % 3 === 0 ? `What are the fees of plan ${i}?` : `Tell me about plan ${i}`, createdAt: at(0) },
          { role: 'ai', content: i === 7 ? 'Zanzibar has none.' : 'An answer about management.', createdAt: at(1) },
        ],
      });
    }
  }
  raw = await openRawDatabase(db);
});

afterAll(async () => {
  await raw.close();
  await storage.close();
  await rm(dir, { recursive: true, force: true });
});

describe(`the inbox's two ways to a page of a search, on ${BACKEND}`, () => {
  it.each([['fees'], ['zanzibar'], ['manag'], ['fees', 'plan'], ['nowhereword']])('give the same pages for %s', async (...words) => {
    const found = matchingConversationsQuery(BACKEND, words);
    const matched = await raw.query(found.text, found.values);
    const among = fewMatchingConversations(matched);
    const ids = async (few: boolean, after?: { lastActivityAt: string; id: string }) => {
      const { text, values } = listQuery(BACKEND, siteId, { words }, { limit: 4, after }, few ? among : undefined);
      return (await raw.query(text, values)).map((r) => ({ id: String(r.id), lastActivityAt: String(r.last_message_at) }));
    };
    let after: { lastActivityAt: string; id: string } | undefined;
    let pages = 0;
    for (;;) {
      const walked = await ids(false, after);
      expect(await ids(true, after)).toEqual(walked);
      if (walked.length < 4) break;
      after = walked.at(-1);
      pages++;
    }
    expect(pages).toBe(words[0] === 'manag' ? 7 : words[0] === 'fees' ? 2 : 0);
    expect(matched.length).toBe({ fees: 20, zanzibar: 2, manag: 58, nowhereword: 0 }[words.length > 1 ? 'fees' : words[0]!]);
    expect(among).toBeDefined();
  });
});

describe.runIf(BACKEND === 'sqlite')("SQLite's ways to read the full-text index (sqlite/inbox-search.ts)", () => {
  it.each([['fees'], ['zanzibar'], ['manag'], ['fees', 'plan'], ['fees', 'pl'], ['m'], ['nowhereword']])(
    'give the same pages for %s: every match read once, or the conversations walked a batch at a time and their messages asked by ranges of rowids',
    async (...words) => {
      const pages = async (walk: ReturnType<typeof sqliteSearches> | undefined) => {
        const all: string[][] = [];
        let after: { lastActivityAt: string; id: string } | undefined;
        for (;;) {
          const page = { limit: 4, after };
          const among = walk?.walk(walk.search(words), siteId, { words }, page);
          const { text, values } = listQuery('sqlite', siteId, { words }, page, among);
          const rows = await raw.query(text, values);
          all.push(rows.map((r) => String(r.id)));
          if (rows.length < 4) return all;
          after = { lastActivityAt: String(rows.at(-1)!.last_message_at), id: String(rows.at(-1)!.id) };
        }
      };
      const asBefore = await pages(undefined);
      const conn = new Database(db.backend === 'sqlite' ? db.file : '', { readonly: true });
      try {
        expect(await pages(sqliteSearches(conn))).toEqual(asBefore);
        expect(await pages(sqliteSearches(conn, { rangeGap: 1, minBatch: 1, maxBatch: 3 }))).toEqual(asBefore);
        expect(await pages(sqliteSearches(conn, { rangeGap: 1000, minBatch: 2, maxBatch: 2 }))).toEqual(asBefore);
      } finally {
        conn.close();
      }
      expect(asBefore.flat().length).toBe({ fees: 10, zanzibar: 1, manag: 29, plan: 10, pl: 10, m: 30, nowhereword: 0 }[words.at(-1)!]);
    },
  );
});
