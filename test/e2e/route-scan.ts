/**
 * axe-core on the journey's routes, at a desktop width and at a phone's narrowest, for the
 * a11y-*.test.ts files: each scan is a first visit, in a fresh browser context with the
 * answers in local storage before the page's own scripts run. A route scanned in both colour schemes is loaded
 * once: scanned in the first scheme, then the system's setting is changed and it is scanned again in the next (the
 * journey and the widget follow the setting live, as a visitor's page does).
 */
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { STORAGE_KEY, STORAGE_VERSION } from '../../journey/storage';
import { violations } from './axe';
import { launchBrowser } from './browser';

/** Every route and state at a desktop width and at a phone's narrowest. */
const WIDTHS = [1280, 320] as const;

/** The visitor's system setting (`prefers-color-scheme`). */
export type Scheme = 'light' | 'dark';

interface RouteScanner {
  /** The file's browser, for a test that needs a context of its own. */
  browser(): Browser;
  /**
   * The violations on `path` with `answers` saved (null: none), at every width, each prefixed with its width, on a
   * system set to `scheme` (the scanner's own unless given).
   */
  scan(path: string, answers: unknown, scheme?: Scheme): Promise<string[]>;
  /**
   * The same in dark and in light, from one page load per width: loaded on a system set to dark and scanned, then the
   * system set to light and scanned again; each scheme's violations apart.
   */
  scanDarkThenLight(path: string, answers: unknown): Promise<Record<Scheme, string[]>>;
}

/** Registers the file's browser; returns the scanner (`colorScheme`: the visitor's system setting, light unless given). */
export function routeScanner({ colorScheme = 'light' }: { colorScheme?: Scheme } = {}): RouteScanner {
  const baseUrl = inject('baseUrl');
  let browser: Browser | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function scanAt(path: string, answers: unknown, width: number, schemes: readonly Scheme[]): Promise<string[][]> {
    const context = await browser!.newContext({ viewport: { width, height: 900 }, colorScheme: schemes[0] });
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
      const found: string[][] = [];
      for (const [i, scheme] of schemes.entries()) {
        if (i > 0) {
          await page.emulateMedia({ colorScheme: scheme });
          // the widget marks the scheme it shows on its element when the setting changes (src/theme.ts followScheme);
          // light needs nothing loaded (the dark stylesheet, adopted on the dark load, applies only in dark)
          await page.waitForFunction(
            (s) => [...document.querySelectorAll<HTMLElement>('ai-chat-widget')].every((w) => !w.dataset.scheme || w.dataset.scheme === s),
            scheme,
          );
        }
        found.push(await violations(page));
      }
      return found;
    } finally {
      await context.close();
    }
  }

  /** Both widths at once, each in its own context (the scans are independent): each scheme's violations, prefixed with their width. */
  async function scanWidths(path: string, answers: unknown, schemes: readonly Scheme[]): Promise<string[][]> {
    const found = await Promise.all(
      WIDTHS.map(async (width) => (await scanAt(path, answers, width, schemes)).map((vs) => vs.map((v) => `at ${width}px: ${v}`))),
    );
    return schemes.map((_, i) => found.flatMap((atWidth) => atWidth[i]!));
  }

  return {
    browser: () => browser!,
    async scan(path, answers, scheme = colorScheme) {
      return (await scanWidths(path, answers, [scheme]))[0]!;
    },
    async scanDarkThenLight(path, answers) {
      const [dark, light] = await scanWidths(path, answers, ['dark', 'light']);
      return { dark: dark!, light: light! };
    },
  };
}
