/**
 * `npm run bench:db`: PostgreSQL under a busy site's load (docs/benchmarks.md "The database under load and at
 * 1,000,000 messages"). A durable throwaway cluster of its own, started with `pg_stat_statements`; a site seeded
 * with `BENCH_MESSAGES` messages (100,000 by default) in bulk; then the real server (buildApp, the built-in answer
 * engine, the storage's pool of 10 as `npm start` makes it) on 127.0.0.1, and a load from this process: `BENCH_VISITORS`
 * visitors (400), `BENCH_CONCURRENCY` (100) at a time, each booting a session, asking `BENCH_QUESTIONS` (3) questions
 * with streamed answers in one conversation, then reading its conversations and the history; beside them, for as long
 * as the visitors last, two console readers (operations, as the console's routes call them) listing the inbox (the
 * first page, and a search) and a 30-day analytics report over seeded days, one after another. Printed: the requests' times, the
 * pool's waits (every connection taken, through the storage's `onAcquire`), the statements that took the most time
 * in all (`pg_stat_statements`: calls, mean and total), and the tables read by sequential scans during the load.
 * Everything runs on loopback, is bounded by its counts and by `BENCH_SECONDS` (600: past it the load stops and what
 * was measured is printed), and the cluster and its folders are removed at the end, or on an error.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createAnswerEngine } from '../server/answers/index';
import { buildApp } from '../server/app';
import { loadTokenSecret, TokenSigner } from '../server/auth';
import { createOperations } from '../server/operations';
import { openPostgresStorage } from '../server/storage/postgres';
import { onBenchPostgres } from './bench-databases';
import { messages, writePostgres } from './bench-db-messages';

const MESSAGES = Number(process.env.BENCH_MESSAGES || 100_000);
const VISITORS = Number(process.env.BENCH_VISITORS || 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 100);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS || 3);
const SECONDS = Number(process.env.BENCH_SECONDS || 600);
/** The pool of `npm start` (DATABASE_POOL_SIZE's default). */
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE || 10);
const ORIGIN = 'https://shop.example';
const API_KEY = 'pk_bench_0123456789abcdefghijklmno';
const PAGE = 'Our fund charges a management fee of 0.8% a year. There is no fee to open an account. Growth depends on risk.';
const ASKED = [
  'What are the fees?',
  'Is there a fee to open an account?',
  'How does growth depend on risk?',
  'What is the management fee?',
];

/** Times in ms by what was timed. */
class Timings {
  readonly all = new Map<string, number[]>();
  add(name: string, ms: number) {
    const list = this.all.get(name) ?? [];
    list.push(ms);
    this.all.set(name, list);
  }
  static at(sorted: number[], p: number) {
    return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  }
}

const fixed = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));

