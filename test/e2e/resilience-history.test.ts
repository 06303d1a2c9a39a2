/**
 * Issue 13 end to end, in real Chromium against the real server (the journey at '/' with the
 * widget): the History tab tells 'could not load' from 'empty' and recovers with Retry; the
 * window opens on Home with its input focused, so one click is enough to type, and the input
 * shows no focus ring after a mouse click on the launcher while keyboard users still see one.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { violations } from './axe';
import { browserSuite } from './suite';

const baseUrl = inject('baseUrl');
const suite = browserSuite();

/** The page, with console errors and page errors collected (those matching `expected` are allowed). */
async function open(path: string, expected: RegExp | null = null): Promise<Page> {
  const page = await suite.page({ allowed: expected });
  await page.goto(baseUrl + path);
  return page;
}

const launcher = (page: Page) => page.getByRole('button', { name: /^(Open chat with|Close chat)/ }).last();
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Horizon Assistant' });
const input = (page: Page) => page.getByRole('textbox', { name: /^Message/ });

/** The focused element through shadow roots: its data-part, role or tag. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el ? (el.getAttribute('data-part') ?? el.getAttribute('role') ?? el.tagName.toLowerCase()) : null;
  });

/** Whether Chromium says the focused text box matches :focus-visible, and the outline it draws. */
const ring = (page: Page) =>
  input(page).evaluate((el) => {
    const cs = getComputedStyle(el);
    return {
      focusVisible: el.matches(':focus-visible'),
      outline: cs.outlineStyle === 'none' || parseFloat(cs.outlineWidth) === 0 ? 'none' : `${cs.outlineWidth} ${cs.outlineStyle}`,
    };
  });

/** widget-spec §7 GET {api}/chat/sessions */
const SESSIONS = /\/api\/chat\/sessions\?/;

describe('the first impression (issue 13)', () => {
  it('one click on the launcher and the visitor types: the input on Home has the focus, without a focus ring', async () => {
    const page = await open('/');
    await launcher(page).click();
    await dialog(page).getByRole('region', { name: /./ }).first().waitFor();
    await expect.poll(() => focused(page)).toBe('input');
    // the window opened on Home: its title, its actions, and the input
    expect(await page.locator('ai-chat-widget [data-part="body"]').getAttribute('data-tab')).toBe('home');
    // a text box matches :focus-visible however it got the focus; after a click it draws no ring
    expect(await ring(page)).toEqual({ focusVisible: true, outline: 'none' });

    // typing needs nothing more: Enter sends, and the answer comes in the Chat tab
    await page.keyboard.type('What is the investment fee?');
    await page.keyboard.press('Enter');
    const answer = page.locator('[data-part="message"][data-role="ai"]:not([data-status])').first();
    await answer.waitFor();
    expect(await page.locator('ai-chat-widget [data-part="body"]').getAttribute('data-tab')).toBe('chat');
    expect(await page.locator('[data-part="message"][data-role="user"]').first().innerText()).toContain('What is the investment fee?');
    expect(await answer.innerText()).toMatch(/fee/i);
    // the Chat tab's input has the focus, still without a ring
    await expect.poll(() => focused(page)).toBe('input');
    expect(await ring(page)).toEqual({ focusVisible: true, outline: 'none' });

    // a keyboard user who moves with Tab sees the ring again, on the input too
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toBe('input');
    expect((await ring(page)).outline).toBe('3px solid');
  });

  it('opened from the keyboard, the input has the focus with its ring', async () => {
    const page = await open('/');
    await launcher(page).focus();
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    await expect.poll(() => focused(page)).toBe('input');
    expect(await ring(page)).toEqual({ focusVisible: true, outline: '3px solid' });
  });
});

describe('History when the sessions cannot load (issue 13)', () => {
  it("shows 'Failed to load chat sessions' with Retry, not 'No chat history yet'; Retry once the server answers shows the list", async () => {
    // Chromium logs the refused requests itself
    const page = await open('/', /Failed to load resource/);
    // a conversation first, so that the list has a session once it loads
    await launcher(page).click();
    await expect.poll(() => focused(page)).toBe('input');
    await page.keyboard.type('What is the investment fee?');
    await page.keyboard.press('Enter');
    await page.locator('[data-part="message"][data-role="ai"]:not([data-status])').first().waitFor();

    // the sessions call cannot reach the server
    await page.route(SESSIONS, (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Navigation' }).click();
    await page.getByRole('menuitemradio', { name: 'History' }).click();
    const alert = dialog(page).getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('Failed to load chat sessions');
    const retry = dialog(page).getByRole('button', { name: 'Retry' });
    expect(await retry.isVisible()).toBe(true);
    expect(await page.getByText('No chat history yet').count()).toBe(0);
    expect(await page.locator('[data-part="history-item"]').count()).toBe(0);
    expect(await violations(page)).toEqual([]);

    // Retry while it still fails: the failure again, the focus still on Retry (awaited until that second call has
    // failed: clicking on before it had could land while the list was loading, with no Retry to click)
    const failedAgain = page.waitForEvent('requestfailed', (r) => r.url().includes('/api/chat/sessions'));
    await retry.click();
    await failedAgain;
    await alert.waitFor();
    await expect.poll(() => focused(page)).toBe('retry');

    // the server answers again: Retry shows the list, with the current session marked
    await page.unroute(SESSIONS);
    await retry.click();
    const current = page.locator('[data-part="history-item"][data-current]');
    await current.waitFor();
    expect(await current.innerText()).toContain('current session');
    expect(await retry.count()).toBe(0);
    expect(await alert.count()).toBe(0);
    expect(await page.getByText('No chat history yet').count()).toBe(0);
  });

  it("a server error (500) is a failure too; 'No chat history yet' only when the server says so", async () => {
    const page = await open('/', /Failed to load resource|status of 500/);
    await page.route(SESSIONS, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }));
    await launcher(page).click();
    await page.getByRole('button', { name: 'Navigation' }).click();
    await page.getByRole('menuitemradio', { name: 'History' }).click();
    await dialog(page).getByRole('alert').waitFor();
    expect(await dialog(page).getByRole('alert').innerText()).toBe('Failed to load chat sessions');
    expect(await page.getByText('No chat history yet').count()).toBe(0);

    // a new visitor with no sessions: the real server answers an empty list
    await page.unroute(SESSIONS);
    await dialog(page).getByRole('button', { name: 'Retry' }).click();
    await page.getByText('No chat history yet').waitFor();
    expect(await dialog(page).getByRole('alert').count()).toBe(0);
  });
});
