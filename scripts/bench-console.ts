/**
 * `npm run bench:console`: the operator console's speed, each row beside a plain baseline measured in the same run
 * (docs/benchmarks.md "The console's speed"). Prints, as markdown tables,
 *
 *  1. the first screen's weight (`console-first-screen` in size-budget.json, as the build counts it);
 *  2. in headless Chromium at 4x CPU (CDP `Emulation.setCPUThrottlingRate`), cold (a fresh browser context per load),
 *     the median and spread of BENCH_RUNS loads of
 *     - the sign-in screen: from navigation start to the first animation frame in which it is interactive (the email
 *       field is laid out, enabled and takes focus, and the submit button is laid out and enabled), beside a static
 *       page with the same form;
 *     - the first screen after sign-in: from the click on the submit button to the first animation frame that shows a
 *       row of the sites list, with a real server and a seeded owner, beside a plain page whose own script makes the
 *       same sign-in call and lists the sites from `GET sites`;
 *  3. the appearance editor's preview, at 1x and 4x: from a keystroke in the Agent name field (the key event's
 *     `timeStamp`) to the preview's real widget showing the new name (a MutationObserver on its launcher's
 *     `aria-label`), and to the start of the next frame, against one frame (16.7 ms); beside a plain page whose own
 *     script writes the field's value into a same-origin frame's element on each `input`;
 *  4. the advice record's statement PDF, in this process (server/advice/statement-pdf.ts), a single client's and a
 *     couple's, beside a one-line pdfkit document.
 *
 * Every request stays on loopback: pages load through a proxy on 127.0.0.1 that answers the baseline pages and passes
 * the rest to the server (its own process, on a free port, with a fresh data folder); the browser resolves no host name.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import PDFDocument from 'pdfkit';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { computeAdvice, type AdviceResult } from '../journey/engine';
import type { Answers } from '../machines/journey-answers';
import { statementPdf } from '../server/advice/statement-pdf';
import { launchBrowser } from '../test/e2e/browser';
import { pageProxy } from './bench-page-proxy';
import { adminOf, invite } from '../test/e2e/console-owner';
import { startServer, type RunningServer } from '../test/e2e/server';
import { FY2025_26, household } from '../test/journey/engine-fixtures';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS || 9));
/** Keystrokes timed per preview page (three pages per CPU rate). */
const KEYS = Math.max(1, Number(process.env.BENCH_KEYS || 12));
/** Which parts run (comma-separated: screens, preview, pdf); @default all of them. */
const ONLY = new Set((process.env.BENCH_ONLY || 'screens,preview,pdf').split(','));
const HARD_LIMIT_MS = Number(process.env.BENCH_TIMEOUT_MS || 420_000);
const STEP_TIMEOUT_MS = 30_000;
const FRAME_MS = 1000 / 60;
const EMAIL = 'bench-owner@example.com';
const PASSWORD = 'a long bench pass phrase';

const ms = (n: number) => (n < 100 ? n.toFixed(1) : Math.round(n).toString());

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
/** The median with the spread: `median (min–max)`. */
const stats = (xs: number[]) => `${ms(median(xs))} | ${ms(Math.min(...xs))}–${ms(Math.max(...xs))}`;

let server: RunningServer | undefined;
let browser: Browser | undefined;

const hardTimer = setTimeout(() => {
  console.error(`\nbench-console: hard limit of ${HARD_LIMIT_MS} ms reached; stopping`);
  // Playwright kills the browser it launched when this process exits; the server is killed here
  void (server?.kill() ?? Promise.resolve()).finally(() => process.exit(1));
}, HARD_LIMIT_MS);
hardTimer.unref();

function withTimeout<T>(p: Promise<T>, limit: number, what: string): Promise<T> {
  let t: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(t)),
    new Promise<never>((_, reject) => {
      t = setTimeout(() => reject(new Error(`${what} timed out after ${limit} ms`)), limit);
    }),
  ]);
}

// ---------------------------------------------------------------- the baseline pages

