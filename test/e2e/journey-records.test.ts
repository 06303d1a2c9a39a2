/**
 * Advice records end to end (docs/advice-records.md), in Chromium against the built server started for this file with
 * SMTP_URL pointing at the test's own SMTP server (test/server/smtp.ts): consent on the intro page, "Save and continue
 * later" and its link opened in a second browser context (once), the statement's PDF holding the figures the page
 * shows and its acceptance, a couple's second acceptance through the partner's link, the kill switch, nothing sent
 * without consent, and axe on each of these pages at 1280 and 320 px.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADVICE_WORDS } from '../../journey/messages-on-demand';
import { CALL_LIMIT_MS } from '../../journey/records/api';
import { RECORDS_WORDS } from '../../journey/messages-records';
import { EMAIL, PHONE } from '../../journey/licensee';
import { completeAnswers } from '../fixtures/answers';
import { household } from '../journey/engine-fixtures';
import { startSmtp, type LocalSmtp } from '../server/smtp';
import { violations } from './axe';
import { launchBrowser } from './browser';
import { consentByPointer, onScreen, recordsPages } from './records-pages';
import { type RunningServer, startServer } from './server';

const run = promisify(execFile);
const W = RECORDS_WORDS;
const S = ADVICE_WORDS.statement;

let smtp: LocalSmtp;
let server: RunningServer;
let browser: Browser;
let site: string;
let downloads: string;

const admin = async (...args: string[]) =>
  (await run(process.execPath, ['dist/server/admin.js', ...args], { env: { ...process.env, DATA_DIR: server.dataDir } })).stdout;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Horizon Advice <no-reply@advice.example>' });
  browser = await launchBrowser();
  site = /^(site_\S+)/m.exec(await admin('sites'))![1]!;
  downloads = await mkdtemp(path.join(tmpdir(), 'journey-records-'));
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  if (downloads) await rm(downloads, { recursive: true, force: true });
});

const pages = recordsPages(() => ({ browser, url: server.url }));
const { device, seed, show } = pages;
afterEach(async () => {
  expect(await pages.close()).toEqual([]);
});

/**
 * Consent on the intro page: the box, the name and (optionally) the email; the file is made on the server. Then an
 * answer typed on a question's page (the income, as it is), which sends the whole answers to the file, as the
 * client's next answer does (consent on the intro page sends nothing by itself).
 */
async function consent(page: Page, name: string, email = '') {
  await show(page, 'intro');
  await consentByPointer(page, name, email);
  await show(page, 'income');
  const income = page.getByRole('textbox', { name: 'Gross income' });
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && /\/advice-files\/[^/]+\/answers$/.test(r.url()));
  await income.fill(await income.inputValue());
  // 201, or 200 when the file has these answers already
  expect((await saved).ok()).toBe(true);
}

/** The advice files the site holds, as the admin CLI lists them (one line each). */
const files = async () => (await admin('advice:list', site)).split('\n').filter((l) => l.startsWith('adv') || /^\S+ {2}/.test(l));
const fileOf = async (name: string) => (await files()).find((l) => l.includes(JSON.stringify(name)));

/** The statement's PDF downloaded through the page, as text (pdftotext, layout kept). */
async function downloadText(page: Page, scope: Page | ReturnType<Page['locator']> = page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), scope.getByRole('button', { name: W.statement.download }).click()]);
  expect(download.suggestedFilename()).toMatch(/^statement-of-advice-\d{4}-\d{2}-\d{2}\.pdf$/);
  const file = path.join(downloads, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout;
}

const dollars = (text: string) => text.match(/\$[\d,]+(?:\.\d\d)?/g) ?? [];
const section = (page: Page, heading: string) =>
  page.locator('article.soa section').filter({ has: page.getByRole('heading', { level: 2, name: heading, exact: true }) });
/** Spaces as pdftotext may lay them out: any run of white space. */
const loosely = (s: string) => new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'));

async function axeClean(page: Page, what: string) {
  expect(await violations(page), what).toEqual([]);
}

