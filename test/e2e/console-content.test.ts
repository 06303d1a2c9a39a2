/**
 * The console's content library end to end in Chromium against the real server (a server of this file's own, so that
 * its admin CLI writes the same database): an editor uploads a Word document from the documents screen with the file
 * picker, copies its slot onto a host page of another origin, where the real viewer draws it, and the agent on that
 * page answers a question from it, naming it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocx, wPara } from '../../server/demo/docx';
import { acceptInvitation, adminOf, invite } from './console-owner';
import { type RunningServer, startServer } from './server';
import { browserSuite } from './suite';

const suite = browserSuite();
let server: RunningServer;
let host: Server | null = null;

const admin = adminOf(() => server);

/** Serves a host page of another origin: the widget's script tag with `key`, and the page's `body`. */
async function serveHost(key: string, body: () => string): Promise<string> {
  const base = server.url;
  host = createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><title>Pet shop</title>
<script src="${base}/widget.js" data-api-key="${key}" data-api-url="${base}/api" data-base-url="${base}/" defer></script>
</head><body><main><h1>Pet insurance</h1>${body()}</main></body></html>`),
  );
  await new Promise<void>((resolve) => host!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
}

const DOCX = buildDocx({ title: 'Pet cover', creator: 'E2E' }, [
  wPara('Pet cover', 'Heading1'),
  wPara('Our pet insurance covers a guinea pig for vet bills up to 3,000 dollars a year.'),
]);

describe('documents from the console to a host page and the agent', () => {
  beforeAll(async () => {
    server = await startServer();
  }, 60_000);

  afterAll(async () => {
    await new Promise<void>((resolve) => (host ? host.close(() => resolve()) : resolve()));
    await server?.stop();
  });

  it('upload a docx, see its slot render on a host page, and the agent answer from it, citing it', async () => {
    const { siteId, link } = await invite(admin, 'editor@e2e.example', 'editor');
    const page = await suite.page({ allowed: /status of 40[13]/ });
    await acceptInvitation(page, server.url, link);

    await page.goto(`${server.url}/console/sites/${siteId}/documents`);
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    await page
      .getByLabel('Choose a file')
      .first()
      .setInputFiles({
        name: 'pet-cover.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: Buffer.from(DOCX),
      });
    await page.getByRole('status').filter({ hasText: 'pet-cover.docx was added.' }).waitFor();
    const item = page.getByRole('article', { name: 'pet-cover.docx' });
    const slot = (await item.locator('code').textContent())!;
    expect(slot).toMatch(/^<div class="smart-doc-embedding-slot" data-embed-token="[A-Za-z0-9_-]+"><\/div>$/);

    // the host page: the site's key, its origin allowed, the slot as copied
    const snippet = await (await fetch(`${server.url}/`)).text();
    const key = /data-api-key="([^"]+)"/.exec(snippet)![1]!;
    const origin = await serveHost(key, () => slot);
    await admin('site:origins:add', siteId, '--origin', origin);
    const visitor = await suite.page({ allowed: /status of 40[13]/ });
    await visitor.goto(`${origin}/`);
    const viewer = visitor.locator('.smart-doc-embedding-slot');
    await expect.poll(() => viewer.getAttribute('data-ai-embed'), { timeout: 20_000 }).toBe('loaded');
    expect(await viewer.evaluate((el) => el.shadowRoot?.textContent ?? '')).toContain('pet-cover.docx');

    await visitor
      .getByRole('button', { name: /^Open chat with/ })
      .last()
      .click();
    const textbox = visitor.getByRole('textbox', { name: /^Message/ });
    await textbox.waitFor();
    await textbox.fill('Does your pet insurance cover a guinea pig?');
    await visitor.keyboard.press('Enter');
    const answer = visitor.locator('[data-part="message"][data-role="ai"]:not([data-status])').last();
    await answer.waitFor({ timeout: 20_000 });
    const text = await answer.innerText();
    expect(text).toContain('guinea pig');
    // the answer names the document it comes from (the one on the page: widget-spec §3 additionalNamespaces)
    expect(text).toContain('pet-cover.docx');
  });
});
