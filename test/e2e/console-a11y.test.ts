/**
 * The console's screens in Chromium, from the built bundles and the real server's shell and CSP, with the API
 * answered in the page (console-fake-api.ts): axe at 0 violations at 1280 and 320 px on every screen, nothing
 * scrolling sideways at 320 px, the keyboard reaching the dialogs (focus inside, Escape out, focus back), and
 * no CSP report. The flows against the real API are in console.test.ts.
 */
import { describe, expect, inject, it } from 'vitest';
import { violations } from './axe';
import { FAKE_SITE, fakeConsoleApi } from './console-fake-api';
import { browserSuite } from './suite';

const baseUrl = inject('baseUrl');
const suite = browserSuite();

// the first check of a signed-out visit answers 401, which Chromium logs as a failed load
const allowed = /status of 401/;

const SCREENS: [string, boolean, string][] = [
  ['/console/sign-in', false, 'Sign in'],
  ['/console/invite/token-1', false, 'Set your password'],
  ['/console/sites', true, 'Your sites'],
  [`/console/sites/${FAKE_SITE}`, true, 'Harbour Shoes'],
  [`/console/sites/${FAKE_SITE}/members`, true, 'Members'],
  [`/console/sites/${FAKE_SITE}/audit`, true, 'Audit log'],
  [`/console/sites/${FAKE_SITE}/appearance`, true, 'Appearance'],
  [`/console/sites/${FAKE_SITE}/videos`, true, 'Videos'],
  [`/console/sites/${FAKE_SITE}/buttons`, true, 'Buttons'],
  ['/console/sites/site-1/nope', true, 'Page not found'],
];

describe.each([1280, 320])('the console at %i px', (width) => {
  it.each(SCREENS)('%s: axe finds nothing, nothing scrolls sideways', async (path, signedIn, heading) => {
    const page = await suite.page({ viewport: { width, height: 800 }, allowed });
    await fakeConsoleApi(page, { signedIn });
    await page.goto(baseUrl + path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.locator('[data-part="loading"]').first().waitFor({ state: 'detached' });
    expect(await violations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  });
});

describe('the keyboard', () => {
  it('a dialog takes the focus, Escape closes it, the focus returns to its button', async () => {
    const page = await suite.page({ allowed });
    await fakeConsoleApi(page);
    await page.goto(`${baseUrl}/console/sites/${FAKE_SITE}`);
    const rotate = page.getByRole('button', { name: 'Rotate key' });
    await rotate.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Rotate the API key?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('The old key keeps working for 1 day');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    // the page behind is inert: Tab stays inside the dialog
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Rotate key');
  });

  it('a link followed moves the focus to the new screen’s heading; Back returns', async () => {
    const page = await suite.page({ allowed });
    await fakeConsoleApi(page);
    await page.goto(`${baseUrl}/console/sites`);
    await page.getByRole('link', { name: 'Harbour Shoes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Harbour Shoes' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(new URL(page.url()).pathname).toBe(`/console/sites/${FAKE_SITE}`);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Your sites' }).waitFor();
  });
});
