/**
 * Back-pressure and fair shedding for streamed answers, over real HTTP on 127.0.0.1 with the OpenAI-compatible
 * engine talking to a provider stub: past MAX_STREAMS a new chat is refused with 503 and Retry-After before anything
 * is stored, while the open ones go on; every way a stream ends gives its slot back; a reader that stops reading is
 * cut off with a bounded queue; a provider that stalls is cut at its time limits. The stub waits for the test between
 * its pieces, so "while A is open" is an order of events, not a timing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnswerEngine } from '../../server/answers/types';
import { MAX_QUEUED_BYTES } from '../../server/routes/event-stream';
import { BUSY_RETRY_AFTER_S } from '../../server/routes/stream-admission';
import { json, ORIGIN, reader, startServer, VISITOR_A, VISITOR_B, type StreamEvent, type TestServer } from './harness';
import { chunk, finish, gate, sse, standInProvider } from './stand-in-provider';

// ---------------------------------------------------------------- the provider stub

type Play = (res: ServerResponse, req: IncomingMessage) => Promise<void> | void;

/** One request the stub received: it resolves `closed` when the server's engine closes its connection. */
interface Asked {
  closed: Promise<void>;
}

/** What the stub plays for each request in turn; past the list, a short whole answer. */
let plays: Play[] = [];
let asked: Asked[] = [];

const whole: Play = (res) => {
  sse(res);
  res.end(chunk('A whole answer.') + finish);
};

const provider = standInProvider((res, _body, req) => {
  const closed = gate();
  res.on('close', closed.open);
  asked.push({ closed: closed.opened });
  void (plays.shift() ?? whole)(res, req);
});

let s: TestServer | undefined;
afterEach(async () => {
  await s?.stop();
  await s?.remove();
  s = undefined;
  plays = [];
  asked = [];
});

const openAi = (timeoutMs = 5_000, answerLimitMs?: number): AnswerEngine => provider.engine({ timeoutMs, answerLimitMs });

// ---------------------------------------------------------------- the widget's side

const QUESTION = { message: 'What are the fees?', path: '/fees', webPageContent: 'Fees are 0.45% a year.' };

async function ask(server: TestServer, visitor: string, init: { accept?: string; signal?: AbortSignal } = {}) {
  const req = json({ ...QUESTION, userSessionId: visitor });
  return server.call('/api/chat', {
    ...req,
    token: await server.tokenFor(visitor),
    signal: init.signal,
    headers: { ...(req.headers as Record<string, string>), Accept: init.accept ?? 'text/event-stream' },
  });
}

async function sessions(server: TestServer, visitor: string) {
  const res = await server.call(`/api/chat/sessions?userSessionId=${visitor}`, { token: await server.tokenFor(visitor) });
  return ((await res.json()) as { sessions: { id: string; totalMessages: number }[] }).sessions;
}

async function history(server: TestServer, visitor: string, chatSessionId: string) {
  const res = await server.call(`/api/chat/history?userSessionId=${visitor}&path=/fees&chatSessionId=${chatSessionId}`, {
    token: await server.tokenFor(visitor),
  });
  return ((await res.json()) as { history: Record<string, unknown>[] }).history;
}

const stored = async (server: TestServer, visitor: string, event: StreamEvent) =>
  (await history(server, visitor, (event.data.chatSession as { id: string }).id)).map((m) => [m.role, m.content, m.incomplete]);

/** A play that writes `first`, then waits for `go` before finishing. */
function held(first: string) {
  const go = gate();
  const play: Play = async (res) => {
    sse(res);
    res.write(chunk(first));
    await go.opened;
    res.end(chunk('and the rest.') + finish);
  };
  return { play, finish: go.open };
}

/** Asserts a chat is refused as the server being busy: 503, Retry-After, the JSON error; returns nothing stored for it. */
async function expectBusy(res: Response) {
  expect(res.status).toBe(503);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_S));
  expect(await res.json()).toMatchObject({ error: 'SERVER_BUSY' });
}

