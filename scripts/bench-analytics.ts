/**
 * `npm run bench:analytics`: how long the console's analytics report takes (docs/console.md "Analytics") on a site
 * with 100,000 messages over a year (10,000 conversations of five questions and their answers, 50,000 answers'
 * figures, 20,000 clicks, 20,000 openings; another site with a tenth as much beside it), for a 30-day and a 366-day
 * range in Europe/Paris, next to a plain read through the same storage in the same run (one conversation's messages
 * by its key). On SQLite, then on PostgreSQL (a throwaway cluster, durability settings as in production; skipped where
 * PostgreSQL is not installed). Rows are written in bulk, straight into the tables, from a seeded generator.
 * `BENCH_MESSAGES=1000000` makes the big site ten times as large (every table in proportion); the goals printed with
 * the table (a 30-day report under 1 s, a 366-day one under 3 s, at p95) are the ones docs/benchmarks.md chose.
 * Beside each row: the load average while it ran, and the CPU time the report took at p50 (this process's on SQLite,
 * the cluster's server processes' on PostgreSQL), which a shared machine's load changes less than the wall time.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import Database from 'better-sqlite3';
import pg from 'pg';
import { NOTHING_TO_SEARCH, notFound } from '../server/answers/words';
import { createOperations } from '../server/operations';
import { dailyFill, POSTGRES_DIALECT } from '../server/storage/analytics-daily';
import { openPostgresStorage } from '../server/storage/postgres';
import { openSqliteStorage } from '../server/storage/sqlite';
import type { Storage } from '../server/storage/types';
import { bulkPostgres, bulkSqlite, insertRows, onBenchPostgres, onBenchSqlite } from './bench-databases';
import { seededRandom } from '../test/support/seeded-random';

/** The big site's messages (`BENCH_MESSAGES`, 100,000 by default): each conversation holds ten. */
const MESSAGES = Number(process.env.BENCH_MESSAGES || 100_000);
const QUESTIONS_PER_CONVERSATION = 5;
const CONVERSATIONS = Math.round(MESSAGES / (2 * QUESTIONS_PER_CONVERSATION));
/** Clicks and openings: 20,000 each for 100,000 messages, in proportion for another size. */
const CLICKS = Math.round(MESSAGES / 5);
const OPENS = Math.round(MESSAGES / 5);
const RUNS = Number(process.env.BENCH_RUNS || 20);
/** The report's goals at p95, ms, by the call's label (docs/benchmarks.md "The database under load and at 1,000,000 messages"). */
const GOALS_MS: Record<string, number> = { 'analytics, 30 days (Europe/Paris)': 1000, 'analytics, 366 days (Europe/Paris)': 3000 };
const YEAR_START = Date.UTC(2026, 0, 1);
const YEAR_MS = 365 * 86_400_000;

/** The rows of one site, by table, each row its columns in the tables' order. */
function rowsOf(siteId: string, scale: number, documentIds: string[], seed: number) {
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const sessions: unknown[][] = [];
  const messages: unknown[][] = [];
  const metrics: unknown[][] = [];
  const clicks: unknown[][] = [];
  const opens: unknown[][] = [];
  const questions = Array.from({ length: 30 }, (_, i) => `question number ${i}`);
  for (let c = 0; c < CONVERSATIONS * scale; c++) {
    const id = randomUUID();
    const visitor = `visitor-${Math.floor(rnd() * 1e9)}`;
    const start = YEAR_START + Math.floor(rnd() * YEAR_MS);
    const at = (i: number) => new Date(start + i * 30_000).toISOString();
    const count = QUESTIONS_PER_CONVERSATION * 2;
    sessions.push([id, siteId, visitor, 'A conversation', '/', at(0), at(count - 1), count]);
    for (let k = 0; k < QUESTIONS_PER_CONVERSATION; k++) {
      const questionId = randomUUID();
      const fate = rnd();
      // 5% failed (an error answer), 3% cut off by a failure mid-stream (the question marked failed too), 6% found
      // nothing (marked as the chat route marks it), 6% had nothing to answer from, the rest answered
      const cut = fate > 0.92 && fate <= 0.95 ? 1 : 0;
      messages.push([questionId, id, 2 * k, 'user', pick(questions), 0, 0, 0, cut, at(2 * k)]);
      const nothingFound = fate < 0.06 ? 1 : 0;
      const answer = fate < 0.12 ? (nothingFound ? notFound('this page') : NOTHING_TO_SEARCH) : 'An answer.';
      messages.push([randomUUID(), id, 2 * k + 1, 'ai', answer, fate > 0.95 ? 1 : 0, cut, nothingFound, 0, at(2 * k + 1)]);
      const first = Math.floor(50 + rnd() * 1000);
      metrics.push([
        questionId,
        siteId,
        id,
        at(2 * k),
        pick(questions),
        rnd() < 0.1 ? pick(documentIds) : null,
        fate > 0.95 ? null : first,
        fate > 0.92 ? null : first + Math.floor(rnd() * 5000),
      ]);
    }
  }
  const at = () => new Date(YEAR_START + Math.floor(rnd() * YEAR_MS)).toISOString();
  for (let i = 0; i < CLICKS * scale; i++) {
    clicks.push([
      siteId,
      `button-${Math.floor(rnd() * 40)}`,
      null,
      null,
      'visitor-x',
      `https://shop.example/page-${Math.floor(rnd() * 60)}?q=${i}`,
      '',
      at(),
    ]);
  }
  for (let i = 0; i < OPENS * scale; i++) opens.push([siteId, 'document', pick(documentIds), at()]);
  return { sessions, messages, metrics, clicks, opens };
}

