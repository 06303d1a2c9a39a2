/**
 * Runs the answers' evaluation against a running server, through the path a visitor's questions take:
 * each page's text and each Ask-question context captured once from the real widget in Chromium
 * (./capture.ts), then every question of ./questions.ts sent to `POST {api}/chat` over HTTP as the
 * widget sends it (streamed for the chat window, JSON for the modal, widget-spec §7), and each answer
 * judged (./judge.ts). Used by `npm run eval:answers` (scripts/eval-answers.ts) and by the CI test
 * (test/e2e/answers.test.ts).
 */
import type { Browser } from 'playwright-core';
import { type CapturedPage, type ChatBody, captureFocus, capturePage } from './capture';
import { type Answer, type Garbage, type Verdict, chromeIn, garbageFollowUps, judge } from './judge';
import { type EvalQuestion, type Expectation, type Focus, type Kind, QUESTIONS } from './questions';

/** One question's outcome. */
export interface QuestionResult {
  kind: Kind;
  page: string;
  focus?: Focus;
  question: string;
  /** What a right answer holds (its patterns are written as text in the JSON report). */
  expect: Expectation;
  verdict: Verdict;
  /** Why it is wrong (empty when it is not). */
  reasons: string[];
  answer: string;
  sources: string[];
  followUps: string[];
  garbage: Garbage[];
  /** The page chrome in the answer's text. */
  leaks: string[];
}

/** The evaluation's outcome. */
export interface EvalReport {
  questions: number;
  right: number;
  declinedCorrectly: number;
  wrong: number;
  /** Right and declined correctly, as a percentage of the questions, one decimal. */
  rightPercent: number;
  /** Follow-up buttons that are not real questions, over every answer. */
  garbageButtons: number;
  /** Answers that hold the page's chrome. */
  chromeLeaks: number;
  /** The arithmetic questions, and those answered with the exact figure. */
  arithmetic: { questions: number; exact: number };
  byKind: Record<Kind, { questions: number; right: number }>;
  /** Each page's text as the widget sent it: its length. */
  pageTextChars: Record<string, number>;
  /** Each page's chrome phrases, looked for in its answers and follow-ups. */
  pageChrome: Record<string, string[]>;
  seconds: { capture: number; questions: number };
  results: QuestionResult[];
}

export interface EvalOptions {
  /** The server's origin, e.g. `http://127.0.0.1:8787`. */
  baseUrl: string;
  browser: Browser;
  /** @default QUESTIONS */
  questions?: readonly EvalQuestion[];
  /** Pages captured at once. @default 3 */
  captureConcurrency?: number;
  /** Questions in flight at once. @default 4 */
  questionConcurrency?: number;
}

/** Runs `work` on every item, at most `limit` at a time (`worker` says which of them); the results in the items' order. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T, worker: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (_: unknown, w: number) => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!, w);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** How many questions one visitor asks: fewer than the server's default chat limit per visitor a minute (20). */
const QUESTIONS_PER_VISITOR = 15;

/** A visitor's headers: the demo site's key read from the demo page's script tag, a session booted with it. */
async function visitorHeaders(baseUrl: string): Promise<Record<string, string>> {
  const key = /data-api-key="([^"]+)"/.exec(await (await fetch(`${baseUrl}/`)).text())?.[1];
  if (!key) throw new Error(`no API key in the demo page of ${baseUrl}`);
  const boot = await fetch(`${baseUrl}/session/boot`, { method: 'POST', headers: { 'X-API-Key': key, Origin: baseUrl } });
  if (!boot.ok) throw new Error(`session boot failed: ${boot.status}`);
  const { authToken } = (await boot.json()) as { authToken: string };
  return { Authorization: `Bearer ${authToken}`, Origin: baseUrl, 'Content-Type': 'application/json' };
}

interface Reply {
  aiMessage?: { content?: string; sources?: string[] };
  response?: string;
  followUpButtons?: { text: string }[];
}

