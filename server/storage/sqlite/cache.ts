/**
 * In-process caches of rows that are read on every request and written rarely
 * (sites: issue 14), kept correct when another process writes the same file: the
 * admin CLI (`server/admin.ts`) changes sites while the server runs.
 */
import type { Db } from './db';

/**
 * The database's generation as this connection sees it: it changes whenever a write
 * may have changed cached rows. SQLite's `PRAGMA data_version` changes when another
 * connection (another process, or another storage on the same file) commits, but not
 * for this connection's own commits, so this connection's writers call {@link bump}.
 */
export interface Generation {
  /** A value that differs from every earlier one once any write may have happened since. */
  current(): string;
  /** Records a write made on this connection. */
  bump(): void;
}

/** The {@link Generation} of `db`: one `PRAGMA data_version` read (a prepared statement, no I/O) per call. */
export function generationOf(db: Db): Generation {
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  let own = 0;
  return {
    current: () => `${dataVersion.get()!}:${own}`,
    bump: () => {
      own++;
    },
  };
}

/** A cache whose entries all drop when the {@link Generation} moves on. */
export class GenerationCache<K, V> {
  private readonly entries = new Map<K, V>();
  private seen = '';

  /** @param max entries kept at most; past it the cache starts again empty. */
  constructor(
    private readonly generation: Generation,
    private readonly max = 10_000,
  ) {}

  /** The cached value of `key`, else `load(key)` cached (a missing row, null, is cached too). */
  get(key: K, load: (key: K) => V): V {
    const now = this.generation.current();
    if (now !== this.seen) {
      this.entries.clear();
      this.seen = now;
    }
    if (this.entries.has(key)) return this.entries.get(key)!;
    const value = load(key);
    // A guessed key per request must not grow the map without bound.
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }
}
