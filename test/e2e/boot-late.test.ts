/**
 * A slow session boot in real Chromium against the real server, the boot's answer held by route
 * interception until the page shows what the test waits for, with a question queued through
 * `AIChatWidget.send` before widget.js loaded (the embedding docs' stub). The widget shows no error while
 * the boot is merely slow, and the question goes with the page's text; a boot that answers after the
 * widget gave up on it brings the chat back, and the question goes then, with the page's text.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserSuite } from './suite';

const baseUrl = inject('baseUrl');
const suite = browserSuite();

/** widget-spec §7 POST {base}session/boot. */
const BOOT = /\/session\/boot$/;
const QUESTION = 'What is the investment fee?';
const PAGE_TEXT = 'The investment fee is 0.7% a year.';
const UNABLE = 'Unable to load chat widget. Please try again later.';

/**
 * A page with some text, the stub with an `error` listener and a queued send, then widget.js; the boot is
 * held until the test calls `release`. Every POST {api}/chat body is kept in `sent`.
 */
async function queuedSend(): Promise<{
  page: Page;
  release: () => void;
  sent: { message: string; webPageContent: string }[];
  boots: () => number;
}> {
  // a failed send and a late boot are expected here; the widget says so in the console
  const page = await suite.page({ allowed: /AI chat widget|Unable to load chat widget/ });
  // the demo's key, read from its page without running it: this is a first visit (nothing stored)
  const key = /data-api-key="([^"]+)"/.exec(await (await page.request.get(`${baseUrl}/`)).text())![1];
  const stub = `window.AIChatWidget=window.AIChatWidget||{q:[]};['open','close','toggle','send','newChat','on','off'].forEach(function(m){AIChatWidget[m]=AIChatWidget[m]||function(){AIChatWidget.q.push([m].concat([].slice.call(arguments)))}});
    window.errors=[];AIChatWidget.on('error',function(e){errors.push(e&&e.message)});AIChatWidget.send(${JSON.stringify(QUESTION)});`;
  const html = `<!doctype html><html lang="en"><head><title>Fees</title></head><body><main><h1>Fees</h1><p>${PAGE_TEXT}</p></main>
    <script src="/assets/boot-late-stub.js"></script>
    <script src="/widget.js" data-api-key="${key}" data-api-url="/api" data-base-url="/"></script></body></html>`;
  await page.route(`${baseUrl}/boot-late`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.route(`${baseUrl}/assets/boot-late-stub.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: stub }));
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let boots = 0;
  await page.route(BOOT, async (route) => {
    boots++;
    await held;
    await route.continue();
  });
  const sent: { message: string; webPageContent: string }[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/chat$/.test(new URL(r.url()).pathname)) sent.push(JSON.parse(r.postData() ?? '{}'));
  });
  await page.goto(`${baseUrl}/boot-late`);
  return { page, release, sent, boots: () => boots };
}

const question = (page: Page) => page.locator('[data-part="message"][data-role="user"]').filter({ hasText: QUESTION });
const answers = (page: Page) => page.locator('[data-part="message"][data-role="ai"]:not([data-error])');
const errors = (page: Page) => page.evaluate(() => (window as unknown as { errors: string[] }).errors);

describe('a slow session boot, with a question queued before widget.js loaded', () => {
  it('while the boot is slow the question waits in the chat (no error); it then goes with the page text', async () => {
    const { page, release, sent } = await queuedSend();
    // the widget started (the launcher with the defaults, after the settings' patience) and ran the queued send:
    // the window is open on the chat with the question, waiting
    await question(page).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('alert').filter({ hasText: UNABLE }).count()).toBe(0);
    expect(sent).toEqual([]);

    release();
    await answers(page).first().waitFor({ timeout: 30_000 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message).toBe(QUESTION);
    expect(sent[0]!.webPageContent).toContain(PAGE_TEXT);
    expect(await page.getByRole('alert').filter({ hasText: UNABLE }).count()).toBe(0);
    expect(await errors(page)).toEqual([]);
    // the answer (longer than the window, under the page-awareness banner) is read from its start: the view
    // followed the conversation no further than that (src/chat-window/chat-tab.tsx)
    const list = page.locator('[data-part="messages"]');
    // (when it fails: the view's scroll and each message's role, status and top, for the message)
    const layout = () =>
      list.evaluate((el) => ({
        scroll: [el.scrollTop, el.clientHeight, el.scrollHeight],
        top: el.getBoundingClientRect().top,
        messages: [...el.querySelectorAll<HTMLElement>('[data-part="message"]')].map(
          (m) => `${m.dataset.role} ${m.dataset.status ?? ''} ${m.dataset.error ?? ''} ${Math.round(m.getBoundingClientRect().top)}`,
        ),
      }));
    try {
      await expect
        .poll(async () => {
          const [box, start] = await Promise.all([list.boundingBox(), answers(page).first().boundingBox()]);
          return start!.y - box!.y;
        })
        .toBeGreaterThan(-2);
    } catch (err) {
      throw new Error(`${(err as Error).message}\nthe view: ${JSON.stringify(await layout())}`);
    }
    const [box, start] = await Promise.all([list.boundingBox(), answers(page).first().boundingBox()]);
    expect(start!.y).toBeLessThan(box!.y + 40);
  });

  it("past the boot's patience the window says it cannot load, and so does the error event; the late answer brings the chat back, and the question goes with the page text", async () => {
    const { page, release, sent } = await queuedSend();
    const alert = page.getByRole('alert').filter({ hasText: UNABLE });
    // machines/constants.ts BOOT_PATIENCE_MS (10 s) after the boot went out
    await alert.waitFor({ timeout: 30_000 });
    await expect.poll(() => errors(page), { timeout: 15_000 }).toContain(UNABLE);
    expect(sent).toEqual([]);

    release();
    // the boot's late answer: the site's own settings, and the chat in place of the error, where the question
    // that waited behind the chat's history (which needed the boot too) now goes
    await page.getByRole('dialog', { name: 'Horizon Assistant' }).getByRole('log').waitFor({ timeout: 15_000 });
    expect(await alert.count()).toBe(0);
    await answers(page).first().waitFor({ timeout: 30_000 });
    await expect(question(page).count()).resolves.toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.webPageContent).toContain(PAGE_TEXT);
  });

  it('a Retry while the boot is late waits for the same boot (no second boot request): the error gives way, and the late answer brings the chat', async () => {
    const { page, release, sent, boots } = await queuedSend();
    const alert = page.getByRole('alert').filter({ hasText: UNABLE });
    await alert.waitFor({ timeout: 30_000 });
    expect(boots()).toBe(1);

    await page.getByRole('button', { name: 'Retry' }).click();
    // the error gives way to the window waiting for the settings again, and no new boot went out
    await expect.poll(() => alert.count(), { timeout: 5_000 }).toBe(0);
    expect(boots()).toBe(1);

    // the boot in flight answers (within the patience that Retry started again): the chat, and the question goes
    release();
    await page.getByRole('dialog', { name: 'Horizon Assistant' }).getByRole('log').waitFor({ timeout: 15_000 });
    await answers(page).first().waitFor({ timeout: 30_000 });
    expect(await alert.count()).toBe(0);
    expect(boots()).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.webPageContent).toContain(PAGE_TEXT);
  });
});