const HEAD =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">';
/** The sign-in screen's form (console/screens/sign-in.tsx), as static HTML: same ids, fields and button. */
const FORM = `<section data-screen="sign-in"><h1>Sign in</h1><form id="form" novalidate>
<div><label for="sign-in-email">Email</label><input id="sign-in-email" name="email" type="email" autocomplete="username" required></div>
<div><label for="sign-in-password">Password</label><input id="sign-in-password" name="password" type="password" autocomplete="current-password" required></div>
<button type="submit">Sign in</button></form></section>`;
/** The same form whose own script signs in and lists the sites, as the console's calls do (POST sign-in, GET sites). */
const SIGN_IN_SCRIPT = `<script>
document.getElementById('form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const body = JSON.stringify({ email: e.target.email.value, password: e.target.password.value });
  await fetch('/console/api/sign-in', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  const sites = await (await fetch('/console/api/sites')).json();
  const section = document.createElement('section');
  section.dataset.screen = 'sites';
  section.innerHTML = '<h1>Your sites</h1><table><tbody></tbody></table>';
  for (const s of sites) {
    const tr = section.querySelector('tbody').insertRow();
    tr.insertCell().textContent = s.name;
    tr.insertCell().textContent = s.role;
  }
  document.body.replaceChildren(section);
});
</script>`;
/** A field and a same-origin frame whose element takes the field's value on each input: the preview's floor. */
const PREVIEW_PLAIN = `<label for="name">Agent name</label><input id="name"><iframe id="frame" srcdoc="<button aria-label='Open chat with'>Chat</button>"></iframe><script>
const input = document.getElementById('name');
input.addEventListener('input', () => {
  document.getElementById('frame').contentDocument.querySelector('button').setAttribute('aria-label', 'Open chat with ' + input.value);
});
</script>`;

const PAGES: Record<string, string> = {
  '/bench-sign-in-static': `${HEAD}<title>Sign in</title></head><body>${FORM}</body></html>`,
  '/bench-sign-in-plain': `${HEAD}<title>Sign in</title></head><body>${FORM}${SIGN_IN_SCRIPT}</body></html>`,
  '/bench-preview-plain': `${HEAD}<title>Preview</title></head><body>${PREVIEW_PLAIN}</body></html>`,
};

// ---------------------------------------------------------------- in the page

/**
 * Runs in every page before its scripts: watches each animation frame for the interactive sign-in form (from
 * navigation start), and, from a click on its submit button, for a row of the sites list; reports each once through a
 * CDP binding, so no waiting script of Playwright's runs in the page meanwhile.
 */
function initScript() {
  if (window !== window.top) return;
  const report = (what: string, t: number) =>
    (window as unknown as { __benchReport?: (p: string) => void }).__benchReport?.(JSON.stringify({ what, t }));
  const laidOut = (el: Element | null): el is HTMLElement => !!el && el.getBoundingClientRect().width > 0;
  const watch = (what: string, ready: () => boolean, from: number) => {
    const tick = () => {
      if (ready()) report(what, performance.now() - from);
      else if (performance.now() < 120_000) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  // interactive: the email field laid out, enabled and focusable, and the submit button laid out and enabled
  watch(
    'sign-in',
    () => {
      const email = document.getElementById('sign-in-email') as HTMLInputElement | null;
      const button = email?.form?.querySelector('button[type="submit"]') as HTMLButtonElement | null | undefined;
      if (!laidOut(email) || email.disabled || !laidOut(button ?? null) || button!.disabled) return false;
      email.focus();
      return document.activeElement === email;
    },
    0,
  );
  document.addEventListener(
    'click',
    (e) => {
      if (!(e.target as Element).closest?.('button[type="submit"]')) return;
      watch('sites', () => laidOut(document.querySelector('[data-screen="sites"] tbody tr')), e.timeStamp);
    },
    true,
  );
}

/**
 * Runs in the editor's page (or the plain one): times each keystroke in the field of id `input` from its key event to the
 * launcher's `aria-label` in `frame` (the preview's widget, or the plain frame's button) holding the field's value,
 * and to the start of the frame after that. Returns nothing; the samples gather in `window.__benchKeys`.
 */
function keystrokeProbe({ input, frame, launcher }: { input: string; frame: string; launcher: string }) {
  const w = window as unknown as { __benchKeys: { dom: number; frame: number }[] };
  w.__benchKeys = [];
  const field = document.getElementById(input) as HTMLInputElement;
  const doc = (document.querySelector(frame) as HTMLIFrameElement).contentDocument!;
  const target = () => {
    const host = doc.querySelector('ai-chat-widget');
    return (host ? host.shadowRoot!.querySelector(launcher) : doc.querySelector(launcher)) as Element;
  };
  let pressed: number | undefined;
  field.addEventListener('keydown', (e) => (pressed = e.timeStamp), true);
  const root = doc.querySelector('ai-chat-widget')?.shadowRoot ?? doc;
  new MutationObserver(() => {
    if (pressed === undefined || !target()?.getAttribute('aria-label')?.endsWith(field.value)) return;
    const from = pressed;
    pressed = undefined;
    const dom = performance.now() - from;
    // the frame's own clock: the preview's next animation frame is the one that paints the change
    doc.defaultView!.requestAnimationFrame(() => w.__benchKeys.push({ dom, frame: performance.now() - from }));
  }).observe(root, { subtree: true, attributes: true, attributeFilter: ['aria-label'], childList: true });
}

// ---------------------------------------------------------------- loads

interface Reporter {
  cdp: CDPSession;
  next(what: string): Promise<number>;
}

/** A CDP session on `page` with the report binding, and a way to await a report by name. */
async function reporter(page: Page): Promise<Reporter> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: '__benchReport' });
  const waiting = new Map<string, (t: number) => void>();
  const got = new Map<string, number>();
  cdp.on('Runtime.bindingCalled', (e) => {
    if (e.name !== '__benchReport') return;
    const { what, t } = JSON.parse(e.payload) as { what: string; t: number };
    const resolve = waiting.get(what);
    if (resolve) resolve(t);
    else got.set(what, t);
  });
  return {
    cdp,
    next: (what) =>
      withTimeout(
        got.has(what) ? Promise.resolve(got.get(what)!) : new Promise<number>((resolve) => waiting.set(what, resolve)),
        STEP_TIMEOUT_MS,
        `the ${what} report`,
      ),
  };
}

