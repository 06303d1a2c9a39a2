/**
 * The analytics' figures per quarter-hour (schema version 18, server/storage/analytics-quarters.ts), on SQLite and
 * PostgreSQL: a report read from the quarters gives what the report counted from the messages alone, on a seeded
 * data set (zones of whole, half and three-quarter hours, a change to summer time, questions and answers on either
 * side of a quarter's and a day's end, every unanswered reason), after messages are written into quarters already
 * counted, after a flag changes, after a visitor's data is deleted and after the retention purge.
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
];

async function expectSameFigures() {
  for (const [tz, from, to] of RANGES) {
    for (const s of [site, other]) {
      const q = query(tz, from, to);
      const rolled = await storage.analyticsFigures(s.id, q);
      expect(rolled, `${s.name} ${tz} ${from}..${to}`).toEqual(await storage.analyticsFigures(s.id, fromMessages(q)));
    }
  }
}

const quartersCounted = async () => Number((await raw.query('SELECT count(*) AS n FROM analytics_quarters'))[0]!.n);

/** Seeds `count` conversations of `visitor`s on `s` from 2026-03-01 over 61 days. */
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
    await storage.appendMessages({
      siteId: s.id,
      userSessionId: `visitor-${c % 40}`,
      chatSessionId: null,
      newSessionName: 'x',
      path: '/',
      messages,
    });
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'analytics-quarters-'));
  db = await newTestDatabase(dir);
  storage = await openTestDatabase(db, { now: () => now });
  raw = await openRawDatabase(db);
  site = await storage.createSite({ name: 'Shop', apiKey: 'pk_test_quarters_0123456789abcdefgh', origins: ['https://shop.example'] });
  other = await storage.createSite({ name: 'Other', apiKey: 'pk_test_quarters_other_0123456789ab', origins: ['https://other.example'] });
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
    await storage.purgeOlderThan(Date.parse('2026-03-20T00:00:00.000Z'));
    await expectSameFigures();
    expect((await storage.analyticsFigures(site.id, q)).unanswered.questions).toBeLessThan(afterDeletion.unanswered.questions);
  }, 120_000);
});
