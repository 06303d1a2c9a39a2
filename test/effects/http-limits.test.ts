/**
 * The HTTP layer's time limits and cancels (src/api/client.ts, issue 13): every call is given
 * up after its limit (`TIMEOUT_MS`, named in one place) or when its signal aborts, fails with
 * code NETWORK and its §8 text, and a 429 carries its `Retry-After`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createCoreClient, createHttp, retryAfterSeconds, TIMEOUT_MS } from '../../src/api/client';
import { obj } from '../../src/api/schema';

/** A fetch that never answers until aborted, recording each call's signal. */
function hangingFetch() {
  const signals: AbortSignal[] = [];
  const fetch = vi.fn((_url: string | URL | Request, init?: RequestInit) => {
    const signal = init!.signal!;
    signals.push(signal);
    // as fetch does: an aborted signal rejects at once, or when it aborts
    return new Promise<Response>((_, reject) => {
      const abort = () => reject(new DOMException('aborted', 'AbortError'));
      if (signal.aborted) abort();
      else signal.addEventListener('abort', abort);
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, signals };
}

const tokens = { get: async () => 'token', received() {}, rejected() {} };
const httpWith = (fetch: typeof globalThis.fetch) =>
  createHttp({ apiUrl: 'https://api.test/api', baseUrl: 'https://api.test/', apiKey: 'k', tokens, fetch });

describe('time limits', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives a hung call up after its limit, as a NETWORK failure with its §8 text', async () => {
    const { fetch, signals } = hangingFetch();
    const http = httpWith(fetch);
    const result = http.call('https://api.test/api/chat/sessions', {}, obj({}), 'Failed to load chat sessions').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS.other - 1);
    expect(signals[0]!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = (await result) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('NETWORK');
    expect(err.message).toBe('Failed to load chat sessions');
  });

  it('uses the call’s own limit: the boot and the settings give up sooner than the default', async () => {
    const { fetch, signals } = hangingFetch();
    const client = createCoreClient(httpWith(fetch));
    const boot = client.boot().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS.boot);
    expect(signals[0]!.aborted).toBe(true);
    expect(((await boot) as ApiError).message).toBe('Failed to boot session');
    const appearance = client.appearance().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS.settings);
    expect(((await appearance) as ApiError).message).toBe('Failed to fetch appearance');
  });

  it('cancels when the caller’s signal aborts, before or during the call', async () => {
    const { fetch, signals } = hangingFetch();
    const http = httpWith(fetch);
    const stop = new AbortController();
    const pending = http.authed('https://api.test/api/chat', { signal: stop.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    stop.abort();
    expect(((await pending) as DOMException).name).toBe('AbortError');
    expect(signals[0]!.aborted).toBe(true);

    const early = await http.authed('https://api.test/api/chat', { signal: stop.signal }).catch((e: unknown) => e);
    expect((early as DOMException).name).toBe('AbortError');
  });

  it('clears its timer once answered: a late limit aborts nothing', async () => {
    const signals: AbortSignal[] = [];
    const fetch = vi.fn(async (_u: string | URL | Request, init?: RequestInit) => {
      signals.push(init!.signal!);
      return new Response('{}', { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    await httpWith(fetch).doFetch('https://api.test/x');
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS.other * 2);
    expect(signals[0]!.aborted).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('429', () => {
  it('carries the Retry-After seconds', async () => {
    const fetch = (async () => new Response('{}', { status: 429, headers: { 'Retry-After': '17' } })) as typeof globalThis.fetch;
    const err = (await httpWith(fetch)
      .call('https://api.test/api/chat', {}, obj({}), 'Failed to get AI response', { 429: 'RATE_LIMIT_EXCEEDED' })
      .catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(err.status).toBe(429);
    expect(err.retryAfter).toBe(17);
  });

  it('reads Retry-After as seconds or an HTTP date; nothing from anything else', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(retryAfterSeconds('30', now)).toBe(30);
    expect(retryAfterSeconds(' 0 ', now)).toBe(0);
    expect(retryAfterSeconds('Mon, 23 Nov 2026 10:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('Mon, 23 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });
});

describe('reach reports (the network machine’s input)', () => {
  it('says whether the server answered: any status is an answer, none or a time-out is not, a cancel says nothing', async () => {
    const reports: boolean[] = [];
    let answer: () => Promise<Response> = async () => new Response('', { status: 500 });
    const fetch = ((_u: string, init?: RequestInit) =>
      init?.signal?.aborted ? Promise.reject(new DOMException('aborted', 'AbortError')) : answer()) as unknown as typeof globalThis.fetch;
    const http = createHttp({
      apiUrl: 'https://api.test/api',
      baseUrl: 'https://api.test/',
      apiKey: 'k',
      tokens,
      fetch,
      onReach: (a) => reports.push(a),
    });
    await http.doFetch('https://api.test/x');
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await http.doFetch('https://api.test/x').catch(() => undefined);
    const stop = new AbortController();
    stop.abort();
    await http.doFetch('https://api.test/x', { signal: stop.signal }).catch(() => undefined);
    expect(reports).toEqual([true, false]);
  });
});
