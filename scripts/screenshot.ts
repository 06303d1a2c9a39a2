/**
 * Takes a full-page screenshot of a URL in headless Chromium, printing the page's
 * console messages and errors: `npm run screenshot -- URL out.png [width] [height]`.
 */
import { launchBrowser } from '../test/e2e/browser';

const [url, out, width = '1200', height = '900'] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: npm run screenshot -- URL out.png [width] [height]');
  process.exit(2);
}
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
  page.on('console', (m) => console.log(`console.${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => console.log(`pageerror: ${e.message}`));
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.screenshot({ path: out, fullPage: true });
} finally {
  await browser.close();
}
