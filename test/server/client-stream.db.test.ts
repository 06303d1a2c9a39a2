/**
 * The widget's client reading streamed answers (issue 16): its event-stream reader on bodies made
 * by hand, and its `send` against the real server (HTTP on 127.0.0.1, real SQLite) whose engine
 * streams a script the test holds piece by piece.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProviderError, type AnswerEngine, type OnDelta } from '../../server/answers/types';
import { ApiError } from '../../src/api/client';
import { FAILURE_TEXT } from '../../src/messages';
import { createChatClient } from '../../src/api/chat-client';
import { readEvents } from '../../src/api/event-stream';
import { connectWithAuth } from '../support/connect';
import { ORIGIN, VISITOR_A, VISITOR_B, startServer, type TestServer } from './harness';

/** A body that yields the given pieces, then ends (or stays open with `open`). */
function body(pieces: (string | Uint8Array)[], { open = false } = {}) {
  const enc = new TextEncoder();
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of pieces) c.enqueue(typeof p === 'string' ? enc.encode(p) : p);
      if (!open) c.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

async function events(pieces: (string | Uint8Array)[], stopAt?: string) {
  const got: [string, string][] = [];
  const b = body(pieces);
  await readEvents(
    b.stream,
    (e, d) => {
      got.push([e, d]);
      return e === stopAt;
    },
    undefined,
    5_000,
  );
  return { got, cancelled: b.cancelled() };
}

