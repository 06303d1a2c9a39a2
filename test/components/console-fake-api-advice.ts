/**
 * The advice routes of the console's API as a fake `fetch` (docs/advice-records.md "Console API"), behind the real
 * client (console/api.ts `createApi`, so its checks read every answer): an in-memory site with a few advice files,
 * every call kept for the tests to look at, and a route made to fail on demand.
 */
import type { ConsoleApi } from '../../console/api';
import { createApi } from '../../console/api';
import type { AdviceEntry, AdviceFileSummary, AdviceFileView, AdviceSettings, Replay } from '../../contract/advice';
import { ENTRIES, FILES, REFUSED, REPLAY, VERSIONS } from './console-advice-data';
import { fakeApi, SESSION } from './console-harness';

/** A call the fake answered: its method, path (without the query), query and body. */
export interface AdviceCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The fake server: `files` is the list (paged `pageSize` at a time), `views` the files' entries by id; `fail(route)`
 * makes the next calls of a route (`'GET advice-files'`, `'POST replay'`, …) answer 500 until `heal()`, or `NETWORK`
 * throws as a lost connection does.
 */
export function fakeAdvice(options: { files?: AdviceFileSummary[]; pageSize?: number; replay?: Replay; settings?: AdviceSettings } = {}) {
  const files = options.files ?? FILES;
  const pageSize = options.pageSize ?? 50;
  const views: Record<string, AdviceEntry[]> = { f3: [...ENTRIES], f2: [...REFUSED], f1: [] };
  let settings: AdviceSettings = options.settings ?? { paused: false, samplePercent: 10, retentionYears: 7 };
  const calls: AdviceCall[] = [];
  const failing = new Map<string, 'SERVER' | 'NETWORK'>();

  const answer = (method: string, path: string, query: URLSearchParams, body: unknown): Response => {
    const parts = path.split('/');
    // sites/s1/advice-files[/:id[/replay|reviews]] | sites/s1/advice-settings | sites/s1/advice-versions
    const route = parts[2];
    if (route === 'advice-settings') {
      if (method === 'PUT') settings = body as AdviceSettings;
      return json(200, settings);
    }
    if (route === 'advice-versions') return json(200, { versions: VERSIONS });
    const id = parts[3];
    if (!id) {
      const q = (query.get('q') ?? '').toLowerCase();
      const matching = files.filter(
        (f) =>
          (!query.get('status') || f.status === query.get('status')) &&
          (query.get('queue') !== 'review' || f.inReviewQueue) &&
          (!q || f.clientName.toLowerCase().includes(q) || (f.clientEmail ?? '').includes(q)),
      );
      const start = Number(query.get('cursor') ?? 0);
      const next = start + pageSize < matching.length ? String(start + pageSize) : null;
      return json(200, { files: matching.slice(start, start + pageSize), next });
    }
    const file = files.find((f) => f.id === id);
    if (!file) return json(404, { error: 'NOT_FOUND' });
    const entries = views[id]!;
    if (parts[4] === 'replay') return json(200, options.replay ?? REPLAY);
    if (parts[4] === 'reviews') {
      const review = {
        ...(body as object),
        kind: 'review',
        seq: entries.length + 1,
        at: '2026-11-26T08:00:00Z',
        by: { kind: 'account', accountId: 'acc-1', email: 'owner@example.com' },
      } as AdviceEntry;
      entries.push(review);
      return json(201, review);
    }
    return json(200, { file, entries } satisfies AdviceFileView);
  };

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://console.test');
    const path = url.pathname.replace('/console/api/', '');
    const method = init.method ?? 'GET';
    const call = {
      method,
      path,
      query: url.searchParams,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const parts = path.split('/');
    const key = `${method} ${parts[4] ?? parts[2]}`;
    const failure = failing.get(key);
    if (failure === 'NETWORK') throw new TypeError('Failed to fetch');
    if (failure) return json(500, { error: 'SERVER' });
    return answer(method, path, url.searchParams, call.body);
  };

  const client = createApi({ fetch: fetch as typeof globalThis.fetch });
  client.withSession(SESSION);
  return {
    calls,
    /** the calls of a route, such as `advice-files` or `replay` */
    callsTo: (route: string) => calls.filter((c) => c.path.endsWith(route) || c.path.split('/')[2] === route),
    settings: () => settings,
    fail: (route: string, how: 'SERVER' | 'NETWORK' = 'SERVER') => failing.set(route, how),
    heal: () => failing.clear(),
    /** the console's fake API with the advice calls going through the real client */
    api: (over: Partial<ConsoleApi> = {}) => fakeApi({ request: client.request, ...over }),
  };
}