const COLUMNS = {
  chat_sessions: ['id', 'site_id', 'user_session_id', 'name', 'path', 'created_at', 'last_message_at', 'message_count'],
  messages: ['id', 'chat_session_id', 'seq', 'role', 'content', 'is_error', 'incomplete', 'nothing_found', 'answer_failed', 'created_at'],
  answer_metrics: ['question_id', 'site_id', 'chat_session_id', 'asked_at', 'question', 'about_id', 'first_word_ms', 'whole_answer_ms'],
  button_clicks: ['site_id', 'button_id', 'chat_session_id', 'chat_log_id', 'user_session_id', 'page_url', 'referrer_url', 'created_at'],
  embed_opens: ['site_id', 'kind', 'item_id', 'opened_at'],
} as const;
type Table = keyof typeof COLUMNS;

const tablesOf = (rows: ReturnType<typeof rowsOf>): [Table, unknown[][]][] => [
  ['chat_sessions', rows.sessions],
  ['messages', rows.messages],
  ['answer_metrics', rows.metrics],
  ['button_clicks', rows.clicks],
  ['embed_opens', rows.opens],
];

/** The messages of every site. */
const messagesOf = (made: { rows: ReturnType<typeof rowsOf> }[]) => made.reduce((sum, { rows }) => sum + rows.messages.length, 0);

/** Two sites with their documents, made through the storage; the rows of both. */
async function sites(storage: Storage) {
  const made = [];
  for (const [name, scale, seed] of [
    ['Bench shop', 1, 1],
    ['Neighbour', 0.1, 2],
  ] as const) {
    const site = await storage.createSite({ name, apiKey: `pk_bench_${randomUUID().replaceAll('-', '')}`, origins: ['self'] });
    const documentIds = [];
    for (let d = 0; d < 5; d++) {
      documentIds.push((await storage.addDocument({ siteId: site.id, name: `Document ${d}`, type: 'md', fileId: null, text: 'x' })).id);
    }
    made.push({ site, rows: rowsOf(site.id, scale, documentIds, seed) });
  }
  return made;
}

interface Timing {
  p50: number;
  p95: number;
  /** The CPU time at p50, ms. */
  cpu: number;
  /** The 1-minute load average at the end. */
  load: number;
}

/** CPU time used so far, ms: this process's, or (`pids`) the processes' whose ids it gives. */
type CpuClock = () => number;
const ownCpu: CpuClock = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** The CPU time of a PostgreSQL cluster's server processes (the children of its postmaster `postmaster`), ms. */
const clusterCpu =
  (postmaster: number): CpuClock =>
  () => {
    let ticks = 0;
    for (const pid of readdirSync('/proc').filter((f) => /^\d+$/.test(f))) {
      try {
        // the fields after the command's closing parenthesis: state, ppid, …, utime (14th field), stime (15th)
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // gone meanwhile
      }
    }
    return ticks * 10;
  };

/** p50 and p95 of `RUNS` timings of `task` (after two unmeasured runs), in ms, with the CPU time at p50. */
async function time(task: () => Promise<unknown>, cpuClock: CpuClock): Promise<Timing> {
  await task();
  await task();
  const runs: { ms: number; cpu: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c = cpuClock();
    const t = performance.now();
    await task();
    runs.push({ ms: performance.now() - t, cpu: cpuClock() - c });
  }
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  const cpu = runs.map((r) => r.cpu).sort((a, b) => a - b);
  const at = (list: number[], p: number) => list[Math.min(list.length - 1, Math.ceil(p * list.length) - 1)]!;
  return { p50: at(ms, 0.5), p95: at(ms, 0.95), cpu: at(cpu, 0.5), load: loadavg()[0]! };
}

