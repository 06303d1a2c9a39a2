/**
 * `npm run bench:scale`: how many streamed answers (widget-spec §7, `Accept: text/event-stream`) the built
 * server holds at once, against a stand-in OpenAI-compatible provider that writes one token every
 * {@link TOKEN_MS} ms, {@link TOKENS} tokens an answer (about 8 s). In steps of streams opened together
 * (spread over {@link RAMP_MS}, then each that ends followed by another for {@link SUSTAIN_MS}), each step reports
 * the streams held at once, the errors, the time to first
 * word (p50, p99), the server's event loop delay and its memory per open stream (from its own log lines,
 * `METRICS_LOG_MS`, server/metrics-log.ts), then reads the database: every answer complete and stored once.
 *
 * Three targets, one after the other (two cores: one load at a time): a bare `node:http` server writing the
 * same event stream itself (the baseline: what this machine holds with no framework, no provider, no
 * database), one instance on SQLite, then two instances on one PostgreSQL (a throwaway cluster) behind a
 * round-robin balancer this script starts. Every process is its own: the provider, the servers, the
 * balancer, the load generator; all on 127.0.0.1. The run stops by itself: a fixed list of steps, a step
 * that fails badly ends its target's steps, and a hard time limit ({@link TIME_LIMIT_MS}) ends everything.
 *
 * `BENCH_STEPS` (`250,500,1000`) changes the steps, `BENCH_TARGETS` (`baseline,sqlite,postgres`) the targets,
 * `BENCH_SERVER_ENV` (`NAME=value NAME=value`) adds to the servers' environment, `BENCH_SERVER_NODE_ARGS` gives
 * node flags to the servers (`--cpu-prof --cpu-prof-dir=…` for a profile under the load), `BENCH_SERVER_MAIN` runs
 * another build of the server (a copy of `dist/server/main.js` from before a change), or several, comma-separated:
 * the SQLite target then runs once for each, one after the other, its rows named `build 1`, `build 2`… in their order
 * (`BENCH_SERVER_MAIN=old/main.js,dist/server/main.js` compares a change with the build before it in one run).
 *
 * `node bench-scale.mjs provider|baseline|balancer|load …` runs one of the helper processes on its own.
 */
import Database from 'better-sqlite3';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pg from 'pg';
import { type MetricsLine, startMetricsLog } from '../server/metrics-log';
import { requestText } from './http-text';
import { findPostgresBin, startPostgresCluster } from '../test/support/postgres-cluster';

/** The stand-in provider's pace and length: one token every 50 ms for about 8 s (issue: scale). */
const TOKEN_MS = 50;
const TOKENS = Number(process.env.BENCH_TOKENS || 160);
/**
 * The streams of a step are opened over this long, evenly: by default an answer's own length, so that a step of N
 * streams brings N new answers every 8 s, the rate at which N are open at once in a steady state (Little's law: N
 * held for 8 s each); `BENCH_RAMP_MS=3000` is a burst, 2.7 times that rate.
 */
const RAMP_MS = Number(process.env.BENCH_RAMP_MS || TOKENS * TOKEN_MS);
/**
 * After the ramp, each stream that ends is followed at once by another of the same visitor (a new question, a new
 * chat) for this long (`BENCH_SUSTAIN_MS`; 0: none), so that a step's streams are held at once for that long, not
 * for the moment between the last opening and the first end: what a busy site does for minutes.
 */
