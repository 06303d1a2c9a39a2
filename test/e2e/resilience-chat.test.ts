/**
 * The chat on a bad network (issue 13), end to end: the journey at '/' with the widget
 * against the real server in headless Chromium, the network shaped with Playwright
 * (`page.route`, `context.setOffline`). A hung answer shows Stop, and Stop cancels it; a
 * message sent offline is kept and delivered once when the network is back; a 429 says how
 * long to wait and holds the send button that long; a 503 (the server answering as many questions
 * as it may) fails the question with its Try again, offered at once; a failed question keeps its Try again
 * after later messages.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { violations } from './axe';
import { browserSuite } from './suite';

const baseUrl = inject('baseUrl');
const suite = browserSuite();

/** What Chromium itself logs for the failures these tests cause on purpose. */
const EXPECTED = /Failed to load resource|ERR_INTERNET_DISCONNECTED|ERR_FAILED|status of (429|500|503)/;

async function open(): Promise<Page> {
  const page = await suite.page({ allowed: EXPECTED });
  await page.goto(`${baseUrl}/`);
  return page;
}

const isChat = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/chat';

/** The messages of the POST /api/chat requests the server answered (not those that failed in the browser, were cut short or were answered by a route). */
function answeredChats(page: Page) {
  const bodies: string[] = [];
  page.on('response', (r) => {
    if (isChat(r.request()) && r.status() === 200) bodies.push((r.request().postDataJSON() as { message: string }).message);
  });
  return bodies;
}

async function openChat(page: Page) {
  await page
    .getByRole('button', { name: /^Open chat with/ })
    .last()
    .click();
  await page.getByRole('dialog', { name: 'Horizon Assistant' }).getByRole('button', { name: 'Navigation' }).waitFor();
  await page.getByRole('button', { name: 'Navigation' }).click();
  await page.getByRole('menuitemradio', { name: 'Chat', exact: true }).click();
  await page.getByRole('textbox', { name: /^Message/ }).waitFor();
}

const input = (page: Page) => page.getByRole('textbox', { name: /^Message/ });
const question = (page: Page, text: string) => page.locator('[data-part="message"][data-role="user"]', { hasText: text });
const answers = (page: Page) => page.locator('[data-part="message"][data-role="ai"]:not([data-error])');
/** The answers written whole (a streamed answer carries a status until its last piece). */
const wholeAnswers = (page: Page) => page.locator('[data-part="message"][data-role="ai"]:not([data-error]):not([data-status])');

async function type(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press('Enter');
}

