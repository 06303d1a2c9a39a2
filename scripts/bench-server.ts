/**
 * `npm run bench:server`: requests per second and p50/p99 latency of the built
 * server for chat history and chat at 50 and 200 connections, over loopback.
 * The server runs as its own process (as `npm start` runs it) with a fresh data
 * folder and rate limits raised out of the way; autocannon drives it from here.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = [50, 200];

async function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT_CHAT_VISITOR: '100000000', RATE_LIMIT_CHAT_SITE: '100000000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (m) resolve(m[0]);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
  return { child, base };
}

async function run(title: string, opts: autocannon.Options) {
  const result = await autocannon({ ...opts, duration: SECONDS });
  // autocannon counts time-outs (no answer within 10 s) among its errors
  const errors = result.errors + result.non2xx;
  if (errors) console.error(`${title} at ${opts.connections}: ${result.errors} errors (${result.timeouts} of them time-outs), ${result.non2xx} non-2xx`);
  return {
    title,
    connections: opts.connections!,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
  };
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-'));
  const { child, base } = await startServer(dataDir);
  try {
    const apiKey = (await readFile(path.join(dataDir, 'demo-api-key'), 'utf8')).trim();
    const origin = base;
    const boot = await fetch(`${base}/session/boot`, { method: 'POST', headers: { 'X-API-Key': apiKey, Origin: origin } });
    const { authToken } = (await boot.json()) as { authToken: string };
    const headers = { Authorization: `Bearer ${authToken}`, Origin: origin, 'Content-Type': 'application/json' };
    const visitor = 'bench-visitor-0001';
    // A session with a realistic history: 20 questions and answers.
    let chatSessionId: string | null = null;
    for (let i = 0; i < 20; i++) {
      const res: Response = await fetch(`${base}/api/chat`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ message: `What fees will I pay? (${i})`, userSessionId: visitor, path: '/recommended-products', chatSessionId }),
      });
      chatSessionId = ((await res.json()) as { chatSession: { id: string } }).chatSession.id;
    }
    const historyUrl = `${base}/api/chat/history?userSessionId=${visitor}&path=/recommended-products&chatSessionId=${chatSessionId}`;
    const chatBody = JSON.stringify({
      message: 'How is the investment fee worked out?',
      userSessionId: 'bench-visitor-0002',
      path: '/recommended-products',
      webPageContent: 'Your recommended product. Fees and charges: upfront adviser fee $500, administration fee 0%, investment fee 0.7% yearly.',
    });
    const rows = [];
    for (const connections of CONNECTIONS) {
      rows.push(await run('GET chat/history', { url: historyUrl, connections, headers }));
      rows.push(await run('POST chat', { url: `${base}/api/chat`, method: 'POST', body: chatBody, connections, headers }));
    }
    console.log(`\nServer benchmark: ${SECONDS} s per row, loopback, built-in answer engine\n`);
    console.log('| call | connections | requests/s | p50 ms | p99 ms | errors and time-outs |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const r of rows) console.log(`| ${r.title} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
