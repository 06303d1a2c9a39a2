/**
 * The analytics' figures per quarter-hour (schema version 18, server/storage/analytics-quarters.ts), on SQLite and
 * PostgreSQL: a report read from the quarters gives what the report counted from the messages alone, on a seeded
 * data set (zones of whole, half and three-quarter hours, a change to summer time, questions and answers on either
 * side of a quarter's and a day's end, every unanswered reason), after messages are written into quarters already
 * counted, after a flag changes, after a visitor's data is deleted and after the retention purge. The same for the
 * figures kept per UTC day (schema version 19, server/storage/analytics-daily.ts): the top questions, clicks,
 * openings, what was asked about and the answer times' percentiles are compared with what their own rows give,
 * counted here row by row.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayStart, offsetSpans, zoneClock } from '../../server/operations/local-days';
import type { AnalyticsQuery, NewMessage, Site, Storage } from '../../server/storage/types';
import { BACKEND, newTestDatabase, openRawDatabase, openTestDatabase, type RawDatabase, type TestDatabase } from '../support/storages';
import { seededRandom } from '../support/seeded-random';

let dir: string;
let db: TestDatabase;
let storage: Storage;
let raw: RawDatabase;
let site: Site;
let other: Site;
/** Each site's documents, for the openings and the questions asked about one. */
const documents = new Map<string, string[]>();
/** The storage's clock: reports count the quarters up to an hour before it. */
let now = Date.parse('2026-05-01T12:07:00.000Z');

/** A report's query for local days `from` to `to` in `tz`, as the operation makes it. */
function query(tz: string, from: string, to: string): AnalyticsQuery {
  const clock = zoneClock(tz)!;
  const start = dayStart(clock, from);
  const end = dayStart(clock, addDays(to, 1));
  return {
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    spans: offsetSpans(clock, start, end),
    top: 10,
    listLimit: 10,
  };
}

/**
 * The same report counted from the messages alone: its range starts a millisecond earlier (off a quarter-hour, so the
 * quarters are not read), a millisecond in which nothing was written (every seeded time is a whole second).
 */
const fromMessages = (q: AnalyticsQuery): AnalyticsQuery => ({ ...q, start: new Date(Date.parse(q.start) - 1).toISOString() });

const RANGES: [string, string, string][] = [
  ['Europe/Paris', '2026-03-15', '2026-04-13'],
  ['Europe/Paris', '2026-03-01', '2026-04-30'],
  ['Asia/Kolkata', '2026-03-10', '2026-04-08'],
  ['Asia/Kathmandu', '2026-03-01', '2026-04-30'],
  ['America/St_Johns', '2026-03-01', '2026-04-30'],
  ['UTC', '2026-03-29', '2026-03-29'],
  // one local day over parts of two UTC days: no whole UTC day, so all of it is counted from the rows
  ['Asia/Kolkata', '2026-03-20', '2026-03-20'],
];

async function expectSameFigures() {
  for (const [tz, from, to] of RANGES) {
    for (const s of [site, other]) {
      const q = query(tz, from, to);
      const rolled = await storage.analyticsFigures(s.id, q);
      expect(rolled, `${s.name} ${tz} ${from}..${to}`).toEqual(await storage.analyticsFigures(s.id, fromMessages(q)));
      expect(figuresOverRange(rolled), `${s.name} ${tz} ${from}..${to}, row by row`).toEqual(await rowByRow(s.id, q));
    }
  }
}

/** The figures over the whole range: those the daily tables give. */
const figuresOverRange = (f: Awaited<ReturnType<Storage['analyticsFigures']>>) => ({
  topQuestions: f.topQuestions,
  clicks: f.clicks,
  content: f.content,
  latency: f.latency,
});

/** Most first, then in code point order (the texts here are ASCII). */
const byCount = <K extends string>(counts: Map<string, number>, key: K) =>
  [...counts]
    .sort(([a, m], [b, k]) => k - m || (a < b ? -1 : 1))
    .map(([value, count]) => ({ [key]: value, count }) as Record<K, string> & { count: number });

/** PostgreSQL's percentile_cont of the values. */
function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return { count: 0, p50: null, p95: null };
  const at = (p: number) => {
    const rank = p * (sorted.length - 1);
    const lo = sorted[Math.floor(rank)]!;
    return lo + (sorted[Math.ceil(rank)]! - lo) * (rank - Math.floor(rank));
  };
  return { count: sorted.length, p50: at(0.5), p95: at(0.95) };
}

