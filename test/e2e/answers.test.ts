/**
 * The answers' evaluation in CI (test/eval/): every question of the set asked of the built server's
 * built-in engine through the real widget's requests, scored against the floors of
 * test/eval/thresholds.ts, so that the answers never get worse. `npm run eval:answers` runs the same
 * evaluation and prints the whole report.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEval, summary, type EvalReport } from '../eval/run';
import { EVAL_THRESHOLDS } from '../eval/thresholds';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

let server: RunningServer;
let browser: Browser;
let report: EvalReport;

beforeAll(async () => {
  // one visitor asks every question: its limit is raised out of the way (the others are, by startServer)
  [server, browser] = await Promise.all([startServer({ RATE_LIMIT_CHAT_VISITOR: '100000' }), launchBrowser()]);
  report = await runEval({ baseUrl: server.url, browser });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
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

  it('work out at least as many figures exactly as the floor', () => {
    expect(report.arithmetic.exact, summary(report)).toBeGreaterThanOrEqual(EVAL_THRESHOLDS.minExactArithmetic);
  });
});
