/**
 * The widget end to end: embedded by its script tag in the journey (the demo host
 * page, served with a strict CSP), against the real server, in headless Chromium.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { violations } from './axe';
import { browserSuite } from './suite';

const baseUrl = inject('baseUrl');
const suite = browserSuite();

/** The element that has the focus, through shadow roots: its data-part, role or tag. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el ? (el.getAttribute('data-part') ?? el.getAttribute('role') ?? el.tagName.toLowerCase()) : null;
  });

async function open(path: string, viewport = { width: 1200, height: 900 }, expectErrors: RegExp | null = null): Promise<Page> {
  const page = await suite.page({ viewport, allowed: expectErrors });
  await page.goto(baseUrl + path);
  return page;
}

const launcher = (page: Page) => page.getByRole('button', { name: /^(Open chat with|Close chat)/ }).last();
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Horizon Assistant' });

async function openChat(page: Page) {
  await launcher(page).click();
  await dialog(page).getByRole('button', { name: 'Navigation' }).waitFor();
  await page.getByRole('button', { name: 'Navigation' }).click();
  await page.getByRole('menuitemradio', { name: 'Chat', exact: true }).click();
  await page.getByRole('textbox', { name: /^Message/ }).waitFor();
}

async function ask(page: Page, text: string) {
  const answers = page.locator('[data-part="message"][data-role="ai"]:not([data-status])');
  const before = await answers.count();
  await page.getByRole('textbox', { name: /^Message/ }).fill(text);
  await page.keyboard.press('Enter');
  await answers.nth(before).waitFor();
  return answers.nth(before);
}

describe('the widget on the journey', () => {
  it('shows the launcher, answers a question, follows up, and keeps the conversation over a reload', async () => {
    const page = await open('/recommended-products');
    await launcher(page).waitFor();
    // the demo page's strict CSP runs it (no unsafe-eval, no inline script)
    const csp = (await page.request.get(`${baseUrl}/recommended-products`)).headers()['content-security-policy'] ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toMatch(/unsafe-eval|unsafe-inline/);
    expect(await page.evaluate(() => document.querySelector('ai-chat-widget')?.shadowRoot?.adoptedStyleSheets.length)).toBeGreaterThan(0);

    await openChat(page);
    const answer = await ask(page, 'What is the investment fee?');
    expect(await answer.innerText()).toContain('0.7%');
    // markdown rendered as elements: the source is bold, quotes are blockquotes
    await answer.locator('strong').first().waitFor();
    const followUps = page.getByRole('group', { name: 'Suggested questions' }).getByRole('button');
    expect(await followUps.count()).toBeGreaterThan(0);
    const followUpText = await followUps.first().innerText();
    await followUps.first().click();
    await page.locator('[data-part="message"][data-role="user"]', { hasText: followUpText }).waitFor();
    await page.locator('[data-part="message"][data-role="ai"]:not([data-status])').nth(1).waitFor();
    // response buttons open in a new tab without opener or referrer
    const link = page.getByRole('group', { name: 'Related links' }).getByRole('link').first();
    if (await link.count()) expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

    await page.reload();
    await openChat(page);
    await page.locator('[data-part="message"][data-role="user"]', { hasText: 'What is the investment fee?' }).waitFor();
    expect(await page.locator('[data-part="message"][data-role="ai"]:not([data-status])').count()).toBe(2);
    // the visitor's id and session live in local storage; the token does not
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored.ai_chat_user_session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.ai_chat_session_id).toBeTruthy();
    expect(JSON.stringify(stored)).not.toMatch(/\.[A-Za-z0-9_-]{30,}$/);

    // History lists it with the badge; rename works
    await page.getByRole('button', { name: 'Navigation' }).click();
    await page.getByRole('menuitemradio', { name: 'History' }).click();
    const item = page.locator('[data-part="history-item"][data-current]');
    await item.waitFor();
    expect(await item.innerText()).toContain('current session');
    expect(await item.innerText()).toContain('4 messages');
    await item.getByRole('button', { name: /^Rename/ }).click();
    const input = page.getByRole('textbox', { name: 'Chat name' });
    await input.fill('Fees question');
    await input.press('Enter');
    await item.getByText('Fees question').waitFor();

    // a failed rename shows the hint and restores the name
    await page.route('**/api/chat/sessions/update', (route) => route.fulfill({ status: 500, body: '{}' }));
    await item.getByRole('button', { name: /^Rename/ }).click();
    await page.getByRole('textbox', { name: 'Chat name' }).fill('Broken name');
    await page.getByRole('textbox', { name: 'Chat name' }).press('Enter');
    await page.getByText('Failed to update name').waitFor();
    expect(await item.innerText()).toContain('Fees question');
    await page.getByText('Failed to update name').waitFor({ state: 'detached' });
    await page.unroute('**/api/chat/sessions/update');
    // Chromium logs the forced 500 itself
    suite.problems = suite.problems.filter((p) => !p.includes('status of 500'));
  });

  it('changes the action buttons when the journey’s route changes', async () => {
    const page = await open('/questionnaire/risk-assessment');
    await launcher(page).click();
    const actions = page.getByRole('group', { name: 'Suggested actions' });
    await actions.getByRole('button', { name: 'Explain the risk styles' }).waitFor();
    // navigate inside the single-page app (the journey's own Back button)
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL(/private-health/);
    // the risk page's own button goes; the questionnaire-wide one stays
    await actions.getByRole('button', { name: 'Explain the risk styles' }).waitFor({ state: 'detached' });
    await actions.getByRole('button', { name: 'Why do you ask this?' }).waitFor();
    // an action button switches to the Chat tab and sends its message
    await actions.getByRole('button', { name: 'Why do you ask this?' }).click();
    await page.locator('[data-part="message"][data-role="user"]', { hasText: 'Why do you need this information?' }).waitFor();
  });

  it('a page with a presence video offers it in the bubble, with captions; dismissed, it stays away on that page', async () => {
    // wide enough that the intro's consent form does not lie under the bubble: over a host control the bubble gives
    // way until it is clear (test/e2e/host-controls.test.ts)
    const page = await open('/', { width: 1600, height: 900 });
    // the first visit greets; the journey's intro has the demo's presence video
    await page
      .getByRole('status')
      .filter({ hasText: /^Hi! I'm Horizon Assistant/ })
      .waitFor();
    await page.getByRole('button', { name: 'Start Investment', exact: true }).click();
    await page.waitForURL(/investment\/intro/);
    const video = page.locator('ai-chat-widget [data-part="bubble-video"]');
    await video.waitFor();
    expect(await video.evaluate((v: HTMLVideoElement) => v.querySelector('track')?.getAttribute('kind'))).toBe('captions');
    await page.getByRole('button', { name: 'Dismiss message' }).click();
    await video.waitFor({ state: 'detached' });
    // opening and closing the window on the same page does not bring it back
    await launcher(page).click();
    await dialog(page).waitFor();
    await launcher(page).click();
    await page.getByRole('button', { name: /^Open chat with/ }).waitFor();
    expect(await video.count()).toBe(0);
  });

  it('at 390x844 opens as a bottom sheet that resizes, with a close button and no expand button', async () => {
    const page = await open('/', { width: 390, height: 844 });
    await launcher(page).click();
    const sheet = page.locator('ai-chat-widget [data-part="window"]');
    await page.getByRole('separator', { name: 'Resize chat' }).waitFor();
    const box = (await sheet.boundingBox())!;
    expect(box.width).toBe(390);
    expect(Math.round(box.y + box.height)).toBe(844);
    expect(await page.getByRole('button', { name: /Expand chat window/ }).count()).toBe(0);
    const handle = page.getByRole('separator', { name: 'Resize chat' });
    const h = (await handle.boundingBox())!;
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(h.x + h.width / 2, 40, { steps: 5 });
    await page.mouse.up();
    // the sheet re-renders after each event; poll its box until it has caught up
    const sheetHeight = async () => Math.round((await sheet.boundingBox())!.height);
    await expect.poll(sheetHeight).toBe(Math.floor(844 * 0.9));
    await handle.focus();
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(sheetHeight).toBe(400);
    // the input's text is 16 px, so phones do not zoom on focus
    await page.getByRole('button', { name: 'Navigation' }).click();
    await page.getByRole('menuitemradio', { name: 'Chat', exact: true }).click();
    expect(await page.getByRole('textbox', { name: /^Message/ }).evaluate((el) => getComputedStyle(el).fontSize)).toBe('16px');
    await page.getByRole('button', { name: 'Close chat' }).first().click();
    await launcher(page).waitFor();
  });

  it('the programmatic API: calls queued before load run in order; events reach listeners', async () => {
    const page = await open('/');
    const html = `<!doctype html><html><body><h1>Shop</h1>
      <script src="/assets/api-stub-test.js"></script>
      <script src="/widget.js" data-api-key="${await page.evaluate(() => document.querySelector('script[data-api-key]')!.getAttribute('data-api-key'))}" data-api-url="/api" data-base-url="/"></script>
      </body></html>`;
    // the README's stub, and a listener and two calls made before widget.js has loaded
    const stub = `window.AIChatWidget=window.AIChatWidget||{q:[]};['open','close','toggle','send','newChat','on','off'].forEach(function(m){AIChatWidget[m]=AIChatWidget[m]||function(){AIChatWidget.q.push([m].concat([].slice.call(arguments)))}});
      window.events=[];AIChatWidget.on('ready',function(){events.push('ready')});AIChatWidget.on('open',function(){events.push('open')});
      AIChatWidget.on('message',function(m){events.push('message:'+(m&&m.role))});AIChatWidget.open();AIChatWidget.send('What is the investment fee?');`;
    await page.route(`${baseUrl}/api-test`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await page.route(`${baseUrl}/assets/api-stub-test.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: stub }));
    await page.goto(`${baseUrl}/api-test`);
    await page.locator('[data-part="message"][data-role="ai"]:not([data-status])').first().waitFor();
    await page.waitForFunction(() => (window as unknown as { events: string[] }).events.includes('message:ai'));
    expect(await page.evaluate(() => (window as unknown as { events: string[] }).events)).toEqual(['open', 'ready', 'message:ai']);
    await page.evaluate(() => (window as unknown as { AIChatWidget: { close(): void } }).AIChatWidget.close());
    await page.getByRole('button', { name: /^Open chat with/ }).waitFor();
    expect(await page.evaluate(() => typeof (window as unknown as { enrichUserProfile: unknown }).enrichUserProfile)).toBe('function');
    await page.evaluate(() => (window as unknown as { enrichUserProfile(f: object): Promise<void> }).enrichUserProfile({ plan: 'gold' }));
  });

  it('the rest of the programmatic API: toggle, newChat, off, close; a stub listener hears an early error', async () => {
    const page = await open('/');
    const key = await page.evaluate(() => document.querySelector('script[data-api-key]')!.getAttribute('data-api-key'));
    const html = (k: string) => `<!doctype html><html><body><h1>Shop</h1>
      <script src="/assets/api-stub-test.js"></script>
      <script src="/widget.js" data-api-key="${k}" data-api-url="/api" data-base-url="/"></script>
      </body></html>`;
    const stub = `window.AIChatWidget=window.AIChatWidget||{q:[]};['open','close','toggle','send','newChat','on','off'].forEach(function(m){AIChatWidget[m]=AIChatWidget[m]||function(){AIChatWidget.q.push([m].concat([].slice.call(arguments)))}});
      window.events=[];window.noisy=function(){events.push('should not hear this')};
      ['open','close','error'].forEach(function(e){AIChatWidget.on(e,function(){events.push(e)})});
      AIChatWidget.on('open',noisy);AIChatWidget.off('open',noisy);`;
    await page.route(`${baseUrl}/assets/api-stub-test.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: stub }));
    await page.route(`${baseUrl}/api-test`, (route) => route.fulfill({ contentType: 'text/html', body: html(key!) }));
    await page.goto(`${baseUrl}/api-test`);
    const events = () => page.evaluate(() => (window as unknown as { events: string[] }).events);
    const api = (method: string, ...args: string[]) =>
      page.evaluate(
        ([m, a]) =>
          (window as unknown as { AIChatWidget: Record<string, (...x: string[]) => void> }).AIChatWidget[m as string]!(...(a as string[])),
        [method, args] as const,
      );
    await page.getByRole('button', { name: /^Open chat with/ }).waitFor();
    await api('toggle');
    await dialog(page).waitFor();
    await api('toggle');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await events()).toEqual(['open', 'close']);
    // send, then newChat: the next send starts a new session
    await api('send', 'What is the investment fee?');
    await page.locator('[data-part="message"][data-role="ai"]:not([data-status])').first().waitFor();
    const first = await page.evaluate(() => localStorage.getItem('ai_chat_session_id'));
    expect(first).toBeTruthy();
    await api('newChat');
    await page.waitForFunction(() => localStorage.getItem('ai_chat_session_id') === null);
    await page.locator('[data-part="message"]').first().waitFor({ state: 'detached' });

    // window.enrichUserProfile throws when the widget or its method is missing (widget-spec §1)
    const enrichError = () =>
      page.evaluate(() => {
        try {
          void (window as unknown as { enrichUserProfile(f: object): Promise<void> }).enrichUserProfile({ plan: 'gold' });
          return 'no error';
        } catch (err) {
          return (err as Error).message;
        }
      });
    expect(await enrichError()).toBe('no error');
    await page.evaluate(() => {
      const el = document.querySelector('ai-chat-widget')!;
      el.remove();
      (window as unknown as { removedWidget: Element }).removedWidget = el;
    });
    expect(await enrichError()).toBe('AI chat widget is not on this page');
    await page.evaluate(() => document.body.append(document.createElement('ai-chat-widget')));
    expect(await enrichError()).toBe('AI chat widget has no enrichUserProfile method');

    // a refused key: the listener the stub attached hears the boot's error
    await page.route(`${baseUrl}/api-test`, (route) =>
      route.fulfill({ contentType: 'text/html', body: html('pk_wrong_key_for_this_test') }),
    );
    await page.goto(`${baseUrl}/api-test`);
    await page.waitForFunction(() => (window as unknown as { events: string[] }).events.includes('error'));
    await launcher(page).click();
    await page.getByText('Invalid API key. Please check your configuration.').waitFor();
    // Chromium logs each refused boot itself (the launcher's click boots again): the page closed first, none of its
    // logs can come after the filter
    await page.close();
    suite.problems = suite.problems.filter((p) => !/status of 401/.test(p));
  });

  it('destroy() removes the widget and stops its listeners; a second widget.js starts again', async () => {
    const page = await open('/');
    const key = await page.evaluate(() => document.querySelector('script[data-api-key]')!.getAttribute('data-api-key'));
    const html = `<!doctype html><html><body><h1>Shop</h1><main><p>Page text</p></main>
      <script src="/widget.js" data-api-key="${key}" data-api-url="/api" data-base-url="/"></script>
      </body></html>`;
    await page.route(`${baseUrl}/destroy-test`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await page.goto(`${baseUrl}/destroy-test`);
    await launcher(page).click();
    await dialog(page).getByRole('button', { name: 'Navigation' }).waitFor();
    await page.evaluate(() => (window as unknown as { AIChatWidget: { destroy(): void } }).AIChatWidget.destroy());
    expect(await page.evaluate(() => document.querySelector('ai-chat-widget'))).toBeNull();

    // nothing it started still runs: a route change makes no request (history, presence, action buttons)
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.evaluate(() => {
      history.pushState({}, '', '/elsewhere');
      document.body.append(document.createElement('p'));
      window.dispatchEvent(new PopStateEvent('popstate'));
      window.dispatchEvent(new Event('resize'));
    });
    // calls made while no widget runs are kept for the next one
    await page.evaluate(() => (window as unknown as { AIChatWidget: { open(): void } }).AIChatWidget.open());
    expect(requests.filter((u) => u.includes('/api/'))).toEqual([]);

    // a second widget.js: a new element, booted again, and the queued open() runs
    await page.evaluate((k) => {
      const s = document.createElement('script');
      s.src = '/widget.js';
      for (const [name, value] of Object.entries({ 'data-api-key': k!, 'data-api-url': '/api', 'data-base-url': '/' }))
        s.setAttribute(name, value);
      document.body.append(s);
    }, key);
    await dialog(page).getByRole('button', { name: 'Navigation' }).waitFor();
    expect(await page.evaluate(() => document.querySelectorAll('ai-chat-widget').length)).toBe(1);
    const answer = await (async () => {
      await page.getByRole('button', { name: 'Navigation' }).click();
      await page.getByRole('menuitemradio', { name: 'Chat', exact: true }).click();
      return ask(page, 'What is the investment fee?');
    })();
    expect(await answer.textContent()).toMatch(/fee/i);
  });

  it('answers still show, as plain text, when the markdown renderer cannot be loaded', async () => {
    const page = await open('/', undefined, /markdown failed to load|Failed to fetch dynamically imported module|status of 503/);
    await page.route(/\/widget\/chunks\/markdown-[^/]+\.js$/, (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    await openChat(page);
    const answer = await ask(page, 'What is the investment fee?');
    await answer.locator('[data-part="plain-text"]').waitFor();
    expect(await answer.innerText()).toContain('0.7%');
    // the window keeps working
    await ask(page, 'Who is the adviser?');
    expect(await page.locator('[data-part="message"][data-role="ai"]:not([data-status])').count()).toBe(2);
  });

  it('the text area grows to 7 lines (154 px of text), then scrolls; Shift+Enter adds a line', async () => {
    const page = await open('/');
    await openChat(page);
    const input = page.getByRole('textbox', { name: /^Message/ });
    const box = () =>
      input.evaluate((el: HTMLTextAreaElement) => {
        const cs = getComputedStyle(el);
        const chrome = parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom);
        return {
          text: el.clientHeight - chrome,
          scrolls: el.scrollHeight > el.clientHeight,
          overflow: cs.overflowY,
          lineHeight: cs.lineHeight,
        };
      });
    await input.click();
    await page.keyboard.type('one');
    expect(await box()).toMatchObject({ text: 22, scrolls: false, lineHeight: '22px' });
    for (let i = 2; i <= 7; i++) {
      await page.keyboard.press('Shift+Enter');
      await page.keyboard.type(`line ${i}`);
    }
    expect(await input.inputValue()).toBe('one\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7');
    await expect.poll(box).toMatchObject({ text: 154, scrolls: false });
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('line 8');
    await expect.poll(box).toMatchObject({ text: 154, scrolls: true, overflow: 'auto' });
    expect(await input.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(200);
  });

  it('loads the History tab as the pointer reaches the Navigation menu, and draws it with its own stylesheet', async () => {
    const page = await open('/');
    const historyChunk = /\/widget\/chunks\/history-tab-[^/]+\.js$/;
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await launcher(page).click();
    const menu = dialog(page).getByRole('button', { name: 'Navigation' });
    await menu.waitFor();
    expect(requested.filter((u) => historyChunk.test(u))).toEqual([]);
    const loaded = page.waitForResponse(historyChunk);
    await menu.hover();
    expect((await loaded).ok()).toBe(true);
    await menu.click();
    await page.getByRole('menuitemradio', { name: 'History' }).click();
    const newChat = page.getByRole('button', { name: 'New Chat' });
    await newChat.waitFor();
    expect(await newChat.evaluate((el) => getComputedStyle(el).display)).toBe('inline-flex');
  });

  it('moves the focus into the window on open, and back to the launcher on Escape', async () => {
    const page = await open('/');
    await launcher(page).focus();
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    // into the window, then (300 ms later) its input: Home's (issue 13)
    await expect.poll(() => focused(page)).toBe('input');
    // back into the window's controls (Tab would leave it: the launcher comes after the input)
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).not.toBe('body');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('launcher');
    // the Chat tab's input takes the focus when the tab is entered
    await openChat(page);
    await expect.poll(() => focused(page)).toBe('input');
  });
});

