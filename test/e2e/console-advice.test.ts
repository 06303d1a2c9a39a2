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

/** How a call fails: the connection lost, the server's 500 or 429, or held until the test lets it through. */
type Failure = 'abort' | 500 | 429 | { held: Promise<void> };

/** What Chromium logs for the calls these tests fail on purpose (a lost connection, a 500, a 429). */
const FAILED_LOAD = /Failed to load resource: (net::ERR_FAILED|the server responded with a status of (500|429))/;

/** A call held until `release()`: the slow network, awaited rather than slept. */
const held = () => {
  let release = () => {};
  const until = new Promise<void>((r) => {
    release = r;
  });
  return { failure: { held: until } as Failure, release };
};

/**
 * Answers the advice routes of the site on `page` (after the console's own stand-in, so these come first). `pageSize`
 * pages the list; `failures` holds, by `METHOD path` (`GET advice-files`, `POST advice-files/f3/reviews`), the next
 * calls' failures, taken one a call.
 */
async function fakeAdviceApi(page: Page, { pageSize = 50, failures = new Map<string, Failure[]>() } = {}) {
  let settings = { paused: false, samplePercent: 10, retentionYears: 7 };
  const entries = [...ENTRIES];
  await page.route(`**/console/api/sites/${FAKE_SITE}/advice-*/**`, (route: Route) => answer(route));
  await page.route(`**/console/api/sites/${FAKE_SITE}/advice-*`, (route: Route) => answer(route));
  async function answer(route: Route) {
    const url = new URL(route.request().url());
    const method = route.request().method();
    const path = url.pathname.replace(`/console/api/sites/${FAKE_SITE}/`, '');
    const json = (body: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    const failure = failures.get(`${method} ${path}`)?.shift();
    if (failure === 'abort') return route.abort('failed');
    if (failure === 500) return json({ error: 'SERVER', message: 'Boom' }, 500);
    if (failure === 429)
      return route.fulfill({
        status: 429,
        headers: { 'Retry-After': '1' },
        contentType: 'application/json',
        body: '{"error":"THROTTLED"}',
      });
    if (failure) await failure.held;
    if (path === 'advice-settings') {
      if (method === 'PUT') settings = route.request().postDataJSON();
      return json(settings);
    }
    if (path === 'advice-versions') return json({ versions: VERSIONS });
    if (path === 'advice-files') {
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const next = start + pageSize < FILES.length ? String(start + pageSize) : null;
      return json({ files: FILES.slice(start, start + pageSize), next });
    }
    if (path === 'advice-files/f3/replay') return json(REPLAY);
    if (path === 'advice-files/f3/reviews') {
      const review = {
        ...route.request().postDataJSON(),
        kind: 'review',
        seq: entries.length + 1,
        at: '2026-11-26T08:00:00Z',
        by: { kind: 'account', accountId: 'acc-1', email: 'owner@harbour-shoes.example' },
      };
      entries.push(review);
      return json(review, 201);
    }
    if (path === 'advice-files/f3/statements/st1')
      return route.fulfill({
        status: 200,
        contentType: 'application/pdf',
        headers: { 'Content-Disposition': 'attachment; filename="statement.pdf"' },
        body: '%PDF-1.7\n%%EOF\n',
      });
    if (path === 'advice-files/f3') return json({ file: FILES[0], entries });
    return json({ error: 'NOT_FOUND', message: 'No route' }, 404);
  }
}

/** The focused element: its tag, its accessible name as the page words it, and whether its focus ring shows. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const labelled = el.getAttribute('aria-labelledby');
    // a label's own words, without the control it holds (a select's options)
    const label = (el as HTMLInputElement).labels?.[0]?.cloneNode(true) as HTMLElement | undefined;
    for (const control of label?.querySelectorAll('select, input, textarea') ?? []) control.remove();
    const name =
      el.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      (label?.textContent || el.textContent || '');
    const style = getComputedStyle(el);
    return {
      tag: el.tagName.toLowerCase(),
      name: name.trim().replace(/\s+/g, ' '),
      ring: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0,
      html: el.outerHTML.slice(0, 300),
    };
  });

/** Tabs from the screen's heading to its end: each control reached, in order. */
async function tabWalk(page: Page) {
  await page.getByRole('heading', { level: 1 }).focus();
  const seen: { tag: string; name: string; ring: boolean; html: string }[] = [];
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    // past the screen's last control the focus leaves the page (or wraps to its first link)
    if (!now || (seen.length > 0 && now.name === seen[0]?.name && now.tag === seen[0]?.tag)) break;
    seen.push(now);
  }
  return seen;
}

