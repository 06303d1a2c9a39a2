/**
 * Issue 33 §1, end to end in Chromium against the real server (one of this file's own, so that its admin CLI writes the
 * same database): an editor adds an action button for a path on the console's Buttons screen, and a visitor who opens
 * that path on the demo is offered it by the widget; the Videos screen refuses a poster that is not an image by its
 * content, stores a real one, and previews the video in the real viewer.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { acceptInvitation, adminOf, hasConsoleApi, invite } from './console-owner';
import { type RunningServer, startServer } from './server';
import { browserSuite } from './suite';

const suite = browserSuite();
let server: RunningServer;
let base = '';

const admin = adminOf(() => server);

const available = await hasConsoleApi(inject('baseUrl'));
const PATH = '/investment/intro';

describe.skipIf(!available)('videos and action buttons in the console, seen by a visitor (issue 33 §1)', () => {
  beforeAll(async () => {
    server = await startServer();
    base = server.url;
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('an action button added for a path in the console is offered by the widget on that path; a video’s poster is checked by content', async () => {
    const { siteId, link } = await invite(admin, 'editor@e2e.example', 'editor');
    const page = await suite.page({ allowed: /status of 40[13]|status of 415/ });
    await acceptInvitation(page, base, link);

    // the Buttons tab: a new button for the path, checked at its field before it is sent
    await page.goto(`${base}/console/sites/${siteId}/buttons`);
    await page.getByRole('heading', { level: 1, name: 'Buttons' }).waitFor();
    const form = page.getByRole('form', { name: 'Add an action button' });
    await form.getByLabel('Page path').fill('investment/intro');
    await form.getByLabel('Button text').fill('How long does it take?');
    await form.getByLabel('Message sent').fill('How long does the journey take?');
    await form.getByRole('button', { name: 'Add button' }).click();
    await form.getByRole('alert').filter({ hasText: 'a path starting with /' }).waitFor();
    await form.getByLabel('Page path').fill(PATH);
    await form.getByRole('button', { name: 'Add button' }).click();
    await page
      .getByRole('region', { name: `On ${PATH}` })
      .getByText('How long does it take?')
      .waitFor();

    // a visitor of that path is offered it
    const visitor = await suite.browser!.newContext();
    try {
      const demo = await visitor.newPage();
      await demo.goto(`${base}${PATH}`);
      await demo.getByRole('button', { name: /^Open chat with/ }).click();
      await demo.getByRole('button', { name: 'How long does it take?' }).waitFor({ timeout: 15_000 });
    } finally {
      await visitor.close();
    }

    // the Videos tab: a poster that is not an image is refused by its content, a real one is stored, the viewer previews it
    await page.goto(`${base}/console/sites/${siteId}/videos`);
    await page.getByRole('heading', { level: 1, name: 'Videos' }).waitFor();
    const media = path.join(__dirname, '../../demo/media');
    await page.getByLabel('Poster image').setInputFiles(path.join(media, 'horizon-welcome.webm'));
    await page.getByRole('alert').filter({ hasText: 'content is not PNG, JPEG or WebP' }).waitFor();
    await page.getByLabel('Poster image').setInputFiles(path.join(media, 'horizon-welcome-poster.jpg'));
    await page.getByText('Uploaded horizon-welcome-poster.jpg.').waitFor();
    await page.getByRole('button', { name: 'Show the preview' }).click();
    const frame = page.frameLocator('iframe[data-part="video-preview"]');
    await frame.locator('.video-embedding-slot[data-ai-embed="loaded"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('code[id^="snippet-"]').textContent()).toMatch(
      /^<div class="video-embedding-slot" data-embed-token="[^"]+"><\/div>$/,
    );
  });
});