async function measure(
  database: string,
  storage: Storage,
  siteId: string,
  oneConversation: { visitor: string; id: string },
  cpuClock: CpuClock,
) {
  const ops = createOperations(storage);
  const cli = { kind: 'cli' } as const;
  const rows: [string, string, Timing][] = [];
  rows.push([
    database,
    "baseline: one conversation's messages by its key",
    await time(() => storage.listMessages(siteId, oneConversation.visitor, oneConversation.id), cpuClock),
  ]);
  rows.push([
    database,
    'analytics, 30 days (Europe/Paris)',
    await time(() => ops.analytics(cli, siteId, { from: '2026-06-01', to: '2026-06-30', tz: 'Europe/Paris' }), cpuClock),
  ]);
  rows.push([
    database,
    'analytics, 366 days (Europe/Paris)',
    await time(() => ops.analytics(cli, siteId, { from: '2026-01-01', to: '2027-01-01', tz: 'Europe/Paris' }), cpuClock),
  ]);
  return rows;
}

async function onSqlite() {
  return onBenchSqlite('bench-analytics-', async (file) => {
    const setup = openSqliteStorage(file);
    const made = await sites(setup);
    // the bulk load wants the file to itself
    await setup.close();
    const db = new Database(file);
    const seconds = bulkSqlite(db, Object.keys(COLUMNS), () => {
      for (const { rows } of made) {
        for (const [table, list] of tablesOf(rows)) {
          const insert = db.prepare(
            `INSERT INTO ${table} (${COLUMNS[table].join(', ')}) VALUES (${COLUMNS[table].map(() => '?').join(', ')})`,
          );
          for (const row of list) insert.run(...row);
        }
      }
    });
    console.log(`SQLite: ${messagesOf(made)} messages and their records written in ${seconds.toFixed(1)} s`);
    db.close();
    const storage = openSqliteStorage(file);
    const first = made[0]!.rows.sessions[0]!;
    const rows = await measure('SQLite', storage, made[0]!.site.id, { id: String(first[0]), visitor: String(first[2]) }, ownCpu);
    await storage.close();
    if (process.env.BENCH_KEEP) await (await import('node:fs/promises')).copyFile(file, process.env.BENCH_KEEP);
    return rows;
  });
}

async function onPostgres() {
  return onBenchPostgres(async (url) => {
    const storage = await openPostgresStorage(url, { poolSize: 4, onError: () => undefined });
    const made = await sites(storage);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const seconds = await bulkPostgres(client, Object.keys(COLUMNS), async () => {
      for (const { rows } of made) {
        for (const [table, list] of tablesOf(rows)) await insertRows(client, table, COLUMNS[table], list);
      }
    });
    console.log(`PostgreSQL: ${messagesOf(made)} messages and their records written in ${seconds.toFixed(1)} s`);
    // the bulk load wrote with the triggers off (`replica`): the daily counts are made as schema 19's migration makes them
    const filling = performance.now();
    await client.query(dailyFill(POSTGRES_DIALECT));
    await client.query('ANALYZE');
    console.log(`PostgreSQL: the daily counts filled in ${((performance.now() - filling) / 1000).toFixed(1)} s`);
    const backend = Number((await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
    const postmaster = Number(readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
    await client.end();
    const first = made[0]!.rows.sessions[0]!;
    const rows = await measure(
      'PostgreSQL',
      storage,
      made[0]!.site.id,
      { id: String(first[0]), visitor: String(first[2]) },
      clusterCpu(postmaster),
    );
    await storage.close();
    return rows;
  });
}

// BENCH_SQLITE_ONLY or BENCH_POSTGRES_ONLY: one database (two runs of the command can then share a machine's cores)
const rows = [...(process.env.BENCH_POSTGRES_ONLY ? [] : await onSqlite()), ...(process.env.BENCH_SQLITE_ONLY ? [] : await onPostgres())];
console.log(`\nThe analytics report on ${MESSAGES.toLocaleString('en')} messages: ${RUNS} runs each, after two unmeasured ones; ms\n`);
console.log('| database | call | p50 ms | p95 ms | CPU ms at p50 | load |');
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
for (const [database, call, t] of rows) {
  console.log(`| ${database} | ${call} | ${t.p50.toFixed(2)} | ${t.p95.toFixed(2)} | ${t.cpu.toFixed(0)} | ${t.load.toFixed(1)} |`);
}
const over = rows.filter(([, call, t]) => t.p95 >= (GOALS_MS[call] ?? Number.POSITIVE_INFINITY));
if (over.length > 0) console.log(`\nOver the goal at p95: ${over.map(([database, call]) => `${database} ${call}`).join(', ')}`);
