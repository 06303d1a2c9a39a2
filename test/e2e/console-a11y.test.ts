/**
 * The console's screens in Chromium, from the built bundles and the real server's shell and CSP, with the API
 * answered in the page (console-fake-api.ts): axe at 0 violations at 1280 and 320 px on every screen (and at 320 px in
 * the dark scheme), nothing
 * scrolling sideways at 320 px, the keyboard reaching the dialogs (focus inside, Escape out, focus back), and
 * no CSP report. The flows against the real API are in console.test.ts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { violations } from './axe';
import { FAKE_PASSWORD, FAKE_SITE, fakeConsoleApi } from './console-fake-api';
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
  [`/console/sites/${FAKE_SITE}/inbox`, true, 'Conversations'],
  [`/console/sites/${FAKE_SITE}/inbox?q=delivery&state=failed`, true, 'Conversations'],
  [`/console/sites/${FAKE_SITE}/inbox/conv-1`, true, 'How long does delivery to Norway take?'],
  [`/console/sites/${FAKE_SITE}/analytics`, true, 'Analytics'],
  [`/console/sites/${FAKE_SITE}/documents`, true, 'Documents'],
  [`/console/sites/${FAKE_SITE}/videos`, true, 'Videos'],
  [`/console/sites/${FAKE_SITE}/buttons`, true, 'Buttons'],
  ['/console/sites/site-1/nope', true, 'Page not found'],
  ['/console/account', true, 'Account'],
];

/** What axe finds, and how far the page scrolls sideways. */
const scanned = async (page: Page) => ({
  violations: await violations(page),
  sideways: await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
});

