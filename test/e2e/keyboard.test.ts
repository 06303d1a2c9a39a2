/**
 * The whole journey from the keyboard alone: Tab to a control, then Enter, Space,
 * arrows or typing, as a keyboard user would. No mouse clicks, no element handles
 * clicked directly.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ScreenId } from '../../journey/questionnaire';
import { routeOf } from '../../journey/routes';
import { launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The accessible-ish name of the focused element: its label, aria-label or text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement as HTMLElement | null;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement as HTMLElement;
    if (!el) return '';
    const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
    const radioLabel = el.closest('label')?.textContent;
    return (el.getAttribute('aria-label') || label || radioLabel || el.textContent || '').replace(/\s+/g, ' ').trim();
  });

/** Presses Tab until the focused control's name matches, failing after too many presses. */
async function tabTo(page: Page, name: string | RegExp, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const current = await focusedName(page);
    if (typeof name === 'string' ? current === name : name.test(current)) return;
  }
  throw new Error(`could not reach "${name}" with Tab`);
}

async function onScreen(page: Page, id: ScreenId) {
  const route = routeOf(id);
  await page.waitForURL((u) => u.pathname === route.path);
  await page.getByRole('heading', { level: 1, name: route.title, exact: true }).waitFor();
  await page.locator('main .loading').waitFor({ state: 'detached' });
  // focus moved to the new page's heading: Tab starts from the top of the page's content
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
}

/** Tab to Continue (or another button) and press Enter. */
async function next(page: Page, to: ScreenId, label = 'Continue') {
  await tabTo(page, label);
  await page.keyboard.press('Enter');
  await onScreen(page, to);
}

/** Tab into a radio group and pick an option with the arrow keys (the first option is selected by Space). */
async function choose(page: Page, option: string | RegExp) {
  await tabTo(page, /./, 1);
  for (let i = 0; i < 40; i++) {
    const current = await focusedName(page);
    const isRadio = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'radio');
    if (isRadio) {
      for (let j = 0; j < 8; j++) {
        const name = await focusedName(page);
        if (typeof option === 'string' ? name === option : option.test(name)) {
          await page.keyboard.press('Space');
          return;
        }
        await page.keyboard.press('ArrowDown');
      }
      throw new Error(`no option ${option}`);
    }
    void current;
    await page.keyboard.press('Tab');
  }
  throw new Error('no radio group reached');
}

async function type(page: Page, field: string, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Focus a select by Tab and move to an option with the arrow keys. */
async function pick(page: Page, field: string, optionLabel: string) {
  await tabTo(page, field);
  for (let i = 0; i < 10; i++) {
    const label = await page.evaluate(() => {
      const s = document.activeElement as HTMLSelectElement;
      return s.options[s.selectedIndex]?.label ?? '';
    });
    if (label === optionLabel) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option ${optionLabel} in ${field}`);
}

describe('keyboard only', () => {
  it('completes the whole journey from the dashboard to the recommended products', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${baseUrl}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await tabTo(page, 'Start Investment');
      await page.keyboard.press('Enter');
      await onScreen(page, 'intro');
      await next(page, 'beforeStart', "Let's get started");
      await tabTo(page, 'Documents to read');
      await page.keyboard.press('Enter');
      expect(await page.getByRole('button', { name: 'Documents to read' }).getAttribute('aria-expanded')).toBe('true');
      await next(page, 'eligibility');
      await next(page, 'dateOfBirth', 'Agree and continue');
      await type(page, 'Date of birth', '14/03/1988');
      await next(page, 'relationshipStatus');
      await choose(page, 'Single');
      await next(page, 'goalSelection');
      await choose(page, 'Buying your first home');
      await next(page, 'goalDetails');
      await type(page, 'How much will you need?', '60000');
      await type(page, 'How many years from now?', '8');
      await next(page, 'summary');
      await next(page, 'employmentStatus');
      await choose(page, 'Employed');
      await next(page, 'income');
      await type(page, 'Gross income', '90000');
      await pick(page, 'How often?', 'Annually');
      await next(page, 'additionalIncome');
      await choose(page, 'No');
      await next(page, 'benefits');
      await choose(page, 'No');
      await next(page, 'bigSpends');
      await choose(page, 'No');
      await next(page, 'assets');
      await choose(page, 'Yes');
      await pick(page, 'Type', 'Cash');
      await type(page, 'Value', '30000');
      await next(page, 'regularSavings');
      await choose(page, 'Yes');
      await type(page, 'How much do you save?', '1500');
      await pick(page, 'How often?', 'Monthly');
      await next(page, 'super');
      await type(page, 'Total super balance', '85000');
      await choose(page, 'No');
      await next(page, 'debts');
      await choose(page, 'No');
      await next(page, 'insuranceCover');
      await type(page, 'Life cover', '0');
      await type(page, 'Total and permanent disability (TPD) cover', '0');
      await type(page, 'Trauma cover', '0');
      await type(page, 'Income protection (per month)', '0');
      await next(page, 'privateHealth');
      await choose(page, 'Yes');
      await next(page, 'riskAssessment');
      await choose(page, /^Moderately aggressive/);
      await next(page, 'reviewDetails');
      await next(page, 'needsAnalysis');
      await next(page, 'recommendation');
      await next(page, 'recommendedProducts', 'Accept and continue');
      // the statement of advice, and its print button, from the keyboard too
      await next(page, 'statementOfAdvice', 'Statement of advice');
      await tabTo(page, 'Print or save as PDF');
    } finally {
      await context.close();
    }
  });
});
