/**
 * The markdown renderer against XSS vectors in real Chromium: always the project's own
 * (test/fixtures/xss-vectors.ts), and the public corpus beside the repository when it is
 * there (../shared/xss-corpus: DOMPurify's alert vectors and OWASP's filter-evasion cheat
 * sheet; CI has it, a clone of the repository alone does not). Each payload
 * is rendered with `<Markdown text={payload} />` into its own container, once under a
 * strict CSP and once with no CSP at all, since the renderer must be safe on its own.
 * A control page puts `marked.parse` output into innerHTML to show the detectors work.
 *
 * The page and two bundles built here with esbuild's JS API (the renderer with the
 * widget's own options and plugins from esbuild.config.mjs) come from a node:http server on 127.0.0.1 started by this file;
 * the app server of global-setup is not used.
 */
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserDefaults, widgetPlugins } from '../../esbuild.config.mjs';
import { OWN_XSS_VECTORS } from '../fixtures/xss-vectors';
import { launchBrowser } from './browser';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The public corpus lives beside the repository (the CI clone has `shared/` next to it); it is never copied in. */
const corpusDir = path.resolve(repoRoot, '../shared/xss-corpus');
const hasCorpus =
  existsSync(path.join(corpusDir, 'dompurify-expect-alert.json')) && existsSync(path.join(corpusDir, 'owasp-xss-filter-evasion.json'));
/** The corpus's size, as its PROVENANCE.md gives it (141 DOMPurify + 110 OWASP). */
const CORPUS_SIZE = 251;

/** Elements no payload may produce inside a container. */
const FORBIDDEN =
  'script, iframe, frame, object, embed, img, picture, video, audio, source, svg, math, style, form, input:not([type="checkbox"][disabled]), button, textarea, select, base, meta, link, template, slot, canvas, applet, portal';
const MARKER = '__XSS_FIRED__';
const DONE = '__XSS_HARNESS_DONE__';

interface Payload {
  source: string;
  title: string;
  text: string;
}

/**
 * The harness: renders every payload into its own `.case`, then marks the body as done
 * once the page has loaded. `renderer` is what ships (`<Markdown>`, built with the
 * widget's own esbuild options and plugins); `control` is what the issue measured,
 * marked's HTML put into innerHTML.
 */
const harness = (kind: 'renderer' | 'control') => `
${kind === 'renderer' ? `import { render } from 'preact';\nimport Markdown from './src/markdown/markdown';` : `import { marked } from 'marked';`}

declare const PAYLOADS: string[];

// taken before any payload is in the page: the control's markup clobbers document.body and friends
const root = document.getElementById('root')!;
const body = document.body;
const log = console.log.bind(console);
PAYLOADS.forEach((text, i) => {
  const box = document.createElement('div');
  box.className = 'case';
  box.dataset.index = String(i);
  root.append(box);
  ${kind === 'renderer' ? 'render(<Markdown text={text} />, box);' : 'box.innerHTML = marked.parse(text, { async: false });'}
});

const finish = () =>
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      body.dataset.done = String(PAYLOADS.length);
      log('${DONE}');
    }),
  );
// after load: in the control, images have failed and their error handlers have run by then
if (document.readyState === 'complete') finish();
else addEventListener('load', finish);
`;

/** Runs in every frame before any page script: records every way a payload could announce itself. */
const INIT_SCRIPT = `(() => {
  const fired = (window.__xssFired = []);
  const record = (kind) => function (...args) {
    fired.push(kind + ':' + args.map(String).join(','));
    console.log('${MARKER}', kind, ...args);
  };
  for (const kind of ['alert', 'confirm', 'prompt', 'print']) window[kind] = record(kind);
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || ''));
  });
})();`;

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "img-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

let payloads: Payload[];
let bundles: { renderer: string; control: string };
let server: Server;
let origin: string;
/** Paths the test server was asked for, in order. */
let served: string[] = [];
let browser: Browser;

