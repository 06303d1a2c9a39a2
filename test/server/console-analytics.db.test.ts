/**
 * The console's analytics (docs/console.md "Analytics"), on SQLite and PostgreSQL: a seeded data set whose figures are
 * written by hand below (day boundaries in a time zone across a daylight-saving change, the unanswered reasons, the
 * top questions, the percentiles, what was asked about), what the widget's routes record (the boots' openings, the
 * chat's answer times, clicks), and the route's roles, refusals and hostile query strings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/admin';
import { NOTHING_TO_SEARCH, notFound } from '../../server/answers/words';
import type { AnswerEngine } from '../../server/answers/types';
import { ProviderError } from '../../server/answers/types';
import { type Actor, createOperations, type Operations } from '../../server/operations';
import { normaliseQuestion } from '../../server/operations/analytics';
import type { NewMessage, Site, Storage } from '../../server/storage/types';
import { BACKEND } from '../support/storages';
import { API_KEY, json, ORIGIN, reader, startServer, type TestServer, VISITOR_A, VISITOR_B } from './harness';

type Json = Record<string, unknown>;

const CLI: Actor = { kind: 'cli' };
const PASSWORD = 'correct horse battery staple';

let s: TestServer;
let ops: Operations;
/** A second site, whose rows must never count in the first one's figures. */
let other: Site;

/** How the test engine answers: by the question's first word. */
let release: (() => void) | undefined;
const engine: AnswerEngine = {
  name: 'test',
  async answer(req, _signal, onDelta) {
    if (req.question.startsWith('fail')) throw new ProviderError('down', 500);
    if (req.question.startsWith('cut')) {
      onDelta?.('Half an ');
      throw new ProviderError('dropped mid-way', 500);
    }
    if (req.question.startsWith('slow')) {
      onDelta?.('A slow ');
      // the test lets the answer end once it has read the first piece
      await new Promise<void>((r) => (release = r));
      onDelta?.('answer.');
      return { content: 'A slow answer.', followUps: [], sources: [] };
    }
    return { content: 'An answer.', followUps: [], sources: [] };
  },
};