describe('a single client', () => {
  it('consents, saves for later, and goes on in a second context with the link, which works once; the mail holds it too', async () => {
    const first = await device();
    await seed(first, completeAnswers());
    await consent(first, 'Ann Single', 'ann@client.example');
    const file = await fileOf('Ann Single');
    expect(file).toBeTruthy();

    // an answer typed on this device reaches the file too
    await show(first, 'income');
    await first.getByRole('textbox', { name: 'Gross income' }).fill('91000');
    await first.getByRole('button', { name: W.later.button }).click();
    const panel = first.getByRole('region', { name: W.later.heading });
    await panel.getByRole('textbox', { name: W.later.email }).fill('ann@client.example');
    await panel.getByRole('button', { name: W.later.create }).click();
    const url = await panel.getByRole('textbox', { name: W.later.link }).inputValue();
    const code = /: ([\dA-Z]{4}-[\dA-Z]{4})$/.exec(await panel.getByText(/^Or enter this code/).innerText())![1]!;
    expect(url).toBe(`${server.url}/resume#${code}`);
    await panel.getByText(W.later.emailed('ann@client.example')).waitFor();
    const mail = await smtp.waitForMessage((m) => m.envelope.to.includes('ann@client.example'));
    expect(mail.text).toContain(url);

    // another device: the link, Continue, and the page they left with their answers
    const second = await device();
    await second.goto(url);
    await second.getByRole('heading', { level: 1, name: W.resume.title }).waitFor();
    expect(await second.getByRole('textbox', { name: W.resume.code }).inputValue()).toBe(code);
    expect(new URL(second.url()).hash).toBe('');
    await second.getByRole('button', { name: W.resume.continue }).click();
    await onScreen(second, 'income');
    expect(await second.getByRole('textbox', { name: 'Gross income' }).inputValue()).toBe('91000');

    // the same code again: it does not work (single use)
    const third = await device({ allowed: /status of 404/ });
    await third.goto(`${server.url}/resume`);
    await third.getByRole('textbox', { name: W.resume.code }).fill(code);
    await third.getByRole('button', { name: W.resume.continue }).click();
    expect(await third.getByRole('alert').innerText()).toBe(W.resume.invalid);
  });

  it('downloads the statement, whose text holds the figures the page shows, and accepts it', async () => {
    const page = await device();
    await seed(page, completeAnswers());
    await consent(page, 'Ann Statement');
    await show(page, 'statementOfAdvice');
    const goal = await section(page, S.yourGoal).locator('p').innerText();
    const recommendation = await section(page, S.ourRecommendation).locator('p').first().innerText();
    const fees = await page.locator('article.soa table.fees td').allInnerTexts();
    const figures = [...dollars(goal), ...dollars(recommendation), ...fees.flatMap(dollars)];
    expect(figures.length).toBeGreaterThan(6);

    const text = await downloadText(page);
    for (const figure of new Set(figures)) expect(text, figure).toContain(figure);
    expect(text).toMatch(loosely('Ann Statement'));

    await page.getByRole('button', { name: W.statement.accept }).click();
    await page.getByRole('heading', { name: W.statement.accepted }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: W.statement.allAccepted }).count()).toBe(1);
    expect(await fileOf('Ann Statement')).toMatch(/ {2}accepted {2}/);
  });
});

describe('a call that never answers', () => {
  it('fails after the time limit as the network does: /resume says its failure words, the code kept, and Continue tries again', async () => {
    const page = await device({ allowed: /status of 404|net::ERR_/ });
    // the page's clock runs as usual, and is moved on past the limit instead of waiting it out
    await page.clock.install();
    let held!: () => void;
    const routed = new Promise<void>((r) => (held = r));
    // the first request is held: never answered, aborted or passed on; the next goes to the server (the route stays:
    // one taken away while the page runs races the next call in Chromium, Playwright issue 41802)
    let calls = 0;
    await page.route(/\/journey\/api\/resume$/, (route) => (calls++ ? route.fallback() : held()));
    await page.goto(`${server.url}/resume`);
    const field = page.getByRole('textbox', { name: W.resume.code });
    await field.fill('ABCD-2345');
    await page.getByRole('button', { name: W.resume.continue }).click();
    await routed;
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.clock.fastForward(CALL_LIMIT_MS);
    expect(await page.getByRole('alert').innerText()).toBe(W.resume.failed);
    expect(await field.inputValue()).toBe('ABCD-2345');
    await page.getByRole('button', { name: W.resume.continue }).click();
    await page.getByRole('alert').filter({ hasText: W.resume.invalid }).waitFor();
  });
});

