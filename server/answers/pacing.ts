/**
 * How often a streamed answer's provider is read when the instance is busy (issue 35, docs/benchmarks.md "Scale").
 *
 * Word by word, every piece of every open answer costs a read from the provider's socket and a write to the
 * visitor's, whatever the server does with it: 2,000 answers of 20 pieces a second are 40,000 of each a second,
 * more than a core at a bare `node:http` proxy's own cost. So, once many answers are open in this process, the
 * provider's reply is read at most every {@link readPauseMs} milliseconds: its pieces wait in the kernel's socket
 * buffer meanwhile, the next read takes them all at once, and they go to the visitor as one `delta` event (one write;
 * over TLS, whose reads are not held back, the engine holds the pieces instead: openai.ts `readCompletionStream`).
 * The visitor's text then comes a few words at a time, a few times a second, instead of its first word seconds late;
 * the first piece of an answer is never held (the pause begins after a read), and below {@link PACE_FROM_STREAMS}
 * open answers nothing is held at all: a quiet instance streams word by word, as before.
 */

/**
 * The pause after a read of a streamed reply, in ms, by how many answers are open in this process: straight lines
 * between these points, none below the first, the last one's beyond it. Up to 500 open answers the pause reaches
 * 200 ms (five updates a second for the visitor); from there to 1,500 it grows more slowly, to 300 ms (three), where
 * a read and a write a stream are a third of an answer's CPU (docs/benchmarks.md "Scale").
 */
export const READ_PAUSES: readonly (readonly [streams: number, ms: number])[] = [
  [100, 0],
  [500, 200],
  [1500, 300],
];

/** How many answers' event streams are open in this process: below this, every piece is read as it comes. */
export const PACE_FROM_STREAMS = READ_PAUSES[0]![0];

/** The longest pause between two reads of one answer's provider (reached at {@link PACE_FULL_STREAMS} open answers). */
export const MAX_READ_PAUSE_MS = READ_PAUSES.at(-1)![1];

/** How many open answers make the pause its longest. */
export const PACE_FULL_STREAMS = READ_PAUSES.at(-1)![0];

let open = 0;

/** Counts a stream as open; the returned function counts it closed (once, however often it is called). */
export function streamOpened(): () => void {
  open++;
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    open--;
  };
}

/** How many answers' event streams are open in this process now. */
export function openStreams(): number {
  return open;
}

/** The pause after a read of a streamed reply, in ms, with `streams` answers open: 0 (none) when few are. */
export function readPauseMs(streams: number = open): number {
  if (streams < PACE_FROM_STREAMS) return 0;
  for (let i = 1; i < READ_PAUSES.length; i++) {
    const [n1, ms1] = READ_PAUSES[i]!;
    if (streams >= n1) continue;
    const [n0, ms0] = READ_PAUSES[i - 1]!;
    return Math.round(ms0 + ((streams - n0) / (n1 - n0)) * (ms1 - ms0));
  }
  return MAX_READ_PAUSE_MS;
}
