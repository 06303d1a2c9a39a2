/**
 * The advice-records API client's time limit (journey/records/api.ts): a call that never answers fails, after
 * CALL_LIMIT_MS, as the network does (transient, no `RecordsError`), whether or not the fetch heeds its signal.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_LIMIT_MS, isTransient, RecordsError, recordsApi } from '../../journey/records/api';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fetch that never answers; `signals` gets each call's signal. */
function silent(heeds: boolean) {
  const signals: AbortSignal[] = [];
  const fetch = (_: unknown, init: RequestInit = {}) =>
    new Promise<Response>((_, reject) => {
      signals.push(init.signal!);
      if (heeds) init.signal!.addEventListener('abort', () => reject(init.signal!.reason));
    });
  return { fetch: fetch as typeof globalThis.fetch, signals };
}

describe('a call that never answers', () => {
  it.each([true, false])(
    'fails after the limit as the network does, and its request is aborted (fetch heeds the signal: %s)',
    async (heeds) => {
      const api = silent(heeds);
      const failed = recordsApi('k', api.fetch)
        .status()
        .then(
          () => 'answered',
          (err: unknown) => err,
        );
      let settled = false;
      void failed.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(CALL_LIMIT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const err = await failed;
      expect(err).toBeInstanceOf(DOMException);
      expect(err).not.toBeInstanceOf(RecordsError);
      expect(isTransient(err)).toBe(true);
      expect(api.signals[0]!.aborted).toBe(true);
    },
  );

  it('an answer whose body never ends is given up too, and a call that answers in time leaves no timer behind', async () => {
    const stalled = (() =>
      Promise.resolve(
        new Response(new ReadableStream({ start: () => undefined }), { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
      )) as unknown as typeof fetch;
    const pdf = recordsApi('k', stalled)
      .statementPdf({ fileId: 'f', token: 't' }, 's')
      .catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(CALL_LIMIT_MS);
    expect(isTransient(await pdf)).toBe(true);
    const quick = (async () => Response.json({ paused: false, mail: true })) as typeof fetch;
    await expect(recordsApi('k', quick).status()).resolves.toEqual({ paused: false, mail: true });
    expect(vi.getTimerCount()).toBe(0);
  });
});
