/**
 * SQLite's group commit (server/storage/sqlite/group-commit.ts): the writes asked in one turn share one commit, each
 * caller hears of its write only once it is committed (another connection sees it), and a write that throws undoes
 * only itself.
 */
import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { groupCommit } from '../../server/storage/sqlite/group-commit';

let dir = '';
const open: Database.Database[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const db of open.splice(0)) db.close();
  await rm(dir, { recursive: true, force: true });
});

async function database() {
  dir = await mkdtemp(path.join(tmpdir(), 'group-commit-'));
  const file = path.join(dir, 'test.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
  // another connection: it sees only what was committed
  const other = new Database(file, { readonly: true });
  open.push(db, other);
  const count = other.prepare<[], number>('SELECT count(*) FROM notes').pluck();
  return { db, count: () => count.get()! };
}

it('commits the writes of one turn together, and settles each only once they are committed', async () => {
  const { db, count } = await database();
  const insert = db.prepare<[string]>('INSERT INTO notes (text) VALUES (?)');
  const write = groupCommit(db)((text: string) => {
    insert.run(text);
    return `${text} stored`;
  });
  const seen: number[] = [];
  const writes = ['a', 'b', 'c'].map(async (t) => {
    const value = await write(t);
    seen.push(count());
    return value;
  });
  // asked, not yet written: nothing is committed within the turn that asked
  expect(count()).toBe(0);
  expect(await Promise.all(writes)).toEqual(['a stored', 'b stored', 'c stored']);
  // each caller saw every write of its batch committed
  expect(seen).toEqual([3, 3, 3]);
});

it('undoes a write that throws, rejects its caller alone, and commits the rest of its batch', async () => {
  const { db, count } = await database();
  const insert = db.prepare<[string]>('INSERT INTO notes (text) VALUES (?)');
  const write = groupCommit(db)((text: string) => {
    insert.run(text);
    if (text === 'bad') throw new Error('refused');
  });
  const results = await Promise.allSettled([write('one'), write('bad'), write('two')]);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(count()).toBe(2);
  expect(db.prepare('SELECT text FROM notes ORDER BY id').pluck().all()).toEqual(['one', 'two']);
});

it('is not held back by a test’s fake timers', async () => {
  const { db, count } = await database();
  vi.useFakeTimers();
  const insert = db.prepare<[string]>('INSERT INTO notes (text) VALUES (?)');
  await groupCommit(db)((text: string) => void insert.run(text))('x');
  expect(count()).toBe(1);
});
