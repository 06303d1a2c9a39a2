/**
 * `npm run bench:server`: requests per second and p50/p99 latency of the built
 * server for a 50-message chat history at 100 connections and for chat at 50 and
 * 200 connections, over loopback, next to a bare `node:http` + better-sqlite3
 * server doing the same history read on the same database file in the same run.
 * Each server runs as its own process (ours as `npm start` runs it) with rate
 * limits raised out of the way; autocannon drives them from here. Then the same
 * calls on two instances of ours on one PostgreSQL (issue 17; a throwaway cluster
 * on a temporary folder, durability settings as in production), autocannon
 * spreading its connections over both; skipped where PostgreSQL is not installed.
 *
 * `node bench-server.mjs baseline FILE` runs the bare server on its own.
 */
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findPostgresBin, startPostgresCluster } from '../test/support/postgres-cluster';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
/** issue 14: history reads at 100 connections, chat at 50 and 200. */
const HISTORY_CONNECTIONS = 100;
const CHAT_CONNECTIONS = [50, 200];
/** Questions asked before the history is read: each stores a question and an answer, 50 rows. */
const HISTORY_QUESTIONS = 25;

/** One row of the printed table. */
interface Row {
  server: string;
  title: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** Waits for a child's first stdout line naming a loopback URL. */
function listeningUrl(child: ChildProcess, name: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (m) resolve(m[0]);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before listening`)));
  });
}

function startServer(dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT_CHAT_VISITOR: '100000000',
      RATE_LIMIT_CHAT_SITE: '100000000',
      RATE_LIMIT_CHAT_IP: '100000000',
      RATE_LIMIT_BOOT_IP: '100000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { child, base: listeningUrl(child, 'the server') };
}

/** Starts this script as the bare baseline server (see {@link runBaseline}) on `dbFile`. */
function startBaseline(dbFile: string) {
  const child = spawn(process.execPath, [process.argv[1]!, 'baseline', dbFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  return { child, base: listeningUrl(child, 'the baseline server') };
}

/**
 * The bare baseline: `node:http` and better-sqlite3, no framework, no auth. It answers
 * `GET /api/chat/history` as ours does for a known session: it checks that the session
 * is the visitor's, reads its messages and sends the same JSON fields.
 */
function runBaseline(dbFile: string): void {
  const db = new Database(dbFile, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const session = db.prepare<[string, string]>('SELECT 1 FROM chat_sessions WHERE user_session_id = ? AND id = ?').pluck();
  const messages = db.prepare<[string], { id: string; role: string; content: string; created_at: string; type: string; is_error: number }>(
    'SELECT id, role, content, created_at, type, is_error FROM messages WHERE chat_session_id = ? ORDER BY seq',
  );
  const server = createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    const id = q.get('chatSessionId') ?? '';
    if (!session.get(q.get('userSessionId') ?? '', id)) {
      res.writeHead(404).end();
      return;
    }
    const history = messages.all(id).map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      createdAt: m.created_at,
      type: m.type,
      ...(m.is_error ? { isError: true } : {}),
    }));
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ history, chatSessionId: id }));
  });
  server.listen(0, '127.0.0.1', () => console.log(`baseline at http://127.0.0.1:${(server.address() as AddressInfo).port}`));
}

async function run(server: string, title: string, opts: autocannon.Options): Promise<Row> {
  const result = await autocannon({ ...opts, duration: SECONDS });
  return {
    server,
    title,
    connections: opts.connections!,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon counts time-outs (no answer within its 10 s limit) among its errors
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** Asks {@link HISTORY_QUESTIONS} questions in one session for `visitor`; its id. */
async function seedHistory(base: string, headers: Record<string, string>, visitor: string): Promise<string> {
  let chatSessionId: string | null = null;
  for (let i = 0; i < HISTORY_QUESTIONS; i++) {
    const res: Response = await fetch(`${base}/api/chat`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        message: `What fees will I pay? (${i})`,
        userSessionId: visitor,
        path: '/recommended-products',
        chatSessionId,
      }),
    });
    chatSessionId = ((await res.json()) as { chatSession: { id: string } }).chatSession.id;
  }
  return chatSessionId!;
}

/** The demo site's API key, from the script tag of the demo page a server serves. */
async function demoKey(base: string): Promise<string> {
  const key = /data-api-key="([^"]+)"/.exec(await (await fetch(`${base}/`)).text())?.[1];
  if (!key) throw new Error(`no API key in the demo page of ${base}`);
  return key;
}

/** A visitor's request headers: a session booted on `base` with the demo key, sent from `origin`. */
async function headersFor(base: string, apiKey: string, origin: string): Promise<Record<string, string>> {
  const boot = await fetch(`${base}/session/boot`, { method: 'POST', headers: { 'X-API-Key': apiKey, Origin: origin } });
  const { authToken } = (await boot.json()) as { authToken: string };
  return { Authorization: `Bearer ${authToken}`, Origin: origin, 'Content-Type': 'application/json' };
}

