/**
 * `npm run bench:inbox`: the conversations inbox's search on 100,000 messages (docs/benchmarks.md "The inbox's
 * search"), on SQLite and on PostgreSQL (a throwaway cluster on a temporary folder, durability settings as in
 * production; skipped where PostgreSQL is not installed). The same messages go into both, written in bulk in one
 * transaction (the search index kept by the schema's own triggers and generated column); then each search runs as
 * the console's list runs it (server/operations/conversations.ts: a page of 25 conversations, newest first, each
 * with its newest matching message and snippet), beside a plain baseline in the same run: one message read by its
 * primary key. p50 and p95 in milliseconds over RUNS runs of each, and the machine's load average (1 minute) when
 * each row's runs ended.
 *
 * `BENCH_KEEP=FILE` keeps a copy of the SQLite file after the run; `BENCH_REUSE=FILE` times a copy of such a file
 * (made for the same BENCH_MESSAGES) instead of seeding one, opened by this version's storage (which applies its
 * pending schema versions to the copy): the copy is removed after, the file itself is left as it was.
 */
import { copyFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createOperations } from '../server/operations';
import { listQuery, numbered } from '../server/storage/inbox-query';
import { openPostgresStorage } from '../server/storage/postgres';
import { openSqliteStorage } from '../server/storage/sqlite';
import type { Storage } from '../server/storage/types';
import { onBenchPostgres, onBenchSqlite } from './bench-databases';
import { type Messages, messages, writePostgres, writeSqlite } from './bench-db-messages';

const MESSAGES = Number(process.env.BENCH_MESSAGES || 100_000);
const RUNS = Number(process.env.BENCH_RUNS || 40);
const GOAL_MS = 200;

/**
 * The searches: common, middling, rare, a prefix, two words, no match; a last word of three characters and of one,
 * a prefix that starts hundreds of the index's words (the generator's reference codes), and one with an accent.
 */
const SEARCHES: { label: string; q: string }[] = [
  { label: 'common word (fees)', q: 'fees' },
  { label: 'middling word (growth)', q: 'growth' },
  { label: 'rare word (10 messages)', q: 'zanzibar' },
  { label: 'prefix (manag…)', q: 'manag' },
  { label: 'two words (fees risk)', q: 'fees risk' },
  { label: 'no match', q: 'nowhereword' },
  { label: 'three characters (fee…)', q: 'fee' },
  { label: 'one character (g…)', q: 'g' },
  { label: 'many words (ref1…: 500 codes)', q: 'ref1' },
  { label: 'accented (Fées)', q: 'Fées' },
];

async function time(runs: number, run: (i: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await run(0);
  const took: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await run(i);
    took.push(performance.now() - t);
  }
  took.sort((a, b) => a - b);
  const at = (p: number) => Number(took[Math.min(took.length - 1, Math.floor(p * took.length))]!.toFixed(2));
  return { p50: at(0.5), p95: at(0.95) };
}

interface Result {
  database: string;
  search: string;
  p50: number;
  p95: number;
  found: number;
  /** The load average (1 minute) when the runs ended. */
  load: number;
}

const load = () => Number(loadavg()[0]!.toFixed(1));

async function measure(database: string, storage: Storage, siteId: string, byId: (id: string) => Promise<unknown>): Promise<Result[]> {
  const ops = createOperations(storage);
  const cli = { kind: 'cli' } as const;
  const out: Result[] = [];
  const baseline = await time(RUNS * 5, (i) => byId(`m${String((i * 7919) % MESSAGES).padStart(7, '0')}`));
  out.push({ database, search: 'baseline: one message by primary key', ...baseline, found: 1, load: load() });
  for (const { label, q } of SEARCHES) {
    const page = await ops.listConversations(cli, siteId, { q });
    const r = await time(RUNS, () => ops.listConversations(cli, siteId, { q }));
    out.push({ database, search: label, ...r, found: page.conversations.length, load: load() });
  }
  const listed = await time(RUNS, () => ops.listConversations(cli, siteId, {}));
  out.push({ database, search: 'list, no search (first page)', ...listed, found: 25, load: load() });
  return out;
}

