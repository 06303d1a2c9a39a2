/** The server over real HTTP on 127.0.0.1, serving a public folder made for the test. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../journey/routes';
import { buildApp, PAGE_CSP, WIDGET_SCRIPT_CACHE } from '../../server/app';
import { configFromEnv } from '../../server/config';

let dir: string;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'server-test-'));
  await mkdir(path.join(dir, 'assets', 'chunks'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>shell</title><div id="app"></div>');
  await writeFile(path.join(dir, 'console-preview.html'), '<!doctype html><title>Widget preview</title>');
  await writeFile(path.join(dir, 'assets', 'journey.js'), `export const text = ${JSON.stringify('lorem ipsum '.repeat(400))};`);
  await writeFile(path.join(dir, 'assets', 'chunks', 'screen-ABC123.js'), 'export {}');
  // the widget beside the pages, as the build lays it out: widget.js, its hashed core and chunks
  const widgetDir = path.join(dir, 'widget-build');
  await mkdir(path.join(widgetDir, 'widget', 'chunks'), { recursive: true });
  await writeFile(path.join(widgetDir, 'widget.js'), '(()=>{})();');
  await writeFile(path.join(widgetDir, 'widget', 'core-ABC123.js'), 'export {}');
  await writeFile(path.join(widgetDir, 'widget', 'chunks', 'chunk-DEF456.js'), 'export {}');
  // and the compressed copies the build writes beside its larger files (scripts/build/precompress.mjs)
  const big = `export const text = ${JSON.stringify('dolor sit amet '.repeat(300))};`;
  await writeFile(path.join(widgetDir, 'widget', 'chunks', 'chunk-BIG789.js'), big);
  await writeFile(path.join(widgetDir, 'widget', 'chunks', 'chunk-BIG789.js.br'), brotliCompressSync(big));
  await writeFile(path.join(widgetDir, 'widget', 'chunks', 'chunk-BIG789.js.gz'), gzipSync(big));
  await writeFile(path.join(widgetDir, 'widget.js.br'), brotliCompressSync('(()=>{})();'));
  app = await buildApp({ publicDir: dir, widgetDir });
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

  it.each(['/resume', '/partner'])('%s, a page a link opens (a resume code, a partner), is a page: 200 with the shell', async (path) => {
    const res = await fetch(`${base}${path}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="app">');
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

describe('the console’s appearance preview', () => {
  it('is its own page under the strict CSP, framable by the console only', async () => {
    const res = await fetch(`${base}/console/preview?site=abc`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Widget preview</title>');
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(PAGE_CSP).toContain("frame-ancestors 'self'");
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

  it('widget.js is fresh for 5 minutes and served stale while revalidated; its hashed core and chunks are cached for good (issue 13)', async () => {
    const script = await fetch(`${base}/widget.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe(WIDGET_SCRIPT_CACHE);
    expect(WIDGET_SCRIPT_CACHE).toMatch(/max-age=300.*stale-while-revalidate/);
    for (const file of ['/widget/core-ABC123.js', '/widget/chunks/chunk-DEF456.js']) {
      const res = await fetch(base + file);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });
});

describe('compression', () => {
  it('scripts go compressed to clients that accept it', async () => {
    const res = await fetch(`${base}/assets/journey.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await res.text()).toContain('lorem ipsum');
  });

  it("the widget's files go as the build compressed them, in the encoding the client accepts, and as they are to one that accepts none (issue 13)", async () => {
    const file = `${base}/widget/chunks/chunk-BIG789.js`;
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await fetch(file, { headers: { 'Accept-Encoding': accept } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await res.text()).toContain('dolor sit amet');
    }
    // undici's fetch always offers gzip and br: a raw request offers nothing
    const { request } = await import('node:http');
    const plain = await new Promise<{ encoding?: string; body: string }>((resolve, reject) => {
      request(file, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body }));
      })
        .on('error', reject)
        .end();
    });
    expect(plain.encoding).toBeUndefined();
    expect(plain.body).toContain('dolor sit amet');
  });

  it('widget.js keeps its short cache when its compressed copy is sent', async () => {
    const res = await fetch(`${base}/widget.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe(WIDGET_SCRIPT_CACHE);
    expect(await res.text()).toBe('(()=>{})();');
  });
});

describe('configuration', () => {
  it('defaults to loopback on 8787', () => {
    const c = configFromEnv({}, '/x');
    expect(c).toMatchObject({ port: 8787, host: '127.0.0.1' });
    expect(path.isAbsolute(c.dataDir)).toBe(true);
  });

  it('reads PORT, HOST and DATA_DIR', () => {
    expect(configFromEnv({ PORT: '0', HOST: '0.0.0.0', DATA_DIR: '/tmp/d' }, '/x')).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      dataDir: '/tmp/d',
    });
  });

  it.each(['abc', '-1', '70000', '1.5'])('rejects PORT=%s with a clear error', (port) => {
    expect(() => configFromEnv({ PORT: port }, '/x')).toThrow(/PORT must be a whole number/);
  });

  it('reads KEY_GRACE as a duration (24 h unset) and refuses anything else', () => {
    expect(configFromEnv({}, '/x').keyGraceMs).toBe(86_400_000);
    expect(configFromEnv({ KEY_GRACE: '90m' }, '/x').keyGraceMs).toBe(5_400_000);
    expect(() => configFromEnv({ KEY_GRACE: '1 day' }, '/x')).toThrow(/KEY_GRACE: .* is not a duration/);
  });

  it('reads REAUTH_AFTER as a duration (10 min unset), the console’s window for sensitive changes', () => {
    expect(configFromEnv({}, '/x').reauthAfterMs).toBe(600_000);
    expect(configFromEnv({ REAUTH_AFTER: '5s' }, '/x').reauthAfterMs).toBe(5_000);
    expect(() => configFromEnv({ REAUTH_AFTER: 'soon' }, '/x')).toThrow(/REAUTH_AFTER: .* is not a duration/);
  });

  it('refuses a REAUTH_AFTER over 30 minutes at start, naming the allowed range', () => {
    expect(configFromEnv({ REAUTH_AFTER: '30m' }, '/x').reauthAfterMs).toBe(1_800_000);
    for (const value of ['31m', '1801s', '1h', '1d'])
      expect(() => configFromEnv({ REAUTH_AFTER: value }, '/x')).toThrow(`REAUTH_AFTER must be a duration from 1s to 30m, not "${value}"`);
  });
});
