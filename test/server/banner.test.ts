/** What `npm start` prints: every URL in it opens (200), on the server over real HTTP. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startBanner } from '../../server/banner';

let dir: string;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'banner-test-'));
  await mkdir(path.join(dir, 'public', 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'public', 'index.html'), '<!doctype html><title>shell</title><div id="app"></div>');
  await writeFile(path.join(dir, 'public', 'console.html'), '<!doctype html><title>console</title><div id="app"></div>');
  await mkdir(path.join(dir, 'widget'), { recursive: true });
  await writeFile(path.join(dir, 'widget', 'widget.js'), '(()=>{})();');
  app = await buildApp({ publicDir: path.join(dir, 'public'), widgetDir: path.join(dir, 'widget') });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  // a keep-alive socket of the fetches below would hold close() up (once, in CI, for its whole 60 s): the test's
  // requests are all answered by now, so their sockets go
  app?.server.closeAllConnections();
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every http(s) URL in `text`. */
const urlsIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]);

describe('the start banner', () => {
  const banner = () =>
    startBanner({
      base,
      apiKey: 'pk_demo',
      siteId: 'site_demo',
      answers: 'built-in',
      transcription: null,
      avatar: null,
      storage: 'SQLite data/horizon.db',
      retention: '90d',
    });

  it('names the journey, the inspector, the embed pages, the widget script, the console and the health check', () => {
    expect(urlsIn(banner())).toEqual([
      `${base}/`,
      `${base}/?inspect`,
      `${base}/smart-doc`,
      `${base}/smart-doc-multiple`,
      `${base}/video-embed`,
      `${base}/widget.js`,
      `${base}/console`,
      `${base}/healthz`,
    ]);
    // and how to make the console's first owner
    expect(banner()).toContain('npm run -s admin -- owner:invite --email');
    // and how to make them the demo site's owner (an invitation to an existing account takes its password)
    expect(banner()).toContain('npm run -s admin -- member:invite site_demo --email YOU@EXAMPLE.COM --role owner');
  });

  it('prints only URLs that open', async () => {
    for (const url of urlsIn(banner())) {
      const res = await fetch(url);
      // read whole, so that its connection is free again
      await res.arrayBuffer();
      expect([url, res.status]).toEqual([url, 200]);
    }
  });

  it('says what runs: the key, the engines, the data and how long it is kept', () => {
    const text = startBanner({
      base,
      apiKey: 'pk_demo',
      siteId: 'site_demo',
      answers: 'built-in',
      transcription: 'pocketsphinx',
      avatar: null,
      storage: 'SQLite data/horizon.db',
      retention: null,
    });
    expect(text).toContain('Demo site API key:           pk_demo');
    expect(text).toContain('Answers: built-in   Transcription: pocketsphinx   Avatar: off');
    expect(text).toContain("Data: SQLite data/horizon.db   Visitors' data kept: forever (RETENTION=off)");
  });
});
