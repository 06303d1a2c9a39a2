/** What the PostgreSQL parts of the storage share: the pool, queries by name, transactions, advisory lock keys. */
import type pg from 'pg';
import type { Row } from '../records';

/**
 * The first halves of this server's advisory lock keys (pairs of int4): migrations (second half 0), the storage's
 * `exclusive` tasks (second half: the hash of the task's name), and the instances alive (second half: the instance's id).
 */
export const LOCKS = { migrate: 17_001, exclusive: 17_002, instance: 17_003 } as const;

/** A connection, from the pool or held for a transaction. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * A statement with a name: the driver prepares it once per connection and then sends only its values.
 * Every statement this storage runs is a constant, so each has its own name.
 */
export const sql =
  (name: string, text: string) =>
  (values: unknown[] = []): pg.QueryConfig => ({ name, text, values: values.map(withoutNul) });

/**
 * PostgreSQL's text holds no U+0000 (SQLite's does): a value with one (a hostile path, `/files/%00/x`, or a message)
 * would fail the whole statement. It is stored, and looked up, with U+FFFD in its place, as HTML parsers read it;
 * no id or token has either, so a lookup of one finds nothing, as on SQLite. The same holds inside a list (a text[]).
 */
const withoutNul = (value: unknown): unknown =>
  typeof value === 'string'
    ? value.includes('\0')
      ? value.replaceAll('\0', '\uFFFD')
      : value
    : // the elements of a list too (`= ANY($1)`)
      Array.isArray(value)
      ? value.map(withoutNul)
      : value;

/** The rows of a query. */
export async function all(db: Queryable, query: pg.QueryConfig): Promise<Row[]> {
  return (await db.query<Row>(query)).rows;
}

/** The first row of a query, or null. */
export async function one(db: Queryable, query: pg.QueryConfig): Promise<Row | null> {
  return (await db.query<Row>(query)).rows[0] ?? null;
}

/** How many rows a statement changed. */
export async function changed(db: Queryable, query: pg.QueryConfig): Promise<number> {
  return (await db.query(query)).rowCount ?? 0;
}

/** PostgreSQL's code for a transaction it rolled back to break a deadlock (SQLSTATE 40P01). */
const DEADLOCK_DETECTED = '40P01';

/**
 * How many times a transaction is run when PostgreSQL breaks a deadlock by rolling it back. Two writes that meet
 * in the same counting rows in opposite orders (schema 19's per-day counts, kept by triggers: a visitor's deletion
 * taking away what an answer of the same day adds) can deadlock; PostgreSQL rolls one of them back whole, and
 * running it again is its documented remedy. `work` only reads and writes through `db`, so a second run is the
 * same write.
 */
const DEADLOCK_ATTEMPTS = 3;

/**
 * Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws
 * (the storage never keeps half a write). A connection whose rollback failed is closed, not reused. A transaction
 * PostgreSQL rolled back to break a deadlock is run again, up to `DEADLOCK_ATTEMPTS` times in all.
 */
export async function transaction<T>(pool: pg.Pool, work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transactionOnce(pool, work);
    } catch (err) {
      if (attempt >= DEADLOCK_ATTEMPTS || (err as { code?: unknown }).code !== DEADLOCK_DETECTED) throw err;
    }
  }
}

async function transactionOnce<T>(pool: pg.Pool, work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch((rollbackErr: Error) => (broken = rollbackErr));
    throw err;
  } finally {
    client.release(broken);
  }
}

/** The epoch ms of `n` (a bigint column reads as text, to keep its precision). */
export const ms = (n: unknown) => Number(n);
