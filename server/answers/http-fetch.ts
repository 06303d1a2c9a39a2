/**
 * The answer engine's calls to its provider over `node:http` / `node:https`, with the part of `fetch`'s shape the
 * engine reads (status, headers, `text()`, and the body as chunks of bytes). A streamed answer reads a piece every
 * few tens of milliseconds for seconds, thousands of answers at a time: undici's `fetch` hands each piece through a
 * WHATWG stream, which cost about 10 to 20 µs more per piece than a `node:http` response does (docs/benchmarks.md
 * "Scale"). Connections are kept alive and reused, as `fetch` does.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
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

/**
 * Hands each chunk of a response's body to `onChunk` as it arrives, until the body ends or `onChunk` returns true
 * (then the body is cancelled). Resolves at the end or the stop; rejects as `for await` over the body would (a
 * network error, an abort, a body cut short). A `node:http` body ({@link httpFetch}'s) is read through its `data`
 * events: `for await` costs every chunk a promise and a turn of the microtask queue, and a streamed answer is
 * thousands of chunks a second (docs/benchmarks.md "Scale"). Any other body (`fetch`'s) is read with `for await`.
 */
export async function eachChunk(body: unknown, onChunk: (bytes: Uint8Array) => boolean): Promise<void> {
  if (!(body instanceof Readable)) {
    for await (const bytes of body as AsyncIterable<Uint8Array>) if (onChunk(bytes)) return;
    return;
  }
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (err?: unknown) => {
      if (settled) return;
      settled = true;
      body.off('data', onData);
      stopWatching();
      if (err) reject(err);
      else resolve();
    };
    const onData = (bytes: Uint8Array) => {
      let stop: boolean;
      try {
        stop = onChunk(bytes);
      } catch (err) {
        settle(err);
        body.destroy();
        return;
      }
      if (stop) {
        settle();
        body.destroy();
      }
    };
    const stopWatching = finished(body, (err) => settle(err ?? undefined));
    body.on('data', onData);
  });
}
