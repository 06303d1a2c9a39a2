/**
 * Group commit (docs/benchmarks.md "Scale"): the writes of one kind asked during one turn of the event loop are made
 * in one transaction, each in its own savepoint, and each caller's promise settles only once that transaction has
 * committed. Thousands of answers at a time each stored their question and answer, then their figures, in a
 * commit of their own: one commit a turn writes the pages they share (the tables' last leaves, their indexes) once.
 *
 * Nothing is acknowledged before it is committed: a caller that answers a visitor after its write resolves answers
 * after the commit, as with a commit of its own (WAL, a kill -9 keeps every committed transaction). A write that
 * throws rolls back its own savepoint only, and its caller gets the error; the others of its batch still commit. A
 * commit that fails rejects every write of its batch.
 *
 * Given `sync` (sqlite.ts gives {@link walSync}), the wait for the disk leaves the event loop: the batch commits
 * with `synchronous = NORMAL` (its pages written to the WAL, not waited for), then `sync` flushes the WAL on a thread
 * of libuv's pool, and only then do its callers hear of it: what they acknowledge is on the disk, as with a commit
 * that waited (`synchronous = FULL`, the connection's setting for every other write), but the loop does not wait
 * (0.37 ms a commit on this machine's disk, docs/benchmarks.md "Scale"). A sync that fails rejects the whole batch,
 * and every batch after it, uncommitted: the batch is already visible to reads, and after a failed `fdatasync` the
 * disk may have dropped pages that a later one reports as flushed (PostgreSQL stops on it for that reason), so nothing
 * more is acknowledged by this process; a restart recovers from what the disk holds.
 */
import { closeSync, fdatasync, fstatSync, openSync } from 'node:fs';
import { setImmediate } from 'node:timers';
import type { Db } from './db';

/** Flushes what was written to the disk, then calls back (with the error if it failed). */
export type Sync = (done: (err: Error | null) => void) => void;

/**
 * A {@link Sync} of the WAL of the database file `file`: `fdatasync` on a descriptor of the `-wal` file (opened at the
 * first call, and again should the file have been removed and made anew), on libuv's thread pool. `close` closes it
 * once the flushes under way are done.
 */
export function walSync(file: string): Sync & { close(): void } {
  let fd: number | null = null;
  // the flushes under way: the descriptor is closed once they are done
  let flushing = 0;
  let closing = false;
  const release = () => {
    if (closing && flushing === 0 && fd !== null) {
      closeSync(fd);
      fd = null;
    }
  };
  const descriptor = () => {
    // a WAL removed (its last connection closed) and made anew is another file: the old descriptor would flush nothing
    if (fd !== null && fstatSync(fd).nlink === 0) {
      closeSync(fd);
      fd = null;
    }
    fd ??= openSync(`${file}-wal`, 'r+');
    return fd;
  };
  const sync = ((done) => {
    let at: number;
    try {
      at = descriptor();
    } catch (err) {
      done(err as Error);
      return;
    }
    flushing++;
    fdatasync(at, (err) => {
      flushing--;
      release();
      done(err);
    });
  }) as Sync & { close(): void };
  sync.close = () => {
    closing = true;
    release();
  };
  return sync;
}

/** A pending write: its work, and its caller's promise. */
interface Pending {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** Wraps writes so that those asked in the same turn of the event loop share one commit (see the module). */
export function groupCommit(db: Db, sync?: Sync): <A extends unknown[], R>(write: (...args: A) => R) => (...args: A) => Promise<R> {
  let queue: Pending[] = [];
  // a nested transaction function runs in a savepoint of the one it is called in
  const inSavepoint = db.transaction((run: () => unknown) => run());
  // set anew each time (SQLite sets this pragma as it compiles the statement: a statement prepared once and run
  // again would not set it again)
  const unsynced = () => db.exec('PRAGMA synchronous = NORMAL');
  const synced = () => db.exec('PRAGMA synchronous = FULL');

  // a failed sync, after which nothing is committed (see the module)
  let broken: Error | null = null;

  const flush = () => {
    const batch = queue;
    queue = [];
    if (broken) {
      for (const pending of batch) pending.reject(broken);
      return;
    }
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      if (sync) unsynced();
      db.transaction(() => {
        for (const pending of batch) {
          try {
            outcomes.push({ ok: true, value: inSavepoint(pending.run) });
          } catch (err) {
            outcomes.push({ ok: false, value: err });
          }
        }
      })();
    } catch (err) {
      for (const pending of batch) pending.reject(err);
      return;
    } finally {
      if (sync) synced();
    }
    const settle = () =>
      batch.forEach((pending, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) pending.resolve(outcome.value);
        else pending.reject(outcome.value);
      });
    if (!sync) return settle();
    sync((err) => {
      if (!err) return settle();
      broken ??= err;
      for (const pending of batch) pending.reject(err);
    });
  };

  return (write) =>
    (...args) =>
      new Promise((resolve, reject) => {
        // the check phase comes after this turn's I/O callbacks: every write they ask joins the batch (the timer is
        // node's own, taken at load, so a test's fake timers do not hold writes back)
        if (queue.length === 0) setImmediate(flush);
        queue.push({ run: () => write(...args), resolve: resolve as (value: unknown) => void, reject });
      });
}
