/**
 * The console's Advice screens in Chromium against the real server (docs/console.md "Advice"), its files made through
 * the journey's own API over HTTP (the demo site's key, from the site's own origin): a single client's accepted file,
 * a refusal and a couple's file awaiting the partner. An adviser, invited with the admin CLI, finds the client's file
 * by name, downloads its statement (the bytes' SHA-256 is the one shown), replays it (the same engine: no figure
 * differs) and signs a review off, which the timeline and the owner's audit log show; the adviser sees no settings and
 * no write controls the server would refuse. The owner pauses advice (asked first; the journey's advice call is 503
 * ADVICE_PAUSED and the file records it) and resumes it, sets the review sample to 100 % (a new file is queued, and
 * leaves the queue once signed off), and exports the change log. axe finds nothing on the list, a file with its replay
 * and the settings at 1280 and 320 px with this real data. Screenshots go to SCREENSHOTS when it is set.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSUMPTIONS_VERSION } from '../../journey/engine/assumptions';
import { ENGINE_VERSION } from '../../journey/engine/index';
import type { Answers } from '../../machines/journey-answers';
import { household } from '../journey/engine-fixtures';
import { violations } from './axe';
import { acceptInvitation, adminOf, invite } from './console-owner';
import { type RunningServer, startServer } from './server';
import { browserSuite } from './suite';

const suite = browserSuite();
const shots = process.env.SCREENSHOTS;
let server: RunningServer;
const admin = adminOf(() => server);

const PASSWORD = 'a long e2e pass phrase';
const OWNER = 'owner@advice.example';
const ADVISER = 'adviser@advice.example';
let siteId: string;
let apiKey: string;
/** The files made through the journey API, by client name. */
const files: Record<string, { fileId: string; token: string }> = {};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A call of the journey's advice API as the journey app makes it: the site's key, its own origin, a file's token. */
async function journey(path: string, body?: unknown, token?: string): Promise<Response> {
  const headers: Record<string, string> = { 'X-API-Key': apiKey, Origin: server.url };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${server.url}/journey/api${path}`, {
    method: 'POST',
    headers,
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

/** A file for `name` with consent, its `answers` saved and advice asked for; gives the advice call's answer. */
async function adviceFile(name: string, answers: Answers) {
  const created = await journey('/advice-files', {
    consent: true,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@client.example`,
    wording: 'consent-v1',
  });
  expect(created.status).toBe(201);
  const file = (await created.json()) as { fileId: string; token: string };
  files[name] = file;
  expect((await journey(`/advice-files/${file.fileId}/answers`, { answers }, file.token)).status).toBe(201);
  return journey(`/advice-files/${file.fileId}/advice`, undefined, file.token);
}

/** Issues the file's statement and accepts it (with the partner's address for a couple's). */
async function issueAndAccept(name: string, partnerEmail?: string) {
  const { fileId, token } = files[name]!;
  const issued = await journey(`/advice-files/${fileId}/statement`, undefined, token);
  expect(issued.status).toBe(201);
  const { statementId } = (await issued.json()) as { statementId: string };
  const accepted = await journey(`/advice-files/${fileId}/acceptance`, { statementId, ...(partnerEmail && { partnerEmail }) }, token);
  expect(accepted.status).toBe(200);
  return (await accepted.json()) as { status: string };
}

/** A page signed in as `email` through the console's sign-in form, on `path`. */
async function signedIn(email: string, path: string, width = 1280): Promise<Page> {
  const page = await suite.page({ viewport: { width, height: 900 }, allowed: /status of 40[13]/ });
  await page.goto(`${server.url}/console`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Your sites' }).waitFor();
  await page.goto(`${server.url}/console/sites/${siteId}/${path}`);
  return page;
}

/** Opens the file of `name` from the Advice tab by searching the name. */
async function openFile(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name: 'Advice' }).waitFor();
  await page.getByLabel('Client name or email').fill(name);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name: `Advice file: ${name}` }).waitFor();
}

/** Signs a review off on the open file: every item ticked, satisfactory, with `notes`. */
async function signOff(page: Page, notes: string) {
  const review = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Review' }) });
  for (const box of await review.getByRole('checkbox').all()) await box.check();
  await review.getByRole('radio', { name: 'Satisfactory' }).check();
  await review.getByLabel('Notes').fill(notes);
  await review.getByRole('button', { name: 'Sign off' }).click();
  await page.getByText('The review was signed off.').waitFor();
}

