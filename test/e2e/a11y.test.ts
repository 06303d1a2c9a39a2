/**
 * Accessibility of every route in Chromium with axe-core: WCAG 2.0/2.1 A and AA and
 * WCAG 2.2 AA, with the target-size rule turned on (it is off by default).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ROUTES } from '../../journey/routes';
import { STORAGE_KEY, STORAGE_VERSION } from '../../journey/storage';
import { completeAnswers } from '../fixtures/answers';
import { violations } from './axe';
import { launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** issue 15: every route and state at a desktop width and at a phone's narrowest. */
const WIDTHS = [1280, 320] as const;

async function scan(path: string, answers: unknown) {
  // both widths at once, each in its own context: the scans are independent, and the suite's longest file halves
  const found = await Promise.all(WIDTHS.map(async (width) => (await scanAt(path, answers, width)).map((v) => `at ${width}px: ${v}`)));
  return found.flat();
}

async function scanAt(path: string, answers: unknown, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  try {
    // the answers are in local storage before the page's own scripts run (no extra page load to put them there)
    if (answers) {
      await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEY, JSON.stringify({ version: STORAGE_VERSION, savedAt: '', answers })] as const);
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

describe('axe-core on every route', () => {
  it.each(ROUTES.map((r) => r.path))('%s, empty', async (path) => {
    expect(await scan(path, null)).toEqual([]);
  });

  it.each(ROUTES.filter((r) => r.path === '/' || r.path.startsWith('/questionnaire/') || r.path === '/recommended-products' || r.path === '/statement-of-advice').map((r) => r.path))(
    '%s, filled',
    async (path) => {
      expect(await scan(path, completeAnswers())).toEqual([]);
    },
  );

  it.each(['/questionnaire/needs-analysis', '/questionnaire/recommendation', '/recommended-products'])('%s, advice not suitable', async (path) => {
    const unsuitable = { ...completeAnswers(), debts: { answer: 'yes', rows: [{ id: 5, type: 'personal-loan', value: '9000', owner: 'self', taxDeductible: 'no', interestRate: '14', repaymentAmount: '300', frequency: 'monthly' }] } };
    expect(await scan(path, unsuitable)).toEqual([]);
  });

  it.each(['/questionnaire/needs-analysis', '/questionnaire/recommendation', '/recommended-products'])('%s, answers the advice cannot read', async (path) => {
    expect(await scan(path, { ...completeAnswers(), bigSpends: { answer: 'yes', rows: [{ id: 1, amount: '5k' }] } })).toEqual([]);
  });

  it.each(['/questionnaire/recommendation', '/statement-of-advice'])('%s, a goal out of reach (the three levers)', async (path) => {
    expect(await scan(path, { ...completeAnswers(), goal: { type: 'first-home', amount: '400000', years: '7' } })).toEqual([]);
  });

  it('/questionnaire/income, with an amount that cannot be read', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(baseUrl + '/questionnaire/income');
      const income = page.getByRole('textbox', { name: 'Gross income' });
      await income.fill('lots');
      await income.blur();
      await page.locator('.field__error', { hasText: 'Enter an amount' }).waitFor();
      expect(await violations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/questionnaire/date-of-birth, with an impossible date', async () => {
    expect(await scan('/questionnaire/date-of-birth', { ...completeAnswers(), dateOfBirth: '31/02/2000' })).toEqual([]);
  });

  it('the not-found page', async () => {
    expect(await scan('/no/such/page', null)).toEqual([]);
  });
});

describe('narrow screens', () => {
  it('at 320 px wide no page scrolls sideways', async () => {
    const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
    try {
      const page = await context.newPage();
      await page.goto(baseUrl + '/healthz');
      await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEY, JSON.stringify({ version: STORAGE_VERSION, savedAt: '', answers: completeAnswers() })]);
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
