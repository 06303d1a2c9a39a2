/**
 * axe-core on the journey's routes, at a desktop width and at a phone's narrowest, for the
 * a11y-*.test.ts files: each scan is a first visit, in a fresh browser context with the
 * answers in local storage before the page's own scripts run.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { STORAGE_KEY, STORAGE_VERSION } from '../../journey/storage';
import { violations } from './axe';
import { launchBrowser } from './browser';

/** Every route and state at a desktop width and at a phone's narrowest. */
const WIDTHS = [1280, 320] as const;

interface RouteScanner {
  /** The file's browser, for a test that needs a context of its own. */
  browser(): Browser;
  /** The violations on `path` with `answers` saved (null: none), at every width, each prefixed with its width. */
  scan(path: string, answers: unknown): Promise<string[]>;
}

/** Registers the file's browser; returns the scanner (`colorScheme`: the visitor's system setting, light unless given). */
export function routeScanner({ colorScheme }: { colorScheme?: 'light' | 'dark' } = {}): RouteScanner {
  const baseUrl = inject('baseUrl');
  let browser: Browser | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function scanAt(path: string, answers: unknown, width: number): Promise<string[]> {
    const context = await browser!.newContext({ viewport: { width, height: 900 }, colorScheme });
    try {
      // the answers are in local storage before the page's own scripts run (no extra page load to put them there)
      if (answers) {
        await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
          STORAGE_KEY,
          JSON.stringify({ version: STORAGE_VERSION, savedAt: '', answers }),
        ] as const);
      }
      const page = await context.newPage();
      await page.goto(baseUrl + path);
      await page.locator('main h1').waitFor();
      await page.locator('main .loading').waitFor({ state: 'detached' });
      // open every collapsible so its content is scanned too
      const closed = page.locator('main button[aria-expanded="false"]');
      while ((await closed.count()) > 0) await closed.first().click();
      return await violations(page);
    } finally {
      await context.close();
    }
  }

  return {
    browser: () => browser!,
    async scan(path, answers) {
      // both widths at once, each in its own context: the scans are independent
      const found = await Promise.all(WIDTHS.map(async (width) => (await scanAt(path, answers, width)).map((v) => `at ${width}px: ${v}`)));
      return found.flat();
    },
  };
}