describe('the open widget has no axe violations (WCAG 2.2 AA, target-size on)', () => {
  it('on every tab, with a menu open, while renaming, and as the mobile sheet', async () => {
    const page = await open('/');
    await launcher(page).click();
    await dialog(page).getByRole('button', { name: 'Navigation' }).waitFor();
    await page.getByRole('group', { name: 'Suggested actions' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Navigation' }).click();
    await page.getByRole('menuitemradio', { name: 'Chat', exact: true }).click();
    await ask(page, 'What is the investment fee?');
    await page.getByRole('group', { name: 'Suggested questions' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Navigation' }).click();
    await page.getByRole('menu', { name: 'Navigation' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('menuitemradio', { name: 'History' }).click();
    const item = page.locator('[data-part="history-item"][data-current]');
    await item.waitFor();
    expect(await violations(page)).toEqual([]);
    await item.getByRole('button', { name: /^Rename/ }).click();
    await page.getByRole('textbox', { name: 'Chat name' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    // the header's settings button shows the Settings tab (it was a menu of the tab's actions)
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('region', { name: 'Settings' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Expand chat window' }).click();
    await page.getByRole('navigation', { name: 'Chat sections' }).getByRole('button', { name: 'Settings' }).click();
    await page.locator('[data-part="settings"]').waitFor();
    expect(await violations(page)).toEqual([]);
    expect(suite.problems).toEqual([]);
    await page.context().close();

    const phone = await open('/', { width: 390, height: 844 });
    await launcher(phone).click();
    await phone.getByRole('separator', { name: 'Resize chat' }).waitFor();
    await phone.getByRole('group', { name: 'Suggested actions' }).waitFor();
    expect(await violations(phone)).toEqual([]);
  });
});

describe('picking up the conversation', () => {
  it('after a reload, Home shows the last message with Continue (to the Chat tab, its history and its input), on a phone', async () => {
    const page = await open('/', { width: 390, height: 844 });
    await launcher(page).click();
    const home = page.getByRole('region', { name: 'Welcome back!' });
    await home.waitFor();
    // a first visit: no conversation to continue; the composer is the Chat tab's, with dictate
    expect(await page.getByRole('group', { name: 'Conversation' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Dictate' }).waitFor();
    await page.getByRole('textbox', { name: /^Message/ }).fill('What is the investment fee?');
    await page.keyboard.press('Enter');
    const answer = page.locator('[data-part="chat"] [data-part="message"][data-role="ai"]:not([data-status])');
    await answer.first().waitFor();
    // the figure, not a whole line: the answer may be read before its markdown is drawn ("> …" then a quote)
    expect(await answer.first().innerText()).toContain('0.7%');

    await page.reload();
    await launcher(page).click();
    const ongoing = page.getByRole('group', { name: 'Conversation' });
    await ongoing.locator('[data-part="message"][data-role="ai"]', { hasText: '0.7%' }).waitFor();
    expect(await ongoing.locator('[data-part="message"]').count()).toBe(1);
    await page.getByRole('button', { name: 'Dictate' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await ongoing.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('region', { name: 'Chat' }).waitFor();
    await page.locator('[data-part="chat"] [data-part="message"][data-role="user"]', { hasText: 'What is the investment fee?' }).waitFor();
    await expect.poll(() => focused(page)).toBe('input');
    expect(await violations(page)).toEqual([]);
    expect(suite.problems).toEqual([]);
  });
});

describe('the narrowest phone (320 × 640)', () => {
  it("the header shows the agent's whole name beside its buttons; Home's preview of a long answer keeps Continue and the composer in view", async () => {
    const page = await open('/', { width: 320, height: 640 });
    await openChat(page);
    await ask(page, 'What is the investment fee?');
    await page.reload();
    await launcher(page).click();
    const ongoing = page.getByRole('group', { name: 'Conversation' });
    await ongoing.locator('[data-part="message"][data-role="ai"]').waitFor();

    // the name wraps rather than being cut ("Horizon Ass…"); every button of the header stays whole and in view
    const name = dialog(page).getByRole('heading', { name: 'Horizon Assistant' });
    expect(await name.evaluate((h) => h.scrollWidth <= h.clientWidth && h.scrollHeight <= h.clientHeight)).toBe(true);
    const header = (await dialog(page).locator('[data-part="header"]').boundingBox())!;
    for (const label of ['Navigation', 'Settings', 'Close chat']) {
      const b = (await dialog(page).getByRole('button', { name: label, exact: true }).boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(320);
      expect(b.y).toBeGreaterThanOrEqual(header.y);
    }
    const nameBox = (await name.boundingBox())!;
    const navigation = (await dialog(page).getByRole('button', { name: 'Navigation' }).boundingBox())!;
    expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(navigation.x);

    // the long answer is a preview of three lines (the whole of it is the Chat tab's), with the page notice showing
    const preview = ongoing.locator('[data-part="bubble-content"]');
    expect(await preview.evaluate((b) => b.scrollHeight > b.clientHeight)).toBe(true);
    await page.locator('[data-part="home"] [data-part="banner"]').waitFor();
    const home = (await page.locator('[data-part="home"]').boundingBox())!;
    const input = (await page.getByRole('textbox', { name: /^Message/ }).boundingBox())!;
    expect(input.y + input.height).toBeLessThanOrEqual(640);
    const go = (await ongoing.getByRole('button', { name: 'Continue' }).boundingBox())!;
    expect(go.y + go.height).toBeLessThanOrEqual(home.y + home.height);
    // a real pointer at Continue, as it is shown without scrolling, reaches it
    await page.mouse.click(go.x + go.width / 2, go.y + go.height / 2);
    await page.getByRole('region', { name: 'Chat' }).waitFor();
    expect(await violations(page)).toEqual([]);
  });
});

describe('the page-awareness banner on a phone (320 × 640)', () => {
  it('is hidden by its button, stays hidden after a reload, and Settings keeps its words and shows it again', async () => {
    const page = await open('/', { width: 320, height: 640 });
    await openChat(page);
    const banner = page.locator('[data-part="chat"] [data-part="banner"]');
    await banner.waitFor();
    const messages = page.locator('[data-part="chat"] [data-part="messages"]');
    const before = (await messages.boundingBox())!.height;
    const pinned = (await banner.boundingBox())!.height;
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Hide page notice' }).click();
    await banner.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('input');
    // the room the banner took is the conversation's
    expect((await messages.boundingBox())!.height).toBeGreaterThanOrEqual(before + pinned);

    await page.reload();
    await openChat(page);
    expect(await page.locator('[data-part="banner"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Navigation' }).click();
    await page.getByRole('menuitemradio', { name: 'Settings', exact: true }).click();
    const note = page.getByRole('group', { name: 'Page awareness' });
    expect(await note.innerText()).toContain('Referencing the current page may slow down AI responses.');
    expect(await violations(page)).toEqual([]);
    await note.getByRole('button', { name: 'Show page notice' }).click();
    await expect.poll(() => note.getByRole('button', { name: 'Show page notice' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Navigation' }).click();
    await page.getByRole('menuitemradio', { name: 'Chat', exact: true }).click();
    await banner.waitFor();
    expect(suite.problems).toEqual([]);
  });
});

describe('the widget elsewhere', () => {
  it('a page whose script tag has no data-api-key logs the spec’s error and carries on', async () => {
    const page = await open('/', undefined, /API KEY is not provided/);
    const html = `<!doctype html><html><body><h1>Shop</h1><button id="b">Buy</button>
      <script src="/widget.js" data-api-url="/api" data-base-url="/"></script>
      <script src="/assets/favicon.svg" type="text/plain"></script></body></html>`;
    await page.route(`${baseUrl}/missing-key-test`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${baseUrl}/missing-key-test`);
    await page.getByRole('heading', { name: 'Shop' }).waitFor();
    await page.waitForLoadState('load');
    expect(errors).toEqual(['API KEY is not provided']);
    expect(await page.locator('ai-chat-widget').count()).toBe(0);
    await page.getByRole('button', { name: 'Buy' }).click();
  });

  it('the core, which takes the launcher over, is compiled as it streams in (the compile hint opens it)', async () => {
    const page = await open('/');
    const scripts: string[] = [];
    page.on('requestfinished', (r) => {
      if (r.resourceType() === 'script' && /\/widget(\.js|\/core-)/.test(r.url())) scripts.push(r.url());
    });
    await page.reload();
    await launcher(page).waitFor();
    await expect.poll(() => scripts.some((u) => u.includes('/core-'))).toBe(true);
    expect(scripts.some((u) => u.endsWith('/widget.js'))).toBe(true);
    for (const url of scripts) {
      const text = await (await page.request.get(url)).text();
      expect(text.split('\n', 1)[0] === '//# allFunctionsCalledOnLoad', url).toBe(url.includes('/core-'));
      expect(text).toMatch(/\n\/\/# sourceMappingURL=\S+\.js\.map\s*$/);
    }
  });
});
