/**
 * Dark mode in Chromium, the visitor's system set to dark (`prefers-color-scheme`): axe-core (WCAG 2.2 AA,
 * contrast included) on each state of the widget (the launcher with its bubble,
 * Home, Chat with an answer, its buttons and the page-awareness banner, History, Settings, a failed answer,
 * a widget that cannot start), at a desktop width and at a phone's narrowest, and on the Ask-question modal,
 * which stays light (widget-spec §2); then the appearance's colorScheme end to end: 'dark' and 'light'
 * forced whatever the system, 'auto' following it live, a site's own colour kept. Every journey route in dark is
 * scanned with the light scans, from the same page loads: filled in a11y-states.test.ts, the first visit in
 * a11y-routes.test.ts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { violations } from './axe';
import { browserSuite } from './suite';

const baseUrl = inject('baseUrl');
const suite = browserSuite();

const BOOT = /\/session\/boot$/;
const WIDTHS = [1280, 320] as const;

const launcher = (page: Page) => page.getByRole('button', { name: /^(Open chat with|Close chat)/ }).last();
/** The computed colour of the first element `selector` finds in the widget's shadow root. */
const colour = (page: Page, selector: string, property: 'background-color' | 'color' = 'background-color') =>
  page.evaluate(
    ([sel, prop]) => {
      const el = document.querySelector('ai-chat-widget')?.shadowRoot?.querySelector(sel);
      return el ? getComputedStyle(el).getPropertyValue(prop) : null;
    },
    [selector, property] as const,
  );

/** A page of the journey with the widget, the system set to `scheme`, the site's appearance overridden by `appearance`. */
async function open(
  scheme: 'light' | 'dark',
  width = 1280,
  appearance: Record<string, unknown> = {},
  allowed: RegExp | null = null,
): Promise<Page> {
  const page = await suite.page({ viewport: { width, height: width < 500 ? 640 : 900 }, allowed });
  await page.emulateMedia({ colorScheme: scheme });
  await page.route(BOOT, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, appearance: { ...body.appearance, ...appearance } } });
  });
  await page.goto(`${baseUrl}/`);
  return page;
}

describe('the widget in dark: no axe violations', () => {
  it.each(WIDTHS)('at %i px: the launcher and bubble, Home, Chat with an answer, History, Settings, a failed answer', async (width) => {
    // (the failed answer's 500 is logged by the browser)
    const page = await open('dark', width, {}, /status of 500/);
    await page.locator('ai-chat-widget [data-part="bubble"]').waitFor();
    expect(await violations(page)).toEqual([]);

    await launcher(page).click();
    await page.getByRole('group', { name: 'Suggested actions' }).waitFor();
    // dark indeed: the window's ground is the dark default
    expect(await colour(page, '[data-part="window"]')).toBe('rgb(17, 24, 39)');
    expect(await violations(page)).toEqual([]);

    const menu = async (item: string) => {
      await page.getByRole('button', { name: 'Navigation' }).click();
      await page.getByRole('menuitemradio', { name: item, exact: true }).click();
    };
    await menu('Chat');
    const input = page.getByRole('textbox', { name: /^Message/ });
    await input.fill('What is the investment fee?');
    await input.press('Enter');
    await page.locator('[data-part="message"][data-role="ai"]:not([data-status])').first().waitFor();
    await page.getByRole('group', { name: 'Suggested questions' }).waitFor();
    await page.locator('ai-chat-widget [data-part="chat"] [data-part="banner"]').waitFor();
    expect(await violations(page)).toEqual([]);

    await page.route('**/api/chat', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }), { times: 1 });
    await input.fill('Who is the adviser?');
    await input.press('Enter');
    await page.locator('[data-part="message"][data-error]').getByText('Failed to get AI response').waitFor();
    expect(await violations(page)).toEqual([]);

    await menu('History');
    await page.locator('[data-part="history-item"][data-current]').waitFor();
    expect(await violations(page)).toEqual([]);

    await menu('Settings');
    await page.locator('[data-part="settings"]').waitFor();
    expect(await violations(page)).toEqual([]);
  });
});

