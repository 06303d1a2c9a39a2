/**
 * `AIChatWidget.setAppearance` end to end (the operator console's live preview): a page queues a preview through the
 * stub before widget.js loads; the real widget shows the previewed agent name and launcher colour with the window
 * closed and open, follows a later call live (once loaded, in the caller's own task), and a reload shows the site's own look (the preview is never stored).
 * Calls made while the preview's chunk is still loading end on the last one, whatever order the browser settles
 * their imports in.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserSuite } from './suite';

const baseUrl = inject('baseUrl');
const suite = browserSuite();

const launcher = (page: Page) => page.getByRole('button', { name: /^(Open chat with|Close chat)/ }).last();

/** The launcher's background colour, from inside the widget's shadow root. */
const launcherColour = (page: Page) =>
  page.evaluate(() => {
    const button = document.querySelector('ai-chat-widget')?.shadowRoot?.querySelector('[data-part="launcher"]');
    return button ? getComputedStyle(button).backgroundColor : null;
  });

describe('AIChatWidget.setAppearance', () => {
  it('previews the agent’s name and the launcher’s colour, closed and open, live; a reload shows the site’s own', async () => {
    const page = await suite.page();
    // the stub a page puts before the script tag, with a preview queued (on the first load only)
    await page.addInitScript(() => {
      const w = window as unknown as { AIChatWidget?: { q: unknown[][] } & Record<string, unknown> };
      w.AIChatWidget = w.AIChatWidget || { q: [] };
      for (const m of ['open', 'close', 'toggle', 'send', 'newChat', 'setLocale', 'setAppearance', 'on', 'off'])
        w.AIChatWidget[m] ||= (...args: unknown[]) => w.AIChatWidget!.q.push([m, ...args]);
      if (!sessionStorage.getItem('previewed')) {
        sessionStorage.setItem('previewed', '1');
        (w.AIChatWidget.setAppearance as (f: unknown) => void)({ agentName: 'Preview Agent', launcher: { backgroundColor: '#b91c1c' } });
      }
    });
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Open chat with Preview Agent' }).waitFor();
    expect(await launcherColour(page)).toBe('rgb(185, 28, 28)');

    await launcher(page).click();
    const dialog = page.getByRole('dialog', { name: 'Preview Agent' });
    await dialog.waitFor();
    expect(await dialog.getByText('Preview Agent').first().isVisible()).toBe(true);

    // live, with the window open: a new call replaces the fields (the launcher's colour is the site's again)
    await page.evaluate(() =>
      (window as unknown as { AIChatWidget: { setAppearance(f: unknown): void } }).AIChatWidget.setAppearance({ agentName: 'Live Agent' }),
    );
    await page.getByRole('dialog', { name: 'Live Agent' }).waitFor();
    expect(await launcherColour(page)).not.toBe('rgb(185, 28, 28)');
    await launcher(page).click();
    await page.getByRole('button', { name: 'Open chat with Live Agent' }).waitFor();
    // its chunk loaded, a call shows in the caller's own task (its microtasks, no task between): the console's preview
    // paints a keystroke in the frame that shows it in the field
    const sameTask = await page.evaluate(async () => {
      (window as unknown as { AIChatWidget: { setAppearance(f: unknown): void } }).AIChatWidget.setAppearance({ agentName: 'Same Task' });
      for (let i = 0; i < 50; i++) await Promise.resolve();
      return document.querySelector('ai-chat-widget')?.shadowRoot?.querySelector('[data-part="launcher"]')?.getAttribute('aria-label');
    });
    expect(sameTask).toBe('Open chat with Same Task');

    // the look stored for the next visit is the site's own
    const stored = await page.evaluate(() =>
      Object.entries(localStorage)
        .filter(([k]) => k.startsWith('ai_chat_settings_'))
        .map(([, v]) => JSON.parse(v).appearance.agentName),
    );
    expect(stored).toEqual(['Horizon Assistant']);
    await page.reload();
    await page.getByRole('button', { name: 'Open chat with Horizon Assistant' }).waitFor();
    expect(await launcherColour(page)).not.toBe('rgb(185, 28, 28)');
  });

  it('calls made while its chunk loads end on the last call’s fields', async () => {
    const page = await suite.page();
    // the chunk is held until every call has been made: each call waits for it
    let requested!: () => void;
    const asked = new Promise<void>((resolve) => (requested = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/chunks/preview-*.js', async (route) => {
      requested();
      await released;
      await route.continue();
    });
    // the stub's listener hears the widget's 'ready' (docs/embedding.md "Programmatic API")
    await page.addInitScript(() => {
      const w = window as unknown as { AIChatWidget: { q: unknown[][] }; widgetReady?: boolean };
      w.AIChatWidget = { q: [['on', 'ready', () => (w.widgetReady = true)]] };
    });
    await page.goto(`${baseUrl}/`);
    await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady);
    const colours = ['#111111', '#222222', '#333333', '#444444', '#b91c1c'];
    await page.evaluate(async (list) => {
      for (const backgroundColor of list) {
        (window as unknown as { AIChatWidget: { setAppearance(f: unknown): void } }).AIChatWidget.setAppearance({
          launcher: { backgroundColor },
        });
        // each in a task of its own, as a console's keystrokes come
        await new Promise((resolve) => setTimeout(resolve));
      }
    }, colours);
    await asked;
    release();
    await expect.poll(() => launcherColour(page)).toBe('rgb(185, 28, 28)');
    // and it stays: an earlier call's import settling later does not bring its colour back
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await launcherColour(page)).toBe('rgb(185, 28, 28)');
  });
});
