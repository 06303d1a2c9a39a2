/**
 * server/turns.ts: CPU-heavy work admitted in a time slice per turn of the event loop, so that a connection arriving
 * while many answers wait is accepted between them, not after all of them (issue 14). Real sockets on 127.0.0.1.
 */
import { createServer, connect, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { admitInTurnSlices, TURN_BUDGET_MS } from '../../server/turns';

/** Holds the thread for `ms`, as an answer's retrieval does. */
const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/**
 * Queues `tasks` pieces of work of `ms` each (through `gate` when given), then connects to a local server; resolves
 * with how many pieces had finished when the connection was accepted, and in which order they finished.
 */
async function acceptedAfter(tasks: number, ms: number, gate?: () => Promise<void>): Promise<{ doneAtAccept: number; order: number[] }> {
  const order: number[] = [];
  let doneAtAccept = -1;
  server = createServer((socket) => {
    doneAtAccept = order.length;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const work = Array.from({ length: tasks }, async (_, i) => {
    if (gate) await gate();
    // an answer's shape: async, but all of its work on this thread
    await Promise.resolve();
    busy(ms);
    order.push(i);
  });
  // the client connects from another process's point of view: its handshake completes in the kernel at once
  const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
  client.on('error', () => undefined);
  await Promise.all(work);
  await new Promise<void>((resolve) => (doneAtAccept >= 0 ? resolve() : server!.once('connection', () => resolve())));
  client.destroy();
  return { doneAtAccept, order };
}

describe('a time slice per turn', () => {
  it('takes in a new connection while forty answers wait, not after all of them', async () => {
    const { doneAtAccept, order } = await acceptedAfter(40, 3, admitInTurnSlices());
    expect(doneAtAccept).toBeLessThan(10);
    // first come, first served
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('without it, the same connection waits for every answer (what the gate is for)', async () => {
    const { doneAtAccept } = await acceptedAfter(40, 3);
    expect(doneAtAccept).toBe(40);
  });

  it('admits cheap tasks together in one turn, and heavy ones a few a turn (TURN_BUDGET_MS)', async () => {
    /** The turn of the event loop each task was admitted in, counted by a chain of immediates. */
    const turnsOf = async (tasks: number, ms: number) => {
      const admit = admitInTurnSlices();
      let turn = 0;
      let counting = true;
      const count = () =>
        setImmediate(() => {
          turn++;
          if (counting) count();
        });
      count();
      const turns: number[] = [];
      await Promise.all(
        Array.from({ length: tasks }, async () => {
          await admit();
          turns.push(turn);
          busy(ms);
        }),
      );
      counting = false;
      return turns;
    };
    const cheap = await turnsOf(20, 0);
    expect(new Set(cheap).size).toBe(1);
    const heavy = await turnsOf(12, TURN_BUDGET_MS / 2);
    // at most two of them fit in a turn's budget (three when a turn begins late), so they spread over several turns
    expect(new Set(heavy).size).toBeGreaterThanOrEqual(4);
    expect(Math.max(...[...new Set(heavy)].map((t) => heavy.filter((h) => h === t).length))).toBeLessThanOrEqual(3);
  });

  it('admits every caller, in order', async () => {
    const admit = admitInTurnSlices();
    const seen: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => {
        await admit();
        seen.push(i);
      }),
    );
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });
});
