/**
 * A transaction PostgreSQL rolls back to break a deadlock is run again (server/storage/postgres/db.ts
 * `transaction`): two writes that take the same rows in opposite orders both end committed, each once.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../server/storage/postgres/db';
import { BACKEND, newTestDatabase } from '../support/storages';

describe.runIf(BACKEND === 'postgres')('a deadlock on PostgreSQL', () => {
  let pool: pg.Pool;

  beforeAll(async () => {
    const db = await newTestDatabase('');
    if (db.backend !== 'postgres') throw new Error('PostgreSQL only');
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
    await pool.query('CREATE TABLE counts (k text PRIMARY KEY, n integer NOT NULL)');
    await pool.query("INSERT INTO counts VALUES ('a', 0), ('b', 0)");
  });
  afterAll(() => pool?.end());

  it('is broken by PostgreSQL, and the transaction it rolled back runs again and commits', async () => {
    const gate = () => {
      let open!: () => void;
      return { opened: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
    };
    const firstHolds = gate();
    const secondHolds = gate();
    const runs = { first: 0, second: 0 };
    // each takes one row, waits until the other holds its row, then asks for the other's: a deadlock on the first run
    const write = (name: 'first' | 'second', mine: string, theirs: string, holds: typeof firstHolds, other: typeof firstHolds) =>
      transaction(pool, async (db) => {
        runs[name]++;
        await db.query('UPDATE counts SET n = n + 1 WHERE k = $1', [mine]);
        holds.open();
        await other.opened;
        await db.query('UPDATE counts SET n = n + 1 WHERE k = $1', [theirs]);
        return name;
      });
    const done = await Promise.all([write('first', 'a', 'b', firstHolds, secondHolds), write('second', 'b', 'a', secondHolds, firstHolds)]);
    expect(done).toEqual(['first', 'second']);
    // one of them at least was rolled back and ran again (its second run can meet the other's first again, before that
    // one has its second row, and be broken once more); each write counted once all the same
    expect(runs.first + runs.second).toBeGreaterThan(2);
    const { rows } = await pool.query('SELECT k, n FROM counts ORDER BY k');
    expect(rows).toEqual([
      { k: 'a', n: 2 },
      { k: 'b', n: 2 },
    ]);
  });

  it('is not run again for any other failure', async () => {
    let runs = 0;
    await expect(
      transaction(pool, async (db) => {
        runs++;
        await db.query('SELECT * FROM no_such_table');
      }),
    ).rejects.toMatchObject({ code: '42P01' });
    expect(runs).toBe(1);
  });
});
