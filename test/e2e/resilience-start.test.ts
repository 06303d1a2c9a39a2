/**
 * Issue 13 end to end, in real Chromium against the real server (the journey at '/' with the
 * widget), with the network shaped by route interception: the launcher appears while the API is
 * down or hangs (with the spec's defaults), the window then says why with Retry instead of a blank
 * panel, Retry works once the server answers again, and a chunk that failed to load once loads on
 * the next try.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './suite';

const baseUrl = inject('baseUrl');
const suite = browserSuite();

/** widget-spec §7 POST {base}session/boot, which carries the site's settings too (issue 13). */
const BOOT = /\/session\/boot$/;

async function open(expected: RegExp): Promise<Page> {
  const page = await suite.page({ allowed: expected });
  return page;
}

const launcher = (page: Page) => page.getByRole('button', { name: /^Open chat with/ }).last();
const answers = (page: Page) => page.locator('[data-part="message"][data-role="ai"]:not([data-error])');

describe('the widget starting on a bad network (issue 13)', () => {
  it('with the API down, the launcher still shows (the defaults); the window says why, with Retry, which works once the server answers', async () => {
    const page = await open(/Failed to fetch|ERR_CONNECTION_REFUSED|AI chat widget|status of/);
    await page.route(BOOT, (route) => route.abort('connectionrefused'));
    await page.goto(`${baseUrl}/`);
    // the spec's default agent name: the site's settings never came
    await launcher(page).waitFor({ timeout: 15_000 });
    expect(await launcher(page).getAttribute('aria-label')).toBe('Open chat with AI Agent');
    await launcher(page).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Unable to load chat widget. Please try again later.' });
    await alert.waitFor({ timeout: 15_000 });

    await page.unroute(BOOT);
    await page.getByRole('button', { name: 'Retry' }).click();
    // the site's own settings now, and a working chat
    const window = page.getByRole('dialog', { name: 'Horizon Assistant' });
    await window.waitFor({ timeout: 15_000 });
    const input = page.getByRole('textbox', { name: /^Message/ });
    await input.fill('What is the investment fee?');
    await input.press('Enter');
    await answers(page).first().waitFor({ timeout: 30_000 });
    expect(await alert.count()).toBe(0);
  });

  it('with the boot hanging, the launcher shows after a while with the defaults, and its window is never blank', async () => {
    const page = await open(/AI chat widget|timed out|signal|abort/i);
    await page.route(BOOT, () => undefined);
    const started = Date.now();
    await page.goto(`${baseUrl}/`);
    await launcher(page).waitFor({ timeout: 15_000 });
    // the settings' patience (machines/constants.ts SETTINGS_PATIENCE_MS, 3 s), not the boot's 10 s limit
    expect(Date.now() - started).toBeLessThan(9_000);
    await launcher(page).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect((await dialog.innerText()).trim()).not.toBe('');
  });

  it('widget.js draws the launcher in the site’s look before the core loads; a click meanwhile opens the window once it has', async () => {
    const page = await open(/^$/);
    // the core (the machines and the chat window) is held until the test lets it go
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = 0;
    await page.route(/\/widget\/core-[^/]+\.js$/, async (route) => {
      requested++;
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/`);
    // the site's agent name comes from the boot's answer, drawn by widget.js alone
    // (named by the agent's name alone: the words of a language come with the core)
    const first = page.getByRole('button', { name: 'Horizon Assistant', exact: true });
    await first.waitFor({ timeout: 15_000 });
    await expect.poll(() => requested, { timeout: 15_000 }).toBe(1);
    await first.click();
    const placeholder = page.getByRole('dialog', { name: 'Horizon Assistant' });
    expect((await placeholder.innerText()).trim()).toBe('…');
    expect(await placeholder.getAttribute('aria-busy')).toBe('true');
    expect(await first.getAttribute('aria-expanded')).toBe('true');

    release();
    // the engine takes the same launcher over and opens the window the click asked for
    await page.getByRole('textbox', { name: /^Message/ }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'Close chat' }).count()).toBeGreaterThan(0);
  });

  it('a chunk that failed to load is fetched again on the next try: the first answer is plain text, the next one formatted', async () => {
    const page = await open(/markdown|Failed to fetch dynamically imported module|status of 503/);
    let refused = 0;
    // the refusal is answered once the first answer is complete: its first words, drawn while it streams, may ask for
    // the chunk already, and a load refused then is forgotten, so the complete answer (drawn anew, with the server's
    // id) would load it again and be formatted
    let complete: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (complete = resolve));
    await page.route(
      /\/widget\/chunks\/markdown-[^/]+\.js$/,
      async (route) => {
        refused++;
        await answered;
        return route.fulfill({ status: 503, body: 'unavailable' });
      },
      { times: 1 },
    );
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    await page.goto(`${baseUrl}/`);
    await launcher(page).click();
    const input = page.getByRole('textbox', { name: /^Message/ });
    await input.waitFor();
    await input.fill('What is the investment fee?');
    await input.press('Enter');
    // plain text while the chunk loads, and for good once its load failed
    await answers(page).first().locator('[data-part="plain-text"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => refused, { timeout: 15_000 }).toBe(1);
    // the answer complete, still plain text (its one load held meanwhile): now that load is refused
    await answers(page)
      .first()
      .and(page.locator(':not([data-status="streaming"])'))
      .locator('[data-part="plain-text"]')
      .waitFor({ timeout: 30_000 });
    complete();
    // the failed load is over (the widget logs it) before the next answer asks for the chunk again
    await expect.poll(() => logged.some((t) => /AI chat widget/.test(t)), { timeout: 15_000 }).toBe(true);
    expect(await answers(page).first().locator('[data-part="plain-text"]').count()).toBe(1);

    await page.getByRole('textbox', { name: /^Message/ }).fill('Who is the adviser?');
    await page.getByRole('textbox', { name: /^Message/ }).press('Enter');
    const second = answers(page).nth(1);
    await second.waitFor({ timeout: 30_000 });
    // rendered by the markdown renderer, whose chunk loaded this time
    await second.locator('[data-part="bubble-content"] p:not([data-part="plain-text"])').first().waitFor();
  });
});