async function load(url: string) {
  const waits: { ms: number; waiting: number }[] = [];
  const storage = await openPostgresStorage(url, {
    poolSize: POOL_SIZE,
    onError: () => undefined,
    onAcquire: (ms, waiting) => waits.push({ ms, waiting }),
  });
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-db-'));
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const site = await storage.createSite({ name: 'Bench', apiKey: API_KEY, origins: [ORIGIN] });
    const seconds = await writePostgres(admin, site.id, messages(MESSAGES));
    console.log(`PostgreSQL: ${MESSAGES.toLocaleString('en')} messages written in ${seconds.toFixed(1)} s`);

    await mkdir(path.join(dir, 'public'), { recursive: true });
    await writeFile(path.join(dir, 'public', 'index.html'), '<!doctype html><title>bench</title>');
    const app = await buildApp({
      publicDir: path.join(dir, 'public'),
      api: {
        storage,
        tokens: new TokenSigner(await loadTokenSecret(storage), 30 * 60_000),
        answers: createAnswerEngine({}),
        transcriber: null,
        transcriptionDisabledMessage: 'Transcription is not enabled on this server.',
        avatar: null,
        // rate limits out of the way: the load is about the database
        limits: {
          chatPerVisitor: 1000,
          chatPerSite: 1_000_000,
          chatPerIp: 1_000_000,
          bootPerIp: 1_000_000,
          windowMs: 60_000,
          maxAudioBytes: 64 * 1024,
          maxBodyBytes: 1024 * 1024,
        },
      },
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await admin.query('SELECT pg_stat_statements_reset(), pg_stat_reset()');
    waits.length = 0;

    const timings = new Timings();
    let errors = 0;
    const deadline = Date.now() + SECONDS * 1000;
    const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const t = performance.now();
      try {
        return await work();
      } finally {
        timings.add(name, performance.now() - t);
      }
    };
    const call = (pathname: string, init: RequestInit & { token?: string } = {}) => {
      const headers = new Headers(init.headers);
      headers.set('Origin', ORIGIN);
      if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
      return fetch(base + pathname, { ...init, headers });
    };
    const ok = async (res: Response) => {
      const text = await res.text();
      if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 200)}`);
      return text;
    };

    async function visitor(n: number) {
      const userSessionId = `load-visitor-${n}`;
      const booted = JSON.parse(
        await timed('boot', async () => ok(await call('/session/boot', { method: 'POST', headers: { 'X-API-Key': API_KEY } }))),
      ) as { authToken: string };
      const token = booted.authToken;
      let chatSessionId: string | null = null;
      for (let q = 0; q < QUESTIONS && Date.now() < deadline; q++) {
        const body = JSON.stringify({
          message: ASKED[(n + q) % ASKED.length],
          userSessionId,
          path: '/fund',
          webPageContent: PAGE,
          chatSessionId,
        });
        const stream = await timed('chat, streamed (whole answer)', async () =>
          ok(
            await call('/api/chat', {
              method: 'POST',
              body,
              token,
              headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
            }),
          ),
        );
        const start = /event: start\ndata: (\{.*\})/.exec(stream);
        if (start) chatSessionId ??= (JSON.parse(start[1]!) as { chatSessionId: string }).chatSessionId;
        if (!stream.includes('event: done')) throw new Error(`a stream without its end: ${stream.slice(-200)}`);
      }
      await timed('conversations', async () => ok(await call(`/api/chat/sessions?userSessionId=${userSessionId}`, { token })));
      if (chatSessionId) {
        await timed('history', async () =>
          ok(await call(`/api/chat/history?userSessionId=${userSessionId}&path=/fund&chatSessionId=${chatSessionId}`, { token })),
        );
      }
    }

    const ops = createOperations(storage);
    const cli = { kind: 'cli' } as const;
    let visitorsDone = false;
    async function consoleReader(k: number) {
      while (!visitorsDone && Date.now() < deadline) {
        await timed('console: inbox, first page', () => ops.listConversations(cli, site.id, {}));
        await timed('console: inbox, search (fees)', () => ops.listConversations(cli, site.id, { q: k === 0 ? 'fees' : 'growth' }));
        await timed('console: analytics, 30 days', () =>
          ops.analytics(cli, site.id, { from: '2026-01-15', to: '2026-02-13', tz: 'Europe/Paris' }),
        );
      }
    }

    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < VISITORS && Date.now() < deadline) {
        const n = next++;
        try {
          await visitor(n);
        } catch (err) {
          errors++;
          if (errors <= 5) console.error(`visitor ${n}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    };
    const readers = [consoleReader(0), consoleReader(1)];
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    visitorsDone = true;
    await Promise.all(readers);
    const took = (performance.now() - started) / 1000;
    await app.close();

    const statements = await admin.query<{ query: string; calls: string; mean: number; total: number; rows: string }>(
      `SELECT regexp_replace(query, '\\s+', ' ', 'g') AS query, calls, mean_exec_time AS mean, total_exec_time AS total, rows
         FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY total_exec_time DESC LIMIT 15`,
    );
    const scans = await admin.query<{ relname: string; seq_scan: string; seq_tup_read: string; idx_scan: string }>(
      `SELECT relname, seq_scan, seq_tup_read, idx_scan FROM pg_stat_user_tables WHERE seq_scan > 0 ORDER BY seq_tup_read DESC LIMIT 10`,
    );

    console.log(
      `\n${VISITORS} visitors (${CONCURRENCY} at a time, ${QUESTIONS} streamed questions each) and 2 console readers in ${took.toFixed(1)} s; ` +
        `${errors} visitors failed; ${MESSAGES.toLocaleString('en')} messages seeded; pool of ${POOL_SIZE}\n`,
    );
    console.log('| request | count | p50 ms | p99 ms |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const [name, list] of timings.all) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(`| ${name} | ${sorted.length} | ${fixed(Timings.at(sorted, 0.5))} | ${fixed(Timings.at(sorted, 0.99))} |`);
    }
    const waited = waits.filter((w) => w.waiting > 0 || w.ms >= 1);
    const acquire = waits.map((w) => w.ms).sort((a, b) => a - b);
    console.log(`\nThe pool's waits: ${waits.length} connections taken; ${waited.length} waited (another was waiting, or 1 ms or more)`);
    console.log('| connections taken | waited | most waiting at once | p50 ms | p99 ms | max ms |');
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
    console.log(
      `| ${waits.length} | ${waited.length} | ${Math.max(0, ...waits.map((w) => w.waiting))} | ${fixed(Timings.at(acquire, 0.5))} | ${fixed(Timings.at(acquire, 0.99))} | ${fixed(acquire.at(-1) ?? 0)} |`,
    );
    console.log('\nThe statements that took the most time in all (pg_stat_statements)\n');
    console.log('| statement | calls | mean ms | total ms | rows |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const s of statements.rows) {
      const text = s.query.length > 160 ? `${s.query.slice(0, 157)}…` : s.query;
      console.log(`| \`${text.replaceAll('|', '\\|')}\` | ${s.calls} | ${fixed(s.mean)} | ${fixed(s.total)} | ${s.rows} |`);
    }
    console.log('\nTables read by sequential scans during the load\n');
    console.log('| table | sequential scans | rows read by them | index scans |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const s of scans.rows) console.log(`| ${s.relname} | ${s.seq_scan} | ${s.seq_tup_read} | ${s.idx_scan ?? 0} |`);
    if (errors > 0) process.exitCode = 1;
    return [];
  } finally {
    await admin.end();
    await storage.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await onBenchPostgres(load, { shared_preload_libraries: 'pg_stat_statements' });