describe('the widget’s event-stream reader', () => {
  it('reads events split anywhere, CRLF or LF, comments, data over several lines, one space after the colon only', async () => {
    const euro = new TextEncoder().encode('event: delta\ndata: {"text":"5 €"}\n\n');
    const { got } = await events([
      ': stream\r\n\r\nev',
      'ent: delta\r',
      '\ndata: {"text":"a"}\r\n\r\n',
      // the euro sign's three bytes in two reads
      euro.subarray(0, 27),
      euro.subarray(27),
      'data: line one\ndata:line two\ndata:  indented\n\n',
      'event: done\ndata\n\n',
      // JSON leaves the line and paragraph separators as they are: they are not line ends here
      `event: delta\ndata: ${JSON.stringify({ text: 'a\u2028b\u2029c' })}\n\n`,
    ]);
    expect(got).toEqual([
      ['delta', '{"text":"a"}'],
      ['delta', '{"text":"5 €"}'],
      ['', 'line one\nline two\n indented'],
      ['done', ''],
      ['delta', '{"text":"a\u2028b\u2029c"}'],
    ]);
  });

  it('drops an event the body ends in the middle of; an event with no data is not dispatched', async () => {
    const { got } = await events(['event: ping\n\n', 'event: delta\ndata: {"text":"cut"}\n']);
    expect(got).toEqual([]);
  });

  it('stops when told, cancelling the rest of the body', async () => {
    const b = body(['event: done\ndata: 1\n\nevent: delta\ndata: 2\n\n'], { open: true });
    const got: string[] = [];
    await readEvents(
      b.stream,
      (e) => {
        got.push(e);
        return true;
      },
      undefined,
      5_000,
    );
    expect(got).toEqual(['done']);
    expect(b.cancelled()).toBe(true);
  });

  it('gives up a body that goes quiet for its idle time, and one whose signal aborts', async () => {
    vi.useFakeTimers();
    try {
      const quiet = body(['event: delta\ndata: 1\n\n'], { open: true });
      const got: string[] = [];
      const read = readEvents(quiet.stream, (_, d) => void got.push(d), undefined, 1_000);
      await vi.advanceTimersByTimeAsync(999);
      expect(quiet.cancelled()).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await read;
      expect(got).toEqual(['1']);
      expect(quiet.cancelled()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    const held = body([], { open: true });
    const stop = new AbortController();
    const read = readEvents(held.stream, () => undefined, stop.signal, 60_000);
    stop.abort();
    await read;
    expect(held.cancelled()).toBe(true);
  });
});

// ---------------------------------------------------------------- send against the real server

/**
 * An engine that streams `state.pieces`, each once the test lets it (`next()`, which may come before the
 * engine waits), then fails or finishes; a cancelled request ends its wait at once.
 */
function heldEngine() {
  let permits = 0;
  let waiting: (() => void) | null = null;
  const state = { pieces: [] as string[], fail: false };
  const take = (signal?: AbortSignal) => {
    if (permits > 0) {
      permits--;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      waiting = resolve;
      signal?.addEventListener('abort', () => reject(signal.reason));
    });
  };
  const engine: AnswerEngine = {
    name: 'held',
    async answer(_req, signal, onDelta?: OnDelta) {
      for (const p of state.pieces) {
        await take(signal);
        onDelta?.(p);
      }
      await take(signal);
      if (state.fail) throw new ProviderError('the provider fell over');
      return { content: state.pieces.join('').trim(), followUps: ['More?'], sources: [] };
    },
  };
  return {
    engine,
    /** A new script: no permits left over from the last one. */
    script(pieces: string[], fail = false) {
      Object.assign(state, { pieces, fail });
      permits = 0;
      waiting = null;
    },
    next() {
      const w = waiting;
      waiting = null;
      if (w) w();
      else permits++;
    },
  };
}

let s: TestServer;
const held = heldEngine();
beforeAll(async () => {
  s = await startServer({ answers: held.engine });
});
afterAll(async () => {
  await s.stop();
  await s.remove();
});

/** The widget's chat client as a page on ORIGIN has it; `accept` false drops the Accept header (a server that cannot stream answers JSON). */
function client({ accept = true } = {}) {
  const c = connectWithAuth({
    apiUrl: `${s.base}/api`,
    baseUrl: `${s.base}/`,
    apiKey: 'pk_test_0123456789abcdefghijklmnop',
    fetch: (input, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('Origin', ORIGIN);
      if (!accept) headers.delete('Accept');
      return fetch(input, { ...init, headers });
    },
  });
  return createChatClient(c.http);
}

/** Resolves when `onText` has been called `n` times. */
function texts() {
  const seen: string[] = [];
  const waiters: [number, () => void][] = [];
  const onText = (t: string) => {
    seen.push(t);
    for (const [n, r] of waiters) if (seen.length >= n) r();
  };
  return { seen, onText, reach: (n: number) => new Promise<void>((r) => (seen.length >= n ? r() : waiters.push([n, r]))) };
}

const question = (userSessionId = VISITOR_A) => ({
  message: 'What are the fees?',
  webPageContent: '',
  userSessionId,
  path: '/fees',
  chatSessionId: null,
});

describe('send, streamed, against the server', () => {
  it('hands over the text so far as each piece arrives, then resolves with the reply the server stored', async () => {
    held.script(['The fee ', 'is 0.45%', ' a year.']);
    const t = texts();
    const sent = client().send(question(), undefined, t.onText);
    held.next();
    await t.reach(1);
    expect(t.seen).toEqual(['The fee ']);
    held.next();
    await t.reach(2);
    held.next();
    await t.reach(3);
    held.next();
    const result = await sent;
    expect(t.seen).toEqual(['The fee ', 'The fee is 0.45%', 'The fee is 0.45% a year.']);
    expect(result.aiMessage.content).toBe('The fee is 0.45% a year.');
    expect(result.followUps).toEqual([{ id: expect.any(String), text: 'More?' }]);
    const history = await client().history({ userSessionId: VISITOR_A, path: '/fees', chatSessionId: result.chatSessionId });
    expect(history.messages.map((m) => m.id)).toEqual([result.userMessage.id, result.aiMessage.id]);
  });

  it('a failure mid-stream is FAILED with the §8 text and the session the server kept the question in; history marks the part answer incomplete', async () => {
    held.script(['Half '], true);
    const t = texts();
    const sent = client().send(question(VISITOR_B), undefined, t.onText);
    held.next();
    await t.reach(1);
    held.next();
    const err = (await sent.catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('FAILED');
    expect(err.message).toBe(FAILURE_TEXT.chat);
    expect(err.chatSessionId).toEqual(expect.any(String));
    const history = await client().history({ userSessionId: VISITOR_B, path: '/fees', chatSessionId: err.chatSessionId! });
    expect(history.messages.map((m) => [m.role, m.content, m.incomplete])).toEqual([
      ['user', 'What are the fees?', undefined],
      ['ai', 'Half', true],
    ]);
  });

  it('cancelled mid-stream, it rejects as aborted and the server keeps what was written', async () => {
    held.script(['Some ', 'more']);
    const t = texts();
    const stop = new AbortController();
    const visitor = 'visitor-cccccccc-3333';
    const sent = client().send(question(visitor), stop.signal, t.onText);
    held.next();
    await t.reach(1);
    stop.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
    const sessions = async () => client().sessions(visitor);
    await vi.waitFor(async () => expect((await sessions())[0]?.totalMessages).toBe(2));
    const history = await client().history({ userSessionId: visitor, path: '/fees', chatSessionId: (await sessions())[0]!.id });
    expect(history.messages.at(-1)).toMatchObject({ content: 'Some', incomplete: true });
  });

  it('a connection that breaks mid-answer is FAILED with the §8 text (not the browser’s words) and the session named at the start', async () => {
    const c = connectWithAuth({
      apiUrl: `${s.base}/api`,
      baseUrl: `${s.base}/`,
      apiKey: 'pk_test_0123456789abcdefghijklmnop',
      fetch: (input, init = {}) => {
        if (!String(input).endsWith('/api/chat')) {
          const headers = new Headers(init.headers);
          headers.set('Origin', ORIGIN);
          return fetch(input, { ...init, headers });
        }
        const body = new ReadableStream<Uint8Array>({
          start(ctl) {
            ctl.enqueue(
              new TextEncoder().encode('event: start\ndata: {"chatSessionId":"s-broken"}\n\nevent: delta\ndata: {"text":"Half"}\n\n'),
            );
            setTimeout(() => ctl.error(new TypeError('network error')), 10);
          },
        });
        return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
      },
    });
    const t = texts();
    const err = (await createChatClient(c.http)
      .send(question('visitor-eeeeeeee-5555'), undefined, t.onText)
      .catch((e: unknown) => e)) as ApiError;
    expect(t.seen).toEqual(['Half']);
    expect(err).toBeInstanceOf(ApiError);
    expect([err.code, err.message, err.chatSessionId]).toEqual(['FAILED', FAILURE_TEXT.chat, 's-broken']);
  });

  it('falls back to the JSON reply when the server answers JSON', async () => {
    held.script(['Plain ', 'JSON.']);
    const t = texts();
    for (let i = 0; i < 3; i++) held.next();
    const result = await client({ accept: false }).send(question('visitor-dddddddd-4444'), undefined, t.onText);
    expect(result.aiMessage.content).toBe('Plain JSON.');
    expect(t.seen).toEqual([]);
  });
});
