/**
 * Accessibility, in Chromium with axe-core (WCAG 2.0/2.1 A and AA and WCAG 2.2 AA, the
 * target-size rule on), of the states answers make: filled, advice that does not suit, answers
 * the advice cannot read, a goal out of reach, a field's error; at a desktop width and at a
 * phone's narrowest. Every route filled is scanned on a system set to dark as well (dark mode's
 * other checks are in dark-scheme.test.ts): where the answers change what the route shows, in dark
 * and then in light from one page load. Every route with no answers is in a11y-routes.test.ts.
 */
import { describe, expect, inject, it } from 'vitest';
import { ROUTES } from '../../journey/routes';
import { completeAnswers } from '../fixtures/answers';
import { violations } from './axe';
import { routeScanner } from './route-scan';

const baseUrl = inject('baseUrl');
const scanner = routeScanner();

/** The routes whose content the answers change (the others show the same filled as empty). */
const answered = (path: string) =>
  path === '/' || path.startsWith('/questionnaire/') || path === '/recommended-products' || path === '/statement-of-advice';

describe('axe-core on every route', () => {
  it.each(ROUTES.filter((r) => answered(r.path)).map((r) => r.path))('%s, filled, in dark and in light', async (path) => {
    const found = await scanner.scanDarkThenLight(path, completeAnswers());
    expect(found.dark).toEqual([]);
    expect(found.light).toEqual([]);
  });

  it.each(ROUTES.filter((r) => !answered(r.path)).map((r) => r.path))('%s, filled, in dark', async (path) => {
    expect(await scanner.scan(path, completeAnswers(), 'dark')).toEqual([]);
  });

  it.each(['/questionnaire/needs-analysis', '/questionnaire/recommendation', '/recommended-products'])(
    '%s, advice not suitable',
    async (path) => {
      const unsuitable = {
        ...completeAnswers(),
        debts: {
          answer: 'yes',
          rows: [
            {
              id: 5,
              type: 'personal-loan',
              value: '9000',
              owner: 'self',
              taxDeductible: 'no',
              interestRate: '14',
              repaymentAmount: '300',
              frequency: 'monthly',
            },
          ],
        },
      };
      expect(await scanner.scan(path, unsuitable)).toEqual([]);
    },
  );

  it.each(['/questionnaire/needs-analysis', '/questionnaire/recommendation', '/recommended-products'])(
    '%s, answers the advice cannot read',
    async (path) => {
      expect(await scanner.scan(path, { ...completeAnswers(), bigSpends: { answer: 'yes', rows: [{ id: 1, amount: '5k' }] } })).toEqual([]);
    },
  );

  it.each(['/questionnaire/recommendation', '/statement-of-advice'])('%s, a goal out of reach (the three levers)', async (path) => {
    expect(await scanner.scan(path, { ...completeAnswers(), goal: { type: 'first-home', amount: '400000', years: '7' } })).toEqual([]);
  });

  it('/questionnaire/income, with an amount that cannot be read', async () => {
    const context = await scanner.browser().newContext({ viewport: { width: 1100, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/questionnaire/income`);
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
    expect(await scanner.scan('/questionnaire/date-of-birth', { ...completeAnswers(), dateOfBirth: '31/02/2000' })).toEqual([]);
  });
});