const SUSTAIN_MS = Number(process.env.BENCH_SUSTAIN_MS ?? 2 * TOKENS * TOKEN_MS);
/** The load generator's processes (`BENCH_LOAD_PROCS`), each opening its share of every step's streams. */
const LOAD_PROCS = Math.max(1, Math.floor(Number(process.env.BENCH_LOAD_PROCS || 2)));
const STEPS = (process.env.BENCH_STEPS || '250,500,1000,1500,2000,2500,3000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const TARGETS = (process.env.BENCH_TARGETS || 'baseline,sqlite,postgres').split(',').map((s) => s.trim());
/** The whole run's limit: past it, every child is killed and the run fails. */
const TIME_LIMIT_MS = Number(process.env.BENCH_TIME_LIMIT_MS || 25 * 60_000);
/** A stream not ended this long after it was opened counts as an error. */
const STREAM_LIMIT_MS = 60_000;
/**
 * A step past these ends its target's steps (the next would only fail worse): more errors than this share of its
 * streams, or fewer of them held at once than this share (the server fell so far behind that the first ended before
 * the last began: a larger step would measure nothing more).
 */
const GIVE_UP_ERROR_SHARE = 0.05;
const GIVE_UP_HELD_SHARE = 0.9;
/** Streams of the warm-up before the first step. */
const WARM_UP = 50;
/** The servers' metrics lines, this often. */
const METRICS_MS = 500;
const ORIGIN_URL = 'https://bench.example/';

/** The words of token `i` of an answer, and the whole answer as the server stores it (trimmed). */
const token = (i: number) => `w${i} `;
const WHOLE_ANSWER = Array.from({ length: TOKENS }, (_, i) => token(i))
  .join('')
  .trim();

// ---------------------------------------------------------------------------------------------------------------
// Helper processes

/**
 * Streams paced by one shared ticker: every 10 ms it writes to the fifth of the streams whose turn it is, so
 * each stream gets one token every {@link TOKEN_MS} ms without a timer of its own, and the writes of many
 * streams are spread over the 50 ms instead of all at once.
 */
function pacedStreams(onToken: (res: http.ServerResponse, i: number) => void, onEnd: (res: http.ServerResponse) => void) {
  const SLOTS = 5;
  const slots: Map<http.ServerResponse, number>[] = Array.from({ length: SLOTS }, () => new Map());
  let tick = 0;
  setInterval(() => {
    const slot = slots[tick++ % SLOTS]!;
    for (const [res, sent] of slot) {
      if (sent >= TOKENS) {
        slot.delete(res);
        onEnd(res);
      } else {
        onToken(res, sent);
        slot.set(res, sent + 1);
      }
    }
  }, TOKEN_MS / SLOTS);
  return (res: http.ServerResponse) => {
    // the first token goes out at once, as the headers do; then one a tick of its slot
    onToken(res, 0);
    const slot = slots[tick % SLOTS]!;
    slot.set(res, 1);
    res.on('close', () => slot.delete(res));
  };
}

/** The stand-in OpenAI-compatible provider: `POST /chat/completions` answers every request with a paced stream. */
function runProvider(): void {
  const add = pacedStreams(
    (res, i) => res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: token(i) } }] })}\n\n`),
    (res) => res.end(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`),
  );
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      add(res);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => console.log(`provider at http://127.0.0.1:${(server.address() as AddressInfo).port}`));
}

/** The bare baseline: `POST /api/chat` answered with the same events as ours, paced by itself. */
function runBaseline(): void {
  const add = pacedStreams(
    (res, i) => res.write(`event: delta\ndata: ${JSON.stringify({ text: token(i) })}\n\n`),
    (res) => res.end(`event: done\ndata: ${JSON.stringify({ aiMessage: { content: WHOLE_ANSWER } })}\n\n`),
  );
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform' });
      res.write(`: stream\n\nevent: start\ndata: ${JSON.stringify({ chatSessionId: 'baseline' })}\n\n`);
      add(res);
    });
  });
  server.keepAliveTimeout = 60_000;
  // the same lines as the server writes with `METRICS_LOG_MS`
  startMetricsLog(METRICS_MS);
  server.listen(0, '127.0.0.1', () => console.log(`baseline at http://127.0.0.1:${(server.address() as AddressInfo).port}`));
}

