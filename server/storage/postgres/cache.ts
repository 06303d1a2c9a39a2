/**
 * Caches of rows read on every request and written rarely (sites, documents, presence videos), kept right
 * across instances: every write announces itself (NOTIFY), and each instance's listener moves its
 * generation on, which empties the caches. While the listener is away, nothing is cached.
 */
import type pg from 'pg';
import { sql, transaction } from './db';
import { CHANNELS, type Listener } from './listener';

const announce = sql('announce_cache', `SELECT pg_notify('${CHANNELS.cache}', '')`);

/**
 * Runs `work` in one transaction that tells every instance (this one included) that cached rows may have changed:
 * the announcement is sent at the commit, and this instance's caches move on once it has committed (a read between
 * the two would otherwise cache the old row as new).
 */
export async function announcedTransaction<T>(pool: pg.Pool, listener: Listener, work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
  const result = await transaction(pool, async (db) => {
    const value = await work(db);
    await db.query(announce());
    return value;
  });
  listener.bump();
  return result;
}

/** A cache whose entries all drop when the listener's generation moves on. */
export class AnnouncedCache<K, V> {
  private readonly entries = new Map<K, V>();
  private seen = -1;

  /** @param max entries kept at most; past it the cache starts again empty. */
  constructor(
    private readonly listener: Pick<Listener, 'generation' | 'connected'>,
    private readonly max = 10_000,
  ) {}

  /** The cached value of `key`, else `load(key)`, cached when nothing changed while it loaded (a missing row, null, is cached too). */
  async get(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const generation = this.listener.generation;
    if (generation !== this.seen) {
      this.entries.clear();
      this.seen = generation;
    }
    if (this.entries.has(key)) return this.entries.get(key)!;
    const value = await load(key);
    // a change announced while the row was read may have come after the read: that value is not kept
    if (this.listener.connected && this.listener.generation === generation) {
      if (this.entries.size >= this.max) this.entries.clear();
      this.entries.set(key, value);
    }
    return value;
  }
}