/** The element with the focus, through shadow roots: its data-part, or its tag. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el?.getAttribute('data-part') ?? el?.tagName.toLowerCase() ?? null;
  });

describe('the chat on a bad network', () => {
  it('a hung answer shows Stop; Stop cancels it, keeps the question with its Try again, and gives the focus back to the composer', async () => {
    const page = await open();
    await openChat(page);
    const aborted: string[] = [];
    page.on('requestfailed', (r) => isChat(r) && aborted.push(r.failure()?.errorText ?? ''));
    // the answer never comes
    await page.route('**/api/chat', () => undefined);
    await type(page, 'What is the investment fee?');
    const stop = page.getByRole('button', { name: 'Stop' });
    await stop.waitFor();
    await page.getByRole('status', { name: /is typing$/ }).waitFor();
    await stop.click();

    const q = question(page, 'What is the investment fee?');
    await q.getByText('Stopped').waitFor();
    expect(await q.getAttribute('data-status')).toBe('stopped');
    await expect.poll(() => aborted.length).toBe(1);
    expect(await stop.count()).toBe(0);
    expect(await page.getByRole('status', { name: /is typing$/ }).count()).toBe(0);
    expect(await focused(page)).toBe('input');
    expect(await violations(page)).toEqual([]);

    // Try again sends it (the network answers now), once
    await page.unroute('**/api/chat');
    const sent = answeredChats(page);
    await q.getByRole('button', { name: 'Try again' }).click();
    await wholeAnswers(page).first().waitFor();
    expect(await wholeAnswers(page).first().innerText()).toContain('0.7%');
    expect(sent).toEqual(['What is the investment fee?']);
    expect(await question(page, 'What is the investment fee?').count()).toBe(1);
  });

  it('offline, a message is kept and says so; back online it is delivered once', async () => {
    const page = await open();
    await openChat(page);
    const sent = answeredChats(page);
    await suite.context!.setOffline(true);
    await type(page, 'Who is the adviser?');
    const waiting = page.getByRole('status').filter({ hasText: 'Your message will be sent when the network is back.' });
    await waiting.waitFor();
    const q = question(page, 'Who is the adviser?');
    await q.getByText('Waiting to send').waitFor();
    // nothing typed is lost: the composer goes on working while offline
    await input(page).fill('a draft of my next question');
    expect(await page.locator('[data-part="message"][data-error]').count()).toBe(0);
    expect(await violations(page)).toEqual([]);

    await suite.context!.setOffline(false);
    // the question says "sending" until its answer has streamed to the end: wait for the whole answer
    await wholeAnswers(page).first().waitFor({ timeout: 30_000 });
    await waiting.waitFor({ state: 'detached' });
    expect(await q.getAttribute('data-status')).toBeNull();
    expect(sent).toEqual(['Who is the adviser?']);
    expect(await input(page).inputValue()).toBe('a draft of my next question');

    // the server stored it once
    await page.reload();
    await openChat(page);
    await question(page, 'Who is the adviser?').first().waitFor();
    expect(await question(page, 'Who is the adviser?').count()).toBe(1);
    expect(await answers(page).count()).toBe(1);
  });

  it('an answer lost on its way back: the question is sent again, and the server, which had it, answers with what it stored', async () => {
    const page = await open();
    await openChat(page);
    // a conversation first, so that both tries of the next question go to the same chat session
    await type(page, 'Hello there');
    await answers(page).first().waitFor({ timeout: 30_000 });
    // the next request reaches the server (which answers and stores it); its answer never reaches the page
    let reached = 0;
    await page.route(
      '**/api/chat',
      async (route) => {
        reached++;
        await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await type(page, 'What does the adviser cost?');
    await answers(page).nth(1).waitFor({ timeout: 30_000 });
    expect(reached).toBe(1);
    expect(await question(page, 'What does the adviser cost?').count()).toBe(1);
    expect(await answers(page).count()).toBe(2);

    // stored once, not twice
    await page.reload();
    await openChat(page);
    await question(page, 'What does the adviser cost?').first().waitFor();
    expect(await question(page, 'What does the adviser cost?').count()).toBe(1);
    expect(await answers(page).count()).toBe(2);
  });

  it('a waiting message can be cancelled: it is not sent when the network is back', async () => {
    const page = await open();
    await openChat(page);
    const sent = answeredChats(page);
    await suite.context!.setOffline(true);
    await type(page, 'Never mind this one');
    const q = question(page, 'Never mind this one');
    await q.getByRole('button', { name: 'Cancel' }).click();
    await q.getByText('Stopped').waitFor();
    expect(await focused(page)).toBe('input');
    await suite.context!.setOffline(false);
    // a later message goes; the cancelled one does not
    await type(page, 'What is the investment fee?');
    await answers(page).first().waitFor();
    expect(sent).toEqual(['What is the investment fee?']);
    expect(await q.getAttribute('data-status')).toBe('stopped');
  });

  it('429 with Retry-After: says how long to wait, and the send button waits that long', async () => {
    const page = await open();
    await openChat(page);
    await page.route(
      '**/api/chat',
      (route) =>
        route.fulfill({
          status: 429,
          headers: { 'Retry-After': '3', 'Content-Type': 'application/json' },
          body: '{"error":"RATE_LIMIT_EXCEEDED"}',
        }),
      { times: 1 },
    );
    await type(page, 'What is the investment fee?');
    await page.getByText('Too many messages. Please wait 3 seconds before sending again.').waitFor();
    const send = page.getByRole('button', { name: 'Send message' });
    // the question came back into the composer; it cannot go yet
    expect(await input(page).inputValue()).toBe('What is the investment fee?');
    expect(await send.isDisabled()).toBe(true);
    const since = Date.now();
    await expect.poll(() => send.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(Date.now() - since).toBeGreaterThan(1_500);
    await send.click();
    await answers(page).first().waitFor();
    // sent again from the composer, it shows once
    expect(await question(page, 'What is the investment fee?').count()).toBe(1);
  });

  it('503 with Retry-After (the server is answering as many as it may): §8’s failure text as an error message, and Try again at once sends it', async () => {
    const page = await open();
    await openChat(page);
    const sent = answeredChats(page);
    await page.route(
      '**/api/chat',
      (route) =>
        route.fulfill({
          status: 503,
          headers: { 'Retry-After': '10', 'Content-Type': 'application/json' },
          body: '{"error":"SERVER_BUSY","message":"The server is answering as many questions as it can: try again in 10 seconds."}',
        }),
      { times: 1 },
    );
    await type(page, 'Who is the adviser?');
    const error = page.locator('[data-part="message"][data-error]');
    await error.getByText('Failed to get AI response').waitFor();
    expect(await question(page, 'Who is the adviser?').getAttribute('data-status')).toBe('failed');
    // not held for the Retry-After (unlike a 429): the visitor may try again at once
    expect(await page.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true);
    expect(await violations(page)).toEqual([]);
    await error.getByRole('button', { name: 'Try again' }).click();
    await answers(page).first().waitFor();
    expect(await error.count()).toBe(0);
    expect(sent).toEqual(['Who is the adviser?']);
    expect(await question(page, 'Who is the adviser?').count()).toBe(1);
  });

  it('a server error, then a later message: the failed question keeps its Try again, which sends it once', async () => {
    const page = await open();
    await openChat(page);
    const sent = answeredChats(page);
    await page.route('**/api/chat', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }), { times: 1 });
    await type(page, 'Who is the adviser?');
    const error = page.locator('[data-part="message"][data-error]');
    await error.getByText('Failed to get AI response').waitFor();
    await input(page).fill('What is the investment fee?');
    await input(page).press('Enter');
    await answers(page).first().waitFor();

    // still there, before the later exchange, with its own Try again
    expect(await question(page, 'Who is the adviser?').getAttribute('data-status')).toBe('failed');
    const tryAgain = error.getByRole('button', { name: 'Try again' });
    await tryAgain.click();
    await answers(page).nth(1).waitFor();
    expect(await error.count()).toBe(0);
    expect(sent).toEqual(['What is the investment fee?', 'Who is the adviser?']);
    expect(await question(page, 'Who is the adviser?').count()).toBe(1);
  });

  it('a history that could not load says so (not an empty chat), and Retry loads it', async () => {
    const page = await open();
    await openChat(page);
    await type(page, 'What is the investment fee?');
    await answers(page).first().waitFor();
    await page.route('**/api/chat/history**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.reload();
    await openChat(page);
    const failed = page.getByRole('status').filter({ hasText: 'Failed to load chat history' });
    await failed.waitFor();
    expect(await page.locator('[data-part="empty"]').count()).toBe(0);
    expect(await question(page, 'What is the investment fee?').count()).toBe(0);
    await page.unroute('**/api/chat/history**');
    await failed.getByRole('button', { name: 'Retry' }).click();
    await failed.waitFor({ state: 'detached' });
    await question(page, 'What is the investment fee?').waitFor();
  });
});
