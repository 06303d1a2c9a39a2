/**
 * Server-Sent Events on a Fastify reply (issue 16): `event:` and one `data:` line of JSON per
 * event, sent as each is written. Nothing holds them back: `text/event-stream` is not among the
 * types the compression plugin compresses, `Cache-Control: no-transform` asks proxies not to
 * rewrite the body, and `X-Accel-Buffering: no` asks nginx-style proxies not to buffer it. A
 * comment every {@link KEEP_ALIVE_MS} keeps idle proxies from closing the connection while the
 * answer engine thinks.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How often a comment line goes out while no event does. */
export const KEEP_ALIVE_MS = 15_000;

/** True when the request asks for an event stream (its `Accept` names `text/event-stream`). */
export function wantsEventStream(req: FastifyRequest): boolean {
  return /(^|,)\s*text\/event-stream\s*(;(?!\s*q=0(\.0*)?\s*(,|$))|,|$)/i.test(req.headers.accept ?? '');
}

/** An open event stream. */
export interface EventStream {
  /** Aborts when the client goes away before {@link EventStream.end}. */
  readonly signal: AbortSignal;
  /** Sends one event; does nothing once the stream has ended or the client has gone. */
  send(event: string, data: unknown): void;
  /** Ends the stream (once). */
  end(): void;
}

/** Starts an event stream as the reply (status 200, the headers it needs) and returns its writer. */
export function openEventStream(reply: FastifyReply): EventStream {
  const body = new PassThrough();
  // a write after the client left must not become an unhandled 'error'
  body.on('error', () => undefined);
  const gone = new AbortController();
  let ended = false;
  const beat = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  beat.unref();
  const write = (text: string) => {
    if (!ended && !gone.signal.aborted) body.write(text);
  };
  reply.raw.on('close', () => {
    clearInterval(beat);
    if (!ended) gone.abort(new Error('The client closed the connection before the answer was complete.'));
  });
  reply
    .code(200)
    .header('Content-Type', 'text/event-stream; charset=utf-8')
    .header('Cache-Control', 'no-cache, no-transform')
    .header('X-Accel-Buffering', 'no');
  void reply.send(body);
  // the headers and a first line go out at once: the client knows the answer is on its way
  write(': stream\n\n');
  return {
    signal: gone.signal,
    send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    end() {
      if (ended) return;
      ended = true;
      clearInterval(beat);
      body.end();
    },
  };
}
