/**
 * The page's text as the chat sends it (src/effects/page-text.ts), on the built widget in real Chromium:
 * the recommended-product page's headings and its fees table with the header row, without the skip
 * link, the screen-reader-only caption or the widget's own words. Its chunk loads when the window opens.
 */
import { describe, expect, inject, it } from 'vitest';
import { routeOf } from '../../journey/routes';
import { browserSuite } from './suite';

const suite = browserSuite();
const baseUrl = inject('baseUrl');

describe('the page text the chat sends', () => {
  it('keeps the headings and the table with its header row, and drops the skip link', async () => {
    const page = await suite.page();
    const sent: string[] = [];
    const reader: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/chat$/.test(new URL(r.url()).pathname)) sent.push(r.postData() ?? '');
      if (/\/page-text-[^/]*\.js$/.test(r.url())) reader.push(r.url());
    });
    const { path, title } = routeOf('recommendedProducts');
    await page.goto(baseUrl + path);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('button', { name: 'Fees and charges' }).click();
    await page.getByRole('table').first().waitFor();
    // the page reader's chunk: not loaded until the chat window opens, then loaded before the first send
    await page.getByRole('button', { name: /^Open chat with/ }).waitFor();
    expect(reader).toEqual([]);
    await page.getByRole('button', { name: /^Open chat with/ }).click();
    await expect.poll(() => reader.length).toBe(1);
    const input = page.getByRole('textbox', { name: /^Message/ });
    await input.fill('What are the fees?');
    await input.press('Enter');
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBe(1);
    const text = String((JSON.parse(sent[0]!) as { webPageContent?: unknown }).webPageContent);
    expect(text).toContain(`# ${title}\n\n`);
    expect(text).toContain('\n\n## Fees and charges\n\n');
    expect(text).toContain('| Fee | Rate | In dollars |\n| --- | --- | --- |\n| Upfront adviser fee | One-off, invoiced | $');
    expect(text).toMatch(/\n\| Investment fee \| [\d.]+% yearly \| \$[\d,.]+ yearly \|/);
    expect(text).toMatch(/\n- It matches the investment style you chose\.\n- /);
    expect(text).not.toContain('Skip to content');
    // the table's caption is for screen readers (sr-only)
    expect(text).not.toMatch(/^Fees and charges$/m);
    expect(text).not.toContain('Open chat with');
  });
});