describe('a couple', () => {
  it('names both; the client accepts, the partner accepts through their link in another context, and the file is accepted', async () => {
    const answers = household({ relationshipStatus: 'couple', partner: { income: '60000' } });
    const client = await device();
    await seed(client, answers);
    await consent(client, 'Ann Couple');
    await show(client, 'statementOfAdvice');
    const names = W.statement.forNames(W.and(['Ann Couple', 'Sam']));
    await client.getByText(names).waitFor();
    expect(await downloadText(client)).toMatch(loosely('Sam'));
    await client.getByRole('button', { name: W.statement.accept }).click();
    await client.getByText(W.statement.waiting('Sam')).waitFor();
    const link = await client.getByRole('textbox', { name: W.statement.partnerLink('Sam') }).inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}/partner#`));
    expect(await fileOf('Ann Couple')).toMatch(/ {2}awaiting-partner {2}/);

    const partner = await device();
    await partner.goto(link);
    await partner.getByRole('heading', { level: 1, name: W.partner.title }).waitFor();
    await partner.getByText(names).waitFor();
    expect(await downloadText(partner)).toMatch(loosely('Ann Couple'));
    await partner.getByRole('button', { name: W.statement.accept }).click();
    await partner.getByRole('heading', { level: 2, name: W.partner.thanks }).waitFor();
    expect(await fileOf('Ann Couple')).toMatch(/ {2}accepted {2}/);
    await client.reload();
    await client.getByText(names).waitFor();
  });

  // every load of an advice page asks `POST …/advice`: asked again on the same answers, day and versions, the server
  // appends no new result, so the file stays accepted (and its statement the one both accepted)
  it('stays accepted when the client reloads the statement page after both accepted', async () => {
    const client = await device();
    await seed(client, household({ relationshipStatus: 'couple', partner: { income: '60000' } }));
    await consent(client, 'Ann Reload');
    await show(client, 'statementOfAdvice');
    await client.getByRole('button', { name: W.statement.accept }).click();
    const link = await client.getByRole('textbox', { name: W.statement.partnerLink('Sam') }).inputValue();
    const partner = await device();
    await partner.goto(link);
    await partner.getByRole('button', { name: W.statement.accept }).click();
    await partner.getByRole('heading', { level: 2, name: W.partner.thanks }).waitFor();
    expect(await fileOf('Ann Reload')).toMatch(/ {2}accepted {2}/);
    const advised = client.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/advice'));
    await client.reload();
    await advised;
    expect(await fileOf('Ann Reload')).toMatch(/ {2}accepted {2}/);
  });
});

describe('the kill switch', () => {
  it('pauses advice: the advice pages offer the licensee’s advisers instead, and show the recommendation again after', async () => {
    const page = await device({ allowed: /status of 503/ });
    await seed(page, completeAnswers());
    await consent(page, 'Ann Paused');
    await admin('advice:settings', site, '--paused', 'on');
    try {
      for (const id of ['recommendation', 'recommendedProducts', 'statementOfAdvice'] as const) {
        await show(page, id);
        await page.getByRole('heading', { level: 2, name: W.paused.heading }).waitFor();
        expect(await page.getByText(W.paused.contact(PHONE, EMAIL)).count()).toBe(1);
        // no way on to pages that are paused too: only Back
        expect(await page.locator('.page-nav .button--primary').count()).toBe(0);
        expect(await page.locator('[data-testid="proposed-advice"], article.soa').count()).toBe(0);
      }
    } finally {
      await admin('advice:settings', site, '--paused', 'off');
    }
    await show(page, 'recommendation');
    await page.getByTestId('proposed-advice').waitFor();
    expect(await page.getByRole('heading', { level: 2, name: W.paused.heading }).count()).toBe(0);
  });
});

