/**
 * Accessibility of every route in Chromium with axe-core (WCAG 2.0/2.1 A and AA and WCAG 2.2 AA,
 * the target-size rule on), with no answers saved, at a desktop width and at a phone's narrowest
 * (the first visit's page, /, in dark and then in light from one page load);
 * and no page scrolling sideways at 320 px. The states that answers make are in a11y-states.test.ts.
 */
import { describe, expect, inject, it } from 'vitest';
import { ROUTES } from '../../journey/routes';
import { STORAGE_KEY, STORAGE_VERSION } from '../../journey/storage';
import { completeAnswers } from '../fixtures/answers';
import { routeScanner } from './route-scan';

const baseUrl = inject('baseUrl');
const scanner = routeScanner();

describe('axe-core on every route', () => {
  it('/, empty (a first visit), in dark and in light', async () => {
    const found = await scanner.scanDarkThenLight('/', null);
    expect(found.dark).toEqual([]);
    expect(found.light).toEqual([]);
  });

  it.each(ROUTES.map((r) => r.path).filter((path) => path !== '/'))('%s, empty', async (path) => {
    expect(await scanner.scan(path, null)).toEqual([]);
  });

  it('the not-found page', async () => {
    expect(await scanner.scan('/no/such/page', null)).toEqual([]);
  });
});

describe('narrow screens', () => {
  it('at 320 px wide no page scrolls sideways', async () => {
    const context = await scanner.browser().newContext({ viewport: { width: 320, height: 640 } });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/healthz`);
      await page.evaluate(
        ([key, value]) => localStorage.setItem(key!, value!),
        [STORAGE_KEY, JSON.stringify({ version: STORAGE_VERSION, savedAt: '', answers: completeAnswers() })],
      );
      const wide: string[] = [];
      for (const route of ROUTES) {
        await page.goto(baseUrl + route.path);
        await page.locator('main h1').waitFor();
        await page.locator('main .loading').waitFor({ state: 'detached' });
        const closed = page.locator('main button[aria-expanded="false"]');
        while ((await closed.count()) > 0) await closed.first().click();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (overflow > 0) wide.push(`${route.path} (${overflow}px)`);
      }
      expect(wide).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
