/**
 * The WAL's checkpoints in a worker (server/storage/sqlite/checkpointer.ts): once started, the worker's passive
 * checkpoints copy the WAL into the database file while the connection commits (the connection itself checkpoints
 * only past the fallback), stopping it closes its connection and gives the checkpoints back, and a worker that cannot open the file
 * gives them back too.
 */
import Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { type Checkpoint, checkpointer, FALLBACK_CHECKPOINT_PAGES } from '../../server/storage/sqlite/checkpointer';

let dir = '';
const open: Database.Database[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) if (db.open) db.close();
  await rm(dir, { recursive: true, force: true });
});

async function database() {
  dir = await mkdtemp(path.join(tmpdir(), 'checkpointer-'));
  const file = path.join(dir, 'test.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body BLOB NOT NULL)');
  open.push(db);
  const insert = db.prepare<[Buffer]>('INSERT INTO notes (body) VALUES (?)');
  // a commit of four pages or so (4 KB pages)
  const commit = () => insert.run(Buffer.alloc(12_000, 7));
  const autocheckpoint = () => db.pragma('wal_autocheckpoint', { simple: true });
  const walBytes = () => statSync(`${file}-wal`).size;
  return { db, file, commit, autocheckpoint, walBytes };
}

/** Resolves at the next checkpoint the worker reports. */
function reports() {
  const waiting: ((c: Checkpoint) => void)[] = [];
  return {
    onCheckpoint: (c: Checkpoint) => {
      for (const resolve of waiting.splice(0)) resolve(c);
    },
    next: () => new Promise<Checkpoint>((resolve) => waiting.push(resolve)),
  };
}

it('copies the WAL into the file from a worker while the connection commits, which checkpoints by itself only past the fallback', async () => {
  const { db, file, commit, autocheckpoint } = await database();
  const heard = reports();
  const checkpoints = checkpointer(db, file, { everyMs: 5, onCheckpoint: heard.onCheckpoint });
  expect(autocheckpoint()).toBe(1000);
  checkpoints.start();
  checkpoints.start();
  expect(autocheckpoint()).toBe(FALLBACK_CHECKPOINT_PAGES);
  const empty = statSync(file).size;

  // about 1,500 pages, in commits that go on while the worker copies
  for (let round = 0; round < 5; round++) {
    for (let i = 0; i < 100; i++) commit();
    await heard.next();
  }
  // the writes over, the worker's next checkpoints copy what is left: the rows are in the database file itself (below
  // its own 10,000 pages the connection copied none of them, the worker did)
  const copied = () => statSync(file).size - empty;
  while (copied() < 480 * 12_000) await heard.next();
  expect((db.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n).toBe(500);

  await checkpoints.stop();
  expect(autocheckpoint()).toBe(1000);
  // its connection is closed: the server's is the last, and its close removes the WAL
  db.close();
  expect(existsSync(`${file}-wal`)).toBe(false);
  // stopped, it does not start again
  checkpoints.start();
  await checkpoints.ended();
});

it('gives the checkpoints back to the connection when the worker cannot open the file', async () => {
  const { db, file, autocheckpoint } = await database();
  const checkpoints = checkpointer(db, `${file}.missing`);
  checkpoints.start();
  await checkpoints.ended();
  expect(autocheckpoint()).toBe(1000);
});
