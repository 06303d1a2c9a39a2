/** The console's page (docs/console.md): its shell on every client route, with the strict CSP and no caching. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, PAGE_CSP } from '../../server/app';

let dir: string;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'console-shell-'));
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>shell</title><div id="app"></div>');
  await writeFile(path.join(dir, 'console.html'), '<!doctype html><title>Console</title><div id="console"></div>');
  app = await buildApp({ publicDir: dir });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the console’s shell', () => {
  it.each(['/console', '/console/', '/console/sign-in', '/console/invite/abc', '/console/sites/s1/members', '/console/anything'])(
    '%s serves it with the strict CSP, never cached',
    async (p) => {
      const res = await fetch(base + p);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="console">');
      expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
      expect(res.headers.get('cache-control')).toBe('no-store');
    },
  );

  it('an unknown /console/api/ path is a JSON 404, not the shell', async () => {
    const res = await fetch(`${base}/console/api/nothing`);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('the journey’s pages are unchanged', async () => {
    expect(await (await fetch(`${base}/`)).text()).toContain('<div id="app">');
  });
});