/** The `done` event's reply of a streamed answer (widget-spec §7 streaming); throws on an `error` event. */
async function streamedReply(res: Response): Promise<Reply> {
  const text = await res.text();
  for (const block of text.split(/\n\n/)) {
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if (event === 'done' && data) return JSON.parse(data) as Reply;
    if (event === 'error' && data) throw new Error(`the answer failed: ${data}`);
  }
  throw new Error('the answer stream ended without a done event');
}

/** Asks `q` with the captured request `body` (the page's text, or the modal's context); the answer. */
async function ask(baseUrl: string, headers: Record<string, string>, q: EvalQuestion, body: ChatBody, visitor: string): Promise<Answer> {
  const { clientMessageId: _, ...sent } = body;
  const res = await fetch(`${baseUrl}/api/chat`, {
    method: 'POST',
    // the chat window streams its answers; the modal reads the JSON reply (src/effects/ask-modal.ts)
    headers: q.focus ? headers : { ...headers, Accept: 'text/event-stream, application/json' },
    body: JSON.stringify({ ...sent, message: q.question, userSessionId: visitor, chatSessionId: null }),
  });
  if (!res.ok) throw new Error(`POST api/chat answered ${res.status} to "${q.question}": ${await res.text()}`);
  const reply = /^text\/event-stream/i.test(res.headers.get('Content-Type') ?? '')
    ? await streamedReply(res)
    : ((await res.json()) as Reply);
  return {
    content: reply.aiMessage?.content ?? reply.response ?? '',
    sources: reply.aiMessage?.sources ?? [],
    followUps: (reply.followUpButtons ?? []).map((b) => b.text),
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Captures the pages and contexts the questions need, asks every question and judges the answers. */
export async function runEval({
  baseUrl,
  browser,
  questions = QUESTIONS,
  captureConcurrency = 3,
  questionConcurrency = 4,
}: EvalOptions): Promise<EvalReport> {
  const started = performance.now();
  const paths = [...new Set(questions.filter((q) => !q.focus).map((q) => q.page))];
  const focuses = [...new Set(questions.flatMap((q) => (q.focus ? [q.focus] : [])))];
  const jobs = [...paths.map((p) => ({ page: p })), ...focuses.map((f) => ({ focus: f }))];
  // a browser context per worker: its pages share the cache, so the bundles load once per worker
  const workers = await Promise.all(
    Array.from({ length: captureConcurrency }, () => browser.newContext({ viewport: { width: 1280, height: 900 } })),
  );
  const captured = await pool(jobs, captureConcurrency, (job, w) =>
    'page' in job
      ? capturePage(workers[w]!, baseUrl, job.page)
      : captureFocus(workers[w]!, baseUrl, job.focus).then((body) => ({ body, chrome: [] })),
  ).finally(() => Promise.all(workers.map((c) => c.close())));
  const pages = new Map<string, CapturedPage>();
  const contexts = new Map<Focus, ChatBody>();
  for (const [i, job] of jobs.entries()) {
    if ('page' in job) pages.set(job.page, captured[i]!);
    else contexts.set(job.focus, captured[i]!.body);
  }
  const captureSeconds = (performance.now() - started) / 1000;

  // the questions are shared among visitors, each within the server's default chat limit per visitor
  const visitors = await Promise.all(
    Array.from({ length: Math.ceil(questions.length / QUESTIONS_PER_VISITOR) }, async (_, v) => ({
      headers: await visitorHeaders(baseUrl),
      id: `eval-${Date.now().toString(36)}-visitor-${v}`,
    })),
  );
  const results = await pool(questions, questionConcurrency, async (q): Promise<QuestionResult> => {
    const page = pages.get(q.page);
    const visitor = visitors[Math.floor(questions.indexOf(q) / QUESTIONS_PER_VISITOR)]!;
    const answer = await ask(baseUrl, visitor.headers, q, q.focus ? contexts.get(q.focus)! : page!.body, visitor.id);
    // the modal's page is the document's: its chrome is that page's when the chat window captured it
    const chrome = page?.chrome ?? [];
    const { verdict, reasons } = judge(q, answer);
    const leak = chromeIn(answer.content, chrome);
    return {
      kind: q.kind,
      page: q.page,
      ...(q.focus ? { focus: q.focus } : {}),
      question: q.question,
      expect: q.expect,
      verdict,
      reasons,
      answer: answer.content,
      sources: answer.sources,
      followUps: answer.followUps,
      garbage: garbageFollowUps(q.question, answer.followUps, chrome),
      leaks: leak ? [leak] : [],
    };
  });

  const count = (v: Verdict) => results.filter((r) => r.verdict === v).length;
  const byKind = {} as EvalReport['byKind'];
  for (const r of results) {
    byKind[r.kind] ??= { questions: 0, right: 0 };
    byKind[r.kind].questions++;
    if (r.verdict !== 'wrong') byKind[r.kind].right++;
  }
  const arithmetic = results.filter((r) => r.kind === 'arithmetic');
  return {
    questions: results.length,
    right: count('right'),
    declinedCorrectly: count('declined-correctly'),
    wrong: count('wrong'),
    rightPercent: round1(((results.length - count('wrong')) / results.length) * 100),
    garbageButtons: results.reduce((n, r) => n + r.garbage.length, 0),
    chromeLeaks: results.filter((r) => r.leaks.length).length,
    arithmetic: { questions: arithmetic.length, exact: arithmetic.filter((r) => r.verdict === 'right').length },
    byKind,
    pageTextChars: Object.fromEntries([...pages].map(([p, c]) => [p, String(c.body.webPageContent ?? '').length])),
    pageChrome: Object.fromEntries([...pages].map(([p, c]) => [p, c.chrome])),
    seconds: { capture: round1(captureSeconds), questions: round1((performance.now() - started) / 1000 - captureSeconds) },
    results,
  };
}

/** The report as text: the summary table, then each wrong answer and each garbage button. */
export function summary(report: EvalReport): string {
  const lines = [
    '| questions | right % | right | declined correctly | wrong | garbage buttons | chrome leaks | exact arithmetic |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${report.questions} | ${report.rightPercent}% | ${report.right} | ${report.declinedCorrectly} | ${report.wrong} | ${report.garbageButtons} | ${report.chromeLeaks} | ${report.arithmetic.exact} of ${report.arithmetic.questions} |`,
    '',
    '| kind | questions | right |',
    '| --- | ---: | ---: |',
    ...Object.entries(report.byKind).map(([kind, k]) => `| ${kind} | ${k.questions} | ${k.right} |`),
  ];
  const wrong = report.results.filter((r) => r.verdict === 'wrong');
  if (wrong.length) lines.push('', 'Wrong:');
  for (const r of wrong) {
    lines.push(`- [${r.kind}] ${r.page}${r.focus ? ` (${r.focus})` : ''}: ${r.question} (${r.reasons.join('; ')})`);
    lines.push(`    ${r.answer.replace(/\s+/g, ' ').slice(0, 300)}`);
  }
  const garbage = report.results.flatMap((r) => r.garbage.map((g) => `- ${JSON.stringify(g.text)} (${g.why}), after "${r.question}"`));
  if (garbage.length) lines.push('', 'Garbage buttons:', ...garbage);
  const leaks = report.results.filter((r) => r.leaks.length).map((r) => `- "${r.leaks[0]}" in the answer to "${r.question}" on ${r.page}`);
  if (leaks.length) lines.push('', 'Chrome leaks:', ...leaks);
  lines.push('', `Captured the pages in ${report.seconds.capture} s, asked the questions in ${report.seconds.questions} s.`);
  return lines.join('\n');
}
