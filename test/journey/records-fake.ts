/** A fake of the advice-records API behind `fetch`: each call recorded, each answer scripted per route. */
import type { Answers } from '../../machines/journey-answers';

export interface FakeCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'offline' | Promise<never>;
type Route = (call: FakeCall) => Reply | undefined;

/** A fetch that answers from `routes` (first match; a route returning undefined passes), 404 otherwise. */
export function fakeApi(routes: Record<string, Route | Reply> = {}) {
  const calls: FakeCall[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://journey.test');
    const call: FakeCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const key = `${call.method} ${call.path}`;
    const route = routes[key] ?? Object.entries(routes).find(([k]) => new RegExp(`^${k}$`).test(key))?.[1];
    const reply = typeof route === 'function' ? route(call) : route;
    if (reply === 'offline') throw new TypeError('Failed to fetch');
    const r = (await reply) ?? { status: 404, body: { error: 'NOT_FOUND' } };
    const isPdf = r.body instanceof Uint8Array;
    return new Response(isPdf ? (r.body as Uint8Array<ArrayBuffer>) : JSON.stringify(r.body ?? {}), {
      status: r.status,
      headers: { 'Content-Type': isPdf ? 'application/pdf' : 'application/json', ...r.headers },
    });
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    calls,
    of: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** The answers a call carried. */
export const answersOf = (call: FakeCall) => (call.body as { answers: Answers }).answers;
