/**
 * The advice pages with a known household, in Chromium: the figures shown are the
 * engine's (pinned to the cent by the engine's golden tests), formatted for people;
 * unsuitable and unreachable households; the statement of advice.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Answers } from '../../journey/answers';
import { computeAdvice } from '../../journey/engine';
import { formatDollars } from '../../journey/format';
import { routeOf, type ScreenId } from '../../journey/routes';
import { STORAGE_KEY, STORAGE_VERSION } from '../../journey/storage';
import { completeAnswers } from '../fixtures/answers';
import { launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const $ = (cents: number) => formatDollars(cents / 100);

async function withAnswers(answers: Answers, fn: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(baseUrl + '/healthz');
    await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [STORAGE_KEY, JSON.stringify({ version: STORAGE_VERSION, savedAt: '', answers })]);
    await fn(page, context);
  } finally {
    await context.close();
  }
}

async function show(page: Page, id: ScreenId) {
  await page.goto(baseUrl + routeOf(id).path);
  await page.getByRole('heading', { level: 1, name: routeOf(id).title }).waitFor();
  await page.locator('main .loading').waitFor({ state: 'detached' });
}

const text = (page: Page) => page.locator('main').innerText();

describe('a known household', () => {
  const answers = completeAnswers();
  const advice = computeAdvice(answers, { asOf: new Date() });

  it('is suitable and gets a recommendation', () => {
    expect(advice.status).toBe('recommended');
  });

  it('needs analysis shows its take-home pay, emergency fund and surplus, with the reasons', async () => {
    await withAnswers(answers, async (page) => {
      await show(page, 'needsAnalysis');
      const body = await text(page);
      const { income, needs } = advice;
      expect(body).toContain(`${$(income!.netMonthlyCents)} a month (${$(income!.netAnnualCents)} a year)`);
      expect(body).toContain($(needs!.emergencyFund.targetCents));
      expect(body).toContain(`${$(needs!.surplus.setAsideMonthlyCents)} a month`);
      expect(body).toContain(`${$(needs!.surplus.investableMonthlyCents)} a month`);
      expect(body).toContain('We don’t ask about your expenses');
      expect(body).not.toContain('example figures');
    });
  });

  it('the recommendation shows the monthly investment, the reasons, the chart with its table and the assumptions', async () => {
    if (advice.status !== 'recommended') throw new Error('expected a recommendation');
    await withAnswers(answers, async (page) => {
      await show(page, 'recommendation');
      const plan = advice.plan;
      expect(await page.getByTestId('proposed-advice').innerText()).toBe(`Invest ${$(plan.startingAmountCents)} now and ${$(plan.monthlyNeededCents)} a month`);
      for (const reason of advice.reasons) await page.getByText(reason, { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Investment funds projection' }).click();
      await page.getByRole('img', { name: /Investment projection/ }).waitFor();
      const rows = page.locator('.chart__table tbody tr');
      expect(await rows.count()).toBe(plan.projection.points.length);
      const last = plan.projection.points.at(-1)!;
      expect(await rows.last().innerText()).toContain($(last.nominal.median));
      expect(await page.getByText(plan.chartSummary).count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'How we worked this out' }).click();
      expect(await text(page)).toContain(`Assumptions version ${advice.assumptionsVersion}`);
    });
  });

  it('the products page shows the fees in dollars and opens the statement of advice', async () => {
    if (advice.status !== 'recommended') throw new Error('expected a recommendation');
    await withAnswers(answers, async (page) => {
      await show(page, 'recommendedProducts');
      await page.getByRole('button', { name: 'Fees and charges' }).click();
      const fees = advice.plan.fees;
      const table = await page.locator('table.fees').innerText();
      expect(table).toContain($(fees.firstYear.investmentCents));
      expect(table).toContain($(fees.wholeTimeframe.investmentCents));
      expect(table).toContain($(fees.wholeTimeframe.totalCents));
      await page.getByRole('button', { name: 'Statement of advice' }).click();
      await page.waitForURL(/statement-of-advice/);
      await page.getByRole('button', { name: 'Print or save as PDF' }).waitFor();
      const soa = await text(page);
      for (const heading of ['Your situation', 'Your goal', 'Scope of this advice', 'Our recommendation', 'Risks', 'Fees in dollars', 'Assumptions']) {
        expect(soa).toContain(heading);
      }
      expect(soa).toContain(`Assumptions version ${advice.assumptionsVersion}`);
      expect(soa).toContain($(advice.plan.monthlyNeededCents));
      // printing hides the app around the statement
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('header.header').isVisible()).toBe(false);
    });
  });

  it('Adjust goals goes to goal details and comes back with new figures', async () => {
    if (advice.status !== 'recommended') throw new Error('expected a recommendation');
    await withAnswers(answers, async (page) => {
      await show(page, 'recommendation');
      await page.getByRole('button', { name: 'Adjust goals' }).click();
      await page.waitForURL(/goal-details/);
      const years = page.getByRole('textbox', { name: 'How many years from now?' });
      await years.fill('12');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.waitForURL(/recommendation/);
      const after = computeAdvice({ ...answers, goal: { ...answers.goal, years: '12' } }, { asOf: new Date() });
      if (after.status !== 'recommended') throw new Error('expected a recommendation');
      await page.getByTestId('proposed-advice').filter({ hasText: $(after.plan.monthlyNeededCents) }).waitFor();
    });
  });
});

describe('households the advice does not suit, or cannot reach', () => {
  it('high-interest debt stops the journey before a recommendation, saying why and what to do', async () => {
    const answers: Answers = {
      ...completeAnswers(),
      debts: { answer: 'yes', rows: [{ id: 5, type: 'credit-card', value: '6000', owner: 'self', taxDeductible: 'no', interestRate: '21', repaymentAmount: '300', frequency: 'monthly' }] },
    };
    const advice = computeAdvice(answers, { asOf: new Date() });
    expect(advice.status).toBe('unsuitable');
    await withAnswers(answers, async (page) => {
      await show(page, 'needsAnalysis');
      await page.getByRole('heading', { name: 'We can’t recommend investing for this goal right now' }).waitFor();
      expect(await page.getByRole('button', { name: 'Continue', exact: true }).isDisabled()).toBe(true);
      for (const r of advice.suitability.reasons) {
        await page.getByText(r.explanation).waitFor();
        await page.getByText(r.instead, { exact: false }).waitFor();
      }
      await show(page, 'recommendation');
      expect(await page.getByTestId('proposed-advice').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Accept and continue' }).isDisabled()).toBe(true);
    });
  });

  it('a goal out of reach says so and offers the three levers', async () => {
    const answers: Answers = { ...completeAnswers(), goal: { type: 'first-home', amount: '400000', years: '7' } };
    const advice = computeAdvice(answers, { asOf: new Date() });
    if (advice.status !== 'recommended') throw new Error('expected a plan');
    expect(advice.plan.reachable).toBe(false);
    await withAnswers(answers, async (page) => {
      await show(page, 'recommendation');
      await page.getByText('Your goal is out of reach as it stands').waitFor();
      const levers = await page.getByRole('note').filter({ hasText: 'Three ways to make it work' }).innerText();
      expect(levers).toContain($(advice.plan.levers!.smallerGoal.todayCents));
      expect(levers).toContain($(advice.plan.levers!.largerFirstDeposit.totalCents));
    });
  });

  it('with no answers the pages keep the sample figures, marked as examples', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await show(page, 'recommendation');
      expect(await text(page)).toContain('example figures');
      expect(await text(page)).toContain('$353 a month');
    } finally {
      await context.close();
    }
  });
});