describe('the widget that cannot start, in dark', () => {
  it('says so in the dark window, with Retry, and no axe violations', async () => {
    const page = await suite.page({ allowed: /Failed to fetch|ERR_CONNECTION_REFUSED|AI chat widget|status of/ });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.route(BOOT, (route) => route.abort('connectionrefused'));
    await page.goto(`${baseUrl}/`);
    await launcher(page).waitFor({ timeout: 15_000 });
    await launcher(page).click();
    await page.getByRole('alert').filter({ hasText: 'Unable to load chat widget. Please try again later.' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => colour(page, '[data-part="window"]')).toBe('rgb(17, 24, 39)');
    expect(await violations(page)).toEqual([]);
  });
});

describe('the Ask-question modal on a dark system', () => {
  it('keeps its fixed light theme (widget-spec §2) and has no axe violations, with an answer', async () => {
    const page = await suite.page({ viewport: { width: 1280, height: 900 } });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${baseUrl}/smart-doc-multiple`);
    const second = page.getByRole('region', { name: 'Second document viewer', exact: true });
    await second.getByText('Version 1 • MD').waitFor();
    await second.getByRole('button', { name: 'Ask question' }).click();
    const dialog = page.getByRole('dialog', { name: /^Chat about / });
    await dialog.locator('[data-part="doc-content"] :is(h3, h4)').first().waitFor();
    await dialog.getByRole('textbox', { name: 'Your question' }).fill('What is a growth profile?');
    await page.keyboard.press('Enter');
    await dialog.locator('[data-part="modal-message"][data-role="ai"] [data-part="markdown"]').first().waitFor();
    expect(await dialog.evaluate((d) => [getComputedStyle(d).backgroundColor, getComputedStyle(d).colorScheme])).toEqual([
      'rgb(255, 255, 255)',
      'light',
    ]);
    expect(await violations(page)).toEqual([]);
  });
});

describe('the appearance’s colorScheme', () => {
  const aiBubble = (page: Page) => colour(page, '[data-role="ai"] [data-part="bubble-content"]');
  const LIGHT_AI = 'rgb(243, 244, 246)';
  const DARK_AI = 'rgb(31, 41, 55)';

  async function answered(page: Page) {
    await launcher(page).click();
    await page.getByRole('button', { name: 'Navigation' }).click();
    await page.getByRole('menuitemradio', { name: 'Chat', exact: true }).click();
    const input = page.getByRole('textbox', { name: /^Message/ });
    await input.fill('What is the investment fee?');
    await input.press('Enter');
    await page.locator('[data-part="message"][data-role="ai"]:not([data-status])').first().waitFor();
  }

  it("'dark' on a light system: dark, with the site's own colour kept", async () => {
    const page = await open('light', 1280, { colorScheme: 'dark', chatBgColor: '#fef9c3' });
    await answered(page);
    await expect.poll(() => aiBubble(page)).toBe(DARK_AI);
    expect(await colour(page, '[data-part="window"]')).toBe('rgb(254, 249, 195)');
    expect(await colour(page, '[data-part="agent-name"]', 'color')).toBe('rgb(249, 250, 251)');
  });

  it("'light' on a dark system: light, and the dark stylesheet is never fetched", async () => {
    const page = await open('dark', 1280, { colorScheme: 'light' });
    const fetched: string[] = [];
    page.on('request', (r) => r.url().includes('/chunks/dark-') && fetched.push(r.url()));
    await answered(page);
    expect(await aiBubble(page)).toBe(LIGHT_AI);
    expect(await colour(page, '[data-part="window"]')).toBe('rgb(255, 255, 255)');
    expect(fetched).toEqual([]);
  });

  it("'auto' follows the system as it changes, without a reload", async () => {
    const page = await open('light');
    await answered(page);
    expect(await aiBubble(page)).toBe(LIGHT_AI);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => aiBubble(page)).toBe(DARK_AI);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => aiBubble(page)).toBe(LIGHT_AI);
  });
});