/** A browser of the console, signed in as `email` (a new account made by the CLI's first-owner invitation). */
async function consoleUser(email: string): Promise<{ id: string; get(path: string): Promise<{ status: number; body: Json }> }> {
  const printed = await runAdmin(s.storage, ['owner:invite', '--email', email], { publicUrl: s.base });
  const token = /\/console\/invite\/([A-Za-z0-9_-]+)/.exec(printed)![1]!;
  const res = await fetch(`${s.base}/console/api/invites/${token}`, {
    method: 'POST',
    headers: { Origin: s.base, 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = /console_session=([^;]*)/.exec(res.headers.getSetCookie().join('\n'))![1]!;
  const id = (((await res.json()) as Json).account as Json).id as string;
  return {
    id,
    async get(path) {
      const r = await fetch(`${s.base}/console/api/${path}`, { headers: { Cookie: `console_session=${cookie}` } });
      expect(r.status, path).toBeLessThan(500);
      return { status: r.status, body: (await r.json()) as Json };
    },
  };
}

/** A conversation of `visitor` stored as it was at the messages' times (the first one's is the session's start). */
async function conversation(storage: Storage, site: Site, visitor: string, messages: NewMessage[]) {
  return storage.appendMessages({ siteId: site.id, userSessionId: visitor, chatSessionId: null, newSessionName: 'x', path: '/', messages });
}

const q = (content: string, createdAt: string): NewMessage => ({ role: 'user', content, createdAt });
const a = (content: string, createdAt: string, more: Partial<NewMessage> = {}): NewMessage => ({ role: 'ai', content, createdAt, ...more });

beforeAll(async () => {
  s = await startServer({ answers: engine, console: { scryptCost: { N: 1024, r: 8, p: 1 } } });
  ops = createOperations(s.storage);
  other = await s.storage.createSite({ name: 'Other shop', apiKey: 'pk_test_other_0123456789abcdefghij', origins: [ORIGIN] });
});

afterAll(async () => {
  await s.stop();
  await s.remove();
});

describe(`a seeded month on ${BACKEND}, counted in Europe/Paris across the change to summer time (2026-03-29 01:00 UTC)`, () => {
  let docA: string;
  let docB: string;
  let video: string;

  beforeAll(async () => {
    const site = s.site;
    docA = (await s.storage.addDocument({ siteId: site.id, name: 'Fees guide', type: 'pdf', fileId: null, text: 'Fees.' })).id;
    docB = (await s.storage.addDocument({ siteId: site.id, name: 'About us', type: 'md', fileId: null, text: 'Us.' })).id;
    video = (
      await s.storage.addVideo({ siteId: site.id, name: 'Welcome', description: '', fileId: null, thumbnailFileId: null, transcript: '' })
    ).id;

    /** Records a question's figures as the chat route does. */
    const metrics = async (
      saved: Awaited<ReturnType<typeof conversation>>,
      index: number,
      firstWordMs: number | null,
      wholeAnswerMs: number | null,
      aboutId: string | null = null,
    ) => {
      const m = saved.messages[index]!;
      await s.storage.recordAnswerMetrics({
        questionId: m.id,
        siteId: site.id,
        chatSessionId: m.chatSessionId,
        askedAt: m.createdAt,
        question: normaliseQuestion(m.content),
        aboutId,
        firstWordMs,
        wholeAnswerMs,
      });
    };

    // C1: Paris 03-27 00:10 (UTC 03-26 23:10): in the range though its UTC day is not; answered
    const c1 = await conversation(s.storage, site, VISITOR_A, [
      q('What are your fees?', '2026-03-26T23:10:00.000Z'),
      a('Our fees are 1%.', '2026-03-26T23:10:05.000Z'),
    ]);
    await metrics(c1, 0, 100, 1000, docA);
    // C2: Paris 03-28 00:30 (UTC 03-27 23:30): cut off; then a question the engine found nothing for
    const c2 = await conversation(s.storage, site, VISITOR_A, [
      q('what are your FEES', '2026-03-27T23:30:00.000Z'),
      a('Our fe', '2026-03-27T23:30:02.000Z', { incomplete: true }),
    ]);
    await metrics(c2, 0, 200, null, docA);
    const c2b = await s.storage.appendMessages({
      siteId: site.id,
      userSessionId: VISITOR_A,
      chatSessionId: c2.chatSession.id,
      newSessionName: 'x',
      path: '/',
      // the answer is marked as the chat route marks the engine's nothing-found (its words alone count nothing)
      messages: [
        q('Do you offer super?', '2026-03-28T09:00:00.000Z'),
        a(notFound('this page'), '2026-03-28T09:00:01.000Z', { nothingFound: true }),
      ],
    });
    await metrics(c2b, 0, 300, 2000);
    // C3: Paris 03-30 00:30 in summer time (UTC 03-29 22:30): a question whose answer failed (stored alone, marked as
    // the chat route marks it), then one answered
    const c3 = await conversation(s.storage, site, VISITOR_A, [
      { ...q('How do I book a call?', '2026-03-29T22:30:00.000Z'), answerFailed: true },
    ]);
    await metrics(c3, 0, null, null);
    const c3b = await s.storage.appendMessages({
      siteId: site.id,
      userSessionId: VISITOR_A,
      chatSessionId: c3.chatSession.id,
      newSessionName: 'x',
      path: '/',
      messages: [q('What are your fees!!', '2026-03-30T10:00:00.000Z'), a('1%.', '2026-03-30T10:00:03.000Z')],
    });
    await metrics(c3b, 0, 400, 3000);
    // C4: Paris 03-29 01:30, before the change (UTC 00:30): nothing to answer from (answered); asked about the video
    const c4 = await conversation(s.storage, site, VISITOR_B, [
      q('Can I see the PDS?', '2026-03-29T00:30:00.000Z'),
      a(NOTHING_TO_SEARCH, '2026-03-29T00:30:01.000Z'),
    ]);
    await metrics(c4, 0, 500, 4000, video);
    // outside the range: Paris 04-01 00:30 (UTC 03-31 22:30) and Paris 03-26 23:50 (UTC 03-26 22:50)
    const late = await conversation(s.storage, site, VISITOR_B, [
      q('What are your fees?', '2026-03-31T22:30:00.000Z'),
      a('1%.', '2026-03-31T22:30:01.000Z'),
    ]);
    await metrics(late, 0, 1, 1, docA);
    const early = await conversation(s.storage, site, VISITOR_B, [
      q('What are your fees?', '2026-03-26T22:50:00.000Z'),
      a('1%.', '2026-03-26T22:50:01.000Z'),
    ]);
    await metrics(early, 0, 1, 1, docA);
    // the other site, in the range: never counted here
    const elsewhere = await conversation(s.storage, other, VISITOR_A, [q('What are your fees?', '2026-03-28T10:00:00.000Z')]);
    await s.storage.recordAnswerMetrics({
      questionId: elsewhere.messages[0]!.id,
      siteId: other.id,
      chatSessionId: elsewhere.chatSession.id,
      askedAt: '2026-03-28T10:00:00.000Z',
      question: 'what are your fees',
      aboutId: docA,
      firstWordMs: 9,
      wholeAnswerMs: 9,
    });

    // openings: two of the fees guide and one of the video in the range, one of the guide after it, one elsewhere
    await s.storage.recordEmbedOpen(site.id, 'document', docA, '2026-03-27T08:00:00.000Z');
    await s.storage.recordEmbedOpen(site.id, 'document', docA, '2026-03-31T21:59:59.999Z');
    await s.storage.recordEmbedOpen(site.id, 'video', video, '2026-03-29T12:00:00.000Z');
    await s.storage.recordEmbedOpen(site.id, 'document', docA, '2026-03-31T22:00:00.000Z');
    await s.storage.recordEmbedOpen(other.id, 'document', docA, '2026-03-28T08:00:00.000Z');
  });

  it('counts conversations, questions and messages per local day, with the empty days as zero', async () => {
    const r = await ops.analytics(CLI, s.site.id, { from: '2026-03-27', to: '2026-03-31', tz: 'Europe/Paris' });
    expect(r.from).toBe('2026-03-27');
    expect(r.to).toBe('2026-03-31');
    expect(r.timeZone).toBe('Europe/Paris');
    expect(r.days).toEqual([
      { date: '2026-03-27', conversations: 1, questions: 1, messages: 2 },
      { date: '2026-03-28', conversations: 1, questions: 2, messages: 4 },
      { date: '2026-03-29', conversations: 1, questions: 1, messages: 2 },
      { date: '2026-03-30', conversations: 1, questions: 2, messages: 3 },
      { date: '2026-03-31', conversations: 0, questions: 0, messages: 0 },
    ]);
    expect(r.totals).toEqual({ conversations: 4, questions: 6, messages: 11 });
  });

  it('puts the same rows in other days in UTC', async () => {
    const r = await ops.analytics(CLI, s.site.id, { from: '2026-03-27', to: '2026-03-31' });
    expect(r.timeZone).toBe('UTC');
    expect(r.days).toEqual([
      // 23:30 on the 27th (C2's first two messages); the question at 23:10 on the 26th is outside
      { date: '2026-03-27', conversations: 1, questions: 1, messages: 2 },
      { date: '2026-03-28', conversations: 0, questions: 1, messages: 2 },
      { date: '2026-03-29', conversations: 2, questions: 2, messages: 3 },
      { date: '2026-03-30', conversations: 0, questions: 1, messages: 2 },
      // the late conversation, 22:30 UTC on the 31st
      { date: '2026-03-31', conversations: 1, questions: 1, messages: 2 },
    ]);
  });

  it('gives the unanswered rate by reason, each question once', async () => {
    const r = await ops.analytics(CLI, s.site.id, { from: '2026-03-27', to: '2026-03-31', tz: 'Europe/Paris' });
    // of 6 questions: C3's first is marked failed, C2's first was cut off, C2's second's answer is marked nothing-found;
    // C4's "nothing to answer from" is not the inbox's nothing-found, and counts as answered. 3 / 6 = 0.5
    expect(r.unanswered).toEqual({ questions: 6, failed: 1, incomplete: 1, nothingFound: 1, rate: 0.5 });
  });

  it("counts failed and nothing found by the inbox's marks, as the inbox does", async () => {
    // a day of its own, far from the seeded month (UTC): 5 questions, each in its own conversation
    const day = (t: string) => `2025-06-10T${t}.000Z`;
    const left = await conversation(s.storage, s.site, VISITOR_A, [q('Left before the answer', day('08:00:00'))]);
    const plain = await conversation(s.storage, s.site, VISITOR_A, [
      q('Unmarked words', day('09:00:00')),
      a(notFound('this page'), day('09:00:01')),
    ]);
    const cut = await conversation(s.storage, s.site, VISITOR_A, [
      { ...q('Cut mid-stream', day('10:00:00')), answerFailed: true },
      a('Part', day('10:00:01'), { incomplete: true }),
    ]);
    const error = await conversation(s.storage, s.site, VISITOR_A, [
      q('An error', day('11:00:00')),
      a('Sorry', day('11:00:01'), { isError: true }),
    ]);
    const found = await conversation(s.storage, s.site, VISITOR_A, [
      q('Marked nothing', day('12:00:00')),
      a('Other words', day('12:00:01'), { nothingFound: true }),
    ]);
    const r = await ops.analytics(CLI, s.site.id, { from: '2025-06-10', to: '2025-06-10' });
    // left: no answer and no mark (the visitor left, or it is being answered): answered as far as the figures know;
    // plain: the not-found words without the mark: answered; cut: its answer's cut-off comes first: incomplete;
    // error: failed; found: nothing found. (1 + 1 + 1) / 5 = 0.6
    expect(r.unanswered).toEqual({ questions: 5, failed: 1, incomplete: 1, nothingFound: 1, rate: 0.6 });
    // the inbox's flags of the same conversations
    const inbox = await ops.listConversations(CLI, s.site.id, { from: '2025-06-10', to: '2025-06-10' });
    const flags = (id: string) => {
      const c = inbox.conversations.find((x) => x.id === id)!;
      return { failed: c.failed, incomplete: c.incomplete, nothingFound: c.nothingFound };
    };
    expect(flags(left.chatSession.id)).toEqual({ failed: false, incomplete: false, nothingFound: false });
    expect(flags(plain.chatSession.id)).toEqual({ failed: false, incomplete: false, nothingFound: false });
    expect(flags(cut.chatSession.id)).toEqual({ failed: true, incomplete: true, nothingFound: false });
    expect(flags(error.chatSession.id)).toEqual({ failed: true, incomplete: false, nothingFound: false });
    expect(flags(found.chatSession.id)).toEqual({ failed: false, incomplete: false, nothingFound: true });
  });

  it('gives the top questions, alike ones together, most asked first and then by their text', async () => {
    const r = await ops.analytics(CLI, s.site.id, { from: '2026-03-27', to: '2026-03-31', tz: 'Europe/Paris' });
    expect(r.topQuestions).toEqual([
      { question: 'what are your fees', count: 3 },
      { question: 'can i see the pds', count: 1 },
      { question: 'do you offer super', count: 1 },
      { question: 'how do i book a call', count: 1 },
    ]);
    const two = await ops.analytics(CLI, s.site.id, { from: '2026-03-27', to: '2026-03-31', tz: 'Europe/Paris', top: '2' });
    expect(two.topQuestions.map((t) => t.question)).toEqual(['what are your fees', 'can i see the pds']);
  });

  it('gives p50 and p95 of the times to the first word and to the whole answer (percentile_cont)', async () => {
    const r = await ops.analytics(CLI, s.site.id, { from: '2026-03-27', to: '2026-03-31', tz: 'Europe/Paris' });
    // first words 100, 200, 300, 400, 500: p50 at rank 2 = 300; p95 at rank 3.8 = 400 + 0.8 × 100
    // whole answers 1000, 2000, 3000, 4000: p50 at rank 1.5 = 2500; p95 at rank 2.85 = 3000 + 0.85 × 1000
    expect(r.latency).toEqual({ firstWord: { count: 5, p50: 300, p95: 480 }, wholeAnswer: { count: 4, p50: 2500, p95: 3850 } });
  });

  it('lists every document and video with its openings and the questions asked about it', async () => {
    const r = await ops.analytics(CLI, s.site.id, { from: '2026-03-27', to: '2026-03-31', tz: 'Europe/Paris' });
    expect(r.content).toEqual([
      { kind: 'document', id: docB, name: 'About us', opened: 0, askedQuestions: 0, askedConversations: 0 },
      { kind: 'document', id: docA, name: 'Fees guide', opened: 2, askedQuestions: 2, askedConversations: 2 },
      { kind: 'video', id: video, name: 'Welcome', opened: 1, askedQuestions: 1, askedConversations: 1 },
    ]);
  });

  it('answers an empty range with zeros and nothing listed', async () => {
    const r = await ops.analytics(CLI, s.site.id, { from: '2025-01-01', to: '2025-01-02', tz: 'Europe/Paris' });
    expect(r.days).toEqual([
      { date: '2025-01-01', conversations: 0, questions: 0, messages: 0 },
      { date: '2025-01-02', conversations: 0, questions: 0, messages: 0 },
    ]);
    expect(r.totals).toEqual({ conversations: 0, questions: 0, messages: 0 });
    expect(r.unanswered).toEqual({ questions: 0, failed: 0, incomplete: 0, nothingFound: 0, rate: null });
    expect(r.topQuestions).toEqual([]);
    expect(r.clicks).toEqual({ total: 0, byButton: [], byPage: [] });
    expect(r.latency).toEqual({ firstWord: { count: 0, p50: null, p95: null }, wholeAnswer: { count: 0, p50: null, p95: null } });
    expect(r.content.every((c) => c.opened === 0 && c.askedQuestions === 0)).toBe(true);
  });

  it('counts one day alone, its first and last instants included', async () => {
    // Paris 03-29 is 23 hours long: 2026-03-28T23:00Z to 2026-03-29T22:00Z
    const r = await ops.analytics(CLI, s.site.id, { from: '2026-03-29', to: '2026-03-29', tz: 'Europe/Paris' });
    expect(r.days).toEqual([{ date: '2026-03-29', conversations: 1, questions: 1, messages: 2 }]);
    expect(r.content.find((c) => c.id === video)?.opened).toBe(1);
  });

  // last: it changes the seeded data
  it('forgets a visitor’s questions with their data, and keeps the openings, which name no visitor', async () => {
    await s.storage.deleteVisitorData(s.site.id, VISITOR_B);
    const r = await ops.analytics(CLI, s.site.id, { from: '2026-03-27', to: '2026-03-31', tz: 'Europe/Paris' });
    expect(r.totals).toEqual({ conversations: 3, questions: 5, messages: 9 });
    expect(r.topQuestions.map((t) => t.question)).not.toContain('can i see the pds');
    expect(r.latency.wholeAnswer).toEqual({ count: 3, p50: 2000, p95: 2900 });
    expect(r.content.find((c) => c.id === video)).toMatchObject({ opened: 1, askedQuestions: 0 });
  });
});

describe(`what the widget's routes record, on ${BACKEND}`, () => {
  /** Today's range in UTC, a day either side: what the routes record now falls in it. */
  const around = () => {
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    return { from: day(-1), to: day(1) };
  };
  let site: Site;

  beforeAll(async () => {
    // a site of its own, so that the seeded month does not count
    site = await s.storage.createSite({ name: 'Route shop', apiKey: 'pk_test_routes_0123456789abcdefghi', origins: [ORIGIN] });
  });

  const tokenOf = async () => {
    const res = await s.call('/session/boot', { method: 'POST', headers: { 'X-API-Key': 'pk_test_routes_0123456789abcdefghi' } });
    return ((await res.json()) as { authToken: string }).authToken;
  };

  it('counts a successful smart-doc or video boot as an opening, and nothing for a refused one', async () => {
    const doc = await s.storage.addDocument({ siteId: site.id, name: 'Guide', type: 'md', fileId: null, text: 'Guide.' });
    const video = await s.storage.addVideo({
      siteId: site.id,
      name: 'Intro',
      description: '',
      fileId: null,
      thumbnailFileId: null,
      transcript: '',
    });
    const bootDoc = (key: string) => s.call(`/smart-doc/${doc.embedToken}/boot`, { headers: { 'X-API-Key': key } });
    expect((await bootDoc('pk_test_routes_0123456789abcdefghi')).status).toBe(200);
    expect((await bootDoc('pk_test_routes_0123456789abcdefghi')).status).toBe(200);
    // another site's key: 404, not an opening
    expect((await bootDoc(API_KEY)).status).toBe(404);
    const token = await tokenOf();
    expect((await s.call(`/video/${video.embedToken}/boot`, { token })).status).toBe(200);
    const r = await ops.analytics(CLI, site.id, around());
    expect(r.content.map((c) => [c.name, c.opened])).toEqual([
      ['Guide', 2],
      ['Intro', 1],
    ]);
  });

  it('counts button clicks by button (named by the action button) and by page without query or fragment', async () => {
    const trigger = await s.storage.addActionTrigger(site.id, {
      path: '/',
      name: 'Book a call',
      buttonType: 'ACTION',
      actionMessage: 'Book',
    });
    const token = await tokenOf();
    const click = (buttonId: string, pageUrl: string) =>
      s.call('/api/button-click', { token, ...json({ buttonId, userSessionId: VISITOR_A, pageUrl }) });
    expect((await click(trigger.id, 'https://shop.example/pricing?utm=1')).status).toBe(204);
    expect((await click(trigger.id, 'https://shop.example/pricing#plans')).status).toBe(204);
    expect((await click('doc-123', 'https://shop.example/pricing')).status).toBe(204);
    expect((await click('doc-123', 'https://shop.example/about')).status).toBe(204);
    expect((await click('zzz', 'https://shop.example/about')).status).toBe(204);
    const r = await ops.analytics(CLI, site.id, around());
    expect(r.clicks).toEqual({
      total: 5,
      byButton: [
        // equal counts: by id, in code point order
        ...[
          { buttonId: trigger.id, name: 'Book a call', count: 2 },
          { buttonId: 'doc-123', name: null, count: 2 },
        ].sort((x, y) => (x.buttonId < y.buttonId ? -1 : 1)),
        { buttonId: 'zzz', name: null, count: 1 },
      ],
      byPage: [
        { page: 'https://shop.example/pricing', count: 3 },
        { page: 'https://shop.example/about', count: 2 },
      ],
    });
  });

  it('records each answer’s times, streamed or not, what it was asked about, and none for a failure', async () => {
    const token = await tokenOf();
    const doc = await s.storage.addDocument({ siteId: site.id, name: 'Asked', type: 'md', fileId: null, text: 'Asked.' });
    const chat = (message: string, stream: boolean, extra: Json = {}) =>
      s.call('/api/chat', {
        token,
        ...json({ message, userSessionId: VISITOR_B, path: '/', ...extra }),
        headers: { 'Content-Type': 'application/json', ...(stream ? { Accept: 'text/event-stream' } : {}) },
      });
    const asked = {
      smartDocContext: {
        documents: [{ id: doc.id, name: doc.name, type: doc.type, version: 1, embedToken: doc.embedToken }],
        totalDocuments: 1,
        activeDocument: doc.id,
      },
    };
    // answered whole, about the document (the Ask-question modal)
    expect((await chat('What is this?', false, asked)).status).toBe(200);
    // streamed: the first piece, then the end once the test has read it
    const res = await chat('slow: What is it?', true);
    const events = reader(res);
    expect((await events.next())?.event).toBe('start');
    expect((await events.next())?.event).toBe('delta');
    release!();
    expect((await events.all()).map((e) => e.event)).toEqual(['delta', 'done']);
    // cut off after a first piece: a first word, no end
    expect((await reader(await chat('cut: Tell me', true)).all()).at(-1)?.event).toBe('error');
    // failed, not streamed: neither
    expect((await chat('fail: Tell me', false)).status).toBe(502);

    const r = await ops.analytics(CLI, site.id, around());
    expect(r.latency.firstWord.count).toBe(3);
    expect(r.latency.wholeAnswer.count).toBe(2);
    for (const p of [r.latency.firstWord, r.latency.wholeAnswer]) {
      expect(p.p50).toBeGreaterThanOrEqual(0);
      expect(p.p95).toBeGreaterThanOrEqual(p.p50!);
    }
    expect(r.content.find((c) => c.id === doc.id)).toMatchObject({ askedQuestions: 1, askedConversations: 1 });
    expect(r.topQuestions).toEqual([
      { question: 'cut tell me', count: 1 },
      { question: 'fail tell me', count: 1 },
      { question: 'slow what is it', count: 1 },
      { question: 'what is this', count: 1 },
    ]);
    expect(r.unanswered).toMatchObject({ questions: 4, failed: 1, incomplete: 1, nothingFound: 0 });
  });
});

describe(`GET sites/:id/analytics on ${BACKEND}`, () => {
  let viewer: Awaited<ReturnType<typeof consoleUser>>;
  let stranger: Awaited<ReturnType<typeof consoleUser>>;

  beforeAll(async () => {
    viewer = await consoleUser('viewer@example.com');
    stranger = await consoleUser('stranger@example.com');
    await s.storage.addMember(s.site.id, viewer.id, 'viewer');
    await s.storage.addMember(other.id, stranger.id, 'owner');
  });

  it('answers a viewer with the figures, and the same as the operation', async () => {
    const r = await viewer.get(`sites/${s.site.id}/analytics?from=2026-03-27&to=2026-03-31&tz=Europe/Paris`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(
      JSON.parse(JSON.stringify(await ops.analytics(CLI, s.site.id, { from: '2026-03-27', to: '2026-03-31', tz: 'Europe/Paris' }))),
    );
  });

  it('defaults to the 30 days ending today in UTC', async () => {
    const r = await viewer.get(`sites/${s.site.id}/analytics`);
    expect(r.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(r.body.to).toBe(today);
    expect((r.body.days as unknown[]).length).toBe(30);
    expect(r.body.timeZone).toBe('UTC');
  });

  it('answers 404 for a site one has no role on, exactly as for none, and 401 without a session', async () => {
    const theirs = await stranger.get(`sites/${s.site.id}/analytics`);
    const none = await stranger.get('sites/no-such-site/analytics');
    expect(theirs).toEqual({ status: 404, body: { error: 'NOT_FOUND', message: 'Not found.' } });
    expect(none).toEqual(theirs);
    expect((await fetch(`${s.base}/console/api/sites/${s.site.id}/analytics`)).status).toBe(401);
  });

  it('refuses a bad date, an inverted or too long range, an unknown zone and a bad top, naming the field', async () => {
    const refused = async (query: string, field: string) => {
      const r = await viewer.get(`sites/${s.site.id}/analytics?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body, query).toMatchObject({ error: 'INVALID', field });
    };
    await refused('from=2026-02-30&to=2026-03-01', 'from');
    await refused('from=yesterday', 'from');
    await refused('from=2026-03-02&to=2026-03-01', 'to');
    await refused('from=2025-01-01&to=2026-01-02', 'to');
    await refused('from=2026-01-01&to=2026-01-02&tz=Mars/Olympus', 'tz');
    await refused('tz=../../etc/passwd', 'tz');
    await refused('top=0', 'top');
    await refused('top=51', 'top');
    await refused('top=1.5', 'top');
    await refused('from=2026-01-01&from=2026-01-02', 'from');
    // 366 days is the longest range
    expect((await viewer.get(`sites/${s.site.id}/analytics?from=2025-01-01&to=2026-01-01`)).status).toBe(200);
  });

  it('never answers 5xx to a hostile query string', async () => {
    const hostile = [
      'from=%00&to=%00',
      `tz=${'A'.repeat(5000)}`,
      'tz=%E2%80%AE',
      'from[]=1',
      'from[a]=b',
      'top=1e309',
      'top=-1',
      'to=9999-12-31&from=9999-12-01',
      'from=0000-01-01&to=0000-01-02',
      "tz=UTC'; DROP TABLE messages; --",
      `from=${'9'.repeat(400)}`,
      '%zz=1',
    ];
    for (const query of hostile) {
      const r = await viewer.get(`sites/${s.site.id}/analytics?${query}`);
      expect([200, 400], query).toContain(r.status);
    }
    // a hostile site id: refused (a parameter longer than the router takes is 414), never a 5xx
    for (const id of ['%00', 'x'.repeat(101), "'%20OR%201=1--", '..%2F..']) {
      expect([400, 404, 414], id).toContain((await viewer.get(`sites/${id}/analytics`)).status);
    }
  });
});
