/**
 * The answer engine's calls to its provider over `node:http` / `node:https`, with the part of `fetch`'s shape the
 * engine reads (status, headers, `text()`, and the body as chunks of bytes). A streamed answer reads a piece every
 * few tens of milliseconds for seconds, thousands of answers at a time: undici's `fetch` hands each piece through a
 * WHATWG stream, which cost about 10 to 20 µs more per piece than a `node:http` response does (docs/benchmarks.md
 * "Scale"). Connections are kept alive and reused, as `fetch` does.
 */
import http, { IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { finished, Readable } from 'node:stream';

const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/** What the engine sends: a method, headers as an object, a body as text, and a signal that stops the exchange. */
interface HttpFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** A response as the engine reads it: `fetch`'s `Response` where it matters. */
function responseOf(res: IncomingMessage): Response {
  const header = (name: string) => {
    const value = res.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : (value ?? null);
  };
  const status = res.statusCode ?? 0;
  const partial = {
    ok: status >= 200 && status < 300,
    status,
    statusText: res.statusMessage ?? '',
    headers: { get: header },
    // chunks of bytes (Buffers), as `for await` over a `Response`'s body gives them
    body: res,
    async text() {
      res.setEncoding('utf8');
      let text = '';
      for await (const chunk of res) text += chunk as string;
      return text;
    },
  };
  return partial as unknown as Response;
}

/** `fetch(url, init)` for the provider's calls, over `node:http(s)`; rejects as `fetch` does on a network error or an abort. */
export function httpFetch(url: string | URL, init: HttpFetchInit = {}): Promise<Response> {
  const target = new URL(url);
  const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<Response>((resolve, reject) => {
    const body = init.body ?? '';
    const req = client.request(
      target,
      {
        method: init.method ?? 'GET',
        headers: { ...init.headers, 'content-length': String(Buffer.byteLength(body)) },
        agent,
        signal: init.signal,
      },
      (res) => resolve(responseOf(res)),
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** How long a body whose reader is done may take to end (see {@link eachChunk}) before it is cancelled. */
export const DONE_GRACE_MS = 1_000;

/**
 * A client socket as `node:http` and `node:net` hold it: while `_paused`, the response's own reads do not resume it
 * (`node:http` pauses a server's sockets the same way); `_handle` is its TCP handle, whose reading stops and starts
 * as `node:net` stops and starts it (a paused stream alone would read on into its buffer); `encrypted` marks TLS.
 */
type PausableSocket = Socket & {
  _paused?: boolean;
  _handle?: { reading?: boolean; readStop?: () => number; readStart?: () => number } | null;
  encrypted?: boolean;
};

/**
 * Hands each chunk of a response's body to `onChunk` as it arrives, until the body ends or `onChunk` returns true
 * (then the body is cancelled) or `'done'` (the caller has all it wants: the rest of the body, its end, is let
 * through unread, so that a kept-alive connection goes back to its pool for the next call instead of being closed,
 * and a body that has not ended {@link DONE_GRACE_MS} later is cancelled). Resolves at the end or the stop; rejects
 * as `for await` over the body would (a network error, an abort, a body cut short). A `node:http` body ({@link httpFetch}'s) is read through its `data`
 * events: `for await` costs every chunk a promise and a turn of the microtask queue, and a streamed answer is
 * thousands of chunks a second (docs/benchmarks.md "Scale"). Any other body (`fetch`'s) is read with `for await`.
 *
 * `pauseMs`, asked after each read of a plain `node:http` body, stops reading its socket for that long (0: not at
 * all): what the other end writes meanwhile waits in the kernel and comes in the next read, in one piece of work
 * instead of one a write (pacing.ts). The socket reads again at the body's end or stop, before `node:http` reuses it.
 * A TLS body is read as it comes (its records are handed over one by one, held back or not).
 */
export async function eachChunk(
  body: unknown,
  onChunk: (bytes: Uint8Array) => boolean | 'done',
  pauseMs: () => number = () => 0,
): Promise<void> {
  if (!(body instanceof Readable)) {
    for await (const bytes of body as AsyncIterable<Uint8Array>) if (onChunk(bytes) !== false) return;
    return;
  }
  // a `node:http` response (its connection kept for the next call once it ends), and its socket when its reads can
  // be held back: a TLS socket hands its records over one by one whatever its TCP handle does
  const message = body instanceof IncomingMessage ? body : null;
  const socket: PausableSocket | null = message && !(message.socket as PausableSocket | null)?.encrypted ? message.socket : null;
  let held: NodeJS.Timeout | undefined;
  let heldMs = 0;
  let holding = false;
  // a rest is due once this turn's I/O is done (every piece read in it, and every piece the socket had buffered,
  // handed on first: a rest begun at the first of them would leave the others for the next, one a rest)
  let restDue = false;
  let over = false;
  const release = () => {
    if (!holding || !socket) return;
    holding = false;
    socket._paused = false;
    const handle = socket._handle;
    if (handle && !handle.reading && handle.readStart && !socket.destroyed) {
      handle.reading = true;
      handle.readStart();
    }
    socket.resume();
  };
  // after a turn's reads, the socket rests for the pause, if any
  const rest = () => {
    restDue = false;
    if (over || holding || !socket || socket.destroyed) return;
    const ms = pauseMs();
    if (ms <= 0) return;
    holding = true;
    socket._paused = true;
    socket.pause();
    // nothing is read while it rests: what comes waits in the kernel, and the read after the rest takes it all
    const handle = socket._handle;
    if (handle?.reading && handle.readStop) {
      handle.reading = false;
      handle.readStop();
    }
    if (held && heldMs === ms) held.refresh();
    else {
      clearTimeout(held);
      heldMs = ms;
      held = setTimeout(release, ms);
    }
  };
  const unrest = () => {
    over = true;
    clearTimeout(held);
    release();
  };
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (err?: unknown) => {
      if (settled) return;
      settled = true;
      body.off('data', onData);
      body.off('end', unrest);
      stopWatching();
      unrest();
      if (err) reject(err);
      else resolve();
    };
    const onData = (bytes: Uint8Array) => {
      let stop: boolean | 'done';
      try {
        stop = onChunk(bytes);
      } catch (err) {
        settle(err);
        body.destroy();
        return;
      }
      if (stop === 'done' && message) {
        settle();
        // the body's last bytes (its end) come with these or just after: read to nobody, they end it, and the
        // agent takes the connection back; destroyed before its end, the body would close the connection with it
        const cut = setTimeout(() => body.destroy(), DONE_GRACE_MS);
        body.once('close', () => clearTimeout(cut));
        body.resume();
      } else if (stop) {
        settle();
        body.destroy();
      } else if (socket && !restDue && !holding) {
        restDue = true;
        setImmediate(rest);
      }
    };
    const stopWatching = finished(body, (err) => settle(err ?? undefined));
    // at the end, before the agent takes the socket back for another request (it does so after the end's listeners)
    body.on('end', unrest);
    body.on('data', onData);
  });
}
