/**
 * CPU-heavy request work admitted one task per turn of the event loop (issue 14). Node accepts new connections
 * only between turns, and the answers of every request read in one turn used to run in that same turn: under a
 * burst of 200 connections a turn lasted about 100 ms, the kernel's queue of waiting connections drained at ten a
 * second, and the last visitors' first requests waited past their clients' time limits. Admitting one task per
 * turn keeps turns short, so every connection is taken in within a moment, at the same throughput (a turn
 * without work costs microseconds). Work that waits on the network (an LLM endpoint) is only admitted later, not
 * serialised: the next task is admitted on the next turn whatever the first one awaits.
 */

/** A gate: `await admit()` resolves on a later turn of the event loop, one caller per turn, first come first served. */
export function oneTaskPerTurn(): () => Promise<void> {
  const queue: (() => void)[] = [];
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    // an immediate queued while immediates run waits for the next turn: so one admission per turn
    setImmediate(() => {
      scheduled = false;
      queue.shift()?.();
      if (queue.length) schedule();
    });
  };
  return () =>
    new Promise<void>((resolve) => {
      queue.push(resolve);
      schedule();
    });
}