describe('without consent', () => {
  it('keeps everything on the device: no advice file, and no call but the advice status', async () => {
    const before = await files();
    const page = await device();
    const calls: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/journey/api')) calls.push(`${r.method()} ${u.pathname}`);
    });
    await show(page, 'intro');
    await page.getByRole('button', { name: W.consent.save }).click();
    await page.getByText(W.consent.onDevice, { exact: false }).waitFor();
    await show(page, 'dateOfBirth');
    await page.getByRole('textbox', { name: 'Date of birth' }).fill('14/03/1988');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await onScreen(page, 'relationshipStatus');
    await page.getByRole('radio', { name: 'Single' }).check();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await onScreen(page, 'goalSelection');
    // the advice pages ask the status only
    await seed(page, completeAnswers());
    await show(page, 'recommendation');
    await page.getByTestId('proposed-advice').waitFor();
    expect(calls.filter((c) => c !== 'GET /journey/api/advice-status')).toEqual([]);
    expect(await files()).toEqual(before);
  });
});

/**
 * How the buttons of the page's actions row lie (the statement's, the partner page's): in one row, each on one line,
 * or stacked, each the row's full width. Two buttons squeezed side by side wrap their words into narrow columns.
 */
const actionsLayout = (page: Page) =>
  page.locator('.soa__actions').evaluate((row) => {
    const buttons = [...row.children].map((b) => {
      const words = document.createRange();
      words.selectNodeContents(b);
      const box = b.getBoundingClientRect();
      return { box, lines: new Set([...words.getClientRects()].map((r) => Math.round(r.top))).size };
    });
    const width = row.getBoundingClientRect().width;
    const inRow = buttons.every(({ box }) => box.top === buttons[0]!.box.top);
    const stacked = buttons.every(({ box }, i) => box.width === width && (i === 0 || box.top >= buttons[i - 1]!.box.bottom));
    return inRow && buttons.every((b) => b.lines === 1) ? 'one row' : stacked ? 'stacked' : 'squeezed';
  });

describe('axe on the advice records’ pages', () => {
  for (const width of [1280, 320])
    it(`has no violations at ${width} px: consent, Save and continue later, resume, partner, the statement with its acceptance, the pause`, async () => {
      const page = await device({ width, allowed: /status of 503/ });
      await seed(page, household({ relationshipStatus: 'couple', partner: { income: '60000' } }));
      await show(page, 'intro');
      await axeClean(page, 'consent');
      await consent(page, `Axe ${width}`);
      await axeClean(page, 'consent given');

      await show(page, 'income');
      await page.getByRole('button', { name: W.later.button }).click();
      const panel = page.getByRole('region', { name: W.later.heading });
      await axeClean(page, 'save and continue later');
      await panel.getByRole('button', { name: W.later.create }).click();
      await panel.getByRole('textbox', { name: W.later.link }).waitFor();
      await axeClean(page, 'the link made');

      await show(page, 'statementOfAdvice');
      await page.getByRole('button', { name: W.statement.accept }).click();
      const link = await page.getByRole('textbox', { name: W.statement.partnerLink('Sam') }).inputValue();
      await axeClean(page, 'the statement accepted');

      const partner = await device({ width });
      await partner.goto(link);
      await partner.getByRole('button', { name: W.statement.accept }).waitFor();
      // Download and Accept: one row where they fit, stacked full width at 320 px, never squeezed side by side
      expect(await actionsLayout(partner)).toBe(width === 320 ? 'stacked' : 'one row');
      await axeClean(partner, 'partner');
      await partner.getByRole('button', { name: W.statement.accept }).click();
      await partner.getByRole('heading', { level: 2, name: W.partner.thanks }).waitFor();
      await axeClean(partner, 'partner accepted');

      const other = await device({ width, allowed: /status of 404/ });
      await other.goto(`${server.url}/resume`);
      await other.getByRole('textbox', { name: W.resume.code }).fill('ABCD-2345');
      await other.getByRole('button', { name: W.resume.continue }).click();
      await other.getByRole('alert').waitFor();
      await axeClean(other, 'resume, the code refused');

      await admin('advice:settings', site, '--paused', 'on');
      try {
        await show(page, 'recommendation');
        await page.getByRole('heading', { level: 2, name: W.paused.heading }).waitFor();
        await axeClean(page, 'paused');
      } finally {
        await admin('advice:settings', site, '--paused', 'off');
      }
    });
});
