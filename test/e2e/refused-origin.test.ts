/**
 * Issue 14 end to end, in real Chromium against the real server: a site owner pastes the widget on a
 * page whose origin the site does not allow. The server's refusal (403 INVALID_CONFIGURATION) must
 * reach the widget, which then says what widget-spec §8 says for it, instead of the generic failure.
 * The page is served by a second server of the test's own, on another loopback port (another origin);
 * the widget's files and API are the real server's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { browserSuite } from './suite';

const baseUrl = inject('baseUrl');
const suite = browserSuite();

let shop: Server | null = null;
afterAll(() => new Promise<void>((resolve) => (shop ? shop.close(() => resolve()) : resolve())));

/** Serves `html` at http://127.0.0.1:<another port>/ (a page on a public address could not reach loopback at all). */
async function serveShop(html: string): Promise<string> {
  shop = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => shop!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
}

describe('a page on an origin the site does not allow (issue 14)', () => {
  it("opens on the spec's 'Invalid configuration' text, the boot's refusal readable by the page", async () => {
    const demo = await (await fetch(`${baseUrl}/`)).text();
    const apiKey = /data-api-key="([^"]+)"/.exec(demo)?.[1];
    expect(apiKey).toBeTruthy();
    const page = await suite.page({ allowed: /403|Forbidden|INVALID_CONFIGURATION|AI chat widget/ });
    const OTHER_ORIGIN = await serveShop(`<!doctype html><html lang="en"><head><title>Shop</title>
<script src="${baseUrl}/widget.js" data-api-key="${apiKey}" data-api-url="${baseUrl}/api" data-base-url="${baseUrl}/" defer></script>
</head><body><h1>A shop</h1></body></html>`);
    const boot = page.waitForResponse((r) => r.url() === `${baseUrl}/session/boot` && r.request().method() === 'POST');
    await page.goto(`${OTHER_ORIGIN}/`);
    const res = await boot;
    expect(res.status()).toBe(403);
    // the browser let the page read it: the CORS grant is on the refusal
    expect(res.headers()['access-control-allow-origin']).toBe(OTHER_ORIGIN);

    const launcher = page.getByRole('button', { name: /^Open chat with/ });
    await launcher.waitFor({ timeout: 15_000 });
    await launcher.click();
    await page.getByRole('alert').filter({ hasText: 'Invalid configuration. Please check your settings.' }).waitFor({ timeout: 15_000 });
    expect(await page.getByText('Unable to load chat widget. Please try again later.').count()).toBe(0);
  });
});
