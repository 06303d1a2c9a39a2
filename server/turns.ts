/**
 * CPU-heavy request work admitted in a time slice per turn of the event loop (issue 14). Node accepts new connections
 * only between turns, and the answers of every request read in one turn used to run in that same turn: under a
 * burst of 200 connections a turn lasted about 100 ms, the kernel's queue of waiting connections drained at ten a
 * second, and the last visitors' first requests waited past their clients' time limits. Admitting work in short
 * slices keeps turns short, so every connection is taken in within a moment, at the same throughput. Work that
 * waits on the network (an LLM endpoint) is only admitted later, not serialised.
 *
 * A turn admits tasks one after the other while their synchronous work (what each runs until it first waits on
 * I/O) has taken less than {@link TURN_BUDGET_MS} in all; the rest wait for the next turn. One task per turn, as
 * this began, tied the rate of admission to the length of a turn: with two thousand answers streaming, a turn
 * spent on their words lasts tens of milliseconds, and new questions queued for seconds behind them
 * (docs/benchmarks.md "Scale").
 */

/** How long the admitted tasks of one turn may run before the next waits for the next turn. */
export const TURN_BUDGET_MS = 5;

/**
 * A gate: `await admit()` resolves on a later turn of the event loop, first come first served, as many tasks a turn
 * as fit in a slice of {@link TURN_BUDGET_MS}.
 */
export function admitInTurnSlices(): () => Promise<void> {
  const queue: (() => void)[] = [];
  let scheduled = false;
  let turnStarted = 0;
  /** Admits the next task, then (once its synchronous work is done) the next, while the turn's budget lasts. */
  const admitNext = () => {
    queue.shift()?.();
    if (queue.length === 0) {
      scheduled = false;
      return;
    }
    // A tick queued from a microtask runs once the microtasks are drained, i.e. when the task just admitted has
    // reached its first wait on I/O (or its end).
    queueMicrotask(() =>
      process.nextTick(() => {
        if (performance.now() - turnStarted < TURN_BUDGET_MS) admitNext();
        else nextTurn();
      }),
    );
  };
  // an immediate queued while immediates run waits for the next turn
  const nextTurn = () =>
    setImmediate(() => {
      turnStarted = performance.now();
      admitNext();
    });
  return () =>
    new Promise<void>((resolve) => {
      queue.push(resolve);
      if (scheduled) return;
      scheduled = true;
      nextTurn();
    });
}