const VISITOR_C = 'visitor-cccccccc-3333';

/** Each test makes several chats in turn: on a busy machine, on PostgreSQL, they take longer than one. */
const PATIENT = { timeout: 30_000 };

// ---------------------------------------------------------------- the tests

describe('a stated number of answers at once', PATIENT, () => {
  it('past MAX_STREAMS a new chat is refused with 503 and Retry-After, nothing of it stored; the open streams go on to their end', async () => {
    const a = held('First ');
    const b = held('Second ');
    plays = [a.play, b.play];
    s = await startServer({ answers: openAi(), limits: { maxStreams: 2 } });
    const streamA = reader(await ask(s, VISITOR_A));
    const streamB = reader(await ask(s, VISITOR_B));
    // both open: their first pieces came
    for (const stream of [streamA, streamB]) {
      expect((await stream.next())!.event).toBe('start');
      expect((await stream.next())!.event).toBe('delta');
    }

    // a third, streamed or not, is refused before anything is stored: no session, no question
    await expectBusy(await ask(s, VISITOR_C));
    await expectBusy(await ask(s, VISITOR_C, { accept: 'application/json' }));
    expect(await sessions(s, VISITOR_C)).toEqual([]);
    expect(asked).toHaveLength(2);

    // the open ones are not dropped: each ends with its done, stored once, whole
    a.finish();
    b.finish();
    const [restA, restB] = await Promise.all([streamA.all(), streamB.all()]);
    expect(restA.at(-1)!.event).toBe('done');
    expect(restB.at(-1)!.event).toBe('done');
    expect(await stored(s, VISITOR_A, restA.at(-1)!)).toEqual([
      ['user', 'What are the fees?', undefined],
      ['ai', 'First and the rest.', undefined],
    ]);

    // their slots are free again: the refused visitor is answered now
    const again = await reader(await ask(s, VISITOR_C)).all();
    expect(again.at(-1)!.event).toBe('done');
    expect((await sessions(s, VISITOR_C)).map((x) => x.totalMessages)).toEqual([2]);
  });

  it('every way a stream ends gives its slot back, once: done, a provider error, a stall, the visitor leaving, a refusal after admission', async () => {
    s = await startServer({ answers: openAi(300), limits: { maxStreams: 1, chatPerVisitor: 4 } });
    // with one slot, each chat below is admitted only if every earlier one gave its slot back

    // done
    expect((await reader(await ask(s, VISITOR_A)).all()).at(-1)!.event).toBe('done');

    // a provider error mid-stream
    plays = [
      (res) => {
        sse(res);
        res.write(chunk('Half '));
        setImmediate(() => res.destroy());
      },
    ];
    expect((await reader(await ask(s, VISITOR_A)).all()).at(-1)).toMatchObject({ event: 'error', data: { error: 'PROVIDER_ERROR' } });

    // a provider that stalls (cut at its 300 ms)
    plays = [
      (res) => {
        sse(res);
        res.write(chunk('Then silence'));
      },
    ];
    expect((await reader(await ask(s, VISITOR_A)).all()).at(-1)).toMatchObject({ event: 'error', data: { error: 'PROVIDER_TIMEOUT' } });

    // the visitor leaves mid-answer
    const leaving = held('You asked ');
    plays = [leaving.play];
    const leave = new AbortController();
    const stream = reader(await ask(s, VISITOR_A, { signal: leave.signal }));
    await stream.next();
    await stream.next();
    leave.abort();
    // the server cancels its request to the provider once it has seen the visitor go (and given the slot back)
    await asked.at(-1)!.closed;
    leaving.finish();

    // a refusal after admission (the visitor’s rate limit: 4 a window, this is the 5th) gives it back too
    const limited = await ask(s, VISITOR_A);
    expect(limited.status).toBe(429);

    // the count is back to 0: one more is admitted...
    const last = held('Last ');
    plays = [last.play];
    const open = reader(await ask(s, VISITOR_B));
    expect((await open.next())!.event).toBe('start');
    // ...and not below it: while that one is open, the next is refused
    await expectBusy(await ask(s, VISITOR_C));
    last.finish();
    expect((await open.all()).at(-1)!.event).toBe('done');
  });
});

