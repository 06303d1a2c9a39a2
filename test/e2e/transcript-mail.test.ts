/**
 * 'Email me a transcript' through the server's mail, end to end: the built server started with SMTP_URL pointing at
 * the test's own SMTP server (test/server/smtp.ts), the widget in Chromium asking a question, then the transcript
 * asked for by email from the Settings tab, and the message the SMTP server received read back.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type LocalSmtp } from '../server/smtp';
import { type RunningServer, startServer } from './server';
import { browserSuite } from './suite';

const suite = browserSuite();
let smtp: LocalSmtp;
let server: RunningServer;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Horizon Advice <no-reply@advice.example>' });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Horizon Assistant' });

describe('a transcript by email', () => {
  it('is mailed through the server, with the question and the answer, from MAIL_FROM', async () => {
    // the banner says mail is on, naming the relay
    expect(server.output()).toContain(`Mail: ${smtp.url} as Horizon Advice <no-reply@advice.example>`);
    const page = await suite.page();
    await page.goto(`${server.url}/recommended-products`);
    await page
      .getByRole('button', { name: /^Open chat with/ })
      .last()
      .click();
    await dialog(page).getByRole('button', { name: 'Navigation' }).click();
    await page.getByRole('menuitemradio', { name: 'Chat', exact: true }).click();
    const answers = page.locator('[data-part="message"][data-role="ai"]:not([data-status])');
    await page.getByRole('textbox', { name: /^Message/ }).fill('What is the investment fee?');
    await page.keyboard.press('Enter');
    await answers.first().waitFor();
    const answer = (await answers.first().innerText()).trim();

    await dialog(page).getByRole('button', { name: 'Settings' }).first().click();
    const settings = page.getByRole('region', { name: 'Settings' });
    await settings.getByText('Sends this conversation to the email address you give.').waitFor();
    await settings.getByRole('button', { name: 'Email me a transcript' }).click();
    await settings.getByRole('textbox', { name: 'Your email address' }).fill('ann@client.example');
    await settings.getByRole('button', { name: 'Send transcript' }).click();
    await settings.getByRole('status').filter({ hasText: 'Transcript sent to ann@client.example' }).waitFor();

    const m = await smtp.waitForMessage((x) => x.envelope.to.includes('ann@client.example'));
    expect(m.envelope.from).toBe('no-reply@advice.example');
    expect(m.subject).toBe('Chat transcript: Horizon Assistant');
    expect(m.headers['content-type']).toMatch(/^text\/plain/);
    expect(m.text).toMatch(/^You \(\d{4}-\d\d-\d\dT[\d:.]+Z\):\nWhat is the investment fee\?\n\nHorizon Assistant \(/);
    // the answer as stored (markdown): its words as the page shows them
    expect(m.text).toContain('0.7%');
    // (the shown answer starts with its label for screen readers, 'Horizon Assistant said:')
    const words = answer
      .replace(/^.*?said:\s*/, '')
      .split(/\s+/)
      .slice(0, 6);
    // its words, without the punctuation markdown may have moved (`**Fee schedule**:`)
    for (const word of words) expect(m.text).toContain(word.replace(/[^\p{L}\p{N}%.]/gu, ''));
  });
});