/** The figures over the range counted here from their own rows, as the report counted them before version 19. */
async function rowByRow(siteId: string, q: AnalyticsQuery) {
  const range = [siteId, q.start, q.end];
  const metrics = await raw.query(
    'SELECT question, about_id, chat_session_id, first_word_ms, whole_answer_ms FROM answer_metrics WHERE site_id = ? AND asked_at >= ? AND asked_at < ?',
    range,
  );
  const clicks = await raw.query(
    'SELECT button_id, page_url FROM button_clicks WHERE site_id = ? AND created_at >= ? AND created_at < ?',
    range,
  );
  const opens = await raw.query('SELECT item_id FROM embed_opens WHERE site_id = ? AND opened_at >= ? AND opened_at < ?', range);
  const count = (keys: string[]) => keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());
  const questions = count(metrics.map((m) => String(m.question)).filter((t) => t !== ''));
  const pages = count(clicks.map((c) => String(c.page_url).split('#')[0]!.split('?')[0]!));
  const docs = await raw.query('SELECT id, name FROM documents WHERE site_id = ? ORDER BY name, id', [siteId]);
  const times = (column: string) => metrics.filter((m) => m[column] !== null).map((m) => Number(m[column]));
  return {
    topQuestions: byCount(questions, 'question').slice(0, q.top),
    clicks: {
      total: clicks.length,
      byButton: byCount(count(clicks.map((c) => String(c.button_id))), 'buttonId')
        .slice(0, q.listLimit)
        .map((b) => ({ buttonId: b.buttonId, name: null, count: b.count })),
      byPage: byCount(pages, 'page').slice(0, q.listLimit),
    },
    content: docs.map((d) => {
      const asked = metrics.filter((m) => m.about_id === d.id);
      return {
        kind: 'document',
        id: String(d.id),
        name: String(d.name),
        opened: opens.filter((o) => o.item_id === d.id).length,
        askedQuestions: asked.length,
        askedConversations: new Set(asked.map((m) => m.chat_session_id)).size,
      };
    }),
    latency: { firstWord: percentiles(times('first_word_ms')), wholeAnswer: percentiles(times('whole_answer_ms')) },
  };
}

const quartersCounted = async () => Number((await raw.query('SELECT count(*) AS n FROM analytics_quarters'))[0]!.n);

const TEXTS = ['what are your fees', 'how do i open an account', 'is my money safe', 'can i withdraw', ''];
/** Answer times, some on a bucket's edge and some alike. */
const time = (rnd: () => number) => (rnd() < 0.2 ? 100 * Math.floor(rnd() * 30) : Math.floor(rnd() * 6000));

/**
 * Seeds `count` conversations of `visitor`s on `s` from 2026-03-01 over 61 days, each question's figures, a click
 * for some conversations and an opening of a document for some.
 */
async function seed(s: Site, count: number, seedNumber: number) {
  const rnd = seededRandom(seedNumber);
  const start = Date.parse('2026-03-01T00:00:00.000Z');
  for (let c = 0; c < count; c++) {
    // a third of them start on a quarter-hour, some a second before one
    const base = start + Math.floor(rnd() * 61 * 96) * 900_000;
    const t0 = c % 3 === 0 ? base : c % 3 === 1 ? base - 1000 : base + Math.floor(rnd() * 899) * 1000;
    const messages: NewMessage[] = [];
    let t = t0;
    for (let k = 0; k < 1 + Math.floor(rnd() * 3); k++) {
      const fate = rnd();
      messages.push({ role: 'user', content: `question ${c} ${k}`, createdAt: new Date(t).toISOString(), answerFailed: fate > 0.9 });
      t += 1000 + Math.floor(rnd() * 90) * 1000;
      if (fate > 0.95) continue;
      messages.push({
        role: 'ai',
        content: 'An answer.',
        createdAt: new Date(t).toISOString(),
        isError: fate < 0.1,
        incomplete: fate >= 0.1 && fate < 0.2,
        nothingFound: fate >= 0.2 && fate < 0.3,
      });
      t += 1000 + Math.floor(rnd() * 600) * 1000;
    }
    const visitor = `visitor-${c % 40}`;
    const stored = await storage.appendMessages({
      siteId: s.id,
      userSessionId: visitor,
      chatSessionId: null,
      newSessionName: 'x',
      path: '/',
      messages,
    });
    const docs = documents.get(s.id)!;
    for (const m of stored.messages.filter((x) => x.role === 'user')) {
      const firstWord = rnd() < 0.1 ? null : time(rnd);
      await storage.recordAnswerMetrics({
        questionId: m.id,
        siteId: s.id,
        chatSessionId: stored.chatSession.id,
        askedAt: m.createdAt,
        question: TEXTS[Math.floor(rnd() * TEXTS.length)]!,
        aboutId: rnd() < 0.3 ? docs[Math.floor(rnd() * docs.length)]! : null,
        firstWordMs: firstWord,
        wholeAnswerMs: firstWord === null || rnd() < 0.1 ? null : firstWord + time(rnd),
      });
    }
    if (c % 2 === 0) {
      await raw.query(
        `INSERT INTO button_clicks (site_id, button_id, chat_session_id, chat_log_id, user_session_id, page_url, referrer_url, created_at)
         VALUES (?, ?, NULL, NULL, ?, ?, '', ?) RETURNING id`,
        [
          s.id,
          `button-${Math.floor(rnd() * 5)}`,
          visitor,
          `https://shop.example/p${Math.floor(rnd() * 4)}?q=${c}#top`,
          new Date(t0).toISOString(),
        ],
      );
    }
    if (c % 3 === 0) await storage.recordEmbedOpen(s.id, 'document', docs[c % docs.length]!, new Date(t).toISOString());
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'analytics-quarters-'));
  db = await newTestDatabase(dir);
  storage = await openTestDatabase(db, { now: () => now });
  raw = await openRawDatabase(db);
  site = await storage.createSite({ name: 'Shop', apiKey: 'pk_test_quarters_0123456789abcdefgh', origins: ['https://shop.example'] });
  other = await storage.createSite({ name: 'Other', apiKey: 'pk_test_quarters_other_0123456789ab', origins: ['https://other.example'] });
  for (const s of [site, other]) {
    const ids = [];
    for (const name of ['Fees', 'Terms'])
      ids.push((await storage.addDocument({ siteId: s.id, name, type: 'md', fileId: null, text: 'x' })).id);
    documents.set(s.id, ids);
  }
  await seed(site, 240, 1);
  await seed(other, 40, 2);
}, 120_000);

