/**
 * The HTTP app: the built journey and its assets, with history-API routing (every
 * journey route serves the app, so a hard refresh lands on the right screen; an
 * unknown path serves it too, with status 404, and the app shows its not-found page).
 */
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LINK_PAGES } from '../journey/link-pages';
import { screenForPath } from '../journey/questionnaire';
import { registerApi } from './api';
import { type ConsoleServices, registerConsoleApi } from './console';
import { allowedHostsFrom, hostAllowed, type AllowedHosts } from './hosts';
import type { Mailer } from './mail';
import { registerJourneyAdviceRoutes } from './routes/journey-advice';
import { COMMON_HEADERS } from './response-headers';
import type { ApiServices } from './api-services';

/** The Content-Security-Policy of every page: no inline script, no eval, nothing from other origins. */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** widget.js's Cache-Control: a site's pages get a new widget within 5 minutes, and never wait for one. */
export const WIDGET_SCRIPT_CACHE = 'public, max-age=300, stale-while-revalidate=86400';

export interface AppOptions {
  /** The built browser files (index.html and assets/). */
  publicDir: string;
  /** The built widget (widget.js and widget/), served at the root. @default publicDir/../widget */
  widgetDir?: string;
  /** The API of widget-spec §7; without it the server only serves the pages. */
  api?: ApiServices;
  /** The operator console's API (`/console/api/`, docs/console.md); without it there is none. */
  console?: ConsoleServices;
  /** Values for the page's `__NAME__` placeholders (embed tokens, the demo key). */
  pageValues?: Record<string, string>;
  /** Fastify's logger: on, off, or its options (a `stream` to write the lines to, as a test reads them). @default false */
  logger?: FastifyServerOptions['logger'];
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address (the per-address limits), as fastify's
   * `trustProxy` takes it: true (any), a hop count, or addresses/CIDRs. @default false (the socket's address)
   */
  trustProxy?: boolean | number | string;
  /** The hosts answered (server/hosts.ts); others get 400. @default loopback names only */
  allowedHosts?: AllowedHosts;
  /** PUBLIC_URL: the server's own origin (`self`) comes from it rather than from each request's Host. */
  publicUrl?: string;
  /** The journey's advice files (`/journey/api`, docs/advice-records.md), served with the API: mail and the clock. @default the API's mail */
  advice?: { mailer: Mailer | null; now?: () => number };
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page with its `__NAME__` placeholders filled (attribute-escaped); unknown ones become empty. */
export function fillPage(html: string, values: Record<string, string>): string {
  return html.replace(/__([A-Z][A-Z0-9_]*)__/g, (_, name: string) => escapeAttribute(values[name] ?? ''));
}

/** Trusts the `hops` nearest proxies: X-Forwarded-For's entries from the right, up to that many. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // a hop count trusts that many proxies in front of this server (fastify's types take it as a function)
    trustProxy: typeof options.trustProxy === 'number' ? trustHops(options.trustProxy) : (options.trustProxy ?? false),
    // Wrong types are errors, not silently converted (a number where text belongs is a 400).
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });
  const shell = fillPage(await readFile(path.join(options.publicDir, 'index.html'), 'utf8'), options.pageValues ?? {});
  // the console's appearance preview (docs/console.md "The appearance preview"), where the build made it
  const previewFile = path.join(options.publicDir, 'console-preview.html');
  const previewPage = existsSync(previewFile) ? await readFile(previewFile, 'utf8') : null;

  // issue 14: a Host the server does not know is refused before anything else, so that no page, link or origin
  // check is ever computed from a forged one; `self` is PUBLIC_URL's origin when it is set
  const allowedHosts = options.allowedHosts ?? allowedHostsFrom({}, '127.0.0.1', options.publicUrl);
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : '';
  app.decorateRequest('selfOrigin', '');
  app.addHook('onRequest', async (req, reply) => {
    if (!hostAllowed(allowedHosts, req.host)) {
      return reply
        .code(400)
        .send({ error: 'BAD_REQUEST', message: 'Unknown host: this server answers only its own names (set PUBLIC_URL or ALLOWED_HOSTS).' });
    }
    req.selfOrigin = publicOrigin || `${req.protocol}://${req.host}`;
  });

  // Text (pages, scripts, styles, JSON) goes compressed; media and files that are already compressed do not.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.headers(COMMON_HEADERS);
    return payload;
  });

  await app.register(fastifyStatic, {
    root: path.join(options.publicDir, 'assets'),
    prefix: '/assets/',
    index: false,
    cacheControl: false,
    // the build writes a .br and a .gz beside each script and style (esbuild.config.mjs `precompress`)
    preCompressed: true,
    // Entry files keep their names between builds, so browsers revalidate them; chunks are content-hashed.
    setHeaders(res, filePath) {
      res.setHeader(
        'Cache-Control',
        filePath.includes(`${path.sep}chunks${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  // The widget: /widget.js and /widget/… (its core and on-demand chunks), for any site's pages.
  const widgetDir = options.widgetDir ?? path.join(options.publicDir, '..', 'widget');
  if (existsSync(widgetDir)) {
    await app.register(fastifyStatic, {
      root: widgetDir,
      prefix: '/',
      index: false,
      wildcard: false,
      cacheControl: false,
      decorateReply: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        // issue 13: widget.js, the one name a site pastes, is fresh for 5 minutes and then used while it is
        // revalidated; everything it loads has a content-hashed name and never changes
        // (the file sent may be its compressed copy, widget.js.br)
        res.setHeader(
          'Cache-Control',
          path.basename(filePath).replace(/\.(br|gz)$/, '') === 'widget.js' ? WIDGET_SCRIPT_CACHE : 'public, max-age=31536000, immutable',
        );
        res.setHeader('Vary', 'Accept-Encoding');
        // embeddable from any origin: the API's CORS rules decide who may use it
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      },
    });
  }

  const sendShell = (reply: FastifyReply, status: number) =>
    reply
      .code(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Content-Security-Policy', PAGE_CSP)
      .header('Cache-Control', 'no-cache')
      .send(shell);

  app.get('/healthz', async () => ({ ok: true }));

  if (previewPage)
    app.get('/console/preview', (_req, reply) =>
      reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Content-Security-Policy', PAGE_CSP)
        .header('Cache-Control', 'no-store')
        .send(previewPage),
    );

  if (options.api) await registerApi(app, options.api);
  if (options.api)
    await registerJourneyAdviceRoutes(app, {
      storage: options.api.storage,
      publicUrl: options.publicUrl,
      mailer: options.advice?.mailer ?? options.api.mailer ?? null,
      now: options.advice?.now,
    });
  if (options.console) await registerConsoleApi(app, options.console);

  // The console's page (docs/console.md): its shell for /console and every client route under it, with the same
  // CSP, kept out of every cache (after sign-out, Back shows nothing private); its API under /console/api/ is not a page.
  const consoleFile = path.join(options.publicDir, 'console.html');
  if (existsSync(consoleFile)) {
    const consoleShell = await readFile(consoleFile, 'utf8');
    const sendConsole = (req: FastifyRequest, reply: FastifyReply) => {
      if (req.url.startsWith('/console/api/'))
        return reply
          .code(404)
          .header('Cache-Control', 'no-store')
          .send({ error: 'NOT_FOUND', message: `No route for ${req.method} ${req.url}` });
      return reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Content-Security-Policy', PAGE_CSP)
        .header('Cache-Control', 'no-store')
        .send(consoleShell);
    };
    app.get('/console', sendConsole);
    app.get('/console/*', sendConsole);
  }

  app.setNotFoundHandler((req, reply) => {
    const pathname = new URL(req.url, 'http://localhost').pathname;
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !/^\/(assets|api|files|smart-doc|video|session)\//.test(pathname);
    if (!wantsPage) return reply.code(404).send({ error: 'NOT_FOUND', message: `No route for ${req.method} ${pathname}` });
    return sendShell(reply, screenForPath(pathname) || LINK_PAGES.includes(pathname) ? 200 : 404);
  });

  return app;
}
