/**
 * A load balancer for the tests of several server instances (issue 17): one origin on 127.0.0.1 whose
 * requests go to the instance the test names, so that "this call through instance B" is a line of the
 * test. It forwards as a reverse proxy does: method, path, headers (Host too: the instances see the
 * balancer's origin, as behind a real one) and bodies streamed both ways; an instance out of reach is a 502.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Balancer {
  /** The balancer's origin, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Sends every request from now on to the instance at `target` (its origin). */
  routeTo(target: string): void;
  close(): Promise<void>;
}

export async function startBalancer(initial: string): Promise<Balancer> {
  let target = new URL(initial);
  const server: Server = createServer((req, res) => {
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        // the instance went away mid-answer: the client sees its connection drop, as behind a real balancer
        answer.on('error', () => res.destroy());
        answer.on('aborted', () => res.destroy());
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
      else res.destroy();
    });
    req.pipe(upstream);
    // the client left: so does the request to the instance (a stream's reader gone, as a browser's Stop)
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    routeTo(next) {
      target = new URL(next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