afterAll(async () => {
  await raw?.close();
  await storage?.close();
  await rm(dir, { recursive: true, force: true });
});

describe(`the analytics' quarters on ${BACKEND}`, () => {
  it('give the figures the messages give, the quarters read up to an hour before the clock', async () => {
    now = Date.parse('2026-04-02T10:20:00.000Z');
    await expectSameFigures();
    const halfway = await quartersCounted();
    expect(halfway).toBeGreaterThan(0);
    now = Date.parse('2026-06-01T00:00:00.000Z');
    await expectSameFigures();
    expect(await quartersCounted()).toBeGreaterThan(halfway);
  }, 120_000);

  it('count again the quarters that messages are written into, or whose question or answer changes', async () => {
    const before = await storage.analyticsFigures(site.id, query('Europe/Paris', '2026-03-01', '2026-04-30'));
    // a conversation written late into counted quarters, an answer added to an unanswered question
    await seed(site, 12, 3);
    const lone = (await raw.query("SELECT chat_session_id, seq FROM messages WHERE role = 'user' ORDER BY created_at, id LIMIT 1"))[0]!;
    const next = (
      await raw.query('SELECT count(*) AS n FROM messages WHERE chat_session_id = ? AND seq = ?', [
        lone.chat_session_id,
        Number(lone.seq) + 1,
      ])
    )[0]!;
    const yes = BACKEND === 'sqlite' ? '1' : 'TRUE';
    if (Number(next.n) > 0) {
      await raw.exec(
        `UPDATE messages SET is_error = ${yes} WHERE chat_session_id = '${lone.chat_session_id}' AND seq = ${Number(lone.seq) + 1}`,
      );
    }
    await raw.exec(
      `UPDATE messages SET incomplete = ${yes} WHERE role = 'ai' AND created_at >= '2026-03-20' AND created_at < '2026-03-21'`,
    );
    // the daily counts: a time changed (a row moved to another bucket), clicks deleted
    await raw.exec(
      `UPDATE answer_metrics SET first_word_ms = first_word_ms + 250 WHERE asked_at >= '2026-03-10' AND asked_at < '2026-03-12'`,
    );
    await raw.exec(`DELETE FROM button_clicks WHERE button_id = 'button-1' AND created_at < '2026-03-15'`);
    await expectSameFigures();
    expect(await storage.analyticsFigures(site.id, query('Europe/Paris', '2026-03-01', '2026-04-30'))).not.toEqual(before);
  }, 120_000);

  it("take a deleted visitor's conversations and the purged ones out of the past figures", async () => {
    const q = query('Europe/Paris', '2026-03-01', '2026-04-30');
    const before = await storage.analyticsFigures(site.id, q);
    await storage.deleteVisitorData(site.id, 'visitor-7');
    await expectSameFigures();
    const afterDeletion = await storage.analyticsFigures(site.id, q);
    expect(afterDeletion.unanswered.questions).toBeLessThan(before.unanswered.questions);
    expect(afterDeletion.latency.firstWord.count).toBeLessThan(before.latency.firstWord.count);
    await storage.purgeOlderThan(Date.parse('2026-03-20T00:00:00.000Z'));
    await expectSameFigures();
    const afterPurge = await storage.analyticsFigures(site.id, q);
    expect(afterPurge.unanswered.questions).toBeLessThan(afterDeletion.unanswered.questions);
    expect(afterPurge.clicks.total).toBeLessThan(afterDeletion.clicks.total);
    expect(afterPurge.latency.wholeAnswer.count).toBeLessThan(afterDeletion.latency.wholeAnswer.count);
  }, 120_000);
});