interface SignInSample {
  interactive: number;
  sites: number;
}

/** One cold load of `path` at `rate`x CPU: time to the interactive form, then signing in and time to the sites list. */
async function signInLoad(b: Browser, origin: string, path: string, rate: number): Promise<SignInSample> {
  const context = await b.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  try {
    await context.addInitScript({ content: `(${initScript.toString()})();` });
    const page = await context.newPage();
    const r = await reporter(page);
    await r.cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(origin + path, { waitUntil: 'commit', timeout: STEP_TIMEOUT_MS });
    const interactive = await r.next('sign-in');
    await page.locator('#sign-in-email').fill(EMAIL);
    await page.locator('#sign-in-password').fill(PASSWORD);
    await page.locator('button[type="submit"]').click();
    const sites = await r.next('sites');
    return { interactive, sites };
  } finally {
    await context.close();
  }
}

/** Signs in by the API in `page` (on the proxy's origin), as the console does. */
async function signInByApi(page: Page, origin: string) {
  await page.goto(`${origin}/bench-sign-in-static`);
  const status = await page.evaluate(
    async ([email, password]) =>
      (
        await fetch('/console/api/sign-in', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password }),
        })
      ).status,
    [EMAIL, PASSWORD] as const,
  );
  if (status !== 200) throw new Error(`sign-in answered ${status}`);
}

