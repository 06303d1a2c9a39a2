/**
 * axe-core on the journey's routes, at a desktop width and at a phone's narrowest, for the
 * a11y-*.test.ts files: each route is a first visit, in a fresh browser context with the
 * answers in local storage before the page's own scripts run, loaded once for both widths and both colour schemes:
 * scanned at 1280 px, then the window narrowed to 320 px and scanned again (the journey, its chart and the widget
 * follow the width live, as a phone turned or a window narrowed does); a route scanned in both colour schemes is
 * scanned in the first, then the system's setting is changed and it is scanned in the next (the journey and the
 * widget follow the setting live, as a visitor's page does).
 */
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { STORAGE_KEY, STORAGE_VERSION } from '../../journey/storage';
import { MOBILE_QUERY } from '../../src/viewport';
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
   * The same in dark and in light, from one page load: loaded on a system set to dark and scanned, then the system
   * set to light and scanned again (at 320 px, light first, then dark); each scheme's violations apart.
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

  /** Waits until the page is laid out again at `width`: the journey's chart and the widget (its launcher's `data-mobile`) follow it. */
  async function settledAt(page: Page, width: number) {
    await page.waitForFunction(
      ([w, query]) => {
        // the projection chart draws at its box's width (a ResizeObserver, then a render)
        const charts = [...document.querySelectorAll<SVGSVGElement>('.chart__svg')];
        // the widget re-reads the breakpoint when the viewport crosses it (a media query's change, widget-spec §9)
        const frames = [...document.querySelectorAll('ai-chat-widget')].map((el) => el.shadowRoot?.querySelector('[data-part="frame"]'));
        const mobile = matchMedia(query).matches;
        return (
          innerWidth === w &&
          charts.every((svg) => !svg.parentElement!.clientWidth || svg.viewBox.baseVal.width === svg.parentElement!.clientWidth) &&
          frames.every((frame) => !frame || frame.hasAttribute('data-mobile') === mobile)
        );
      },
      [width, MOBILE_QUERY] as const,
    );
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }

  /** Sets the system's colour scheme and waits until the widget shows it. */
  async function switchScheme(page: Page, scheme: Scheme) {
    await page.emulateMedia({ colorScheme: scheme });
    // the widget marks the scheme it shows on its element when the setting changes (src/theme.ts followScheme);
    // light needs nothing loaded (the dark stylesheet, adopted on the dark load, applies only in dark)
    await page.waitForFunction(
      (s) => [...document.querySelectorAll<HTMLElement>('ai-chat-widget')].every((w) => !w.dataset.scheme || w.dataset.scheme === s),
      scheme,
    );
  }

  /**
   * One page load for every width and scheme: loaded at the first width on a system set to the first scheme, scanned
   * in each scheme; then the window narrowed to the next width (as a visitor's phone turns or a window is narrowed),
   * laid out again, and scanned in each scheme, the last one first (one switch fewer). Each scheme's violations,
   * prefixed with their width.
   */
  async function scanWidths(path: string, answers: unknown, schemes: readonly Scheme[]): Promise<string[][]> {
    const context = await browser!.newContext({ viewport: { width: WIDTHS[0], height: 900 }, colorScheme: schemes[0] });
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
      const found: string[][] = schemes.map(() => []);
      let current = schemes[0]!;
      for (const [i, width] of WIDTHS.entries()) {
        if (i > 0) {
          await page.setViewportSize({ width, height: 900 });
          await settledAt(page, width);
        }
        const order = i % 2 === 0 ? schemes : [...schemes].reverse();
        for (const scheme of order) {
          if (scheme !== current) await switchScheme(page, scheme);
          current = scheme;
          found[schemes.indexOf(scheme)]!.push(...(await violations(page)).map((v) => `at ${width}px: ${v}`));
        }
      }
      return found;
    } finally {
      await context.close();
    }
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
