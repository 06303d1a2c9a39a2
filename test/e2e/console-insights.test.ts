/**
 * The conversations inbox and the analytics end to end, in Chromium against the real server (a server of this
 * file's own, so that its admin CLI writes the same database): a visitor asks the widget a question with a word of
 * its own and clicks an action button the page offers; in the console, the owner finds that conversation by the
 * word, opens its transcript (the question, the answer, the click), exports it as CSV, sees the click counted in
 * Analytics by button and by page, then deletes the visitor's data; the conversation is gone from the inbox, and the
 * widget's History (the sessions the server lists for the visitor) no longer lists it.
 *
 * Where the build has no console API, the file is skipped (as console.test.ts is).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { acceptInvitation, adminOf, hasConsoleApi, invite } from './console-owner';
import { type RunningServer, startServer } from './server';
import { browserSuite } from './suite';

const suite = browserSuite();
let server: RunningServer;
let base = '';

const WORD = 'zircotherm';
const QUESTION = `Does the ${WORD} plan charge any fees?`;
/** The demo's action button on the risk page, and the message it sends. */
const ACTION = 'Explain the risk styles';
const ACTION_MESSAGE = 'What is the difference between the investment risk styles?';
const PAGE = '/questionnaire/risk-assessment';

const admin = adminOf(() => server);

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Horizon Assistant' });

async function tab(page: Page, name: string) {
  await page.getByRole('button', { name: 'Navigation' }).click();
  await page.getByRole('menuitemradio', { name, exact: true }).click();
}

/** Waits for the answer after the `before` answers already shown. */
async function answerAfter(page: Page, before: number) {
  const answers = page.locator('[data-part="message"][data-role="ai"]:not([data-status])');
  await answers.nth(before).waitFor();
  return answers.nth(before);
}

/** A CSV file's rows (RFC 4180: quoted cells may hold commas, quotes doubled, line breaks). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const available = await hasConsoleApi(inject('baseUrl'));

describe.skipIf(!available)('the inbox and the analytics against the real server', () => {
  beforeAll(async () => {
    server = await startServer();
    base = server.url;
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('a visitor’s question and click: found by its word, its transcript, its CSV, the click counted; the visitor deleted', async () => {
    const { siteId, link } = await invite(admin, 'owner@insights.example', 'owner');

    // the visitor, in a browser of their own
    const visitor = await suite.browser!.newContext({ viewport: { width: 1200, height: 900 } });
    try {
      const v = await visitor.newPage();
      await v.goto(base + PAGE);
      await v.getByRole('button', { name: /^Open chat with/ }).click();
      await dialog(v).getByRole('button', { name: 'Navigation' }).waitFor();
      await tab(v, 'Chat');
      await v.getByRole('textbox', { name: /^Message/ }).fill(QUESTION);
      await v.keyboard.press('Enter');
      await answerAfter(v, 0);
      // the page's action button, from Home: reported with the conversation, then sent as its message
      await tab(v, 'Home');
      const clicked = v.waitForResponse((r) => r.url().endsWith('/api/button-click') && r.request().method() === 'POST');
      await v.getByRole('group', { name: 'Suggested actions' }).getByRole('button', { name: ACTION }).click();
      expect((await clicked).ok()).toBe(true);
      await v.locator('[data-part="message"][data-role="user"]', { hasText: ACTION_MESSAGE }).waitFor();
      await answerAfter(v, 1);
      await tab(v, 'History');
      await v.locator('[data-part="history-item"]').first().waitFor();
      expect(await v.locator('[data-part="history-item"]').count()).toBe(1);

      // the owner, in the console
      const page = await suite.page({ viewport: { width: 1280, height: 900 }, allowed: /status of 401/ });
      await acceptInvitation(page, base, link);

      // the inbox: found by the word
      await page.goto(`${base}/console/sites/${siteId}/inbox`);
      await page.getByLabel('Search messages').fill(WORD);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL(new RegExp(`[?&]q=${WORD}`));
      const found = page.locator('[data-part="conversation"]');
      await found.first().waitFor();
      expect(await found.count()).toBe(1);
      // the word, marked in the snippet of the message it is in
      expect(await found.locator('[data-part="snippet"]').innerText()).toContain(WORD);
      await found.getByRole('link', { name: QUESTION }).click();

      // the transcript: the question, the answer, the click
      const transcript = page.locator('[data-part="transcript"]');
      await transcript.locator('[data-part="message"][data-role="user"]', { hasText: QUESTION }).waitFor();
      expect(await transcript.locator('[data-part="message"][data-role="ai"]').count()).toBe(2);
      await transcript.locator('[data-part="click"]', { hasText: `Clicked “${ACTION}”` }).waitFor();
      expect(await transcript.locator('[data-part="click"]').innerText()).toContain(PAGE);

      // its export, as the link downloads it
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Export this conversation as CSV' }).click();
      const file = await readFile((await (await download).path())!, 'utf8');
      // a byte order mark first, for spreadsheets
      expect(file.startsWith('\ufeff')).toBe(true);
      const rows = csvRows(file.slice(1));
      expect(rows[0]).toEqual([
        'conversationId',
        'messageId',
        'at',
        'role',
        'type',
        'content',
        'failed',
        'incomplete',
        'nothingFound',
        'voice',
      ]);
      const messages = rows.slice(1);
      expect(messages.map((r) => r[3])).toEqual(['user', 'ai', 'user', 'ai']);
      expect(messages[0]![5]).toBe(QUESTION);
      expect(messages[2]![5]).toBe(ACTION_MESSAGE);
      expect(new Set(messages.map((r) => r[0])).size).toBe(1);
      const conversationUrl = page.url();

      // Analytics: the click, by button and by page
      await page.goto(`${base}/console/sites/${siteId}/analytics`);
      const byButton = page.getByRole('table', { name: 'Button clicks: By button' });
      await byButton.getByRole('row', { name: new RegExp(`^${ACTION} 1$`) }).waitFor();
      const byPage = page.getByRole('table', { name: 'Button clicks: By page' });
      await byPage.getByRole('row', { name: `${base}${PAGE} 1` }).waitFor();

      // the visitor's data deleted from the transcript
      await page.goto(conversationUrl);
      await page.getByRole('button', { name: 'Delete visitor data' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this visitor’s data?' });
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      // back to the list, where the word finds nothing now, and the list is empty
      await page.waitForURL((url) => url.pathname.endsWith('/inbox'));
      await page.getByText('No conversations yet.').waitFor();
      await page.getByLabel('Search messages').fill(WORD);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText('No conversation matches these filters.').waitFor();

      // and the visitor's History, read again from the server, no longer lists it
      await v.reload();
      await v.getByRole('button', { name: /^Open chat with/ }).click();
      await dialog(v).getByRole('button', { name: 'Navigation' }).waitFor();
      await tab(v, 'History');
      await v.getByText('No chat history yet').waitFor();
      expect(await v.locator('[data-part="history-item"]').count()).toBe(0);
    } finally {
      await visitor.close();
    }
  });
});
