/**
 * A stand-in OpenAI-compatible provider for the server's tests: a `node:http` server on 127.0.0.1, started before a
 * file's tests and closed after them, that hands each request (its whole body read) to the test's own play, and an
 * OpenAI-compatible engine pointed at it. The pieces of a streamed reply are written with {@link chunk} and
 * {@link finish} after {@link sse}.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createOpenAiEngine } from '../../server/answers/openai';
import type { AnswerEngine } from '../../server/answers/types';

/** A promise and its resolver: a stub waits on it for the test, so "while A is open" is an order of events. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

/** One `data:` event of a streamed reply carrying a piece of text. */
export const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

/** The end of a streamed reply: its `finish_reason`, then `[DONE]`. */
export const finish = `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;

/** The head of a streamed reply. */
export const sse = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });

/** The stand-in, once the file's tests have started it. */
export interface StandInProvider {
  /** Its base URL (`…/v1`), as `LLM_BASE_URL` takes it. */
  readonly url: string;
  /** The server's OpenAI-compatible engine on it, its piece limit 5 s unless given. */
  engine(limits?: { timeoutMs?: number; answerLimitMs?: number }): AnswerEngine;
}

/**
 * Starts the stand-in before the file's tests and closes it after them; `play` answers each request, called once
 * its body has been read whole.
 */
export function standInProvider(play: (res: ServerResponse, body: string, req: IncomingMessage) => void): StandInProvider {
  let server: Server | undefined;
  let url = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const body: Buffer[] = [];
      req.on('data', (c: Buffer) => body.push(c));
      req.on('end', () => play(res, Buffer.concat(body).toString('utf8'), req));
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  });
  return {
    get url() {
      return url;
    },
    engine: ({ timeoutMs = 5_000, answerLimitMs } = {}) =>
      createOpenAiEngine({ baseUrl: url, apiKey: 'k', model: 'm', timeoutMs, answerLimitMs }),
  };
}
