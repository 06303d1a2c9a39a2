/**
 * The browser benches' own loopback origin in front of the server (`npm run bench`, `npm run bench:console`): it
 * answers the benches' synthetic pages and passes every other request through unchanged, its Host too (a site that
 * allows `self`, or a console that checks its calls' Origin, then takes this origin as its own). Every timed load goes
 * through it instead of Playwright's routing, which turns the browser's HTTP cache off (a repeat visit would not be
 * one) and whose fulfilled responses skip the network emulation (the page's own HTML would come free).
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts the proxy for `base`: a GET of a path in `pages` is answered with that HTML and `headers` (beside its
 * Content-Type); anything else goes to the server.
 */
export async function pageProxy(
  base: string,
  pages: Record<string, string>,
  headers: Record<string, string>,
): Promise<{ origin: string; server: Server }> {
  const target = new URL(base);
  const server = createServer((req, res) => {
    const html = req.method === 'GET' ? pages[new URL(req.url ?? '/', 'http://x').pathname] : undefined;
    if (html !== undefined) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...headers });
      return res.end(html);
    }
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
