/**
 * One browser per test file and one fresh context per page, with what every e2e test checks
 * afterwards: the page logged no error (console errors and uncaught exceptions, except those
 * a test expects).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser } from './browser';

export interface PageOptions {
  /** @default 1200 × 900 */
  viewport?: { width: number; height: number };
  /** Messages the test expects (they are not problems). */
  allowed?: RegExp | null;
  /** Console message types that are problems. @default ['error'] */
  consoleTypes?: string[];
  /** The browser's language (`navigator.languages`). @default the browser's own */
  locale?: string;
}

export interface Suite {
  browser: Browser | null;
  /** The current page's context. */
  context: BrowserContext | null;
  /** What the current page logged that it should not have; checked empty after each test. */
  problems: string[];
  /** A page in a fresh context, its problems recorded. */
  page(options?: PageOptions): Promise<Page>;
}

/** Registers the file's browser and the after-each check; returns the suite to open pages with. */
export function browserSuite(): Suite {
  const suite: Suite = {
    browser: null,
    context: null,
    problems: [],
    async page({ viewport = { width: 1200, height: 900 }, allowed = null, consoleTypes = ['error'], locale } = {}) {
      suite.problems = [];
      suite.context = await suite.browser!.newContext({ viewport, ...(locale && { locale }) });
      const page = await suite.context.newPage();
      page.on('console', (m) => {
        if (consoleTypes.includes(m.type()) && !allowed?.test(m.text())) suite.problems.push(`console ${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => {
        if (!allowed?.test(e.message)) suite.problems.push(`pageerror: ${e.message}`);
      });
      return page;
    },
  };
  beforeAll(async () => {
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
  });
  afterEach(async () => {
    await suite.context?.close();
    expect(suite.problems).toEqual([]);
  });
  return suite;
}
