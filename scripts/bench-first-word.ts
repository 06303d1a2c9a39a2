/**
 * `npm run bench:first-word`: time to first word of a streamed answer (widget-spec §7, `Accept:
 * text/event-stream`): from the question's `POST api/chat` to its first `delta` event, on the built
 * server's built-in engine (as `npm start` runs it, the demo seed), next to a bare `node:http` server
 * in the same run that answers the same request with a `delta` at once (the floor of HTTP and an event
 * stream over loopback). The questions are the evaluation set's chat-window questions (test/eval/), each
 * with its page's text as the real widget sends it (captured once in headless Chromium); one at a time,
 * after a warm-up. Each server runs as its own process.
 *
 * `node bench-first-word.mjs baseline` runs the bare server on its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchBrowser } from '../test/e2e/browser';
import { startServer } from '../test/e2e/server';
import { type ChatBody, capturePage } from '../test/eval/capture';
import { QUESTIONS } from '../test/eval/questions';

/** How many times each question is asked, after the warm-up. */
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
/** Questions asked first and not counted (the servers' and the client's code warms up). */
const WARM_UP = 20;

/** The bare baseline: reads the request's body, then starts the event stream with a `delta` at once. */
function runBaseline(): void {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform' });
      res.write(': stream\n\n');
      res.write(`event: start\ndata: ${JSON.stringify({ chatSessionId: 'baseline' })}\n\n`);
      res.write(`event: delta\ndata: ${JSON.stringify({ text: 'According to this page: ' })}\n\n`);
      res.end(`event: done\ndata: ${JSON.stringify({ aiMessage: { content: 'According to this page: …' } })}\n\n`);
    });
  });
  server.listen(0, '127.0.0.1', () => console.log(`baseline at http://127.0.0.1:${(server.address() as AddressInfo).port}`));
}

function startBaseline(): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(process.execPath, [process.argv[1]!, 'baseline'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (m) resolve(m[0]);
    });
    child.once('exit', (code) => reject(new Error(`the baseline server exited (${code}) before listening`)));
  });
  return { child, url };
}

/** One timed question: milliseconds to the first `delta` event and to the end of the stream. */
async function timeQuestion(url: string, headers: Record<string, string>, body: string): Promise<{ first: number; whole: number }> {
  const started = performance.now();
  const res = await fetch(`${url}/api/chat`, { method: 'POST', headers: { ...headers, Accept: 'text/event-stream' }, body });
  if (!res.ok || !res.body) throw new Error(`POST api/chat answered ${res.status}`);
  const decoder = new TextDecoder();
  let text = '';
  let first = Number.NaN;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    if (Number.isNaN(first) && /^event: delta$/m.test(text)) first = performance.now() - started;
  }
  if (Number.isNaN(first)) throw new Error(`no delta event in: ${text.slice(0, 300)}`);
  return { first, whole: performance.now() - started };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Row {
  server: string;
  samples: number;
  p50: number;
  p95: number;
  max: number;
  wholeP50: number;
}

/** Asks every body `ROUNDS` times, one at a time, after {@link WARM_UP} uncounted ones. */
async function measure(server: string, url: string, headers: Record<string, string>, bodies: string[]): Promise<Row> {
  for (let i = 0; i < WARM_UP; i++) await timeQuestion(url, headers, bodies[i % bodies.length]!);
  const firsts: number[] = [];
  const wholes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const body of bodies) {
      const { first, whole } = await timeQuestion(url, headers, body);
      firsts.push(first);
      wholes.push(whole);
    }
  }
  firsts.sort((a, b) => a - b);
  wholes.sort((a, b) => a - b);
  const ms = (n: number) => Math.round(n * 10) / 10;
  return {
    server,
    samples: firsts.length,
    p50: ms(percentile(firsts, 50)),
    p95: ms(percentile(firsts, 95)),
    max: ms(firsts.at(-1)!),
    wholeP50: ms(percentile(wholes, 50)),
  };
}

/** A visitor's headers on the demo site: its key from the demo page's script tag, a session booted with it. */
async function visitorHeaders(base: string): Promise<Record<string, string>> {
  const key = /data-api-key="([^"]+)"/.exec(await (await fetch(`${base}/`)).text())?.[1];
  if (!key) throw new Error(`no API key in the demo page of ${base}`);
  const boot = await fetch(`${base}/session/boot`, { method: 'POST', headers: { 'X-API-Key': key, Origin: base } });
  const { authToken } = (await boot.json()) as { authToken: string };
  return { Authorization: `Bearer ${authToken}`, Origin: base, 'Content-Type': 'application/json' };
}

async function main() {
  const asked = QUESTIONS.filter((q) => !q.focus);
  const server = await startServer({ RATE_LIMIT_CHAT_VISITOR: '100000000', RATE_LIMIT_CHAT_SITE: '100000000' });
  let baseline: ReturnType<typeof startBaseline> | null = null;
  try {
    // each page's text as the widget sends it, captured once
    const browser = await launchBrowser();
    const pages = new Map<string, ChatBody>();
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      for (const path of new Set(asked.map((q) => q.page))) pages.set(path, (await capturePage(context, server.url, path)).body);
    } finally {
      await browser.close();
    }
    const headers = await visitorHeaders(server.url);
    const bodies = asked.map((q) => {
      const { clientMessageId: _, ...body } = pages.get(q.page)!;
      return JSON.stringify({ ...body, message: q.question, userSessionId: 'bench-first-word-visitor', chatSessionId: null });
    });
    // one load at a time on the shared cores: the baseline runs while ours idles, then stops
    baseline = startBaseline();
    const bare = await measure('bare node:http', await baseline.url, headers, bodies);
    baseline.child.kill('SIGTERM');
    const ours = await measure('ours, built-in engine', server.url, headers, bodies);
    console.log(`\nTime to first word: ${asked.length} questions of the evaluation set, ${ROUNDS} rounds, one at a time, loopback\n`);
    console.log('| server | answers | first word p50 ms | p95 ms | max ms | whole answer p50 ms |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const r of [bare, ours]) console.log(`| ${r.server} | ${r.samples} | ${r.p50} | ${r.p95} | ${r.max} | ${r.wholeP50} |`);
  } finally {
    if (baseline && baseline.child.exitCode === null) baseline.child.kill('SIGTERM');
    await server.stop();
  }
}

if (process.argv[2] === 'baseline') runBaseline();
else await main();