/** Keystrokes in the appearance editor's Agent name (or the plain page's field) at `rate`x CPU: their samples. */
async function previewKeys(b: Browser, origin: string, site: string | null, rate: number) {
  const context = await b.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    let probe: Parameters<typeof keystrokeProbe>[0];
    if (site) {
      await signInByApi(page, origin);
      await page.goto(`${origin}/console/sites/${site}/appearance`);
      await page.getByText(/^Published: version/).waitFor({ timeout: STEP_TIMEOUT_MS });
      const frame = (await page.locator('iframe[title^="Live preview"]').elementHandle())!;
      const preview = (await frame.contentFrame())!;
      await preview.locator('ai-chat-widget [data-part="launcher"][aria-label]').waitFor({ timeout: STEP_TIMEOUT_MS });
      const name = page.getByLabel('Agent name', { exact: true });
      await name.fill('');
      await name.focus();
      probe = { input: (await name.getAttribute('id'))!, frame: 'iframe[title^="Live preview"]', launcher: '[data-part="launcher"]' };
    } else {
      await page.goto(`${origin}/bench-preview-plain`);
      probe = { input: 'name', frame: '#frame', launcher: 'button' };
      await page.locator('#name').focus();
    }
    // the first keystrokes warm the path up (the preview's own chunk, its first render): not counted
    await page.keyboard.type('Ab', { delay: 50 });
    await page.evaluate(keystrokeProbe, probe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    for (let i = 0; i < KEYS; i++) {
      await page.keyboard.press(String.fromCharCode(97 + (i % 26)));
      await page.waitForFunction((n) => (window as unknown as { __benchKeys: unknown[] }).__benchKeys.length > n, i, {
        timeout: STEP_TIMEOUT_MS,
      });
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return (await page.evaluate(() => (window as unknown as { __benchKeys: { dom: number; frame: number }[] }).__benchKeys)) as {
      dom: number;
      frame: number;
    }[];
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------- the statement PDF

async function pdfRows() {
  const issuedAt = new Date('2026-03-02T01:00:00Z');
  const single = household({ debts: [['credit-card', '500', '20']] });
  const couple = household({ relationshipStatus: 'couple', income: '120000', partner: { income: '70000' } });
  const recommended = (a: Answers): AdviceResult => {
    const r = computeAdvice(a, { asOf: FY2025_26 });
    if (r.status !== 'recommended') throw new Error(`expected a recommendation, got ${r.status}`);
    return r;
  };
  const inputs = {
    single: { answers: single, result: recommended(single), names: ['Alex Citizen'], issuedAt, statementId: 'st_single' },
    couple: { answers: couple, result: recommended(couple), names: ['Alex Citizen', 'Sam Citizen'], issuedAt, statementId: 'st_couple' },
  };
  const oneLine = () =>
    new Promise<Uint8Array>((resolve, reject) => {
      const doc = new PDFDocument({ size: 'A4' });
      const parts: Buffer[] = [];
      doc.on('data', (c: Buffer) => parts.push(c));
      doc.on('end', () => resolve(Buffer.concat(parts)));
      doc.on('error', reject);
      doc.text('Statement of advice');
      doc.end();
    });
  const time = async (make: () => Promise<Uint8Array>) => {
    const t = performance.now();
    const bytes = await make();
    return { ms: performance.now() - t, bytes: bytes.length };
  };
  const first = { single: await time(() => statementPdf(inputs.single)), couple: await time(() => statementPdf(inputs.couple)) };
  const rows: Record<string, { ms: number; bytes: number }[]> = { baseline: [], single: [], couple: [] };
  await time(oneLine);
  for (let i = 0; i < RUNS * 2; i++) {
    rows.baseline!.push(await time(oneLine));
    rows.single!.push(await time(() => statementPdf(inputs.single)));
    rows.couple!.push(await time(() => statementPdf(inputs.couple)));
  }
  console.log(`\n### The statement PDF (median of ${rows.single!.length}, in this process, 1x CPU; target: under 500 ms)\n`);
  console.log('| what | ms | (min–max) | KB | first call ms |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  const kb = (xs: { bytes: number }[]) => (xs[0]!.bytes / 1024).toFixed(1);
  console.log(`| baseline: a one-line pdfkit document | ${stats(rows.baseline!.map((x) => x.ms))} | ${kb(rows.baseline!)} | |`);
  console.log(`| a single client's statement | ${stats(rows.single!.map((x) => x.ms))} | ${kb(rows.single!)} | ${ms(first.single.ms)} |`);
  console.log(`| a couple's statement | ${stats(rows.couple!.map((x) => x.ms))} | ${kb(rows.couple!)} | ${ms(first.couple.ms)} |`);
  console.log(
    "\n`statementPdf` (server/advice/statement-pdf.ts) called directly with the engine's result for the test files' household (a single client with a small debt; a couple), `performance.now()` around each call; the first call of each (pdfkit's fonts, the module's first run) is its own column and not in the median.",
  );
}

// ---------------------------------------------------------------- main

async function main() {
  const started = Date.now();
  const cpus = os.cpus();
  server = await startServer();
  const admin = adminOf(() => server!);
  const { siteId, link } = await invite(admin, EMAIL, 'owner');
  const accepted = await fetch(`${server.url}/console/api/invites/${link.split('/').at(-1)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ password: PASSWORD }),
  });
  if (accepted.status !== 200) throw new Error(`accepting the invitation answered ${accepted.status}`);
  const proxy = await pageProxy(server.url, PAGES, { 'Cache-Control': 'no-store' });
  try {
    browser = await withTimeout(launchBrowser(['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']), 30_000, 'browser launch');
    console.log('\n## Console benchmark\n');
    console.log(
      `${new Date().toISOString()} · node ${process.version} · ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? 'unknown'}) · load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} at the start · Chromium ${browser.version()} headless · ${RUNS} runs per row`,
    );

    if (ONLY.has('screens')) await screenRows(browser, proxy.origin);
    if (ONLY.has('preview')) await previewRows(browser, proxy.origin, siteId);
  } finally {
    proxy.server.close();
    if (browser) await withTimeout(browser.close(), 10_000, 'browser close').catch((err: unknown) => console.error(err));
    await server.stop();
  }
  if (ONLY.has('pdf')) await pdfRows();
  console.log(`\n_${((Date.now() - started) / 1000).toFixed(1)} s in all._`);
  clearTimeout(hardTimer);
}

async function screenRows(browser: Browser, origin: string) {
  const rows = { console: [] as SignInSample[], plain: [] as SignInSample[] };
  // warm-up: the server's file cache and the browser's first-launch costs, not counted
  await signInLoad(browser, origin, '/console', 4);
  await signInLoad(browser, origin, '/bench-sign-in-plain', 4);
  // rounds interleave the pages, so drift over time affects every row alike
  for (let i = 0; i < RUNS; i++) {
    rows.console.push(await signInLoad(browser, origin, '/console', 4));
    rows.plain.push(await signInLoad(browser, origin, '/bench-sign-in-plain', 4));
  }
  const m = (xs: number[]) => median(xs);
  console.log(`\n### The console's first screens (median of ${RUNS} cold loads, 4x CPU)\n`);
  console.log('| what | page | ms | (min–max) | over the plain page |');
  console.log('| --- | --- | ---: | ---: | ---: |');
  const interactive = { plain: rows.plain.map((x) => x.interactive), console: rows.console.map((x) => x.interactive) };
  const sites = { plain: rows.plain.map((x) => x.sites), console: rows.console.map((x) => x.sites) };
  console.log(`| navigation start to an interactive sign-in | baseline: static form | ${stats(interactive.plain)} | |`);
  console.log(`| | the console, /console | ${stats(interactive.console)} | +${ms(m(interactive.console) - m(interactive.plain))} |`);
  console.log(`| submit to the sites list shown | baseline: the form's own script, the same calls | ${stats(sites.plain)} | |`);
  console.log(`| | the console | ${stats(sites.console)} | +${ms(m(sites.console) - m(sites.plain))} |`);
  console.log(
    "\nInteractive: the first animation frame (its `performance.now()`, navigation start = 0) in which the email field is laid out, enabled and takes focus, and the submit button is laid out and enabled. The console first asks `GET session` (401), then loads the sign-in screen's chunk. Sites list: from the submit button's click (its event `timeStamp`) to the first animation frame with a row of the list; the console signs in, loads the sites screen's chunk and asks `GET sites`; the baseline's own script makes the same two calls and writes the rows. A fresh browser context per load (cold).",
  );
}

async function previewRows(browser: Browser, origin: string, siteId: string) {
  const keys: Record<string, { dom: number; frame: number }[]> = {};
  for (const rate of [1, 4])
    for (let i = 0; i < 3; i++)
      for (const [name, site] of [
        ['plain', null],
        ['preview', siteId],
      ] as const)
        keys[`${name}@${rate}`] = [...(keys[`${name}@${rate}`] ?? []), ...(await previewKeys(browser, origin, site, rate))];
  console.log(`\n### The appearance editor's preview (${KEYS * 3} keystrokes per row, in three pages; one frame: ${ms(FRAME_MS)} ms)\n`);
  console.log('| CPU | what | keystroke to the DOM ms | (min–max) | keystroke to the next frame ms | (min–max) |');
  console.log('| ---: | --- | ---: | ---: | ---: | ---: |');
  for (const rate of [1, 4]) {
    const plain = keys[`plain@${rate}`]!;
    const preview = keys[`preview@${rate}`]!;
    console.log(
      `| ${rate}x | baseline: a field's input written into a same-origin frame | ${stats(plain.map((x) => x.dom))} | ${stats(plain.map((x) => x.frame))} |`,
    );
    console.log(
      `| ${rate}x | the preview's widget (its launcher's name) | ${stats(preview.map((x) => x.dom))} | ${stats(preview.map((x) => x.frame))} |`,
    );
  }
  console.log(
    "\nFrom the key event's `timeStamp` in the Agent name field to the MutationObserver callback that sees the preview's launcher named with the field's value (`performance.now()` of the editor's page), and to the preview frame's next `requestAnimationFrame` (the frame that paints it). A key typed by CDP (`Input.dispatchKeyEvent`), the next only once the last one showed.",
  );
}

await main();
