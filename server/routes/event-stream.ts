/**
 * Server-Sent Events on a Fastify reply (issue 16): `event:` and one `data:` line of JSON per
 * event, sent as each is written. Nothing holds them back: `text/event-stream` is not among the
 * types the compression plugin compresses, `Cache-Control: no-transform` asks proxies not to
 * rewrite the body, and `X-Accel-Buffering: no` asks nginx-style proxies not to buffer it. A
 * comment every {@link KEEP_ALIVE_MS} keeps idle proxies from closing the connection while the
 * answer engine thinks.
 *
 * A reader that does not keep up (a visitor on a bad network, or one whose connection hangs without closing) does
 * not make the server hold the answer for it: the writer counts what it has handed over and the socket has not
 * taken yet, and past {@link MAX_QUEUED_BYTES} it gives the stream up as the visitor leaving would, with the reason
 * {@link SlowReaderError} (the answer engine stops, and the route stores what was written, marked incomplete); the
 * stream then takes only its error event and its end. Once ended, a stream whose last bytes the reader has not
 * taken within {@link END_GRACE_MS} has its connection closed.
 *
 * The events are written on the raw response (the reply is hijacked once its headers are known), not piped to it
 * through a stream: an answer's every piece is one event, thousands of answers at a time, and a pipe cost each
 * piece a pass through a `PassThrough` and its `data` event (docs/benchmarks.md "Scale"); once the headers are out,
 * each event goes on the response's socket itself as one chunk of its chunked body (one write a piece). The headers
 * Fastify's hooks set before the handler ran (CORS) go out with the stream's own and the server's common ones. Fastify still
 * logs a hijacked reply's "request completed" line when it finishes; a stream cut before its end logs the same line
 * (request id, status, response time) itself, marked `cutOff`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { COMMON_HEADERS } from '../response-headers';
import { streamOpened } from '../answers/pacing';

/** How often a comment line goes out while no event does. */
export const KEEP_ALIVE_MS = 15_000;

/**
 * The most bytes of one stream waiting in this server's memory for its reader (beyond what the kernel's socket
 * buffers hold): about four times a whole answer's stream (a few KB of text, each piece framed as an event, then
 * the done event), so a reader that is slow but reading is never cut off, and 2,000 stalled readers hold at most
 * 128 MB.
 */
export const MAX_QUEUED_BYTES = 64 * 1024;

/** How long an ended stream's last bytes may wait for a reader that does not take them before its connection is closed. */
export const END_GRACE_MS = 30_000;

/** Why a stream was given up: its reader did not take what was written (see {@link MAX_QUEUED_BYTES}). */
export class SlowReaderError extends Error {
  constructor() {
    super(`The client read the answer too slowly: more than ${MAX_QUEUED_BYTES} bytes were waiting for it.`);
    this.name = 'SlowReaderError';
  }
}

/** True when the request asks for an event stream (its `Accept` names `text/event-stream`). */
export function wantsEventStream(req: FastifyRequest): boolean {
  return /(^|,)\s*text\/event-stream\s*(;(?!\s*q=0(\.0*)?\s*(,|$))|,|$)/i.test(req.headers.accept ?? '');
}

/** An open event stream. */
export interface EventStream {
  /**
   * Aborts when the client goes away before {@link EventStream.end}, or when it reads too slowly (the reason is
   * then a {@link SlowReaderError}).
   */
  readonly signal: AbortSignal;
  /** True once the stream was given up because its reader did not keep up. */
  readonly tooSlow: boolean;
  /**
   * Sends one event; does nothing once the stream has ended or the client has gone, nor, once it reads too slowly,
   * for any event but `error`.
   */
  send(event: string, data: unknown): void;
  /** Sends a `delta` event of `text` (`{ text }`), as `send('delta', { text })` does, without a JSON object made for it. */
  delta(text: string): void;
  /** Ends the stream (once). */
  end(): void;
}

/** Starts an event stream as the reply (status 200, the headers it needs) and returns its writer. */
export function openEventStream(reply: FastifyReply): EventStream {
  const raw = reply.raw;
  const gone = new AbortController();
  let ended = false;
  let closed = raw.destroyed;
  let tooSlow = false;
  let grace: NodeJS.Timeout | undefined;
  // counted among the instance's open streams, which set how often their providers are read (pacing.ts)
  const uncount = streamOpened();
  const beat = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  beat.unref();
  // set once the headers are on the socket: whether each event goes there itself as a chunk of the body
  let socket: Socket | null = null;
  const write = (text: string) => {
    if (ended || closed) return;
    if (socket) socket.write(`${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`);
    else raw.write(text);
    // what was written and not yet taken by the kernel: in the response and in its socket's buffer
    if (!tooSlow && raw.writableLength > MAX_QUEUED_BYTES) {
      tooSlow = true;
      gone.abort(new SlowReaderError());
    }
  };
  raw.on('close', () => {
    closed = true;
    uncount();
    clearInterval(beat);
    clearTimeout(grace);
    if (!ended) gone.abort(new Error('The client closed the connection before the answer was complete.'));
    // Fastify logs a response that finished ('request completed'); one cut before its end (the visitor left, or its
    // reader was too slow) it no longer sees once hijacked: the same line, with the same fields, says how it ended
    if (!raw.writableFinished) reply.log.info({ res: reply, responseTime: reply.elapsedTime, cutOff: true }, 'request completed');
  });
  // a write after the client left must not become an unhandled 'error'
  raw.on('error', () => undefined);
  reply.hijack();
  if (closed) gone.abort(new Error('The client closed the connection before the answer was complete.'));
  else {
    raw.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      ...COMMON_HEADERS,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
    // The headers go out now; then, when the body is chunked (HTTP/1.1) and nothing of this response waits in it for
    // its socket (an earlier response on the same connection still writing), each event is written on the socket as
    // one chunk of the body, framed here as the response would frame it: one write a piece instead of the response's
    // four under a cork (size, CRLF, text, CRLF) and its uncork on the next tick. The response still ends the body
    // (its last chunk) and counts what waits in the socket as its own (`writableLength`).
    raw.flushHeaders();
    if (raw.chunkedEncoding && raw.socket && raw.writableLength === raw.socket.writableLength) socket = raw.socket;
  }
  // the headers and a first line go out at once: the client knows the answer is on its way
  write(': stream\n\n');
  return {
    signal: gone.signal,
    get tooSlow() {
      return tooSlow;
    },
    send(event, data) {
      if (!tooSlow || event === 'error') write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    delta(text) {
      if (!tooSlow) write(`event: delta\ndata: {"text":${JSON.stringify(text)}}\n\n`);
    },
    end() {
      if (ended) return;
      ended = true;
      uncount();
      clearInterval(beat);
      if (closed) return;
      raw.end();
      // a reader that takes nothing more must not keep its connection, and what waits for it, for ever
      grace = setTimeout(() => raw.writableFinished || raw.destroy(), END_GRACE_MS);
      grace.unref();
    },
  };
}
