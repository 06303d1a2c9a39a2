/**
 * Issue 32 §6, end to end in Chromium against the real server (a server of this file's own, so that its admin CLI
 * writes the same database): the invitation link leads to a password and a session; a new look is saved and a
 * new visitor sees it; the earlier version is restored; the key is rotated and the old key still boots until its
 * grace (a short one here, KEY_GRACE) ends; a refused
 * origin is allowed from the console and a page there loads the widget; after sign-out, Back shows nothing private.
 * Then one's own account, on a server with a short re-authentication window (REAUTH_AFTER): a second browser's
 * session ended from the first, the password changed, and a sensitive change asking for the password.
 *
 * The console's API (/console/api/) is built apart from the screens; where this build has none, the file is
 * skipped (its screens are checked against a stand-in API in console-a11y.test.ts and in happy-dom). The appearance
 * editor's own fields are another module's: where the build has only its stand-in, the new look is saved through
 * the same API the editor calls.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { acceptInvitation, adminOf, hasConsoleApi, invite } from './console-owner';
import { type RunningServer, startServer } from './server';
import { browserSuite } from './suite';

const suite = browserSuite();
let server: RunningServer;
let base = '';
let shop: Server | null = null;

const admin = adminOf(() => server);

/** Serves a page embedding the widget with `key` on another loopback port (another origin). */
async function serveShop(key: () => string): Promise<string> {
  shop = createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><title>Shop</title>
<script src="${base}/widget.js" data-api-key="${key()}" data-api-url="${base}/api" data-base-url="${base}/" defer></script>
</head><body><h1>A shop</h1></body></html>`),
  );
  await new Promise<void>((resolve) => shop!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
}

/** A console call from the signed-in page, as the console makes it (cookie, CSRF token). */
const call = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ([method, path, body]) => {
      const session = await (await fetch('/console/api/session')).json();
      const res = await fetch(`/console/api/${path}`, {
        method,
        headers: { 'X-CSRF-Token': session.csrfToken, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: res.status === 204 ? null : await res.json() };
    },
    [method, path, body] as const,
  );

const boots = async (key: string, origin: string) =>
  (
    await fetch(`${base}/session/boot`, {
      method: 'POST',
      headers: { 'X-API-Key': key, Origin: origin, 'Content-Type': 'application/json' },
      body: '{}',
    })
  ).status;

/** The server's KEY_GRACE in this file: long enough to boot the old key right after the rotation on a loaded machine. */
const GRACE_SECONDS = 5;

// the suite's server is of the same build
const available = await hasConsoleApi(inject('baseUrl'));

describe.skipIf(!available)('the operator console against the real server (issue 32 §6)', () => {
  beforeAll(async () => {
    // a short grace, to see the old key refused once it has ended
    server = await startServer({ KEY_GRACE: `${GRACE_SECONDS}s` });
    base = server.url;
  }, 60_000);

  afterAll(async () => {
    await new Promise<void>((resolve) => (shop ? shop.close(() => resolve()) : resolve()));
    await server?.stop();
  });

  it('invitation → password → signed in; a new look for new visitors, then the earlier one; the key rotated; a refused origin allowed; sign-out', async () => {
    const { siteId, link } = await invite(admin, 'owner@e2e.example', 'owner');
    const page = await suite.page({ allowed: /status of 40[13]|Forbidden|INVALID_CONFIGURATION|AI chat widget/ });

    // the invitation: a password, then signed in
    await page.goto(base + new URL(link).pathname);
    await page.getByRole('heading', { level: 1, name: 'Set your password' }).waitFor();
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'too short' }).waitFor();
    await page.getByLabel('New password').fill('a long e2e pass phrase');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your sites' }).waitFor();
    await page.getByRole('table').getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Embed snippet' }).waitFor();
    const snippet = (await page.locator('#snippet-text').textContent())!;
    // README's tag, with the server's public origin (PUBLIC_URL's; this server has none, so the default one)
    expect(snippet).toMatch(
      /^<script src="(http[^"]+)\/widget\.js" data-api-key="pk_[^"]+" data-api-url="\1\/api" data-base-url="\1\/" defer><\/script>$/,
    );
    const oldKey = /data-api-key="([^"]+)"/.exec(snippet)![1]!;

    // a new look: the appearance editor where this build has it, else the API it calls
    const before = await call(page, 'GET', `sites/${siteId}/appearance`);
    expect(before.status).toBe(200);
    const saved = await call(page, 'PUT', `sites/${siteId}/appearance`, {
      appearance: {
        ...before.body.appearance,
        agentName: 'Harbour Helper',
        launcher: { ...before.body.appearance.launcher, backgroundColor: '#0a7d3b' },
      },
      baseVersion: before.body.version,
    });
    expect(saved.status).toBe(200);
    const visitor = await suite.browser!.newContext();
    try {
      const demo = await visitor.newPage();
      await demo.goto(`${base}/`);
      const launcher = demo.getByRole('button', { name: 'Open chat with Harbour Helper' });
      await launcher.waitFor({ timeout: 15_000 });
      expect(await launcher.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(10, 125, 59)');
    } finally {
      await visitor.close();
    }
    // the earlier version again
    const restored = await call(page, 'POST', `sites/${siteId}/appearance/versions/${before.body.version}/restore`);
    expect(restored.status).toBe(200);
    expect((await call(page, 'GET', `sites/${siteId}/appearance`)).body.appearance).toEqual(before.body.appearance);

    // the key: rotated behind its confirmation, which states the server's grace; the old one still boots right after,
    // and is refused once the grace has ended; the new one boots throughout
    await page.getByRole('button', { name: 'Rotate key' }).click();
    await page.getByRole('dialog').getByText(`The old key keeps working for ${GRACE_SECONDS} seconds`).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate' }).click();
    const rotatedAt = Date.now();
    await page.getByText('The key was rotated').waitFor();
    // right after the rotation, inside the grace
    expect(await boots(oldKey, base)).toBe(200);
    await page.getByText(/The previous key works until/).waitFor();
    // the snippet shows the new key once the site is read again after the rotation's answer
    const shownKey = async () => /data-api-key="([^"]+)"/.exec((await page.locator('#snippet-text').textContent())!)![1]!;
    await expect.poll(shownKey, { timeout: 10_000 }).not.toBe(oldKey);
    const newKey = await shownKey();
    expect(newKey).not.toBe(oldKey);
    expect(await boots(newKey, base)).toBe(200);
    await expect.poll(() => boots(oldKey, base), { timeout: (GRACE_SECONDS + 10) * 1000, interval: 250 }).toBe(401);
    expect(Date.now() - rotatedAt).toBeGreaterThanOrEqual(GRACE_SECONDS * 1000 - 1000);
    expect(await boots(newKey, base)).toBe(200);

    // a page on an origin the site does not allow is refused; allowed from the console, it loads the widget
    const shopOrigin = await serveShop(() => newKey);
    const shopPage = await suite.browser!.newPage();
    try {
      const refused = shopPage.waitForResponse((r) => r.url() === `${base}/session/boot`);
      await shopPage.goto(`${shopOrigin}/`);
      expect((await refused).status()).toBe(403);
      await page.reload();
      const allow = page.getByRole('button', { name: `Allow ${shopOrigin}` });
      await allow.waitFor();
      await allow.click();
      await page.getByRole('listitem').filter({ hasText: shopOrigin }).first().waitFor();
      const booted = shopPage.waitForResponse((r) => r.url() === `${base}/session/boot`);
      await shopPage.reload();
      expect((await booted).status()).toBe(200);
    } finally {
      await shopPage.close();
    }

    // sign-out: Back shows nothing private
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    const text = await page.locator('body').innerText();
    expect(text).not.toContain(newKey);
    expect(text).not.toContain('owner@e2e.example');
    expect((await call(page, 'GET', 'sites')).status).toBe(401);
  });
});

/**
 * One's own account against the real server (docs/console.md "One's own account"), on a server of its own whose
 * re-authentication window is short (REAUTH_AFTER): a second browser's session listed and ended from the first; the
 * password changed, after which the old one fails and the new one signs in; a sensitive change once the window has
 * passed asks for the password in the dialog, then is made.
 */
describe.skipIf(!available)('one’s own account in the console against the real server', () => {
  let own: RunningServer;
  const REAUTH_SECONDS = 3;
  const FIRST = 'a first long e2e pass phrase';
  const SECOND = 'a second long e2e pass phrase';
  const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

  beforeAll(async () => {
    own = await startServer({ REAUTH_AFTER: `${REAUTH_SECONDS}s` });
  }, 60_000);

  afterAll(async () => {
    await own?.stop();
  });

  const ownAdmin = adminOf(() => own);

  const signIn = async (page: Page, password: string) => {
    await page.goto(`${own.url}/console/sign-in`);
    await page.getByLabel('Email').fill('me@e2e.example');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  it('another session ended from this one; the password changed; a sensitive change after the window asks for the password', async () => {
    const { siteId, link } = await invite(ownAdmin, 'me@e2e.example', 'owner');
    // 400: the poll's refused change below while the session is still fresh; 401: the wrong passwords; 403: REAUTH_REQUIRED
    const page = await suite.page({ allowed: /status of 40[013]/ });
    await acceptInvitation(page, own.url, link, FIRST);

    // a second browser signs in too; the first lists it and ends it, and the second is signed out
    const elsewhere = await suite.browser!.newContext({ userAgent: FIREFOX });
    try {
      const other = await elsewhere.newPage();
      await signIn(other, FIRST);
      await other.getByRole('heading', { level: 1, name: 'Your sites' }).waitFor();

      await page.getByRole('link', { name: 'Account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
      const rows = page.getByRole('table').getByRole('row');
      await expect.poll(() => rows.count()).toBe(3);
      await page.getByRole('row').filter({ hasText: 'This session' }).filter({ hasText: 'Chrome on Linux' }).waitFor();
      await page.getByRole('button', { name: /^End the session on Firefox on Windows/ }).click();
      await page
        .getByRole('dialog', { name: 'End the session on Firefox on Windows?' })
        .getByRole('button', { name: 'End session' })
        .click();
      await page.getByText('The session was ended.').waitFor();
      await expect.poll(() => rows.count()).toBe(2);
      await other.reload();
      await other.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    } finally {
      await elsewhere.close();
    }

    // the password: the current one, the new one twice; then the old one fails and the new one signs in
    await page.getByLabel('Current password').fill(FIRST);
    await page.getByLabel('New password', { exact: true }).fill(SECOND);
    await page.getByLabel('Confirm new password').fill(SECOND);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password was changed. Your other sessions were ended.').waitFor();
    const later = await suite.browser!.newContext();
    try {
      const again = await later.newPage();
      await signIn(again, FIRST);
      await again.getByRole('alert').filter({ hasText: 'The email or the password is wrong.' }).waitFor();
      await again.getByLabel('Password').fill(SECOND);
      await again.getByRole('button', { name: 'Sign in' }).click();
      await again.getByRole('heading', { level: 1, name: 'Your sites' }).waitFor();

      // without a reload, the first page goes on with the new session the change gave it (its cookie and CSRF
      // token): it lists the new sign-in and ends it
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Your sites' }).waitFor();
      await page.getByRole('link', { name: 'Account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
      await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(3);
      await page.getByRole('button', { name: /^End the session on / }).click();
      await page
        .getByRole('dialog', { name: /^End the session on / })
        .getByRole('button', { name: 'End session' })
        .click();
      await page.getByText('The session was ended.').waitFor();
      await again.reload();
      await again.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    } finally {
      await later.close();
    }

    // once the window has passed (a change the server refuses anyway tells when: it answers REAUTH_REQUIRED first),
    // rotating the key asks for the password; a wrong one is refused in the dialog, the right one makes the change
    await expect
      .poll(async () => (await call(page, 'PUT', `sites/${siteId}/origins`, { origins: 'not a list' })).body?.error, {
        timeout: (REAUTH_SECONDS + 10) * 1000,
        interval: 250,
      })
      .toBe('REAUTH_REQUIRED');
    await page.goto(`${own.url}/console/sites/${encodeURIComponent(siteId)}`);
    await page.getByRole('button', { name: 'Rotate key' }).click();
    await page.getByRole('dialog', { name: 'Rotate the API key?' }).getByRole('button', { name: 'Rotate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
    await dialog.getByLabel('Password').fill(FIRST);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'The password is wrong.' }).waitFor();
    await dialog.getByLabel('Password').fill(SECOND);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The key was rotated').waitFor();
    await dialog.waitFor({ state: 'detached' });
  });
});
