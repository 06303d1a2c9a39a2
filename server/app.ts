/**
 * The HTTP app: the built journey and its assets, with history-API routing (every
 * journey route serves the app, so a hard refresh lands on the right screen; an
 * unknown path serves it too, with status 404, and the app shows its not-found page).
 */
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { screenForPath } from '../journey/routes';
import type { ServerConfig } from './config';

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

export async function buildApp(config: Pick<ServerConfig, 'publicDir'>, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  const shell = await readFile(path.join(config.publicDir, 'index.html'), 'utf8');

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    return payload;
  });

  await app.register(fastifyStatic, {
    root: path.join(config.publicDir, 'assets'),
    prefix: '/assets/',
    index: false,
    cacheControl: false,
    // Entry files keep their names between builds, so browsers revalidate them; chunks are content-hashed.
    setHeaders(res, filePath) {
      res.setHeader('Cache-Control', filePath.includes(`${path.sep}chunks${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const sendShell = (reply: FastifyReply, status: number) =>
    reply
      .code(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Content-Security-Policy', PAGE_CSP)
      .header('Cache-Control', 'no-cache')
      .send(shell);

  app.get('/healthz', async () => ({ ok: true }));

  app.setNotFoundHandler((req, reply) => {
    const pathname = new URL(req.url, 'http://localhost').pathname;
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !pathname.startsWith('/assets/') && !pathname.startsWith('/api/');
    if (!wantsPage) return reply.code(404).send({ error: 'NOT_FOUND', message: `No route for ${req.method} ${pathname}` });
    return sendShell(reply, screenForPath(pathname) ? 200 : 404);
  });

  return app;
}