const CHAT_BODY = JSON.stringify({
  message: 'How is the investment fee worked out?',
  userSessionId: 'bench-visitor-0002',
  path: '/recommended-products',
  webPageContent:
    'Your recommended product. Fees and charges: upfront adviser fee $500, administration fee 0%, investment fee 0.7% yearly.',
});

/** What the measured calls need: the history's query and two visitors' headers. */
interface Prepared {
  historyQuery: string;
  headers: Record<string, string>;
  chatHeaders: Record<string, string>;
}

/** Seeds a 50-message history through `bases[0]` and checks that every one of `bases` reads it whole. */
async function prepare(bases: string[], origin: string): Promise<Prepared> {
  const apiKey = await demoKey(bases[0]!);
  // a token serves one visitor (issue 14): the history's visitor and the chat's each boot a session
  const headers = await headersFor(bases[0]!, apiKey, origin);
  const chatHeaders = await headersFor(bases[0]!, apiKey, origin);
  const visitor = 'bench-visitor-0001';
  const chatSessionId = await seedHistory(bases[0]!, headers, visitor);
  const historyQuery = `/api/chat/history?userSessionId=${visitor}&path=/recommended-products&chatSessionId=${chatSessionId}`;
  for (const base of bases) {
    const check = (await (await fetch(`${base}${historyQuery}`, { headers })).json()) as { history: unknown[] };
    if (check.history.length !== HISTORY_QUESTIONS * 2)
      throw new Error(`the history has ${check.history.length} messages on ${base}, not ${HISTORY_QUESTIONS * 2}`);
  }
  return { historyQuery, headers, chatHeaders };
}

/** The history read and chat rows, autocannon's connections spread over `bases` (one URL: one server). */
async function measure(server: string, bases: string[], { historyQuery, headers, chatHeaders }: Prepared): Promise<Row[]> {
  // autocannon takes several URLs and spreads its connections over them (its types name one)
  const url = (pathname: string) =>
    bases.length === 1 ? `${bases[0]}${pathname}` : (bases.map((b) => `${b}${pathname}`) as unknown as string);
  const rows = [await run(server, 'GET chat/history', { url: url(historyQuery), connections: HISTORY_CONNECTIONS, headers })];
  for (const connections of CHAT_CONNECTIONS) {
    rows.push(
      await run(server, 'POST chat', { url: url('/api/chat'), method: 'POST', body: CHAT_BODY, connections, headers: chatHeaders }),
    );
  }
  return rows;
}

/** Two instances on one PostgreSQL: their rows, or none (with the reason said) where PostgreSQL is not installed. */
async function postgresRows(): Promise<Row[]> {
  if (!findPostgresBin()) {
    console.log('PostgreSQL is not installed (apt-get install postgresql): the two-instance rows are skipped.');
    return [];
  }
  const cluster = await startPostgresCluster({ durable: true });
  const dirs = await Promise.all([mkdtemp(path.join(tmpdir(), 'bench-a-')), mkdtemp(path.join(tmpdir(), 'bench-b-'))]);
  const children: ChildProcess[] = [];
  try {
    // PUBLIC_URL: both instances are one site to the visitor ('self' is that origin), as behind a load balancer
    const publicUrl = 'https://bench.example/';
    const env = { DATABASE_URL: await cluster.createDatabase('bench'), PUBLIC_URL: publicUrl };
    const servers = dirs.map((dir) => startServer(dir, env));
    children.push(...servers.map((s) => s.child));
    const bases = await Promise.all(servers.map((s) => s.base));
    return await measure('2 instances, PostgreSQL', bases, await prepare(bases, new URL(publicUrl).origin));
  } finally {
    for (const child of children) await stop(child);
    await cluster.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-'));
  const ours = startServer(dataDir);
  let baseline: ReturnType<typeof startBaseline> | null = null;
  const rows: Row[] = [];
  try {
    const base = await ours.base;
    const prepared = await prepare([base], base);
    baseline = startBaseline(path.join(dataDir, 'horizon.db'));
    const bare = await baseline.base;
    // The baseline runs while our server idles, and stops before ours is measured: two cores, one load at a time.
    rows.push(
      await run('bare node:http', 'GET chat/history', { url: `${bare}${prepared.historyQuery}`, connections: HISTORY_CONNECTIONS }),
    );
    await stop(baseline.child);
    rows.push(...(await measure('ours (SQLite)', [base], prepared)));
    await stop(ours.child);
    rows.push(...(await postgresRows()));
    console.log(`\nServer benchmark: ${SECONDS} s per row, loopback, built-in answer engine, ${HISTORY_QUESTIONS * 2}-message history\n`);
    console.log('| server | call | connections | requests/s | p50 ms | p99 ms | errors | time-outs | non-2xx |');
    console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of rows) {
      console.log(
        `| ${r.server} | ${r.title} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.timeouts} | ${r.non2xx} |`,
      );
    }
  } finally {
    if (baseline) await stop(baseline.child);
    await stop(ours.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'baseline') runBaseline(process.argv[3]!);
else await main();
