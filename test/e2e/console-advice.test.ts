/**
 * The Advice screens in Chromium, from the built bundles and the real server's shell and CSP, with the API answered in
 * the page (console-fake-api.ts for the console, the advice routes here from test/components/console-advice-data.ts):
 * axe at 0 violations at 1280 and 320 px on the list, a file with its replay shown, and the pause's confirmation;
 * nothing scrolls sideways at 320 px. Screenshots go to SCREENSHOTS when it is set. The flows against the real
 * server (an adviser finds a file, replays it and signs the review off) come with the server's advice routes.
 */
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ENTRIES, FILES, REPLAY, VERSIONS } from '../components/console-advice-data';
import { violations } from './axe';
import { FAKE_SITE, fakeConsoleApi } from './console-fake-api';
import { browserSuite } from './suite';

const baseUrl = inject('baseUrl');
const suite = browserSuite();
const shots = process.env.SCREENSHOTS;

/** Answers the advice routes of the site on `page` (after the console's own stand-in, so these come first). */
async function fakeAdviceApi(page: Page) {
  let settings = { paused: false, samplePercent: 10, retentionYears: 7 };
  await page.route(`**/console/api/sites/${FAKE_SITE}/advice-*/**`, (route: Route) => answer(route));
  await page.route(`**/console/api/sites/${FAKE_SITE}/advice-*`, (route: Route) => answer(route));
  function answer(route: Route) {
    const url = new URL(route.request().url());
    const method = route.request().method();
    const path = url.pathname.replace(`/console/api/sites/${FAKE_SITE}/`, '');
    const json = (body: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (path === 'advice-settings') {
      if (method === 'PUT') settings = route.request().postDataJSON();
      return json(settings);
    }
    if (path === 'advice-versions') return json({ versions: VERSIONS });
    if (path === 'advice-files') return json({ files: FILES, next: null });
    if (path === 'advice-files/f3/replay') return json(REPLAY);
    if (path === 'advice-files/f3') return json({ file: FILES[0], entries: ENTRIES });
    return json({ error: 'NOT_FOUND', message: 'No route' }, 404);
  }
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.each([1280, 320])('the Advice screens at %i px', (width) => {
  it('the list, the change log and the settings: axe finds nothing, nothing scrolls sideways; the pause asks first', async () => {
    const page = await suite.page({ viewport: { width, height: 900 } });
    await fakeConsoleApi(page);
    await fakeAdviceApi(page);
    await page.goto(`${baseUrl}/console/sites/${FAKE_SITE}/advice`);
    await page.getByRole('heading', { level: 1, name: 'Advice' }).waitFor();
    await page.getByRole('link', { name: 'Alex Chen' }).waitFor();
    await page.getByRole('cell', { name: 'engine-3' }).waitFor();
    await page.getByRole('button', { name: 'Pause new recommendations' }).waitFor();
    if (shots) await page.screenshot({ path: join(shots, `console-advice-${width}.png`), fullPage: true });
    expect(await violations(page)).toEqual([]);
    expect(await sideways(page)).toBe(0);

    await page.getByRole('button', { name: 'Pause new recommendations' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pause new recommendations?' });
    await dialog.waitFor();
    if (shots) await page.screenshot({ path: join(shots, `console-advice-pause-${width}.png`) });
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Pause' }).click();
    await page.getByText('New recommendations are paused.').waitFor();
  });

  it('a file with its replay and review form: axe finds nothing, nothing scrolls sideways; Back finds the list as filtered', async () => {
    const page = await suite.page({ viewport: { width, height: 900 } });
    await fakeConsoleApi(page);
    await fakeAdviceApi(page);
    await page.goto(`${baseUrl}/console/sites/${FAKE_SITE}/advice`);
    await page.getByRole('checkbox', { name: 'Only files in the review queue' }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/\?queue=review$/);
    await page.getByRole('link', { name: 'Alex Chen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Advice file: Alex Chen' }).waitFor();
    await page.getByRole('button', { name: 'Replay with today’s engine' }).click();
    await page.getByRole('region', { name: 'Replay' }).waitFor();
    await page.getByText('Show the answers').first().click();
    // a sign-off without an outcome shows the form's error too
    await page.getByRole('button', { name: 'Sign off' }).click();
    await page.getByText('Choose an outcome.').waitFor();
    if (shots) await page.screenshot({ path: join(shots, `console-advice-file-${width}.png`), fullPage: true });
    expect(await violations(page)).toEqual([]);
    expect(await sideways(page)).toBe(0);

    await page.goBack();
    await page.getByRole('link', { name: 'Alex Chen' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Only files in the review queue' }).isChecked()).toBe(true);
    expect(new URL(page.url()).search).toBe('?queue=review');
  });
});