/** The balancer: each request to the next of `targets` in turn, bodies piped both ways as they come. */
function runBalancer(targets: string[]): void {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const upstreams = targets.map((t) => new URL(t));
  let next = 0;
  const server = http.createServer((req, res) => {
    const to = upstreams[next++ % upstreams.length]!;
    const out = http.request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    res.on('close', () => out.destroy());
    req.pipe(out);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => console.log(`balancer at http://127.0.0.1:${(server.address() as AddressInfo).port}`));
}

// ---------------------------------------------------------------------------------------------------------------
// The load generator (its own process, driven over IPC)

/** A visitor: its booted session's headers and its id. */
interface Visitor {
  headers: Record<string, string>;
  userSessionId: string;
}

/** What one stream came to. */
interface StreamResult {
  question: string;
  /** Milliseconds from the request to its first `delta` event; null when none came. */
  firstWordMs: number | null;
  /** Milliseconds from the request to its response's headers; null when none came. */
  headersMs: number | null;
  error: string | null;
}

/** The load generator's answer to a step. */
interface StepReport {
  held: number;
  results: StreamResult[];
  loadLoopP99Ms: number;
}

/** One load process's answer to a step: its streams, and when each was opened and closed (on the machine's clock). */
interface PartReport {
  results: StreamResult[];
  opens: number[];
  closes: number[];
  loadLoopP99Ms: number;
}

/**
 * Every load process boots and opens the visitors of its share: of the step's numbers 0, 1, 2…, those equal to
 * `part` modulo `parts`, each opened at its own time in the ramp, so that the processes together open them evenly.
 */
type LoadCommand =
  | { type: 'boot'; base: string; origin: string; count: number; anonymous: boolean; part: number; parts: number }
  | { type: 'step'; base: string; count: number; tag: string; rampMs: number; sustainMs: number; part: number; parts: number };

function runLoad(): void {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  // by the visitor's number in the run (this process's share only)
  const visitors: Visitor[] = [];
  const request = (url: string, method: string, headers: Record<string, string>, body = '') =>
    requestText(url, method, headers, body, agent);

  async function boot(base: string, origin: string, count: number, anonymous: boolean, part: number, parts: number) {
    const mine: number[] = [];
    for (let n = part; n < count; n += parts) if (!visitors[n]) mine.push(n);
    if (anonymous) {
      // the bare baseline asks for no session
      for (const n of mine) {
        visitors[n] = { headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, userSessionId: `baseline-${n}` };
      }
      return;
    }
    const page = await request(`${base}/`, 'GET', {});
    const key = /data-api-key="([^"]+)"/.exec(page.text)?.[1];
    if (!key) throw new Error(`no API key in the demo page of ${base}`);
    // each visitor its own session, as many booted at a time as a busy site's visitors would
    let made = 0;
    const worker = async () => {
      while (made < mine.length) {
        const n = mine[made++]!;
        const res = await request(`${base}/session/boot`, 'POST', { 'x-api-key': key, origin });
        if (res.status !== 200) throw new Error(`session/boot answered ${res.status}: ${res.text.slice(0, 200)}`);
        const { authToken } = JSON.parse(res.text) as { authToken: string };
        visitors[n] = {
          headers: { authorization: `Bearer ${authToken}`, origin, 'content-type': 'application/json', accept: 'text/event-stream' },
          userSessionId: `bench-scale-visitor-${String(n).padStart(5, '0')}`,
        };
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
  }

  function stream(base: string, visitor: Visitor, question: string, opened: () => void, closed: () => void): Promise<StreamResult> {
    const body = JSON.stringify({
      message: question,
      userSessionId: visitor.userSessionId,
      path: '/recommended-products',
      chatSessionId: null,
      webPageContent: 'Your recommended product. Fees and charges: upfront adviser fee $500, investment fee 0.7% yearly.',
    });
    return new Promise<StreamResult>((resolve) => {
      const started = performance.now();
      let firstWordMs: number | null = null;
      let headersMs: number | null = null;
      let text = '';
      let isOpen = false;
      let settled = false;
      const finish = (error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(limit);
        if (isOpen) closed();
        resolve({ question, firstWordMs, headersMs, error });
      };
      const limit = setTimeout(() => {
        req.destroy();
        finish(`no end within ${STREAM_LIMIT_MS} ms`);
      }, STREAM_LIMIT_MS);
      const req = http.request(
        `${base}/api/chat`,
        { method: 'POST', headers: { ...visitor.headers, 'content-length': Buffer.byteLength(body) }, agent },
        (res) => {
          headersMs = performance.now() - started;
          res.setEncoding('utf8');
          if (res.statusCode !== 200) {
            res.on('data', (c: string) => (text += c));
            res.on('end', () => finish(`status ${res.statusCode}: ${text.slice(0, 120)}`));
            return;
          }
          isOpen = true;
          opened();
          res.on('data', (c: string) => {
            if (firstWordMs === null && (text.slice(-12) + c).includes('event: delta')) firstWordMs = performance.now() - started;
            text += c;
          });
          res.on('end', () => {
            const done = /^event: done\ndata: (.*)$/m.exec(text);
            if (!done) {
              const failed = /^event: error\ndata: (.*)$/m.exec(text);
              finish(failed ? `error event: ${failed[1]!.slice(0, 120)}` : `no done event (${text.length} characters)`);
              return;
            }
            const content = (JSON.parse(done[1]!) as { aiMessage?: { content?: string } }).aiMessage?.content;
            finish(content === WHOLE_ANSWER ? null : `the done event's answer is not the provider's (${content?.slice(0, 60)})`);
          });
          res.on('error', (err) => finish(`response: ${err.message}`));
        },
      );
      req.on('error', (err) => finish(`request: ${err.message}`));
      req.end(body);
    });
  }

  async function step({ base, count, tag, rampMs, sustainMs, part, parts }: Extract<LoadCommand, { type: 'step' }>): Promise<PartReport> {
    const mine: number[] = [];
    for (let n = part; n < count; n += parts) mine.push(n);
    if (mine.some((n) => !visitors[n])) throw new Error(`not every visitor of this process's share of ${count} was booted`);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    // on the machine's clock, so that the processes' opens and closes can be put together
    const clock = () => performance.timeOrigin + performance.now();
    const opens: number[] = [];
    const closes: number[] = [];
    const started = performance.now();
    const streams: Promise<StreamResult[]>[] = [];
    // visitor n's streams: the first at its time in the ramp, then, until the ramp and the sustain are over, another
    // as each ends (not after an error: a failing server is not asked faster)
    const visitorStreams = async (n: number) => {
      const results: StreamResult[] = [];
      for (let k = 0; ; k++) {
        const result = await stream(
          base,
          visitors[n]!,
          questionOf(tag, n, k),
          () => opens.push(clock()),
          () => closes.push(clock()),
        );
        results.push(result);
        if (result.error || performance.now() - started >= rampMs + sustainMs) return results;
      }
    };
    // evenly over the ramp: stream n starts at n/count of it, whichever process opens it
    await new Promise<void>((resolve) => {
      let i = 0;
      const pump = () => {
        const due = Math.min(count, Math.ceil(((performance.now() - started) / rampMs) * count) || 1);
        for (; i < mine.length && mine[i]! < due; i++) streams.push(visitorStreams(mine[i]!));
        if (i < mine.length) setTimeout(pump, 5);
        else resolve();
      };
      pump();
    });
    const results = (await Promise.all(streams)).flat();
    delay.disable();
    return { results, opens, closes, loadLoopP99Ms: Math.round(delay.percentile(99) / 1e4) / 100 };
  }

  process.on('message', (command: LoadCommand) => {
    const work =
      command.type === 'boot'
        ? boot(command.base, command.origin, command.count, command.anonymous, command.part, command.parts)
        : step(command);
    work.then(
      (report) => process.send!({ ok: true, report }),
      (err: unknown) => process.send!({ ok: false, error: err instanceof Error ? err.message : String(err) }),
    );
  });
  process.send!({ ok: true, report: 'ready' });
}

// ---------------------------------------------------------------------------------------------------------------
// The run

const children = new Set<ChildProcess>();

/** Spawns `node` with `args` (through `sh`, the open-files limit raised to its hard limit), kept for the cleanup. */
function spawnNode(args: string[], env: NodeJS.ProcessEnv = process.env, ipc = false): ChildProcess {
  const child = spawn('sh', ['-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"', process.execPath, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'inherit', ...(ipc ? (['ipc'] as const) : [])],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Resolves with the first loopback URL the child writes; rejects when it exits first. */
function listeningUrl(child: ChildProcess, name: string, readyText?: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (m && (!readyText || out.includes(readyText))) {
        child.stdout!.off('data', onData);
        resolve(m[0]);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before listening:\n${out.slice(-2000)}`)));
  });
}

/** A process's metrics lines, each with when it came. */
function metricsOf(child: ChildProcess): { at: number; line: MetricsLine }[] {
  const lines: { at: number; line: MetricsLine }[] = [];
  let rest = '';
  child.stdout!.on('data', (c: Buffer) => {
    rest += c.toString();
    const parts = rest.split('\n');
    rest = parts.pop()!;
    for (const part of parts) {
      if (part.startsWith('metrics ')) lines.push({ at: performance.now(), line: JSON.parse(part.slice(8)) as MetricsLine });
    }
  });
  return lines;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const killed = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(killed);
}

/** One load process, and a function sending it a command and awaiting its report. */
async function startLoadPart() {
  const child = spawnNode([process.argv[1]!, 'load'], process.env, true);
  let pending: { resolve: (r: unknown) => void; reject: (e: Error) => void } | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    pending = { resolve: () => resolve(), reject };
  });
  child.on('message', (m: { ok: boolean; report?: unknown; error?: string }) => {
    const p = pending;
    pending = null;
    if (m.ok) p?.resolve(m.report);
    else p?.reject(new Error(`the load generator: ${m.error}`));
  });
  child.once('exit', (code) => pending?.reject(new Error(`the load generator exited (${code})`)));
  await ready;
  const send = <T>(command: LoadCommand) =>
    new Promise<T>((resolve, reject) => {
      pending = { resolve: resolve as (r: unknown) => void, reject };
      child.send(command);
    });
  return { child, send };
}

/**
 * The load generator: {@link LOAD_PROCS} processes, each opening its share of every step's streams (one process's
 * event loop was 220 to 330 ms late at 1,500 to 2,000 streams, its own delay counted in the first words), and a
 * function sending them a command and putting their reports together: the streams held at once are counted over
 * all their opens and closes, the loop's delay is the latest process's.
 */
async function startLoad() {
  const parts = await Promise.all(Array.from({ length: LOAD_PROCS }, () => startLoadPart()));
  const boot = async (command: Omit<Extract<LoadCommand, { type: 'boot' }>, 'part' | 'parts'>) => {
    await Promise.all(parts.map((p, part) => p.send({ ...command, part, parts: parts.length })));
  };
  const step = async (command: Omit<Extract<LoadCommand, { type: 'step' }>, 'part' | 'parts'>): Promise<StepReport> => {
    const reports = await Promise.all(parts.map((p, part) => p.send<PartReport>({ ...command, part, parts: parts.length })));
    const changes = reports.flatMap((r) => [...r.opens.map((at) => ({ at, by: 1 })), ...r.closes.map((at) => ({ at, by: -1 }))]);
    // a close at the same moment as an open counts first: held means both open together
    changes.sort((a, b) => a.at - b.at || a.by - b.by);
    let open = 0;
    let held = 0;
    for (const c of changes) {
      open += c.by;
      held = Math.max(held, open);
    }
    return {
      held,
      results: reports.flatMap((r) => r.results),
      loadLoopP99Ms: Math.max(...reports.map((r) => r.loadLoopP99Ms)),
    };
  };
  return { children: parts.map((p) => p.child), boot, step };
}

/** A printed row. */
interface Row {
  target: string;
  streams: number;
  held: number;
  errors: number;
  p50: number | null;
  p99: number | null;
  loopP99: number | null;
  loopWorst: number | null;
  rssPerStream: number | null;
  heapPerStream: number | null;
  /** The servers' CPU time over the step, divided by its streams. */
  cpuPerStream: number | null;
  stored: string;
  loadLoopP99: number;
  load: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number | null) => (n === null ? null : Math.round(n));
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** The question of visitor `n`'s `k`th stream in a step tagged `tag` (each its own, so each is found once). */
const questionOf = (tag: string, n: number, k: number) => `${tag} ${n}${k ? `.${k}` : ''}: how is the investment fee worked out?`;

/** Checks the database after a step: every question asked stored once, its session holding its one whole answer. */
type StoredCheck = (tag: string, asked: readonly string[]) => Promise<{ lost: number; twice: number; incomplete: number }>;

const STORED_SQL = {
  questions: "SELECT content, chat_session_id FROM messages WHERE role = 'user' AND content LIKE $1",
  answers:
    "SELECT a.chat_session_id, a.content, a.incomplete FROM messages a JOIN messages u ON u.chat_session_id = a.chat_session_id AND u.role = 'user' AND u.content LIKE $1 WHERE a.role = 'ai'",
};

function storedCheck(read: (sql: string, prefix: string) => Promise<Record<string, unknown>[]>): StoredCheck {
  return async (tag, asked) => {
    const prefix = `${tag} %`;
    const questions = await read(STORED_SQL.questions, prefix);
    const answers = await read(STORED_SQL.answers, prefix);
    const stored = new Map<string, number>();
    for (const q of questions) stored.set(String(q.content), (stored.get(String(q.content)) ?? 0) + 1);
    const bySession = new Map<string, { content: string; incomplete: boolean }[]>();
    for (const a of answers) {
      const list = bySession.get(String(a.chat_session_id)) ?? [];
      list.push({ content: String(a.content), incomplete: Boolean(a.incomplete) });
      bySession.set(String(a.chat_session_id), list);
    }
    let lost = 0;
    let twice = 0;
    let incomplete = 0;
    for (const question of asked) {
      const n = stored.get(question) ?? 0;
      if (n === 0) lost++;
      if (n > 1) twice++;
    }
    for (const q of questions) {
      const list = bySession.get(String(q.chat_session_id)) ?? [];
      const whole = list.filter((a) => !a.incomplete && a.content === WHOLE_ANSWER).length;
      if (whole === 0) lost++;
      if (whole > 1 || list.length > 1) twice++;
      if (list.some((a) => a.incomplete)) incomplete++;
    }
    return { lost, twice, incomplete };
  };
}

/** Runs the steps against `base` (the load generator talks to it; `metrics` are its servers' lines). */
async function runSteps(
  target: string,
  base: string,
  origin: string,
  metrics: { at: number; line: MetricsLine }[][],
  check: StoredCheck | null,
): Promise<Row[]> {
  const load = await startLoad();
  const rows: Row[] = [];
  try {
    const top = Math.max(...STEPS);
    const booted = performance.now();
    await load.boot({ type: 'boot', base, origin, count: top, anonymous: !check });
    if (check) console.log(`  ${target}: ${top} visitors booted in ${Math.round(performance.now() - booted)} ms`);
    // a warm-up, not counted: the code's first runs (the JIT), the provider's first connections
    await load.step({
      type: 'step',
      base,
      count: Math.min(WARM_UP, top),
      tag: `bench-scale warm-up ${target}`,
      rampMs: RAMP_MS,
      sustainMs: 0,
    });
    for (const [s, count] of STEPS.entries()) {
      // settle: the last step's streams closed, a metrics line of the idle server
      await new Promise((r) => setTimeout(r, 3 * METRICS_MS));
      const before = metrics.map((lines) => lines.at(-1)?.line);
      const startedAt = performance.now();
      const tag = `bench-scale ${target.replace(/\W+/g, '-')} step${s}`;
      const report = await load.step({ type: 'step', base, count, tag, rampMs: RAMP_MS, sustainMs: SUSTAIN_MS });
      const endedAt = performance.now();
      const firsts = report.results.flatMap((r) => (r.firstWordMs === null ? [] : [r.firstWordMs])).sort((a, b) => a - b);
      const errors = report.results.filter((r) => r.error);
      // the step's metrics lines: from the first stream to the last one's end
      const during = metrics.map((lines) => lines.filter((l) => l.at > startedAt && l.at <= endedAt + METRICS_MS).map((l) => l.line));
      const sum = (f: (l: MetricsLine) => number) =>
        during.reduce((total, lines, i) => total + (lines.length ? Math.max(...lines.map(f)) - (before[i] ? f(before[i]!) : 0) : 0), 0);
      const loops = during
        .flat()
        .map((l) => l.loopP99Ms)
        .sort((a, b) => a - b);
      let stored = '–';
      if (check) {
        const c = await check(
          tag,
          report.results.map((r) => r.question),
        );
        stored = c.lost === 0 && c.twice === 0 && c.incomplete === 0 ? 'all once' : `${c.lost} lost, ${c.twice} twice, ${c.incomplete} cut`;
      }
      const row: Row = {
        target,
        streams: count,
        held: report.held,
        errors: errors.length,
        p50: round(percentile(firsts, 50)),
        p99: round(percentile(firsts, 99)),
        loopP99: loops.length ? Math.round(percentile(loops, 50)! * 10) / 10 : null,
        loopWorst: loops.length ? Math.round(loops.at(-1)! * 10) / 10 : null,
        rssPerStream: loops.length ? Math.round(sum((l) => l.rss) / report.held / 1024) : null,
        heapPerStream: loops.length ? Math.round(sum((l) => l.heapUsed) / report.held / 1024) : null,
        cpuPerStream: loops.length ? Math.round((sum((l) => l.cpuMs) / report.results.length) * 10) / 10 : null,
        stored,
        loadLoopP99: report.loadLoopP99Ms,
        load: loadAverage(),
      };
      rows.push(row);
      const heads = report.results.flatMap((r) => (r.headersMs === null ? [] : [r.headersMs])).sort((a, b) => a - b);
      console.log(
        `  ${formatRow(row)} headers p50 ${round(percentile(heads, 50))} p99 ${round(percentile(heads, 99))} ms; ${report.results.length} answers`,
      );
      if (errors.length) console.log(`    first errors: ${[...new Set(errors.map((e) => e.error))].slice(0, 3).join(' | ')}`);
      if (errors.length > report.results.length * GIVE_UP_ERROR_SHARE || report.held < count * GIVE_UP_HELD_SHARE) {
        console.log(`  ${target}: stopping its steps here (too many errors, or its streams were not held at once)`);
        break;
      }
    }
  } finally {
    await Promise.all(load.children.map((child) => stop(child)));
  }
  return rows;
}

const HEADER =
  '| target | streams | held at once | errors | first word p50 ms | p99 ms | event loop p99 ms (median / worst 0.5 s) | memory per stream RSS / heap KB | CPU ms per answer | stored | load generator loop p99 ms | load average |';
const formatRow = (r: Row) =>
  `| ${r.target} | ${r.streams} | ${r.held} | ${r.errors} | ${r.p50 ?? '–'} | ${r.p99 ?? '–'} | ${r.loopP99 ?? '–'} / ${r.loopWorst ?? '–'} | ${r.rssPerStream ?? '–'} / ${r.heapPerStream ?? '–'} | ${r.cpuPerStream ?? '–'} | ${r.stored} | ${r.loadLoopP99} | ${r.load} |`;

/**
 * One line per target, to read the run at a glance: of the steps with no error and every answer stored once, the one
 * that met the goal with the most streams held at once, or else the one that held the most, and its first word,
 * memory and event loop; or that none did.
 */
function summaryLines(rows: Row[]): string[] {
  const targets = [...new Set(rows.map((r) => r.target))];
  return targets.map((target) => {
    const clean = rows.filter((r) => r.target === target && r.errors === 0 && (r.stored === 'all once' || r.stored === '–'));
    // the goal's step if one met it (the most streams held at once with the first word p99 under 300 ms), else the
    // step that held the most
    const meets = (r: Row) => r.held >= 2000 && r.p99 !== null && r.p99 < 300;
    const most = (rs: Row[]) => rs.reduce<Row | undefined>((m, r) => (m && m.held >= r.held ? m : r), undefined);
    const best = most(clean.filter(meets)) ?? most(clean);
    const lost = rows
      .filter((r) => r.target === target && r.stored !== 'all once' && r.stored !== '–')
      .map((r) => `${r.streams}: ${r.stored}`);
    if (!best) return `summary ${target}: no step without an error${lost.length ? ` (stored: ${lost.join('; ')})` : ''}`;
    const goal = meets(best) ? 'goal met' : 'goal not met (2,000 streams, first word p99 < 300 ms)';
    return (
      `summary ${target}: ${best.held} streams held at once, first word p50 ${best.p50} ms / p99 ${best.p99} ms, ` +
      `errors 0, ${best.stored === '–' ? 'nothing stored' : 'lost 0 / stored twice 0'}, memory ${best.rssPerStream} KB RSS a stream, ` +
      `event loop p99 ${best.loopP99} ms (worst ${best.loopWorst}), CPU ${best.cpuPerStream} ms an answer, load ${best.load}: ${goal}`
    );
  });
}

/** `BENCH_SERVER_ENV`'s `NAME=value` pairs. */
function extraServerEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of (process.env.BENCH_SERVER_ENV ?? '').split(/\s+/).filter(Boolean)) {
    const at = pair.indexOf('=');
    if (at > 0) env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return env;
}

/** The builds of the server to run (`BENCH_SERVER_MAIN`, comma-separated): the first runs on PostgreSQL. */
const SERVER_MAINS = (process.env.BENCH_SERVER_MAIN || 'dist/server/main.js')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

/** Our server, as `npm start` runs it, on the provider, its limits on loopback out of the way (as test/e2e/server.ts does). */
function startOurs(dataDir: string, provider: string, env: Record<string, string> = {}, main = SERVER_MAINS[0]!) {
  const top = String(Math.max(...STEPS) * 10);
  // BENCH_SERVER_NODE_ARGS: node's own flags for the servers (a profile: `--cpu-prof --cpu-prof-dir=…`)
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawnNode([...nodeArgs, main], {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LLM_BASE_URL: provider,
    LLM_API_KEY: 'bench',
    LLM_MODEL: 'bench',
    // every visitor comes from 127.0.0.1: the per-address, per-site and per-visitor limits are raised out of the way
    RATE_LIMIT_CHAT_VISITOR: top,
    RATE_LIMIT_CHAT_SITE: top,
    RATE_LIMIT_CHAT_IP: top,
    RATE_LIMIT_BOOT_IP: top,
    METRICS_LOG_MS: String(METRICS_MS),
    PUBLIC_URL: ORIGIN_URL,
    ...env,
    ...extraServerEnv(),
  });
  return { child, metrics: metricsOf(child), base: listeningUrl(child, 'the server', 'Stop with Ctrl+C.') };
}

async function baselineRows(): Promise<Row[]> {
  const child = spawnNode([process.argv[1]!, 'baseline']);
  const metrics = metricsOf(child);
  try {
    return await runSteps('bare node:http', await listeningUrl(child, 'the baseline'), 'http://127.0.0.1', [metrics], null);
  } finally {
    await stop(child);
  }
}

async function sqliteRows(provider: string, main: string, label: string): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-scale-'));
  const ours = startOurs(dataDir, provider, {}, main);
  try {
    const base = await ours.base;
    const db = new Database(path.join(dataDir, 'horizon.db'), { readonly: true, fileMustExist: true });
    try {
      const check = storedCheck(async (sql, prefix) => db.prepare(sql.replaceAll('$1', '?')).all(prefix) as Record<string, unknown>[]);
      return await runSteps(label, base, new URL(ORIGIN_URL).origin, [ours.metrics], check);
    } finally {
      db.close();
    }
  } finally {
    await stop(ours.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function postgresRows(provider: string): Promise<Row[]> {
  if (!findPostgresBin()) {
    console.log('PostgreSQL is not installed (apt-get install postgresql): the two-instance rows are skipped.');
    return [];
  }
  const cluster = await startPostgresCluster({ durable: true });
  const dirs = await Promise.all([mkdtemp(path.join(tmpdir(), 'bench-scale-a-')), mkdtemp(path.join(tmpdir(), 'bench-scale-b-'))]);
  const servers: ReturnType<typeof startOurs>[] = [];
  let balancer: ChildProcess | null = null;
  const url = await cluster.createDatabase('bench');
  const client = new pg.Client({ connectionString: url });
  try {
    servers.push(...dirs.map((dir) => startOurs(dir, provider, { DATABASE_URL: url })));
    const bases = await Promise.all(servers.map((s) => s.base));
    balancer = spawnNode([process.argv[1]!, 'balancer', ...bases]);
    const front = await listeningUrl(balancer, 'the balancer');
    await client.connect();
    const check = storedCheck(async (sql, prefix) => (await client.query(sql, [prefix])).rows as Record<string, unknown>[]);
    return await runSteps(
      'ours, PostgreSQL, 2 instances',
      front,
      new URL(ORIGIN_URL).origin,
      servers.map((s) => s.metrics),
      check,
    );
  } finally {
    await client.end().catch(() => undefined);
    if (balancer) await stop(balancer);
    for (const s of servers) await stop(s.child);
    await cluster.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}

function killAll() {
  for (const child of children) child.kill('SIGKILL');
}

async function main() {
  const limit = setTimeout(() => {
    console.error(`bench:scale: past its time limit of ${TIME_LIMIT_MS / 60_000} min; every process it started is stopped.`);
    killAll();
    process.exit(2);
  }, TIME_LIMIT_MS);
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(130);
    });
  }
  console.log(
    `bench:scale: ${os.cpus().length} cores, load average ${loadAverage()} at the start; steps ${STEPS.join(', ')} opened over ${RAMP_MS} ms each, then held ${SUSTAIN_MS} ms more; ` +
      `${TOKENS} tokens every ${TOKEN_MS} ms an answer`,
  );
  const provider = spawnNode([process.argv[1]!, 'provider']);
  const rows: Row[] = [];
  try {
    const providerUrl = await listeningUrl(provider, 'the provider');
    if (TARGETS.includes('baseline')) rows.push(...(await baselineRows()));
    if (TARGETS.includes('sqlite')) {
      for (const [i, main] of SERVER_MAINS.entries()) {
        const label = SERVER_MAINS.length > 1 ? `ours, SQLite, 1 instance, build ${i + 1}` : 'ours, SQLite, 1 instance';
        if (SERVER_MAINS.length > 1) console.log(`build ${i + 1}: ${main}`);
        rows.push(...(await sqliteRows(providerUrl, main, label)));
      }
    }
    if (TARGETS.includes('postgres')) rows.push(...(await postgresRows(providerUrl)));
  } finally {
    await stop(provider);
    clearTimeout(limit);
  }
  console.log(`\nScale: streamed answers at once, ${os.cpus().length} cores, load average ${loadAverage()} at the end\n`);
  console.log(HEADER);
  console.log(`| --- |${' ---: |'.repeat(8)} --- | ---: | --- |`);
  for (const r of rows) console.log(formatRow(r));
  console.log('');
  for (const line of summaryLines(rows)) console.log(line);
  const failed = rows.some((r) => r.errors > 0 || (r.stored !== 'all once' && r.stored !== '–'));
  if (failed) process.exitCode = 1;
}

const mode = process.argv[2];
if (mode === 'provider') runProvider();
else if (mode === 'baseline') runBaseline();
else if (mode === 'balancer') runBalancer(process.argv.slice(3));
else if (mode === 'load') runLoad();
else await main();
