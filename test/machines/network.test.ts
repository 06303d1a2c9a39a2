/**
 * The network machine (machines/network.ts, issue 13): a call without an answer makes the
 * widget unreachable; a probe runs with backoff, and at once on the browser's `online`; the
 * first answer (probe or call) makes it reachable and emits `network.back`, once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { backoffMs, networkMachine, selectIsReachable } from '../../machines/network';
import { FIRST_BACKOFF_MS, MAX_BACKOFF_MS } from '../../machines/constants';

function start() {
  const probes: { resolve: () => void; reject: () => void }[] = [];
  let browser: ((e: EventObject) => void) | undefined;
  const actor = createActor(
    networkMachine.provide({
      actors: {
        probe: fromPromise<void>(
          () => new Promise<void>((resolve, reject) => probes.push({ resolve, reject: () => reject(new Error('no answer')) })),
        ),
        connectivity: fromCallback(({ sendBack }) => {
          browser = sendBack;
        }),
      },
    }),
  );
  const back = vi.fn();
  actor.on('network.back', back);
  actor.start();
  return { actor, probes, back, browser: (e: EventObject) => browser!(e) };
}

describe('network machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts reachable; a lost call makes it unreachable until a probe answers, with backoff between probes', async () => {
    const { actor, probes, back } = start();
    expect(selectIsReachable(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'NETWORK.LOST' });
    expect(selectIsReachable(actor.getSnapshot())).toBe(false);

    await vi.advanceTimersByTimeAsync(FIRST_BACKOFF_MS - 1);
    expect(probes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(probes).toHaveLength(1);
    probes[0]!.reject();
    // the second probe waits twice as long
    await vi.advanceTimersByTimeAsync(FIRST_BACKOFF_MS * 2 - 1);
    expect(probes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(probes).toHaveLength(2);
    probes[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(selectIsReachable(actor.getSnapshot())).toBe(true);
    expect(back).toHaveBeenCalledTimes(1);

    // back to the first delay after a recovery
    actor.send({ type: 'NETWORK.LOST' });
    await vi.advanceTimersByTimeAsync(FIRST_BACKOFF_MS);
    expect(probes).toHaveLength(3);
  });

  it('any answered call ends it at once; answers while reachable emit nothing', () => {
    const { actor, back } = start();
    actor.send({ type: 'NETWORK.BACK' });
    expect(back).not.toHaveBeenCalled();
    actor.send({ type: 'NETWORK.LOST' });
    actor.send({ type: 'NETWORK.LOST' });
    actor.send({ type: 'NETWORK.BACK' });
    expect(selectIsReachable(actor.getSnapshot())).toBe(true);
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('the browser going offline is a loss; coming online probes at once', async () => {
    const { actor, probes, browser } = start();
    browser({ type: 'NETWORK.LOST' });
    expect(selectIsReachable(actor.getSnapshot())).toBe(false);
    browser({ type: 'NETWORK.ONLINE' });
    expect(probes).toHaveLength(1);
    probes[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(selectIsReachable(actor.getSnapshot())).toBe(true);
  });

  it('backs off up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(backoffMs)).toEqual([2000, 4000, 8000, 16000, MAX_BACKOFF_MS, MAX_BACKOFF_MS, MAX_BACKOFF_MS]);
  });
});