function page(mode: string) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>markdown xss ${mode}</title></head>
<body><div id="root"></div><script src="/${mode === 'control' ? 'control' : 'renderer'}.js"></script></body>
</html>`;
}

beforeAll(async () => {
  payloads = OWN_XSS_VECTORS.map((v) => ({ source: 'own', title: v.title, text: v.payload }));
  if (hasCorpus) {
    const dompurify = JSON.parse(await readFile(path.join(corpusDir, 'dompurify-expect-alert.json'), 'utf8')) as {
      title: string;
      payload: string;
    }[];
    const owasp = JSON.parse(await readFile(path.join(corpusDir, 'owasp-xss-filter-evasion.json'), 'utf8')) as string[];
    payloads.push(
      ...dompurify.map((d) => ({ source: 'dompurify', title: d.title, text: d.payload })),
      ...owasp.map((text, i) => ({ source: 'owasp', title: `block ${i + 1}`, text })),
    );
  }
  console.info(
    hasCorpus
      ? `markdown-xss: the project's ${OWN_XSS_VECTORS.length} vectors and the public corpus at ${corpusDir}`
      : `markdown-xss: the project's ${OWN_XSS_VECTORS.length} vectors only (no public corpus at ${corpusDir})`,
  );

  const build = async (kind: 'renderer' | 'control') => {
    const result = await esbuild.build({
      ...browserDefaults,
      // the renderer exactly as the widget ships it (marked reduced to its lexer, and so on)
      plugins: kind === 'renderer' ? widgetPlugins : [],
      stdin: { contents: harness(kind), loader: 'tsx', resolveDir: repoRoot, sourcefile: `markdown-xss-${kind}.tsx` },
      write: false,
      format: 'iife',
      sourcemap: false,
      legalComments: 'none',
      define: { ...browserDefaults.define, PAYLOADS: JSON.stringify(payloads.map((p) => p.text)) },
      logLevel: 'silent',
    });
    return result.outputFiles[0]!.text;
  };
  bundles = { renderer: await build('renderer'), control: await build('control') };

  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    served.push(url.pathname);
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
      res.end(body);
    };
    if (url.pathname === '/renderer.js') send(200, 'text/javascript; charset=utf-8', bundles.renderer);
    else if (url.pathname === '/control.js') send(200, 'text/javascript; charset=utf-8', bundles.control);
    else if (url.pathname === '/csp.html') send(200, 'text/html; charset=utf-8', page('csp'), { 'content-security-policy': CSP });
    else if (url.pathname === '/plain.html') send(200, 'text/html; charset=utf-8', page('plain'));
    else if (url.pathname === '/control.html') send(200, 'text/html; charset=utf-8', page('control'));
    else send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

interface Run {
  page: Page;
  dialogs: string[];
  markers: string[];
  requests: string[];
  popups: number;
  errors: string[];
  close: () => Promise<void>;
}

