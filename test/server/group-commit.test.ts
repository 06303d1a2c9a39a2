/**
 * SQLite's group commit (server/storage/sqlite/group-commit.ts): the writes asked in one turn share one commit, each
 * caller hears of its write only once it is committed (another connection sees it), and a write that throws undoes
 * only itself; given a sync, the batch commits without waiting for the disk and its callers hear of it once the sync
 * is done.
 */
import Database from 'better-sqlite3';
import { unlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { groupCommit, walSync } from '../../server/storage/sqlite/group-commit';

let dir = '';
const openConnections: Database.Database[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const db of openConnections.splice(0)) if (db.open) db.close();
  await rm(dir, { recursive: true, force: true });
});

async function database() {
  dir = await mkdtemp(path.join(tmpdir(), 'group-commit-'));
  const file = path.join(dir, 'test.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // as the storage opens it (sqlite.ts): every commit waits for the disk unless the group commit says otherwise
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
  // another connection: it sees only what was committed
  const other = new Database(file, { readonly: true });
  openConnections.push(db, other);
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

it('given a sync, commits without waiting for the disk, and settles its callers only once the sync is done', async () => {
  const { db, count } = await database();
  const insert = db.prepare<[string]>('INSERT INTO notes (text) VALUES (?)');
  const held: ((err: Error | null) => void)[] = [];
  // the connection's `synchronous` while each write ran, and once the batch was committed (1 NORMAL, 2 FULL)
  const during: unknown[] = [];
  let after: unknown;
  let committed = -1;
  let asked!: () => void;
  const syncAsked = new Promise<void>((resolve) => (asked = resolve));
  const write = groupCommit(db, (done) => {
    after = db.pragma('synchronous', { simple: true });
    committed = count();
    held.push(done);
    asked();
  })((text: string) => {
    during.push(db.pragma('synchronous', { simple: true }));
    insert.run(text);
  });
  let settled = false;
  const writes = Promise.all([write('a'), write('b')]).then(() => (settled = true));
  await syncAsked;
  // committed (another connection sees it) without waiting for the disk, and not yet acknowledged
  expect(committed).toBe(2);
  expect(during).toEqual([1, 1]);
  expect(after).toBe(2);
  await Promise.resolve();
  expect(settled).toBe(false);
  held[0]!(null);
  await writes;
  expect(settled).toBe(true);
  expect(held).toHaveLength(1);
});

it('rejects every write of a batch whose sync failed, and commits nothing after it', async () => {
  const { db, count } = await database();
  const insert = db.prepare<[string]>('INSERT INTO notes (text) VALUES (?)');
  const write = groupCommit(db, (done) => done(new Error('EIO')))((text: string) => void insert.run(text));
  const results = await Promise.allSettled([write('one'), write('two')]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  expect(count()).toBe(2);
  // the disk may have lost what a later flush would report as done: a later batch is refused, uncommitted
  await expect(write('three')).rejects.toThrow('EIO');
  expect(count()).toBe(2);
});

it('acknowledges nothing of a batch whose flush succeeded after an earlier one failed', async () => {
  const { db } = await database();
  const insert = db.prepare<[string]>('INSERT INTO notes (text) VALUES (?)');
  const held: ((err: Error | null) => void)[] = [];
  let both!: () => void;
  const twoAsked = new Promise<void>((resolve) => (both = resolve));
  const write = groupCommit(db, (done) => {
    held.push(done);
    if (held.length === 2) both();
  })((text: string) => void insert.run(text));
  const first = write('one');
  // a batch of its own: asked in the next turn, while the first one's flush is under way
  await new Promise((resolve) => setImmediate(resolve));
  const second = write('two');
  await twoAsked;
  held[0]!(new Error('EIO'));
  held[1]!(null);
  await expect(first).rejects.toThrow('EIO');
  await expect(second).rejects.toThrow('EIO');
});

it('refuses a batch asked just before its database was closed', async () => {
  const { db } = await database();
  const insert = db.prepare<[string]>('INSERT INTO notes (text) VALUES (?)');
  const write = groupCommit(db, (done) => done(null))((text: string) => void insert.run(text));
  const asked = write('late');
  db.close();
  await expect(asked).rejects.toThrow('closed');
});

it('flushes the WAL of its file, reports one removed by hand, and is not made where there is no WAL', async () => {
  const { db } = await database();
  const file = db.name;
  const sync = walSync(file)!;
  const flushed = () => new Promise<Error | null>((resolve) => sync(resolve));
  db.prepare('INSERT INTO notes (text) VALUES (?)').run('one');
  expect(await flushed()).toBeNull();
  // while its connection is open the WAL stays; removed by hand, there is nothing to flush, and the sync says so
  unlinkSync(`${file}-wal`);
  expect(await flushed()).toBeInstanceOf(Error);
  sync.close();
  expect(walSync(path.join(dir, 'none.db'))).toBeNull();
});
