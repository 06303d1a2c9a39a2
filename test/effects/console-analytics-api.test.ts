/**
 * The analytics call (console/analytics/api.ts) on the console's client: its address, its signal, and its answer
 * checked field by field before the screen uses it (docs/console.md "Analytics").
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { analytics } from '../../console/analytics/api';
import { analyticsEffects } from '../../console/analytics/effects';
import { createApi } from '../../console/api';
import { EMPTY_ANALYTICS, FAKE_ANALYTICS } from '../components/console-fake-api-analytics';

function fake(answer: () => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  }) as unknown as typeof globalThis.fetch;
  return { api: createApi({ fetch }), calls };
}

const RANGE = { from: '2026-11-20', to: '2026-11-26', timeZone: 'Europe/Paris' };

describe('the analytics call', () => {
  it('asks for the range in its time zone, with the signal that aborts it', async () => {
    const { api, calls } = fake(() => Response.json(FAKE_ANALYTICS));
    const signal = new AbortController().signal;
    expect(await analytics(api, 's 1', RANGE, signal)).toEqual(FAKE_ANALYTICS);
    expect(calls[0]!.url).toBe('/console/api/sites/s%201/analytics?from=2026-11-20&to=2026-11-26&tz=Europe%2FParis');
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.signal).toBe(signal);
  });

  it('keeps what the server sends as null (no rate, no percentile, a button no longer named); ids as text', async () => {
    const answer = {
      ...EMPTY_ANALYTICS,
      clicks: { total: 1, byButton: [{ buttonId: 7, name: null, count: 1 }], byPage: [] },
      content: [{ kind: 'video', id: 3, name: 'Intro', opened: 0, askedQuestions: 0, askedConversations: 0 }],
    };
    const { api } = fake(() => Response.json(answer));
    const report = await analytics(api, 's1', RANGE);
    expect(report.unanswered.rate).toBeNull();
    expect(report.latency.firstWord).toEqual({ count: 0, p50: null, p95: null });
    expect(report.clicks.byButton).toEqual([{ buttonId: '7', name: null, count: 1 }]);
    expect(report.content[0]!.id).toBe('3');
  });

  it('refuses an answer of another shape (BAD_RESPONSE)', async () => {
    for (const wrong of [
      { ...FAKE_ANALYTICS, days: [{ date: '2026-11-20', conversations: '4', questions: 6, messages: 12 }] },
      { ...FAKE_ANALYTICS, content: [{ ...FAKE_ANALYTICS.content[0], kind: 'pdf' }] },
      { ...FAKE_ANALYTICS, latency: { firstWord: { count: 1, p50: 'fast', p95: 2 }, wholeAnswer: FAKE_ANALYTICS.latency.wholeAnswer } },
      { ...FAKE_ANALYTICS, unanswered: undefined },
    ]) {
      const { api } = fake(() => Response.json(wrong));
      await expect(analytics(api, 's1', RANGE)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    }
  });

  it('a refusal keeps its code and field (a range the server does not take)', async () => {
    const { api } = fake(() =>
      Response.json({ error: 'INVALID', message: 'to', field: 'to', allowed: 'at most 366 days from from' }, { status: 400 }),
    );
    await expect(analytics(api, 's1', RANGE)).rejects.toMatchObject({
      code: 'INVALID',
      field: 'to',
      allowed: 'at most 366 days from from',
    });
  });

  it('a time zone the server does not know is asked again in UTC (the answer names the zone it counted in)', async () => {
    const zones: string[] = [];
    const fetch = vi.fn(async (url: string) => {
      const tz = new URL(url, 'http://h').searchParams.get('tz')!;
      zones.push(tz);
      return tz === 'UTC'
        ? Response.json({ ...FAKE_ANALYTICS, timeZone: 'UTC' })
        : Response.json({ error: 'INVALID', message: 'tz', field: 'tz' }, { status: 400 });
    }) as unknown as typeof globalThis.fetch;
    const { load } = analyticsEffects(createApi({ fetch }), 'Moon/Base');
    const range = { from: RANGE.from, to: RANGE.to, preset: null };
    const report = await toPromise(createActor(load, { input: { siteId: 's1', range } }).start());
    expect(zones).toEqual(['Moon/Base', 'UTC']);
    expect((report as typeof FAKE_ANALYTICS).timeZone).toBe('UTC');
  });
});
