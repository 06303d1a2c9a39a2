/** The server over real HTTP on 127.0.0.1, serving a public folder made for the test. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../journey/routes';
import { buildApp, PAGE_CSP } from '../../server/app';
import { configFromEnv } from '../../server/config';

let dir: string;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'server-test-'));
  await mkdir(path.join(dir, 'assets', 'chunks'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>shell</title><div id="app"></div>');
  await writeFile(path.join(dir, 'assets', 'journey.js'), `export const text = ${JSON.stringify('lorem ipsum '.repeat(400))};`);
  await writeFile(path.join(dir, 'assets', 'chunks', 'screen-ABC123.js'), 'export {}');
  app = await buildApp({ publicDir: dir });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('history-API routing', () => {
  it.each(ROUTES.map((r) => r.path))('%s serves the app shell', async (p) => {
    const res = await fetch(base + p);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('<div id="app">');
  });

  it('a trailing slash is the same route', async () => {
    expect((await fetch(`${base}/investment/intro/`)).status).toBe(200);
  });

  it('an unknown page path serves the shell with 404, so the app can show its not-found page', async () => {
    const res = await fetch(`${base}/questionnaire/nope`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<div id="app">');
  });

  it('an unknown asset or API path is a JSON 404, not the shell', async () => {
    for (const p of ['/assets/missing.js', '/api/nothing']) {
      const res = await fetch(base + p);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
  });

  it('a POST to a page path is not answered with the shell', async () => {
    const res = await fetch(`${base}/`, { method: 'POST' });
    expect(res.status).toBe(404);
  });
});

describe('headers', () => {
  it('pages carry the strict CSP and no-sniff', async () => {
    const res = await fetch(`${base}/`);
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(PAGE_CSP).not.toMatch(/unsafe-(eval|inline)/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('entry files revalidate; hashed chunks are cached for good', async () => {
    const entry = await fetch(`${base}/assets/journey.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-type')).toMatch(/javascript/);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const chunk = await fetch(`${base}/assets/chunks/screen-ABC123.js`);
    expect(chunk.headers.get('cache-control')).toContain('immutable');
  });
});

describe('compression', () => {
  it('scripts go compressed to clients that accept it', async () => {
    const res = await fetch(`${base}/assets/journey.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toContain('lorem ipsum');
  });
});

describe('configuration', () => {
  it('defaults to loopback on 8787', () => {
    const c = configFromEnv({}, '/x');
    expect(c).toMatchObject({ port: 8787, host: '127.0.0.1' });
    expect(path.isAbsolute(c.dataDir)).toBe(true);
  });

  it('reads PORT, HOST and DATA_DIR', () => {
    expect(configFromEnv({ PORT: '0', HOST: '0.0.0.0', DATA_DIR: '/tmp/d' }, '/x')).toMatchObject({ port: 0, host: '0.0.0.0', dataDir: '/tmp/d' });
  });

  it.each(['abc', '-1', '70000', '1.5'])('rejects PORT=%s with a clear error', (port) => {
    expect(() => configFromEnv({ PORT: port }, '/x')).toThrow(/PORT must be a whole number/);
  });
});