/**
 * Sends the chat request by hand on a raw TCP socket that then reads nothing (paused: the kernel's receive buffer
 * fills and the server's socket can write no more), like a visitor on a network that has stopped delivering.
 * `resume()` reads everything from then on and resolves with the whole response.
 */
async function stalledReader(server: TestServer, visitor: string) {
  const token = await server.tokenFor(visitor);
  const body = JSON.stringify({ ...QUESTION, userSessionId: visitor });
  const { port } = new URL(server.base);
  const socket = connect(Number(port), '127.0.0.1');
  // the server may close it (the test's end): nothing to report
  socket.on('error', () => undefined);
  socket.pause();
  socket.write(
    [
      'POST /api/chat HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Origin: ${ORIGIN}`,
      `Authorization: Bearer ${token}`,
      'Content-Type: application/json',
      'Accept: text/event-stream',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
  return {
    resume() {
      const parts: Buffer[] = [];
      socket.on('data', (b: Buffer) => parts.push(b));
      socket.resume();
      return new Promise<string>((r) => socket.on('close', () => r(Buffer.concat(parts).toString('utf8'))));
    },
  };
}

/** The events of a raw HTTP/1.1 response with a chunked SSE body, in order. */
function rawEvents(response: string): StreamEvent[] {
  const payload = response.slice(response.indexOf('\r\n\r\n') + 4);
  // undo the chunked framing: size line, bytes, CRLF
  let text = '';
  for (let at = 0; at < payload.length; ) {
    const eol = payload.indexOf('\r\n', at);
    const size = Number.parseInt(payload.slice(at, eol), 16);
    if (!size) break;
    text += payload.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
  return text
    .split('\n\n')
    .filter((e) => e.startsWith('event: '))
    .map((e) => {
      const [name, data] = e.split('\n');
      return { event: name!.slice('event: '.length), data: JSON.parse(data!.slice('data: '.length)) as Record<string, unknown> };
    });
}

// a few MB go through the kernel's buffers before the server's own queue grows, and are stored as the part answer
describe('a reader that stops reading', { timeout: 60_000 }, () => {
  it('does not make the server hold the answer: past the bound the stream is cut with the error event, the part answer stored once, incomplete', async () => {
    // How many bytes wait in the server's memory for the reader: in the response and its socket (the server writes its
    // events on the socket itself once the headers are out, or on the response), read after each write.
    let mostQueued = 0;
    let written = 0;
    const piece = `${'word '.repeat(200)}\n`;
    // a large answer, written as fast as the server takes it, up to 64 MB
    plays = [
      async (res) => {
        sse(res);
        let open = true;
        const closed = new Promise((r) => res.once('close', r)).then(() => (open = false));
        while (open && written < 64 * 1024 * 1024) {
          const more = res.write(chunk(piece));
          written += piece.length;
          if (!more) await Promise.race([new Promise((r) => res.once('drain', r)), closed]);
        }
        res.end();
      },
    ];
    s = await startServer({ answers: openAi() });
    let eventsWritten = 0;
    s.app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (req.url !== '/api/chat') return;
      for (const target of [res, res.socket!]) {
        const write = target.write.bind(target) as (...args: unknown[]) => boolean;
        target.write = ((...args: unknown[]) => {
          const more = write(...args);
          eventsWritten++;
          mostQueued = Math.max(mostQueued, res.writableLength);
          return more;
        }) as typeof target.write;
      }
    });
    const visitor = await stalledReader(s, VISITOR_A);
    // the server gives the stream up: it cancels its request to the provider
    await expect.poll(() => asked.length).toBe(1);
    await asked[0]!.closed;
    // what waited in the server's memory for the reader stayed within the bound (plus one event)
    expect(eventsWritten).toBeGreaterThan(2);
    expect(mostQueued).toBeGreaterThan(0);
    expect(mostQueued).toBeLessThanOrEqual(MAX_QUEUED_BYTES + 4 * 1024);
    // ... though the provider wrote far more than the kernel's buffers and the bound together hold
    expect(written).toBeGreaterThan(MAX_QUEUED_BYTES);
    expect(written).toBeLessThan(64 * 1024 * 1024);

    // the reader that reads again gets what was queued, then the error event, and the end
    const events = rawEvents(await visitor.resume());
    expect(events[0]!.event).toBe('start');
    const error = events.at(-1)!;
    expect(error).toMatchObject({ event: 'error', data: { error: 'CLIENT_TOO_SLOW', message: 'Failed to get AI response' } });
    // stored once: the question, and what the provider wrote before the cut, marked incomplete
    const rows = await history(s, VISITOR_A, (error.data.chatSession as { id: string }).id);
    expect(rows.map((m) => [m.role, m.incomplete])).toEqual([
      ['user', undefined],
      ['ai', true],
    ]);
    expect((rows[1]!.content as string).startsWith('word word')).toBe(true);
    expect((await sessions(s, VISITOR_A)).map((x) => x.totalMessages)).toEqual([2]);
  });
});

describe('a provider that stalls', PATIENT, () => {
  it('never sending its first piece (headers sent, or not even those): cut at its time limit, the error event, the question stored once, the slot given back', async () => {
    plays = [
      // the stream's headers, then nothing
      (res) => void sse(res),
      // not even the headers
      () => undefined,
    ];
    s = await startServer({ answers: openAi(300), limits: { maxStreams: 1 } });
    for (const visitor of [VISITOR_A, VISITOR_B]) {
      const events = await reader(await ask(s, visitor)).all();
      expect(events.filter((e) => e.event === 'delta')).toEqual([]);
      const error = events.at(-1)!;
      expect(error).toMatchObject({ event: 'error', data: { error: 'PROVIDER_TIMEOUT', message: 'Failed to get AI response' } });
      expect(await stored(s, visitor, error)).toEqual([['user', 'What are the fees?', undefined]]);
      // the server gave its request to the provider up
      await asked.at(-1)!.closed;
    }
    // one slot, and it is free
    expect((await reader(await ask(s, VISITOR_C)).all()).at(-1)!.event).toBe('done');
  });

  it('trickling pieces for ever, each within the piece limit: cut at the whole answer’s limit, the part answer stored once, incomplete', async () => {
    plays = [
      async (res) => {
        sse(res);
        let open = true;
        res.once('close', () => (open = false));
        // a piece every 50 ms (the piece limit is 5 s), until the server gives up: without a limit for the whole
        // answer, this stream would never end
        while (open) {
          res.write(chunk('more '));
          await new Promise((r) => setTimeout(r, 50));
        }
      },
    ];
    s = await startServer({ answers: openAi(5_000, 600), limits: { maxStreams: 1 } });
    const events = await reader(await ask(s, VISITOR_A)).all();
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(1);
    const error = events.at(-1)!;
    expect(error).toMatchObject({ event: 'error', data: { error: 'PROVIDER_TIMEOUT', aiMessage: { incomplete: true } } });
    const rows = await stored(s, VISITOR_A, error);
    expect(rows.map(([role, , incomplete]) => [role, incomplete])).toEqual([
      ['user', undefined],
      ['ai', true],
    ]);
    expect(rows[1]![1]).toMatch(/^more( more)*$/);
    await asked[0]!.closed;
    expect((await reader(await ask(s, VISITOR_B)).all()).at(-1)!.event).toBe('done');
  });
});
