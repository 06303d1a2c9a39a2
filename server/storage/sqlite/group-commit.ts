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
 */
import { setImmediate } from 'node:timers';
import type { Db } from './db';

/** A pending write: its work, and its caller's promise. */
interface Pending {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** Wraps writes so that those asked in the same turn of the event loop share one commit (see the module). */
export function groupCommit(db: Db): <A extends unknown[], R>(write: (...args: A) => R) => (...args: A) => Promise<R> {
  let queue: Pending[] = [];
  // a nested transaction function runs in a savepoint of the one it is called in
  const inSavepoint = db.transaction((run: () => unknown) => run());

  const flush = () => {
    const batch = queue;
    queue = [];
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
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
    }
    batch.forEach((pending, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.value);
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