/** The bench site's id in a file seeded by an earlier run (BENCH_REUSE), checked to hold BENCH_MESSAGES messages. */
function seededSite(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    const site = db.prepare<[string], { id: string }>('SELECT id FROM sites WHERE name = ?').get('Bench');
    const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM messages').get()!.n;
    if (!site || count !== MESSAGES) throw new Error(`${file} was not seeded by bench:inbox with ${MESSAGES} messages (it holds ${count})`);
    return site.id;
  } finally {
    db.close();
  }
}

async function reusedSqlite(kept: string): Promise<Result[]> {
  return onBenchSqlite('bench-inbox-', async (file) => {
    await copyFile(kept, file);
    const siteId = seededSite(file);
    console.log(`SQLite: a copy of ${kept} (${MESSAGES} messages)`);
    const storage = openSqliteStorage(file);
    const db = new Database(file);
    const byId = db.prepare('SELECT content FROM messages WHERE id = ?');
    try {
      return await measure('SQLite', storage, siteId, async (id) => byId.get(id));
    } finally {
      db.close();
      await storage.close();
    }
  });
}

async function sqlite(data: Messages): Promise<Result[]> {
  return onBenchSqlite('bench-inbox-', async (file) => {
    const setup = openSqliteStorage(file);
    const site = await setup.createSite({ name: 'Bench', apiKey: 'pk_bench_0123456789abcdefghijklmno', origins: ['self'] });
    await setup.close();
    const db = new Database(file);
    const seconds = writeSqlite(db, site.id, data);
    console.log(`SQLite: ${data.rows.length} messages written in ${seconds.toFixed(1)} s`);
    const byId = db.prepare('SELECT content FROM messages WHERE id = ?');
    const storage = openSqliteStorage(file);
    try {
      return await measure('SQLite', storage, site.id, async (id) => byId.get(id));
    } finally {
      await storage.close();
      db.close();
      if (process.env.BENCH_KEEP) await copyFile(file, process.env.BENCH_KEEP);
    }
  });
}

async function postgres(data: Messages): Promise<Result[]> {
  return onBenchPostgres(async (url) => {
    const storage = await openPostgresStorage(url);
    const site = await storage.createSite({ name: 'Bench', apiKey: 'pk_bench_0123456789abcdefghijklmno', origins: ['self'] });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const seconds = await writePostgres(client, site.id, data);
      console.log(`PostgreSQL: ${data.rows.length} messages written in ${seconds.toFixed(1)} s`);
      if (process.env.BENCH_EXPLAIN) {
        for (const words of [undefined, ['fees'], ['manag']]) {
          const { text, values } = listQuery('postgres', site.id, words ? { words } : {}, { limit: 26 });
          const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${numbered(text)}`, values);
          console.log(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
        }
      }
      return await measure('PostgreSQL', storage, site.id, (id) => client.query('SELECT content FROM messages WHERE id = $1', [id]));
    } finally {
      await client.end();
      await storage.close();
    }
  });
}

async function main() {
  const reuse = process.env.BENCH_REUSE;
  const data = reuse && process.env.BENCH_SQLITE_ONLY ? undefined : messages(MESSAGES);
  const results = [
    ...(reuse ? await reusedSqlite(reuse) : await sqlite(data!)),
    ...(process.env.BENCH_SQLITE_ONLY ? [] : await postgres(data!)),
  ];
  console.log(`\nThe inbox's search on ${MESSAGES.toLocaleString('en')} messages: ms, ${RUNS} runs each (goal: under ${GOAL_MS} ms)\n`);
  console.log('| database | query | p50 | p95 | conversations on the page | load |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: |');
  for (const r of results) console.log(`| ${r.database} | ${r.search} | ${r.p50} | ${r.p95} | ${r.found} | ${r.load} |`);
  const over = results.filter((r) => r.p95 >= GOAL_MS);
  if (over.length > 0) {
    console.log(`\nOver ${GOAL_MS} ms at p95: ${over.map((r) => `${r.database} ${r.search}`).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
