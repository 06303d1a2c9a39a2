/**
 * The answers' evaluation in CI (test/eval/): every question of the set asked of the built server's
 * built-in engine (the suite's server, test/e2e/global-setup.ts) through the real widget's requests,
 * scored against the floors of test/eval/thresholds.ts, so that the answers never get worse.
 * `npm run eval:answers` runs the same evaluation and prints the whole report.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runEval, summary, type EvalReport } from '../eval/run';
import { EVAL_THRESHOLDS } from '../eval/thresholds';
import { launchBrowser } from './browser';

let browser: Browser;
let report: EvalReport;

beforeAll(async () => {
  browser = await launchBrowser();
  report = await runEval({ baseUrl: inject('baseUrl'), browser });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('the answers of the built-in engine, on the evaluation set', () => {
  it('are right at least as often as the floor', () => {
    expect(report.questions).toBeGreaterThanOrEqual(80);
    expect(report.rightPercent, summary(report)).toBeGreaterThanOrEqual(EVAL_THRESHOLDS.minRightPercent);
  });

  it('offer no more garbage follow-up buttons than the ceiling', () => {
    expect(report.garbageButtons, summary(report)).toBeLessThanOrEqual(EVAL_THRESHOLDS.maxGarbageButtons);
  });

  it('leak the page chrome no more often than the ceiling', () => {
    expect(report.chromeLeaks, summary(report)).toBeLessThanOrEqual(EVAL_THRESHOLDS.maxChromeLeaks);
  });

  it('work out every figure exactly, and at least as many as the floor', () => {
    expect(report.arithmetic.exact, summary(report)).toBeGreaterThanOrEqual(EVAL_THRESHOLDS.minExactArithmetic);
    expect(report.arithmetic.exact, summary(report)).toBe(report.arithmetic.questions);
  });
});