beforeAll(async () => {
  server = await startServer();
  apiKey = /data-api-key="([^"]+)"/.exec(await (await fetch(`${server.url}/`)).text())![1]!;
  const owner = await invite(admin, OWNER, 'owner');
  siteId = owner.siteId;
  const adviser = /(http\S+\/console\/invite\/\S+)/.exec(
    await admin('member:invite', siteId, '--email', ADVISER, '--role', 'adviser'),
  )![1]!;
  // both accept their invitations in a browser once; every page after signs in
  for (const link of [owner.link, adviser]) {
    const page = await suite.browser!.newPage();
    await acceptInvitation(page, server.url, link, PASSWORD);
    await page.context().close();
  }

  // a single client's file, advised and accepted
  expect(await (await adviceFile('Alex Single', household())).json()).toMatchObject({ status: 'recommended' });
  expect(await issueAndAccept('Alex Single')).toEqual({ status: 'accepted', partnerLink: null });
  // a refusal: no savings fails suitability
  expect(await (await adviceFile('Riley Refused', household({ savings: '' }))).json()).toMatchObject({ status: 'unsuitable' });
  // a couple's file, accepted by the first partner: awaiting the second
  const couple = household({ relationshipStatus: 'couple', partner: { income: '40000' } });
  couple.partner.name = 'Bo Partner';
  expect(await (await adviceFile('Cam Couple', couple)).json()).toMatchObject({ status: 'recommended' });
  expect(await issueAndAccept('Cam Couple', 'bo@client.example')).toMatchObject({ status: 'awaiting-partner' });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('advice review in the console against the real server', () => {
  it('an adviser finds a file by name, downloads its statement, replays it and signs a review off; the owner’s audit log shows it', async () => {
    const page = await signedIn(ADVISER, 'advice');
    const nav = page.getByRole('navigation', { name: /./ }).filter({ has: page.getByRole('link', { name: 'Advice' }) });
    // an adviser's tabs: the advice, none of the owner's; and no advice settings
    await page.getByRole('heading', { level: 1, name: 'Advice' }).waitFor();
    await page.getByRole('link', { name: 'Riley Refused' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Members' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Advice settings' }).count()).toBe(0);
    // every file's status in words
    for (const [name, status] of [
      ['Alex Single', 'Accepted'],
      ['Riley Refused', 'Refused'],
      ['Cam Couple', 'Awaiting partner'],
    ]) {
      await expect.poll(() => page.getByRole('row').filter({ hasText: name }).textContent()).toContain(status);
    }

    await openFile(page, 'Alex Single');
    await page.getByRole('heading', { level: 2, name: 'Timeline' }).waitFor();
    await page.getByText('Recommendation').first().waitFor();
    // the calculation date is a day: no time of day
    expect(await page.locator('dt:text-is("Calculated for") + dd').textContent()).toMatch(/^\w{3} \d{1,2}, \d{4}$/);
    for (const kind of ['Consent', 'Answers', 'Result', 'Statement issued', 'Accepted']) {
      expect(await page.getByText(kind, { exact: true }).count(), kind).toBeGreaterThan(0);
    }

    // the statement's bytes are the ones whose SHA-256 the file shows
    const statements = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Statements of advice' }) });
    const shown = (await statements.locator('[data-part="advice-hash"]').first().textContent())!.trim();
    expect(shown).toMatch(/^[0-9a-f]{64}$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      statements
        .getByRole('link', { name: /\(PDF\)$/ })
        .first()
        .click(),
    ]);
    expect(sha256(await readFile((await download.path())!))).toBe(shown);

    // the same engine and assumptions: nothing differs
    await page.getByRole('button', { name: 'Replay with today’s engine' }).click();
    await page.getByText('No figure differs.').waitFor();
    await page.getByText(`Now: engine ${ENGINE_VERSION}, assumptions ${ASSUMPTIONS_VERSION}`).waitFor();

    await signOff(page, 'Checked against the client’s payslip.');
    const timeline = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Timeline' }) });
    await timeline.getByText('Review signed off').waitFor();
    await timeline.getByText('Checked against the client’s payslip.').waitFor();
    await timeline.getByText(ADVISER).first().waitFor();

    // Appearance: an adviser may look, not change (the server refuses an adviser's writes: editor and owner only)
    await nav.getByRole('link', { name: 'Appearance' }).click();
    await page.getByText('You can view this site’s appearance; an editor or an owner can change it.').waitFor();
    expect(await page.getByRole('button', { name: 'Save and publish' }).count()).toBe(0);
    const refused = await page.evaluate(async (site) => {
      const { csrfToken } = (await (await fetch('/console/api/session')).json()) as { csrfToken: string };
      const current = (await (await fetch(`/console/api/sites/${site}/appearance`)).json()) as { version: number; appearance: unknown };
      const res = await fetch(`/console/api/sites/${site}/appearance`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken },
        body: JSON.stringify({ appearance: current.appearance, baseVersion: current.version }),
      });
      return res.status;
    }, siteId);
    expect(refused).toBe(403);
    await nav.getByRole('link', { name: 'Documents' }).click();
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    expect(await page.getByLabel('Choose a file').count()).toBe(0);

    const owner = await signedIn(OWNER, 'audit');
    const row = owner.getByRole('row').filter({ has: owner.getByText('advice.review', { exact: true }) });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain(ADVISER);
  });

  it('the owner pauses advice (asked first): the journey’s advice call is 503 ADVICE_PAUSED and the file records it; Resume lets it through', async () => {
    const page = await signedIn(OWNER, 'advice');
    await page.getByRole('button', { name: 'Pause new recommendations' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pause new recommendations?' });
    await dialog.getByRole('button', { name: 'Pause' }).click();
    await page.getByText('New recommendations are paused.', { exact: false }).waitFor();

    const paused = await adviceFile('Pat Paused', household());
    expect(paused.status).toBe(503);
    expect(await paused.json()).toMatchObject({ error: 'ADVICE_PAUSED' });
    await openFile(page, 'Pat Paused');
    await page.getByText('Advice asked while paused').waitFor();

    await page.getByRole('link', { name: 'Back to advice files' }).click();
    await page.getByRole('button', { name: 'Resume recommendations' }).click();
    await page.getByText('New recommendations are on.').waitFor();
    const resumed = await journey(`/advice-files/${files['Pat Paused']!.fileId}/advice`, undefined, files['Pat Paused']!.token);
    expect(resumed.status).toBe(200);
    expect(await resumed.json()).toMatchObject({ status: 'recommended' });
  });

  it('with the sample at 100 %, a new file is in the review queue until its review is signed off', async () => {
    const page = await signedIn(OWNER, 'advice');
    await page.getByLabel('Review sample (percent)').fill('100');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').waitFor();

    expect((await adviceFile('Quinn Queued', household())).status).toBe(200);
    await page.getByRole('checkbox', { name: 'Only files in the review queue' }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/queue=review/);
    await page.getByRole('link', { name: 'Quinn Queued' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'Quinn Queued' }).textContent()).toContain('In the review queue');

    await page.getByRole('link', { name: 'Quinn Queued' }).click();
    await page.getByRole('heading', { level: 1, name: 'Advice file: Quinn Queued' }).waitFor();
    await signOff(page, 'Sampled: fine.');
    await page.getByText('Reviewed: satisfactory').first().waitFor();
    expect(await page.getByText('In the review queue').count()).toBe(0);
    // out of the queue: the server's queue no longer holds it, and the list of the tab says so
    const queued = await page.evaluate(
      async (url) => ((await (await fetch(url)).json()) as { files: { clientName: string }[] }).files.map((f) => f.clientName),
      `/console/api/sites/${siteId}/advice-files?queue=review`,
    );
    expect(queued).not.toContain('Quinn Queued');
    await page.getByRole('link', { name: 'Back to advice files' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Quinn Queued' });
    await row.getByText('Reviewed: satisfactory').waitFor();
    expect(await row.getByText('In the review queue').count()).toBe(0);
  });

  it('the change log shows the engine and assumptions versions with the date, and exports them as CSV', async () => {
    const page = await signedIn(OWNER, 'advice');
    const log = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Change log' }) });
    const row = log.getByRole('row').filter({ hasText: ENGINE_VERSION });
    await row.waitFor();
    expect(await row.textContent()).toContain(ASSUMPTIONS_VERSION);
    expect(await row.locator('time').first().getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      log.getByRole('link', { name: 'Export the change log as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('advice-versions.csv');
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split(/\r\n/);
    expect(lines[0]).toBe('engine_version,assumptions_version,first_used_at,last_used_at,results');
    expect(lines[1]).toMatch(
      new RegExp(
        `^${ENGINE_VERSION.replace(/\./g, '\\.')},${ASSUMPTIONS_VERSION.replace(/\./g, '\\.')},\\d{4}-\\d\\d-\\d\\dT[^,]+,[^,]+,5$`,
      ),
    );
  });

  describe.each([1280, 320])('at %i px with real data', (width) => {
    it('axe finds nothing on the list with the settings, and on a file with its replay; nothing scrolls sideways', async () => {
      const page = await signedIn(OWNER, 'advice', width);
      await page.getByRole('link', { name: 'Riley Refused' }).waitFor();
      await page.getByRole('cell', { name: ENGINE_VERSION }).waitFor();
      await page.getByRole('button', { name: 'Pause new recommendations' }).waitFor();
      if (shots) await page.screenshot({ path: join(shots, `console-advice-server-${width}.png`), fullPage: true });
      expect(await violations(page)).toEqual([]);
      expect(await sideways(page)).toBe(0);

      for (const name of ['Riley Refused', 'Cam Couple']) {
        await page.goto(`${server.url}/console/sites/${siteId}/advice`);
        await openFile(page, name);
        await page.getByRole('button', { name: 'Replay with today’s engine' }).click();
        await page.getByText('No figure differs.').waitFor();
        await page.getByText('Show the answers').first().click();
        if (shots) await page.screenshot({ path: join(shots, `console-advice-server-${name.split(' ')[0]}-${width}.png`), fullPage: true });
        expect(await violations(page)).toEqual([]);
        expect(await sideways(page)).toBe(0);
      }
    });
  });
});
