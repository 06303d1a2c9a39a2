/**
 * One journey path in Simplified Chinese, in Chromium at a desktop width and at a phone's narrowest: the dashboard,
 * a question and its Continue, and the recommendation with its chart, each with <html lang="zh-Hans">, the Chinese
 * catalogue's words, no page scrolling sideways, and axe-core at 0 violations. The language comes from the browser
 * (navigator.languages 'zh-CN'), as a visitor who never used the picker gets it.
 *
 * It runs against the Chinese catalogue, journey/locales/zh-Hans/ (written apart from the code that loads it); a
 * checkout without journey/locales/zh-Hans/messages.ts skips it, and says so in the test's name.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { FLOW } from '../../journey/questionnaire';
import { routeOf } from '../../journey/routes';
import { STORAGE_KEY, STORAGE_VERSION } from '../../journey/storage';
import { completeAnswers } from '../fixtures/answers';
import { violations } from './axe';
import { browserSuite } from './suite';

const baseUrl = inject('baseUrl');
const CHINESE = join(import.meta.dirname, '../../journey/locales/zh-Hans/messages.ts');
const missing = !existsSync(CHINESE);
const suite = browserSuite();

/** The Chinese catalogue's first-visit words (imported only where it is there). */
async function chinese() {
  const module = '../../journey/locales/zh-Hans/messages';
  return (await import(/* @vite-ignore */ module)) as typeof import('../../journey/messages');
}

describe.skipIf(missing)(
  missing
    ? 'the journey in Simplified Chinese: SKIPPED, journey/locales/zh-Hans/messages.ts is not in this checkout'
    : 'the journey in Simplified Chinese',
  () => {
    it.each([
      { width: 1280, height: 900 },
      { width: 320, height: 640 },
    ])('dashboard → a question → the recommendation at $width px: zh-Hans, in Chinese, axe at 0', async (viewport) => {
      const zh = await chinese();
      const page = await suite.page({ viewport });
      // a browser set to Chinese (China), with a complete set of answers
      await suite.context!.addInitScript(
        ([answersKey, answers]) => {
          Object.defineProperty(navigator, 'languages', { get: () => ['zh-CN', 'zh', 'en'] });
          localStorage.setItem(answersKey!, answers!);
        },
        [STORAGE_KEY, JSON.stringify({ version: STORAGE_VERSION, savedAt: '', answers: completeAnswers() })],
      );
      const settled = async () => {
        await page.locator('main h1').waitFor();
        await page.locator('main .loading').waitFor({ state: 'detached' });
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['zh-Hans', 'ltr']);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
          0,
        );
        expect(await violations(page)).toEqual([]);
      };

      await page.goto(`${baseUrl}/`);
      await settled();
      expect(await page.locator('main h1').textContent()).toBe(zh.SCREEN_TITLES.dashboard);

      await page.goto(baseUrl + routeOf('dateOfBirth').path);
      await settled();
      expect(await page.locator('main h1').textContent()).toBe(zh.QUESTION_WORDS.dateOfBirth.title);
      await page.getByRole('button', { name: zh.FRAME_WORDS.continue, exact: true }).click();
      const next = routeOf(FLOW[FLOW.indexOf('dateOfBirth') + 1]!).path;
      await page.waitForURL((url) => url.pathname === next);
      await settled();

      await page.goto(baseUrl + routeOf('recommendation').path);
      await settled();
      expect(await page.locator('main h1').textContent()).toBe(zh.SCREEN_TITLES.recommendation);
      await page.locator('main figure.chart svg').waitFor({ state: 'attached' });
      // the proposed advice and the reasons are the Chinese catalogue's: no English sentence is left on the page but
      // the sources' own titles (the publishers' documents, named as published)
      expect(await page.getByTestId('proposed-advice').textContent()).toMatch(/\p{Script=Han}/u);
      const words = await page.locator('main').evaluate((main) => {
        const copy = main.cloneNode(true) as HTMLElement;
        for (const sources of copy.querySelectorAll('.sources')) sources.remove();
        return copy.textContent ?? '';
      });
      expect(words).not.toMatch(/\b(the|your|and|of|a year|years?|month)\b/i);
      // every date through Intl for the locale (the working's 'worked out on' was the engine's ISO date)
      expect(words).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    });
  },
);