const activeName = async (page: Page) => (await focused(page))?.name;

/** Tabs through the screen: every stop named and showing its focus ring, `expected` among them in order; their names. */
async function walkNames(page: Page, expected: string[]) {
  const walk = await tabWalk(page);
  expect(walk.filter((c) => !c.name || !c.ring)).toEqual([]);
  const names = walk.map((c) => c.name);
  expect(names.filter((n) => expected.includes(n))).toEqual(expected);
  return names;
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

describe.each([1280, 320])('the Advice screens by keyboard alone at %i px', (width) => {
  it('the list: every control reached, named, its focus shown; filters, search, Load more and the kill switch keep the focus sensible', async () => {
    const page = await suite.page({ viewport: { width, height: 900 } });
    await fakeConsoleApi(page);
    await fakeAdviceApi(page, { pageSize: 2 });
    await page.goto(`${baseUrl}/console/sites/${FAKE_SITE}/advice`);
    await page.getByRole('link', { name: 'Jo Bloggs' }).waitFor();
    await page.getByRole('button', { name: 'Pause new recommendations' }).waitFor();
    await page.getByRole('cell', { name: 'engine-3' }).waitFor();

    const names = await walkNames(page, [
      'Client name or email',
      'Status',
      'Only files in the review queue',
      'Apply',
      'Alex Chen',
      'Jo Bloggs',
      'Load more',
      'Export the change log as CSV',
      'Pause new recommendations',
      'Review sample (percent)',
      'Keep advice files for (years)',
      'Save',
    ]);
    // the files' table is a stop of its own only where it has something to scroll (at 320 px), to scroll it by keys
    expect(names.includes('Advice files')).toBe(width === 320);

    // a search by keys: Enter applies it; the focus stays in the search
    await page.getByRole('searchbox', { name: 'Client name or email' }).focus();
    await page.keyboard.type('alex');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\?q=alex$/);
    await page.getByRole('link', { name: 'Alex Chen' }).waitFor();
    expect(await activeName(page)).toBe('Client name or email');
    // Clear filters, disabled once clear, gives the focus back to the search, emptied
    await page.getByRole('button', { name: 'Clear filters' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Jo Bloggs' }).waitFor();
    expect(await activeName(page)).toBe('Client name or email');
    expect(await page.getByRole('searchbox', { name: 'Client name or email' }).inputValue()).toBe('');

    // Load more: the focus goes to the first file it brought
    await page.getByRole('button', { name: 'Load more' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('That is the oldest file.').waitFor();
    expect(await activeName(page)).toBe('Pat Lee');
    expect(await violations(page)).toEqual([]);

    // the kill switch: Escape closes its question with the focus back on Pause; confirmed, the focus is on Resume
    await page.getByRole('button', { name: 'Pause new recommendations' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Pause new recommendations?' });
    await dialog.waitFor();
    expect(await activeName(page)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await activeName(page)).toBe('Pause new recommendations');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    expect(await activeName(page)).toBe('Pause');
    await page.keyboard.press('Enter');
    await page.getByText('New recommendations are paused.').waitFor();
    await page.getByRole('button', { name: 'Resume recommendations' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Resume recommendations');
    if (shots) await page.screenshot({ path: join(shots, `console-advice-keyboard-${width}.png`), fullPage: true });
    expect(await violations(page)).toEqual([]);

    // a number out of range: its error, nothing sent; a good one saved, the focus still on Save
    await page.getByRole('spinbutton', { name: 'Review sample (percent)' }).fill('25');
    await page.getByRole('button', { name: 'Save', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Saved.').waitFor();
    expect(await activeName(page)).toBe('Save');
  });

  it('a file: every control reached and named; replay, the statement, the checklist and sign-off by keys, the focus where it helps', async () => {
    const page = await suite.page({ viewport: { width, height: 900 } });
    await fakeConsoleApi(page);
    await fakeAdviceApi(page);
    await page.goto(`${baseUrl}/console/sites/${FAKE_SITE}/advice/f3`);
    await page.getByRole('heading', { level: 1, name: 'Advice file: Alex Chen' }).waitFor();

    const names = await walkNames(page, [
      'Back to advice files',
      'Replay with today’s engine',
      'The client’s identity and consent are on file',
      'The statement of advice matches the stored result',
      // the outcome's group is one stop (arrows choose in it)
      'Satisfactory',
      'Notes',
      'Sign off',
      'The words agreed to',
      // the two answers entries
      'Show the answers',
      'Show the answers',
    ]);
    expect(names.some((n) => /^Download the statement of .* \(PDF\)$/.test(n))).toBe(true);
    expect(names.filter((n) => n === 'Needs action')).toEqual([]);

    // the statement downloads from the keyboard, from its route (a download is the browser's own request, which
    // page.route does not answer: its PDF is the server's, tested with the server's advice routes)
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: /Download the statement of/ }).focus();
    await page.keyboard.press('Enter');
    expect(new URL((await download).url()).pathname).toBe(`/console/api/sites/${FAKE_SITE}/advice-files/f3/statements/st1`);

    // replay: the differences show, the focus stays on the button
    await page.getByRole('button', { name: 'Replay with today’s engine' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Replay' }).waitFor();
    expect(await activeName(page)).toBe('Replay with today’s engine');

    // Sign off without an outcome: the focus goes to the outcome; "needs action" without notes: to the notes
    await page.getByRole('checkbox', { name: 'The client’s identity and consent are on file' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Sign off' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Choose an outcome.').waitFor();
    expect(await activeName(page)).toBe('Satisfactory');
    await page.keyboard.press('ArrowDown');
    expect(await activeName(page)).toBe('Needs action');
    await page.getByRole('button', { name: 'Sign off' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Say what action is needed.').waitFor();
    expect(await activeName(page)).toBe('Notes');
    await page.keyboard.type('Ask for the payslips.');
    await page.keyboard.press('Tab');
    expect(await activeName(page)).toBe('Sign off');
    await page.keyboard.press('Enter');
    // signed off: the focus is on the words that say so; the review shows in the timeline
    await page.waitForFunction(() => document.activeElement?.textContent === 'The review was signed off.');
    await page.getByText('Ask for the payslips.').waitFor();
    expect(await page.getByRole('checkbox', { name: 'The client’s identity and consent are on file' }).isChecked()).toBe(false);
    if (shots) await page.screenshot({ path: join(shots, `console-advice-file-keyboard-${width}.png`), fullPage: true });
    expect(await violations(page)).toEqual([]);
  });
});

describe('the Advice screens when the console’s API fails or is slow', () => {
  it('the list: a lost connection, a 500 and a 429 each say so with Try again, which reads it; a failed Load more keeps the files shown', async () => {
    const failures = new Map<string, Failure[]>([['GET advice-files', ['abort', 500, 429]]]);
    const page = await suite.page({ viewport: { width: 1280, height: 900 }, allowed: FAILED_LOAD });
    await fakeConsoleApi(page);
    await fakeAdviceApi(page, { pageSize: 2, failures });
    await page.goto(`${baseUrl}/console/sites/${FAKE_SITE}/advice`);
    for (const [i, words] of [
      'The server could not be reached. Check your connection and try again.',
      'Something went wrong on the server. Please try again.',
      'Too many attempts. Please wait, then try again.',
    ].entries()) {
      await page.getByRole('alert').filter({ hasText: words }).waitFor();
      // Try again by keys: after a failed one, the new Try again has the focus already
      if (i === 0) await page.getByRole('button', { name: 'Try again' }).focus();
      else expect(await activeName(page)).toBe('Try again');
      await page.keyboard.press('Enter');
    }
    await page.getByRole('link', { name: 'Jo Bloggs' }).waitFor();
    // read at last: the focus is on the first file
    expect(await activeName(page)).toBe('Alex Chen');

    failures.set('GET advice-files', [500]);
    await page.getByRole('button', { name: 'Load more' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Something went wrong on the server.' }).waitFor();
    // nothing lost: the files shown stay, and the focus is back on Load more, which tries again
    expect(await page.getByRole('link', { name: 'Alex Chen' }).count()).toBe(1);
    expect(await activeName(page)).toBe('Load more');
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Pat Lee' }).waitFor();
  });

  it('a file: a slow read shows Loading; a failed replay and sign-off say so, keep what was entered and the focus, and go through again', async () => {
    const slow = held();
    const failures = new Map<string, Failure[]>([
      ['GET advice-files/f3', [slow.failure]],
      ['POST advice-files/f3/replay', [500]],
      ['POST advice-files/f3/reviews', ['abort', 429]],
    ]);
    const page = await suite.page({ viewport: { width: 1280, height: 900 }, allowed: FAILED_LOAD });
    await fakeConsoleApi(page);
    await fakeAdviceApi(page, { failures });
    await page.goto(`${baseUrl}/console/sites/${FAKE_SITE}/advice/f3`);
    await page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor();
    slow.release();
    await page.getByRole('heading', { level: 1, name: 'Advice file: Alex Chen' }).waitFor();

    const replay = page.getByRole('button', { name: 'Replay with today’s engine' });
    await replay.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Something went wrong on the server.' }).waitFor();
    expect(await activeName(page)).toBe('Replay with today’s engine');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Replay' }).waitFor();

    await page.getByRole('checkbox', { name: 'Fees and costs are disclosed in dollars' }).check();
    await page.getByRole('radio', { name: 'Satisfactory' }).check();
    await page.getByRole('textbox', { name: 'Notes' }).fill('Checked against the payslips.');
    const signOff = page.getByRole('button', { name: 'Sign off' });
    for (const words of ['The server could not be reached.', 'Too many attempts. Please wait, then try again.']) {
      await signOff.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('alert').filter({ hasText: words }).waitFor();
      // nothing lost: the ticks, the outcome and the notes stay; the focus is back on Sign off
      expect(await activeName(page)).toBe('Sign off');
      expect(await page.getByRole('checkbox', { name: 'Fees and costs are disclosed in dollars' }).isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: 'Satisfactory' }).isChecked()).toBe(true);
      expect(await page.getByRole('textbox', { name: 'Notes' }).inputValue()).toBe('Checked against the payslips.');
    }
    if (shots) await page.screenshot({ path: join(shots, 'console-advice-file-failed.png'), fullPage: true });
    expect(await violations(page)).toEqual([]);
    // a slow sign-off says it is signing off, then signs off
    const slowSign = held();
    failures.set('POST advice-files/f3/reviews', [slowSign.failure]);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Signing off…' }).waitFor();
    slowSign.release();
    await page.getByText('The review was signed off.').waitFor();
    await page.getByText('Checked against the payslips.').waitFor();
  });

  it('the settings: a 429 and a lost connection say so and keep the numbers; saving again saves them', async () => {
    const failures = new Map<string, Failure[]>([['PUT advice-settings', [429, 'abort']]]);
    const page = await suite.page({ viewport: { width: 320, height: 900 }, allowed: FAILED_LOAD });
    await fakeConsoleApi(page);
    await fakeAdviceApi(page, { failures });
    await page.goto(`${baseUrl}/console/sites/${FAKE_SITE}/advice`);
    const sample = page.getByRole('spinbutton', { name: 'Review sample (percent)' });
    await sample.fill('20');
    for (const words of ['Too many attempts. Please wait, then try again.', 'The server could not be reached.']) {
      await page.getByRole('button', { name: 'Save', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('alert').filter({ hasText: words }).waitFor();
      expect(await activeName(page)).toBe('Save');
      expect(await sample.inputValue()).toBe('20');
    }
    if (shots) await page.screenshot({ path: join(shots, 'console-advice-settings-failed-320.png'), fullPage: true });
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.getByText('Saved.').waitFor();
  });
});
