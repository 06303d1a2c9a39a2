/**
 * A streamed answer's reply is hijacked (server/routes/event-stream.ts), so Fastify does not log its end: the stream
 * logs the same "request completed" line itself, with the request's id, its status and its time.
 */
import { request } from 'node:http';
import { Writable } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import type { AnswerEngine } from '../../server/answers/types';
import { json, ORIGIN, reader, startServer, VISITOR_A, type TestServer } from './harness';

let s: TestServer | undefined;
afterEach(async () => {
  await s?.stop();
  await s?.remove();
  s = undefined;
});

/** The server's log lines, parsed, as they are written. */
function logLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

async function ask(server: TestServer) {
  const req = json({ message: 'What are the fees?', path: '/fees', userSessionId: VISITOR_A });
  return server.call('/api/chat', {
    ...req,
    token: await server.tokenFor(VISITOR_A),
    headers: { ...(req.headers as Record<string, string>), Accept: 'text/event-stream' },
  });
}

/** The request's id, from the line Fastify writes as the chat's request comes in. */
const chatRequestId = (lines: Record<string, unknown>[]) =>
  lines.find((l) => l.msg === 'incoming request' && (l.req as { url?: string }).url === '/api/chat')?.reqId;

it('logs a streamed reply\'s "request completed" line once, with its request id, status and time', async () => {
  const log = logLines();
  s = await startServer({ logger: { level: 'info', stream: log.stream } });
  const res = await ask(s);
  expect(res.status).toBe(200);
  const events = await reader(res).all();
  expect(events.at(-1)?.event).toBe('done');

  const id = chatRequestId(log.lines);
  expect(id).toBeDefined();
  // the stream ends once its last bytes are handed over: the line is written by then or right after
  await expect.poll(() => log.lines.filter((l) => l.reqId === id && l.msg === 'request completed').length).toBe(1);
  const completed = log.lines.find((l) => l.reqId === id && l.msg === 'request completed')!;
  expect(completed.res).toEqual({ statusCode: 200 });
  expect(completed.cutOff).toBeUndefined();
  expect(completed.responseTime).toEqual(expect.any(Number));
  expect(completed.responseTime as number).toBeGreaterThan(0);
  expect(completed.level).toBe(30);
});

it('logs the line of a stream the visitor left before its end, marked cut off', async () => {
  const log = logLines();
  let written!: () => void;
  const firstPiece = new Promise<void>((resolve) => (written = resolve));
  // an answer that writes one piece, then waits until the visitor leaves
  const engine: AnswerEngine = {
    name: 'waiting',
    answer: (_req, signal, onDelta) =>
      new Promise((_resolve, reject) => {
        onDelta?.('The fees');
        written();
        signal?.addEventListener('abort', () => reject(signal.reason as Error));
      }),
  };
  s = await startServer({ answers: engine, logger: { level: 'info', stream: log.stream } });
  // the visitor's connection, its own, closed once the first piece has come
  const token = await s.tokenFor(VISITOR_A);
  const body = JSON.stringify({ message: 'What are the fees?', path: '/fees', userSessionId: VISITOR_A });
  const url = new URL('/api/chat', s.base);
  await new Promise<void>((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      agent: false,
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        Authorization: `Bearer ${token}`,
        Origin: ORIGIN,
      },
    });
    req.on('error', () => undefined);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (bytes: Buffer) => {
        text += bytes.toString('utf8');
        if (!text.includes('event: delta')) return;
        req.destroy();
        resolve();
      });
      res.on('error', () => undefined);
    });
    req.on('close', () => reject(new Error('closed before the first piece')));
    req.end(body);
  });
  await firstPiece;

  const id = chatRequestId(log.lines);
  await expect.poll(() => log.lines.filter((l) => l.reqId === id && l.msg === 'request completed').length).toBe(1);
  const completed = log.lines.find((l) => l.reqId === id && l.msg === 'request completed')!;
  expect(completed).toMatchObject({ res: { statusCode: 200 }, cutOff: true, level: 30 });
  expect(completed.responseTime).toEqual(expect.any(Number));
});
