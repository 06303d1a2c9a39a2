/**
 * The storage's two implementations keep one layout (docs/architecture.md "The server"): server/storage/sqlite/ and
 * server/storage/postgres/ hold the same per-table modules under the same names, so that a method or a table added
 * to one has its obvious place in the other.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

const STORAGE = resolve(import.meta.dirname, '../../server/storage');

/**
 * Modules only one dialect has, and why: PostgreSQL's listener is the connection through which instances tell each
 * other of changes; SQLite has one process, which learns of another connection's writes from the file (sqlite/cache.ts),
 * and one connection, whose writes of a turn share a commit (sqlite/group-commit.ts; PostgreSQL's run side by side)
 * and whose WAL a worker checkpoints (sqlite/checkpointer.ts; PostgreSQL's server checkpoints by itself).
 * SQLite's inbox search asks its FTS5 table by ranges of rowids from code (sqlite/inbox-search.ts), where PostgreSQL's
 * planner reads its GIN index within the inbox's one query (postgres/inbox.ts).
 */
const ONLY_IN = { sqlite: ['checkpointer.ts', 'group-commit.ts', 'inbox-search.ts'] as string[], postgres: ['listener.ts'] };

const modules = (dialect: 'sqlite' | 'postgres') =>
  readdirSync(resolve(STORAGE, dialect))
    .filter((name) => name.endsWith('.ts') && !ONLY_IN[dialect].includes(name))
    .sort();

it('SQLite and PostgreSQL have the same modules, by table group', () => {
  expect(modules('sqlite')).toEqual(modules('postgres'));
  expect(modules('sqlite')).toEqual(
    expect.arrayContaining([
      'sites.ts',
      'chat-sessions.ts',
      'profiles.ts',
      'files.ts',
      'documents.ts',
      'videos.ts',
      'triggers.ts',
      'analytics.ts',
      'retention.ts',
      'shared.ts',
    ]),
  );
});

/** Every test file under test/, by its path from there. */
const TESTS = resolve(import.meta.dirname, '..');
const testFiles = (readdirSync(TESTS, { recursive: true }) as string[]).filter((file) => /\.test\.tsx?$/.test(file));

it('every test that runs on a database is named *.db.test.ts, so that it runs on PostgreSQL too (vitest.config.ts)', () => {
  const onDatabase = testFiles.filter((file) =>
    /from '(?:\.\.\/support\/storages|\.\.\/server\/harness|\.\/harness)'/.test(readFileSync(resolve(TESTS, file), 'utf8')),
  );
  expect(onDatabase.length).toBeGreaterThan(10);
  expect(onDatabase.filter((file) => !file.endsWith('.db.test.ts'))).toEqual([]);
});
