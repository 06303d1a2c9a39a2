/**
 * The chat window's parts loaded on demand (src/chat-window/chat-window.tsx `lazyPart`), in real Chromium
 * against the real server, each chunk's URL refused by route interception until the test lets it through: the
 * Settings and History tabs say they could not load, with Retry, which fetches the chunk again; the Navigation
 * menu closes rather than stay open and empty, and opens on the next click.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserSuite } from './suite';

const baseUrl = inject('baseUrl');
const suite = browserSuite();

/** The failures the widget logs (the refused chunk) are expected. */
const REFUSED = /Failed to fetch dynamically imported module|status of 503|error loading dynamically imported module/;

/** The page with the window open; `chunk`'s file is refused (503) until the returned function lets it through. */
async function refusing(chunk: string): Promise<{ page: Page; letThrough: () => void; requests: () => number }> {
  const page = await suite.page({ allowed: REFUSED });
  let refuse = true;
  let requests = 0;
  await page.route(new RegExp(`/widget/chunks/${chunk}-[^/]+\\.js$`), (route) => {
    requests++;
    return refuse ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue();
  });
  await page.goto(`${baseUrl}/`);
  await page
    .getByRole('button', { name: /^Open chat with/ })
    .last()
    .click();
  await page.getByRole('textbox', { name: /^Message/ }).waitFor({ timeout: 15_000 });
  return { page, letThrough: () => (refuse = false), requests: () => requests };
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Horizon Assistant' });
const alert = (page: Page) => dialog(page).getByRole('alert').filter({ hasText: 'This could not load.' });

describe("the window's parts loaded on demand, when their chunk cannot load", () => {
  it('Settings: an alert with Retry in the tab; Retry fetches the chunk again and shows the tab', async () => {
    const { page, letThrough, requests } = await refusing('settings-tab');
    await dialog(page).getByRole('button', { name: 'Settings', exact: true }).first().click();
    await alert(page).waitFor({ timeout: 15_000 });
    const retry = dialog(page).getByRole('button', { name: 'Retry' });
    expect(await retry.isVisible()).toBe(true);
    const refused = requests();
    expect(refused).toBeGreaterThan(0);

    letThrough();
    await retry.click();
    await dialog(page).getByRole('button', { name: 'Email me a transcript' }).waitFor({ timeout: 15_000 });
    expect(requests()).toBeGreaterThan(refused);
    expect(await alert(page).count()).toBe(0);
  });

  it('History: the same, reached through the Navigation menu', async () => {
    const { page, letThrough } = await refusing('history-tab');
    await dialog(page).getByRole('button', { name: 'Navigation' }).click();
    await dialog(page).getByRole('menuitemradio', { name: 'History' }).click();
    await alert(page).waitFor({ timeout: 15_000 });

    letThrough();
    await dialog(page).getByRole('button', { name: 'Retry' }).click();
    await dialog(page).getByRole('button', { name: 'New Chat' }).waitFor({ timeout: 15_000 });
    expect(await alert(page).count()).toBe(0);
  });

  it('the Navigation menu closes rather than stay open and empty; the next click fetches it again and opens it', async () => {
    const { page, letThrough, requests } = await refusing('navigation-menu');
    const button = dialog(page).getByRole('button', { name: 'Navigation' });
    await button.click();
    await expect.poll(() => button.getAttribute('aria-expanded'), { timeout: 15_000 }).toBe('false');
    expect(await dialog(page).getByRole('menu').count()).toBe(0);
    const refused = requests();

    letThrough();
    await button.click();
    await dialog(page).getByRole('menu', { name: 'Navigation' }).waitFor({ timeout: 15_000 });
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(requests()).toBeGreaterThan(refused);
  });
});
