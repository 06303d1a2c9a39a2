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
 * Given `sync` (sqlite.ts gives {@link walSync}), the batch's wait for the disk leaves the event loop: the batch commits
 * with `synchronous = NORMAL` (its pages written to the WAL, not waited for), then `sync` flushes the WAL on a thread
 * of libuv's pool, and only then do its callers hear of it: what they acknowledge is on the disk, as with a commit that
 * waits (`synchronous = FULL`, the connection's setting for every other write: sqlite.ts), but the loop does not wait
 * for it (the commit that starts the WAL anew after a checkpoint still syncs the WAL's header, as SQLite does). A sync
 * that fails rejects its batch and every batch after it, uncommitted: the batch is already visible to reads, and after
 * a failed `fdatasync` the disk may have dropped pages that a later one reports as flushed (PostgreSQL stops on it for
 * that reason); a restart recovers from what the disk holds.
 */
import { closeSync, fdatasync, fstatSync, openSync } from 'node:fs';
import { setImmediate } from 'node:timers';
import type { Db } from './db';

/** Flushes what was written to the disk, then calls back (with the error if it failed). */
export type Sync = (done: (err: Error | null) => void) => void;

/**
 * A {@link Sync} of the WAL of the database file `file`, open on a connection that keeps it (the WAL is removed only
 * when the last connection closes): `fdatasync` on a descriptor of the `-wal` file, opened now, on libuv's thread
 * pool; null when it cannot be opened (the batches then commit as every other write does, waiting on the loop).
 * `close` closes it once the flushes under way are done.
 */
export function walSync(file: string): (Sync & { close(): void }) | null {
  let fd: number | null;
  try {
    fd = openSync(`${file}-wal`, 'r+');
  } catch {
    return null;
  }
  // the flushes under way: the descriptor is closed once they are done
  let flushing = 0;
  let closing = false;
  const release = () => {
    if (closing && flushing === 0 && fd !== null) {
      closeSync(fd);
      fd = null;
    }
  };
  const sync = ((done) => {
    // a WAL removed while its connection is open (by hand) is not the one commits go to: nothing can be flushed
    if (fd === null || fstatSync(fd).nlink === 0) {
      done(new Error(`the WAL of ${file} is gone: its writes cannot be flushed`));
      return;
    }
    flushing++;
    fdatasync(fd, (err) => {
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
export function groupCommit(db: Db, sync?: Sync | null): <A extends unknown[], R>(write: (...args: A) => R) => (...args: A) => Promise<R> {
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
    // (a batch asked just before the database was closed is refused, not committed on a closed connection)
    const refusal = broken ?? (db.open ? null : new Error('the database is closed'));
    if (refusal) {
      for (const pending of batch) pending.reject(refusal);
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
      // flushes run side by side: one that succeeds after another failed acknowledges nothing either
      if (!err && !broken) return settle();
      broken ??= err;
      for (const pending of batch) pending.reject(broken);
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