/** Opens `pagePath` in a fresh context, with every detector attached, and waits for the harness's done marker. */
async function run(pagePath: string): Promise<Run> {
  served = [];
  const context = await browser.newContext();
  await context.addInitScript(INIT_SCRIPT);
  const r: Run = {
    page: await context.newPage(),
    dialogs: [],
    markers: [],
    requests: [],
    popups: 0,
    errors: [],
    close: () => context.close(),
  };
  context.on('request', (req) => r.requests.push(req.url()));
  // recorded above, then kept off the network: nothing leaves the machine, even when a payload gets through
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  context.on('page', (p) => {
    if (p !== r.page) r.popups++;
  });
  // any page or frame of the context, popups included
  context.on('dialog', (d) => {
    r.dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  r.page.on('console', (m) => {
    if (m.text().startsWith(MARKER)) r.markers.push(m.text());
  });
  r.page.on('pageerror', (e) => r.errors.push(e.message));
  const done = r.page.waitForEvent('console', { predicate: (m) => m.text() === DONE, timeout: 30_000 });
  await r.page.goto(origin + pagePath);
  await done;
  expect(await r.page.evaluate(() => document.querySelector('body')!.dataset.done)).toBe(String(payloads.length));
  return r;
}

/** Everything wrong in the rendered containers, as readable lines. */
function inspectContainers(p: Page) {
  return p.evaluate(
    ({ forbidden }) => {
      const problems: string[] = [];
      const cases = [...document.querySelectorAll<HTMLElement>('#root > .case')];
      const fallbacks: Record<string, number> = {};
      let links = 0;
      for (const box of cases) {
        const at = `#${box.dataset.index}`;
        for (const el of box.querySelectorAll(forbidden)) problems.push(`${at}: <${el.tagName.toLowerCase()}>`);
        for (const el of box.querySelectorAll('*')) {
          for (const name of el.getAttributeNames()) {
            if (/^on/i.test(name)) problems.push(`${at}: ${el.tagName.toLowerCase()}[${name}]`);
            if (name === 'style') problems.push(`${at}: ${el.tagName.toLowerCase()}[style]`);
            if (/^(src|srcset|action|formaction|xlink:href|background|poster|data|codebase)$/i.test(name))
              problems.push(`${at}: ${el.tagName.toLowerCase()}[${name}]`);
          }
          if (el.tagName !== 'A' && el.hasAttribute('href')) problems.push(`${at}: ${el.tagName.toLowerCase()}[href]`);
        }
        for (const a of box.querySelectorAll<HTMLAnchorElement>('a')) {
          links++;
          const href = a.getAttribute('href');
          if (href === null) {
            problems.push(`${at}: <a> without href`);
            continue;
          }
          if (href.startsWith('#')) {
            if (a.hasAttribute('target')) problems.push(`${at}: fragment link with a target`);
            continue;
          }
          if (!['https:', 'http:', 'mailto:'].includes(a.protocol)) problems.push(`${at}: link to ${href}`);
          if (a.getAttribute('rel') !== 'noopener noreferrer') problems.push(`${at}: link rel ${a.getAttribute('rel')}`);
          if (a.getAttribute('target') !== '_blank') problems.push(`${at}: link target ${a.getAttribute('target')}`);
        }
        const fallback = box.querySelector<HTMLElement>('[data-part="plain-text"]');
        if (fallback) fallbacks[fallback.dataset.reason ?? '?'] = (fallbacks[fallback.dataset.reason ?? '?'] ?? 0) + 1;
        if (!box.querySelector('[data-part="markdown"]')) problems.push(`${at}: nothing rendered`);
      }
      // nothing may escape its container either
      const outside = [
        ...document.querySelectorAll('script, base, meta:not([charset]), link, style, iframe, object, embed, img, svg, form'),
      ].filter((el) => !(el.tagName === 'SCRIPT' && el.getAttribute('src') === '/renderer.js'));
      for (const el of outside) problems.push(`document: <${el.tagName.toLowerCase()}>`);
      const w = window as unknown as { __xssFired: string[]; __cspViolations: string[] };
      return { cases: cases.length, links, fallbacks, problems, fired: w.__xssFired, violations: w.__cspViolations, url: location.href };
    },
    { forbidden: FORBIDDEN },
  );
}

describe.each([
  ['under a strict CSP', '/csp.html'],
  ['with no CSP at all', '/plain.html'],
])('<Markdown> renders every XSS vector safely %s', (_, pagePath) => {
  it('runs no script, leaves no dangerous element, attribute or link, and requests nothing else', async () => {
    expect(payloads).toHaveLength(OWN_XSS_VECTORS.length + (hasCorpus ? CORPUS_SIZE : 0));
    const r = await run(pagePath);
    try {
      const found = await inspectContainers(r.page);
      console.info(
        `markdown-xss ${pagePath}: ${found.cases} payloads rendered (${['own', 'dompurify', 'owasp'].map((s) => `${payloads.filter((p) => p.source === s).length} ${s}`).join(' + ')}), ${found.links} links kept, plain-text fallbacks ${JSON.stringify(found.fallbacks)}`,
      );
      expect(found.cases).toBe(payloads.length);
      expect(found.problems).toEqual([]);
      expect(found.fired).toEqual([]);
      expect(found.violations).toEqual([]);
      expect(found.url).toBe(origin + pagePath);
      expect(r.dialogs).toEqual([]);
      expect(r.markers).toEqual([]);
      expect(r.errors).toEqual([]);
      expect(r.popups).toBe(0);
      // every request went to the test server, and only for the page and its bundle (a favicon at most)
      expect(r.requests.filter((u) => !u.startsWith(`${origin}/`))).toEqual([]);
      expect(new Set(served.filter((p) => p !== '/favicon.ico'))).toEqual(new Set([pagePath, '/renderer.js']));
    } finally {
      await r.close();
    }
  });
});

describe('the detectors', () => {
  it('catch what marked.parse into innerHTML lets through (the control)', async () => {
    const r = await run('/control.html');
    try {
      const found = await inspectContainers(r.page);
      const unsafeCases = new Set(
        found.problems.filter((line) => line.startsWith('#') && !line.endsWith('nothing rendered')).map((line) => line.split(':')[0]),
      );
      console.info(
        `markdown-xss control (marked.parse into innerHTML): script ran ${found.fired.length} times by load, ${unsafeCases.size} of ${found.cases} containers hold unsafe nodes, attributes or links, ${r.requests.filter((u) => !u.startsWith(`${origin}/`)).length} outside requests attempted`,
      );
      expect(found.fired.length).toBeGreaterThan(0);
      expect(r.markers.length).toBeGreaterThan(0);
      expect(unsafeCases.size).toBeGreaterThan(0);
    } finally {
      await r.close();
    }
  });
});
