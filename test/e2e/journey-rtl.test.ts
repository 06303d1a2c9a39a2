/**
 * One journey path in Arabic, right to left, in Chromium at a desktop width and at a phone's narrowest: the dashboard,
 * a question and its Continue, and the recommendation with its chart, each with <html lang="ar" dir="rtl">, the
 * Arabic catalogue's words, no page scrolling sideways, and axe-core at 0 violations.
 *
 * It runs against the Arabic catalogue, journey/locales/ar/ (written apart from the code that loads it); a checkout
 * without journey/locales/ar/messages.ts skips it, and says so in the test's name.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { LOCALE_KEY } from '../../journey/locale';
import { FLOW } from '../../journey/questionnaire';
import { routeOf } from '../../journey/routes';
import { STORAGE_KEY, STORAGE_VERSION } from '../../journey/storage';
import { completeAnswers } from '../fixtures/answers';
import { violations } from './axe';
import { browserSuite } from './suite';

const baseUrl = inject('baseUrl');
const ARABIC = join(import.meta.dirname, '../../journey/locales/ar/messages.ts');
const missing = !existsSync(ARABIC);
const suite = browserSuite();

/** The Arabic catalogue's first-visit words (imported only where it is there). */
async function arabic() {
  const module = '../../journey/locales/ar/messages';
  return (await import(/* @vite-ignore */ module)) as typeof import('../../journey/messages');
}

describe.skipIf(missing)(
  missing
    ? 'the journey in Arabic: SKIPPED, journey/locales/ar/messages.ts is not in this checkout'
    : 'the journey in Arabic, right to left',
  () => {
    it.each([
      { width: 1280, height: 900 },
      { width: 320, height: 640 },
    ])('dashboard → a question → the recommendation at $width px: rtl, in Arabic, axe at 0', async (viewport) => {
      const ar = await arabic();
      const page = await suite.page({ viewport });
      // the visitor chose Arabic before (the header's picker remembers it), with a complete set of answers
      await suite.context!.addInitScript(
        ([localeKey, answersKey, answers]) => {
          localStorage.setItem(localeKey!, 'ar');
          localStorage.setItem(answersKey!, answers!);
        },
        [LOCALE_KEY, STORAGE_KEY, JSON.stringify({ version: STORAGE_VERSION, savedAt: '', answers: completeAnswers() })],
      );
      const settled = async () => {
        await page.locator('main h1').waitFor();
        await page.locator('main .loading').waitFor({ state: 'detached' });
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
          0,
        );
        expect(await violations(page)).toEqual([]);
      };

      await page.goto(`${baseUrl}/`);
      await settled();
      expect(await page.locator('main h1').textContent()).toBe(ar.SCREEN_TITLES.dashboard);

      await page.goto(baseUrl + routeOf('dateOfBirth').path);
      await settled();
      expect(await page.locator('main h1').textContent()).toBe(ar.QUESTION_WORDS.dateOfBirth.title);
      await page.getByRole('button', { name: ar.FRAME_WORDS.continue, exact: true }).click();
      const next = routeOf(FLOW[FLOW.indexOf('dateOfBirth') + 1]!).path;
      await page.waitForURL((url) => url.pathname === next);
      await settled();

      await page.goto(baseUrl + routeOf('recommendation').path);
      await settled();
      expect(await page.locator('main h1').textContent()).toBe(ar.SCREEN_TITLES.recommendation);
      await page.locator('main figure.chart svg').waitFor({ state: 'attached' });
    });
  },
);
