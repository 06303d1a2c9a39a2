/**
 * The console's appearance editor in real Chromium against the built server (docs/console.md "The appearance
 * preview"): an owner changes the agent's name and the launcher's colour and sees the preview's real widget change,
 * open and closed; saves, and a new visitor of the demo page sees the new look; restores the earlier version, and a
 * new visitor sees the old look again. axe at 1280 and 320 px finds nothing.
 *
 * Skipped where the build has no console API (its screens are checked against a stand-in API in console-a11y.test.ts);
 * the preview's part, where the built widget has no `AIChatWidget.setAppearance` yet.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { violations } from './axe';
import { startServer, type RunningServer } from './server';
import { browserSuite } from './suite';

const EMAIL = 'owner@example.com';
const PASSWORD = 'a long and unusual passphrase';
const RED = 'rgb(225, 29, 72)';
const BLUE = 'rgb(37, 99, 235)';

// the suite's server is of the same build
const hasConsoleApi = [200, 401].includes((await fetch(`${inject('baseUrl')}/console/api/session`)).status);
const hasSetAppearance = readFileSync('dist/widget/widget.js', 'utf8').includes('setAppearance');

let server: RunningServer;
let site: string;
let invite: string;
const suite = browserSuite();

beforeAll(async () => {
  if (!hasConsoleApi) return;
  server = await startServer();
  const admin = async (...args: string[]) =>
    (await promisify(execFile)(process.execPath, ['dist/server/admin.js', ...args], { env: { ...process.env, DATA_DIR: server.dataDir } }))
      .stdout;
  site = /^(site_\S+)/m.exec(await admin('sites'))![1]!;
  invite = /\/console\/invite\/(\S+)/.exec(await admin('member:invite', site, '--email', EMAIL, '--role', 'owner'))![1]!;
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

/** A page signed in as the site's owner (the invitation accepted through the API, as its screen does). */
async function signedIn(viewport = { width: 1280, height: 900 }): Promise<Page> {
  // a second acceptance of the invitation is refused (404) before the sign-in
  const page = await suite.page({ viewport, allowed: /status of 40[14]/ });
  await page.goto(`${server.url}/console`);
  const status = await page.evaluate(
    async ([token, password]) =>
      (
        await fetch(`/console/api/invites/${token}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ password }),
        })
      ).status,
    [invite, PASSWORD] as const,
  );
  if (status !== 200) {
    // already accepted by an earlier test: sign in
    await page.evaluate(
      async ([email, password]) =>
        fetch('/console/api/sign-in', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password }),
        }),
      [EMAIL, PASSWORD] as const,
    );
  }
  return page;
}

/** The preview's frame, once its widget's launcher is there. */
async function previewFrame(page: Page): Promise<Frame> {
  const element = await page.getByTitle('Live preview: the widget with your draft on a sample page').elementHandle();
  const frame = (await element!.contentFrame())!;
  await launcherOf(frame).waitFor();
  return frame;
}

const launcherOf = (where: Page | Frame) => where.locator('ai-chat-widget [data-part="launcher"]');
const background = (where: Page | Frame) => launcherOf(where).evaluate((b) => getComputedStyle(b).backgroundColor);

/** The demo page as a new visitor sees it: the launcher's colour and its name. */
async function visitorSees(): Promise<{ colour: string; name: string }> {
  // a context of its own beside the console's page (whose console the suite keeps watching)
  const context = await suite.browser!.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  await page.goto(server.url);
  await launcherOf(page).waitFor();
  // the launcher is painted with the site's look once its settings have loaded
  await page.waitForFunction(() =>
    document.querySelector('ai-chat-widget')?.shadowRoot?.querySelector('[data-part="launcher"]')?.getAttribute('aria-label'),
  );
  const colour = await background(page);
  const name = (await launcherOf(page).getAttribute('aria-label')) ?? '';
  await context.close();
  return { colour, name };
}

describe.skipIf(!hasConsoleApi)('the appearance editor against the real server', () => {
  it.skipIf(!hasSetAppearance)('shows the draft in the preview’s real widget, open and closed, and at a phone’s width', async () => {
    const page = await signedIn();
    await page.goto(`${server.url}/console/sites/${site}/appearance`);
    await page.getByText(/^Published: version/).waitFor();
    const frame = await previewFrame(page);
    await page.getByLabel('Agent name', { exact: true }).fill('Preview Pal');
    await page.locator('summary', { hasText: 'Launcher' }).click();
    await page.getByLabel('Background colour', { exact: true }).fill('#e11d48');
    // the preview follows within its debounce, closed and open
    await expect.poll(() => background(frame)).toBe(RED);
    await expect.poll(() => launcherOf(frame).getAttribute('aria-label')).toContain('Preview Pal');
    await page.getByRole('checkbox', { name: 'Show the chat open' }).check();
    await frame.locator('ai-chat-widget [data-part="window"]').getByText('Preview Pal').first().waitFor();
    await page.getByRole('checkbox', { name: 'Phone width (390 px)' }).check();
    expect(await page.getByTitle(/^Live preview/).evaluate((f) => f.getBoundingClientRect().width)).toBeLessThanOrEqual(390);
    // nothing was saved: a new visitor sees the published look
    expect((await visitorSees()).colour).toBe(BLUE);
  });

  it('publishes the draft for new visitors, and restores the earlier version', async () => {
    expect((await visitorSees()).colour).toBe(BLUE);

    const page = await signedIn();
    await page.goto(`${server.url}/console/sites/${site}/appearance`);
    await page.getByText(/^Published: version/).waitFor();
    const before = Number(/version (\d+)/.exec((await page.getByText(/^Published: version/).textContent()) ?? '')![1]);
    await previewFrame(page);
    await page.getByLabel('Agent name', { exact: true }).fill('Harbour Help');
    await page.locator('summary', { hasText: 'Launcher' }).click();
    await page.getByLabel('Background colour', { exact: true }).fill('#e11d48');
    expect(await violations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save and publish' }).click();
    await page.getByText(`Published: version ${before + 1}`, { exact: false }).waitFor();
    const published = await visitorSees();
    expect(published.colour).toBe(RED);
    expect(published.name).toContain('Harbour Help');

    await page
      .getByRole('button', { name: `Restore version ${before}` })
      .first()
      .click();
    await page
      .getByRole('dialog', { name: `Restore version ${before}?` })
      .getByRole('button', { name: 'Restore' })
      .click();
    await page.getByText(`Published: version ${before + 2}`, { exact: false }).waitFor();
    expect(await page.getByLabel('Agent name', { exact: true }).inputValue()).not.toBe('Harbour Help');
    expect((await visitorSees()).colour).toBe(BLUE);
  });

  it('with unsaved changes, a tab and Back ask in the console’s own dialog: Cancel stays, Leave goes', async () => {
    const page = await signedIn();
    const editor = `${server.url}/console/sites/${site}/appearance`;
    await page.goto(`${server.url}/console/sites/${site}`);
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Appearance' }).click();
    await page.getByText(/^Published: version/).waitFor();
    const name = page.getByLabel('Agent name', { exact: true });
    await name.fill('Not Saved Yet');
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });

    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Members' }).click();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(page.url()).toBe(editor);
    expect(await name.inputValue()).toBe('Not Saved Yet');

    // Back: the address goes back, then Cancel puts the editor's again
    await page.goBack();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.url()).toBe(editor);
    expect(await name.inputValue()).toBe('Not Saved Yet');

    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Overview' }).click();
    await leave.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('heading', { name: 'Embed snippet' }).waitFor();
    expect(page.url()).toBe(`${server.url}/console/sites/${site}`);
    // the draft is gone: the editor opens on the published look, and leaving it asks nothing
    await page.goBack();
    await page.getByText(/^Published: version/).waitFor();
    expect(await name.inputValue()).not.toBe('Not Saved Yet');
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('heading', { name: 'Embed snippet' }).waitFor();
    expect(await leave.count()).toBe(0);
  });

  it('has no axe violations at 320 px, light or dark, and nothing wider than the screen', async () => {
    const page = await signedIn({ width: 320, height: 640 });
    await page.goto(`${server.url}/console/sites/${site}/appearance`);
    await page.getByText(/^Published: version/).waitFor();
    await previewFrame(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(await violations(page)).toEqual([]);
    // the editor's own colours follow the console's dark ones (its labels were near-black on black)
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await violations(page)).toEqual([]);
  });
});
