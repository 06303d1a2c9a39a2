/**
 * `npm run eval:answers`: the answers' evaluation (test/eval/). Starts the built server as `npm start`
 * runs it (a temporary data folder, the demo seed, the built-in engine unless LLM_BASE_URL says
 * otherwise), headless Chromium for the widget's requests, asks every question of the set, prints the
 * summary and writes the whole report as JSON (the path printed last; `EVAL_REPORT` overrides it).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser } from '../test/e2e/browser';
import { startServer } from '../test/e2e/server';
import { runEval, summary } from '../test/eval/run';

const REPORT = process.env.EVAL_REPORT || path.join('dist', 'eval', 'answers.json');

const server = await startServer();
const browser = await launchBrowser();
try {
  const report = await runEval({ baseUrl: server.url, browser });
  console.log(`\nAnswers' evaluation: ${report.questions} questions on the demo site\n`);
  console.log(summary(report));
  await mkdir(path.dirname(REPORT), { recursive: true });
  await writeFile(REPORT, `${JSON.stringify(report, (_, v) => (v instanceof RegExp ? String(v) : v), 2)}\n`);
  console.log(`\nThe report: ${REPORT}`);
} finally {
  await browser.close();
  await server.stop();
}
