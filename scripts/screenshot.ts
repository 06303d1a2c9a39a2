/**
 * Takes a full-page screenshot of a URL in headless Chromium, printing the page's
 * console messages and errors: `npm run screenshot -- URL out.png [width] [height]`.
 * With `--ask "a question"` it opens the widget, asks the question, waits for the whole
 * answer and takes the window's view instead (the README's picture).
 */
import { launchBrowser } from '../test/e2e/browser';

const args = process.argv.slice(2);
const askAt = args.indexOf('--ask');
const question = askAt >= 0 ? args.splice(askAt, 2)[1] : undefined;
const [url, out, width = '1200', height = '900'] = args;
if (!url || !out || (askAt >= 0 && !question)) {
  console.error('usage: npm run screenshot -- URL out.png [width] [height] [--ask "a question"]');
  process.exit(2);
}
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
  page.on('console', (m) => console.log(`console.${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => console.log(`pageerror: ${e.message}`));
  await page.goto(url, { waitUntil: 'networkidle' });
  if (question) {
    await page
      .getByRole('button', { name: /^Open chat with/ })
      .last()
      .click();
    const input = page.getByRole('textbox', { name: /^Message/ });
    await input.fill(question);
    await input.press('Enter');
    // the answer is whole once it has no status and the log is no longer busy
    await page.locator('[data-part="message"][data-role="ai"]:not([data-status])').first().waitFor();
    await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
    await page.getByRole('group', { name: 'Suggested questions' }).waitFor();
  }
  await page.screenshot({ path: out, fullPage: !question });
} finally {
  await browser.close();
}