describe('the console at 1280 and at 320 px', () => {
  // one load per screen: scanned at 1280 px, then the window narrowed to 320 px (as a visitor's is) and scanned again,
  // then in the dark scheme
  it.each(SCREENS)(
    '%s: axe finds nothing, nothing scrolls sideways, at 1280 then 320 px, light then dark',
    async (path, signedIn, heading) => {
      const page = await suite.page({ viewport: { width: 1280, height: 800 }, allowed });
      await fakeConsoleApi(page, { signedIn });
      await page.goto(baseUrl + path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.locator('[data-part="loading"]').first().waitFor({ state: 'detached' });
      const wide = await scanned(page);
      await page.setViewportSize({ width: 320, height: 800 });
      // laid out at the new width, and the analytics chart drawn again at its container's (a ResizeObserver's frame)
      await page.waitForFunction(() => {
        const chart = document.querySelector('[data-part="chart-canvas"]');
        const plot = chart?.querySelector('.uplot');
        return innerWidth === 320 && (!plot || plot.getBoundingClientRect().width <= chart!.clientWidth);
      });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const narrow = await scanned(page);
      // and in the dark scheme (console.css), at 320 px
      await page.emulateMedia({ colorScheme: 'dark' });
      expect({ 1280: wide, 320: narrow, dark: await scanned(page) }).toEqual({
        1280: { violations: [], sideways: 0 },
        320: { violations: [], sideways: 0 },
        dark: { violations: [], sideways: 0 },
      });
    },
  );
});

describe.each([1280, 320])('the password dialog at %i px', (width) => {
  it('a sensitive change asks for the password: axe finds nothing, nothing scrolls sideways', async () => {
    const page = await suite.page({ viewport: { width, height: 800 }, allowed: /status of 40[13]/ });
    await fakeConsoleApi(page, { reauth: true });
    await page.goto(`${baseUrl}/console/sites/${FAKE_SITE}`);
    await page.getByRole('button', { name: 'Rotate key' }).click();
    await page.getByRole('dialog', { name: 'Rotate the API key?' }).getByRole('button', { name: 'Rotate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill('a wrong password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'The password is wrong.' }).waitFor();
    expect(await violations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  });
});

describe.each([1280, 320])('the documents screen with a document open for editing, at %i px', (width) => {
  it('axe finds nothing in its settings, new version and footer buttons, nothing scrolls sideways', async () => {
    const page = await suite.page({ viewport: { width, height: 800 }, allowed });
    await fakeConsoleApi(page);
    await page.goto(`${baseUrl}/console/sites/${FAKE_SITE}/documents`);
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    await page.getByText('Edit', { exact: true }).click();
    await page.getByRole('button', { name: 'Save buttons' }).waitFor();
    expect(await violations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  });
});

describe('the keyboard', () => {
  it('the password dialog: the focus starts in its field, Enter confirms, the change is made; Escape cancels it', async () => {
    const page = await suite.page({ allowed: /status of 40[13]/ });
    await fakeConsoleApi(page, { reauth: true });
    await page.goto(`${baseUrl}/console/sites/${FAKE_SITE}`);
    const rotate = page.getByRole('button', { name: 'Rotate key' });
    const ask = async () => {
      await rotate.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Rotate the API key?' }).getByRole('button', { name: 'Rotate' }).press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
      await dialog.waitFor();
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('password');
      return dialog;
    };
    // Escape: the change is not made, and the screen says why
    let dialog = await ask();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('alert').filter({ hasText: 'This change needs your password' }).waitFor();
    // the page behind is inert while it is open: Tab stays inside it; Enter in the field confirms
    dialog = await ask();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog')?.getAttribute('aria-labelledby'))).toBe('reauth-title');
    await dialog.getByLabel('Password').fill(FAKE_PASSWORD);
    await dialog.getByLabel('Password').press('Enter');
    await page.getByText('The key was rotated').waitFor();
    await dialog.waitFor({ state: 'detached' });
  });

  it('the account screen: End on another session asks, Escape keeps it, the focus returns to End', async () => {
    const page = await suite.page({ allowed });
    await fakeConsoleApi(page);
    await page.goto(`${baseUrl}/console/sites`);
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    const end = page.getByRole('button', { name: /^End the session on Safari on iOS/ });
    await end.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'End the session on Safari on iOS?' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toMatch(/^End the session on Safari on iOS/);
  });

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

// the analytics screen's chart (console/analytics/chart.tsx): uPlot on a canvas, under the pages' CSP
describe('the analytics chart', () => {
  const RECORD_CSP = `window.__csp = []; document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI), true);`;
  /** How many of the canvas's pixels are drawn (not transparent). */
  const drawn = () =>
    (document.querySelector('[data-part="chart-canvas"] canvas') as HTMLCanvasElement | null)
      ?.getContext('2d')
      ?.getImageData(0, 0, 2000, 2000)
      .data.filter((v, i) => i % 4 === 3 && v > 0).length ?? 0;

  it.each([1280, 320])('dark at %i px: axe finds nothing, the chart is drawn, nothing refused by the CSP', async (width) => {
    const page = await suite.page({ viewport: { width, height: 800 }, allowed });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.addInitScript(RECORD_CSP);
    await fakeConsoleApi(page);
    await page.goto(`${baseUrl}/console/sites/${FAKE_SITE}/analytics?days=7`);
    await page.getByRole('img', { name: /^Conversations and messages per day from / }).waitFor();
    await page.locator('[data-part="chart-canvas"] canvas').waitFor();
    expect(await page.evaluate(drawn)).toBeGreaterThan(500);
    // the lines take the dark scheme's colours (analytics.css), the messages' a light blue
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--chart-messages').trim())).toBe(
      '#8fb0ff',
    );
    expect(await violations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
  });

  it('draws again in the dark scheme’s colours when the system’s scheme changes', async () => {
    const page = await suite.page({ viewport: { width: 1280, height: 800 }, allowed });
    await fakeConsoleApi(page);
    await page.goto(`${baseUrl}/console/sites/${FAKE_SITE}/analytics?days=7`);
    await page.locator('[data-part="chart-canvas"] canvas').waitFor();
    /** How many pixels of the canvas are the dark scheme's messages colour (#8fb0ff). */
    const darkBlue = () =>
      page.evaluate(() => {
        const c = document.querySelector('[data-part="chart-canvas"] canvas') as HTMLCanvasElement;
        const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] === 0x8f && d[i + 1] === 0xb0 && d[i + 2] === 0xff && d[i + 3] === 255) n++;
        return n;
      });
    expect(await darkBlue()).toBe(0);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(darkBlue).toBeGreaterThan(100);
  });

  it('follows its container’s width, and draws again when the window narrows to 320 px', async () => {
    const page = await suite.page({ viewport: { width: 1280, height: 800 }, allowed });
    await fakeConsoleApi(page);
    await page.goto(`${baseUrl}/console/sites/${FAKE_SITE}/analytics`);
    const canvas = page.locator('[data-part="chart-canvas"] canvas');
    await canvas.waitFor();
    const widths = () =>
      page.evaluate(() => [
        document.querySelector('[data-part="chart-canvas"]')!.clientWidth,
        document.querySelector('[data-part="chart-canvas"] .uplot')!.getBoundingClientRect().width,
      ]);
    const [wide, chartWide] = await widths();
    expect(chartWide).toBe(wide);
    await page.setViewportSize({ width: 320, height: 800 });
    await expect.poll(async () => (await widths())[1]).toBeLessThan(300);
    const [narrow, chartNarrow] = await widths();
    expect(chartNarrow).toBe(narrow);
    expect(await page.evaluate(drawn)).toBeGreaterThan(300);
    // its numbers, in a real table under "Show the data"
    await page.getByText('Show the data').click();
    const table = page.getByRole('table', { name: 'Conversations and messages per day' });
    expect(await table.getByRole('row').count()).toBe(8);
  });
});
