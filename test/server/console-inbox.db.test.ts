/**
 * The conversations inbox's API (docs/console.md "The conversations inbox"), on SQLite and PostgreSQL alike: the
 * list, its filters and full-text search (the same semantics on both), the transcript, the exports (CSV escaping,
 * streamed), one visitor's data exported and deleted with their audit entries, who may do what, 404 for another
 * site's, and no 5xx for hostile query parameters.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runAdmin } from '../../server/admin';
import { createOperations } from '../../server/operations';
import { MIGRATIONS } from '../../server/storage/migrations';
import type { MessageDetails, NewMessage, Site } from '../../server/storage/types';
import { BACKEND, newTestDatabase, openRawDatabase, openTestDatabase } from '../support/storages';
import { json, ORIGIN, startServer, type TestServer } from './harness';

type Json = Record<string, unknown>;

let s: TestServer;
let other: Site;
const PASSWORD = 'correct horse battery staple';
/** Every status seen: none may be 5xx. */
const statuses: { what: string; status: number }[] = [];

/** A browser of the console: its cookie, its CSRF token, the console's own Origin. */
class Browser {
  cookie: string | undefined;
  csrf: string | undefined;

  async fetch(pathname: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Response> {
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    if (method !== 'GET') headers.set('Origin', s.base);
    if (this.cookie) headers.set('Cookie', `console_session=${this.cookie}`);
    if (this.csrf && method !== 'GET') headers.set('X-CSRF-Token', this.csrf);
    const res = await fetch(`${s.base}/console/api/${pathname}`, { method, headers });
    statuses.push({ what: `${method} ${pathname}`, status: res.status });
    for (const c of res.headers.getSetCookie()) {
      const m = /^console_session=([^;]*)/.exec(c);
      if (m) this.cookie = m[1] || undefined;
    }
    return res;
  }

  async call(pathname: string, method = 'GET'): Promise<{ status: number; body: Json }> {
    const res = await this.fetch(pathname, { method });
    const text = await res.text();
    const body = text ? (JSON.parse(text) as Json) : {};
    if (typeof body.csrfToken === 'string') this.csrf = body.csrfToken;
    return { status: res.status, body };
  }
}

const tokenOf = (printed: string) => /\/console\/invite\/([A-Za-z0-9_-]+)/.exec(printed)![1]!;

/** A new account signed in on the browser returned, with `role` on the test site. */
async function account(email: string, role: 'owner' | 'viewer' | 'editor'): Promise<Browser> {
  const browser = new Browser();
  const token = tokenOf(await runAdmin(s.storage, ['owner:invite', '--email', email], { publicUrl: s.base }));
  const res = await fetch(`${s.base}/console/api/invites/${token}`, {
    ...json({ password: PASSWORD }),
    headers: { 'Content-Type': 'application/json', Origin: s.base },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { account: { id: string }; csrfToken: string };
  browser.cookie = /^console_session=([^;]*)/.exec(res.headers.getSetCookie().find((c) => c.startsWith('console_session='))!)![1];
  browser.csrf = body.csrfToken;
  await s.storage.addMember(s.site.id, body.account.id, role);
  return browser;
}

let owner: Browser;
let viewer: Browser;
let editor: Browser;

/** A conversation stored as the chat route stores one: its messages at `minute`s past a fixed hour, one a minute. */
async function conversation(
  visitor: string,
  path: string,
  day: string,
  messages: (Omit<NewMessage, 'createdAt'> & { at?: string })[],
  site = s.site.id,
): Promise<string> {
  let i = 0;
  const stamped = messages.map(({ at, ...m }) => ({ ...m, createdAt: at ?? `${day}T10:${String(i++).padStart(2, '0')}:00.000Z` }));
  const { chatSession } = await s.storage.appendMessages({
    siteId: site,
    userSessionId: visitor,
    chatSessionId: null,
    newSessionName: messages[0]!.content.slice(0, 60),
    path,
    messages: stamped,
  });
  return chatSession.id;
}

const VISITOR_1 = 'visitor-inbox-0001';
const VISITOR_2 = 'visitor-inbox-0002';
const VISITOR_3 = 'visitor-inbox-0003';
const ids: Record<string, string> = {};

const context: MessageDetails = {
  context: {
    path: '/fees',
    documents: [{ id: 'doc-1', name: 'Fee guide', kind: 'document' }],
    focus: { id: 'doc-1', name: 'Fee guide' },
    actionButtons: [{ id: 'act-1', name: 'Book a call', buttonType: 'ACTION' }],
  },
};

beforeAll(async () => {
  s = await startServer({ console: { scryptCost: { N: 1024, r: 8, p: 1 } } });
  owner = await account('owner@shop.example', 'owner');
  viewer = await account('viewer@shop.example', 'viewer');
  editor = await account('editor@shop.example', 'editor');
  other = await s.storage.createSite({ name: 'Other shop', apiKey: 'pk_test_other_0123456789abcdefghij', origins: [ORIGIN] });

  ids.fees = await conversation(VISITOR_1, '/fees', '2026-03-01', [
    { role: 'user', content: 'What are the Management fees?', details: context },
    {
      role: 'ai',
      content: 'The management fee is 0.5% a year.',
      details: { buttons: { followUps: ['What about exit fees?'], responseButtons: [], sources: ['Fee guide'] } },
    },
    { role: 'user', content: 'And the résumé of costs?', voice: true },
    { role: 'ai', content: 'I couldn’t find anything about that in this page.', nothingFound: true, voice: true },
  ]);
  ids.super = await conversation(VISITOR_2, '/questionnaire/step-1', '2026-03-02', [
    { role: 'user', content: 'How does superannuation work?' },
    { role: 'ai', content: 'Superannuation is money set aside', incomplete: true },
  ]);
  ids.failed = await conversation(VISITOR_2, '/questionnaire/step-2', '2026-03-03', [
    { role: 'user', content: '=HYPERLINK("http://evil.example","click") and "quotes", commas\nnew line', answerFailed: true },
  ]);
  ids.hostile = await conversation(VISITOR_3, '/', '2026-03-04', [
    { role: 'user', content: '<img src=x onerror=alert(1)> RESUME fees' },
    { role: 'ai', content: '-2+3 @SUM(A1) fee' },
  ]);
  ids.other = await conversation(
    'visitor-other-0001',
    '/fees',
    '2026-03-05',
    [{ role: 'user', content: 'fees on the other site' }],
    other.id,
  );
  await s.storage.recordButtonClick(s.site.id, {
    buttonId: `act-1`,
    chatSessionId: ids.fees,
    chatLogId: null,
    userSessionId: VISITOR_1,
    pageUrl: `${ORIGIN}/fees`,
    referrerUrl: '',
  });
  await s.storage.enrichProfile(s.site.id, VISITOR_1, { name: 'Ann' });
});

afterAll(async () => {
  await s.stop();
  await s.remove();
  expect(statuses.filter((x) => x.status >= 500)).toEqual([]);
});

const list = async (b: Browser, query = '') => {
  const r = await b.call(`sites/${s.site.id}/conversations${query ? `?${query}` : ''}`);
  expect(r.status, query).toBe(200);
  return r.body as { conversations: Json[]; nextCursor: string | null };
};
const idsOf = (page: { conversations: Json[] }) => page.conversations.map((c) => c.id);

describe(`the conversations inbox on ${BACKEND}`, () => {
  it('lists a site’s conversations newest first, with their page, counts, first question and states', async () => {
    const page = await list(viewer);
    expect(idsOf(page)).toEqual([ids.hostile, ids.failed, ids.super, ids.fees]);
    expect(page.nextCursor).toBeNull();
    expect(page.conversations[3]).toEqual({
      id: ids.fees,
      visitorId: VISITOR_1,
      name: 'What are the Management fees?',
      path: '/fees',
      startedAt: '2026-03-01T10:00:00.000Z',
      lastActivityAt: '2026-03-01T10:03:00.000Z',
      messageCount: 4,
      firstQuestion: 'What are the Management fees?',
      failed: false,
      incomplete: false,
      nothingFound: true,
      voiceTurns: 1,
      match: null,
    });
    expect(page.conversations.map((c) => [c.failed, c.incomplete, c.nothingFound])).toEqual([
      [false, false, false],
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ]);
  });

  it('pages with a cursor, each conversation once', async () => {
    const first = await list(viewer, 'limit=3');
    expect(idsOf(first)).toEqual([ids.hostile, ids.failed, ids.super]);
    const second = await list(viewer, `limit=3&cursor=${first.nextCursor}`);
    expect(idsOf(second)).toEqual([ids.fees]);
    expect(second.nextCursor).toBeNull();
  });

  it('filters by date range, page path (exact or a prefix) and state', async () => {
    expect(idsOf(await list(viewer, 'from=2026-03-02&to=2026-03-03'))).toEqual([ids.failed, ids.super]);
    expect(idsOf(await list(viewer, 'from=2026-03-01T10:02:00Z&to=2026-03-02T10:00:30%2B00:00'))).toEqual([ids.fees]);
    expect(idsOf(await list(viewer, 'path=/fees'))).toEqual([ids.fees]);
    expect(idsOf(await list(viewer, 'path=/questionnaire/*'))).toEqual([ids.failed, ids.super]);
    expect(idsOf(await list(viewer, 'state=failed'))).toEqual([ids.failed]);
    expect(idsOf(await list(viewer, 'state=incomplete'))).toEqual([ids.super]);
    expect(idsOf(await list(viewer, 'state=nothing-found'))).toEqual([ids.fees]);
    expect(idsOf(await list(viewer, 'state=failed,nothing-found'))).toEqual([ids.failed, ids.fees]);
    expect(idsOf(await list(viewer, 'state=failed&path=/fees'))).toEqual([]);
  });

  it('searches messages: words AND-ed, the last a prefix, without case or diacritics, no stemming; the same on both databases', async () => {
    const search = async (q: string) => idsOf(await list(viewer, `q=${encodeURIComponent(q)}`));
    expect(await search('management')).toEqual([ids.fees]);
    expect(await search('MANAG')).toEqual([ids.fees]);
    expect(await search('fees management')).toEqual([ids.fees]);
    expect(await search('fees superannuation')).toEqual([]);
    expect(await search('resume')).toEqual([ids.hostile, ids.fees]);
    expect(await search('résumé')).toEqual([ids.hostile, ids.fees]);
    // no stemming: a whole word is that word; the last word, a prefix, finds longer ones
    expect(await search('works superannuation')).toEqual([]);
    expect(await search('managements')).toEqual([]);
    expect(await search('fee')).toEqual([ids.hostile, ids.fees]);
    expect(await search('superannuation work')).toEqual([ids.super]);
    // operators are plain words or separators
    expect(await search('"management" OR')).toEqual([]);
    expect(await search('fees -manag*')).toEqual([ids.fees]);
    expect(await search('manag* -fees')).toEqual([]);
    expect(await search('hyperlink evil')).toEqual([ids.failed]);
    // nothing but separators: no search
    expect(await search('*"-:&|!')).toHaveLength(4);
    // with the other filters
    expect(idsOf(await list(viewer, 'q=fee&state=nothing-found'))).toEqual([ids.fees]);
  });

  it('gives each result its newest matching message as plain-text segments, never markup', async () => {
    const page = await list(viewer, `q=${encodeURIComponent('resume')}`);
    const [hostile, fees] = page.conversations as { match: { role: string; snippet: { text: string; hit: boolean }[] } }[];
    expect(hostile!.match.role).toBe('user');
    expect(hostile!.match.snippet).toEqual([
      { text: '<img src=x onerror=alert(1)> ', hit: false },
      { text: 'RESUME', hit: true },
      { text: ' fees', hit: false },
    ]);
    expect(fees!.match.snippet.filter((x) => x.hit).map((x) => x.text)).toEqual(['résumé']);
  });

  it('shows a transcript: messages in order, context, buttons offered and clicked, voice and states', async () => {
    const r = await viewer.call(`sites/${s.site.id}/conversations/${ids.fees}`);
    expect(r.status).toBe(200);
    const t = r.body as { conversation: Json; messages: Json[]; clicks: Json[] };
    expect(t.conversation.id).toBe(ids.fees);
    expect(t.messages.map((m) => [m.role, m.voice, m.nothingFound])).toEqual([
      ['user', false, false],
      ['ai', false, false],
      ['user', true, false],
      ['ai', true, true],
    ]);
    expect(t.messages[0]).toMatchObject({ context: context.context, clicked: ['act-1'], buttons: null });
    const answerId = t.messages[1]!.id as string;
    expect(t.messages[1]).toMatchObject({
      context: null,
      buttons: { followUps: [{ id: `${answerId}-f0`, text: 'What about exit fees?' }], responseButtons: [], sources: ['Fee guide'] },
      clicked: [],
    });
    expect(t.clicks).toEqual([{ buttonId: 'act-1', at: expect.any(String) as unknown, pageUrl: `${ORIGIN}/fees`, label: 'Book a call' }]);
  });

  it('records what the transcript shows from a real chat: the page, the buttons offered, a failure', async () => {
    const token = await s.tokenFor('visitor-inbox-chat-01');
    const res = await s.call('/api/chat', {
      ...json({ message: 'Tell me about fees', userSessionId: 'visitor-inbox-chat-01', path: '/chat-page' }),
      token,
    });
    expect(res.status).toBe(200);
    const { chatSessionId } = (await res.json()) as { chatSessionId: string };
    ids.chat = chatSessionId;
    const t = (await viewer.call(`sites/${s.site.id}/conversations/${chatSessionId}`)).body as { messages: Json[] };
    expect(t.messages[0]).toMatchObject({ role: 'user', context: { path: '/chat-page', documents: [], focus: null, actionButtons: [] } });
    expect(t.messages[1]).toMatchObject({
      role: 'ai',
      buttons: { followUps: [{ text: 'Tell me more' }], sources: [] },
      nothingFound: false,
    });
    // asked in voice mode: the request carries the avatar's session
    const voiced = await s.call('/api/chat', {
      ...json({
        message: 'And the exit fees?',
        userSessionId: 'visitor-inbox-chat-01',
        path: '/chat-page',
        chatSessionId,
        sessionToken: 'avatar-token',
        streamSessionId: 'avatar-session',
      }),
      token,
    });
    expect(voiced.status).toBe(200);
    const again = (await viewer.call(`sites/${s.site.id}/conversations/${chatSessionId}`)).body as { conversation: Json; messages: Json[] };
    expect(again.messages.map((m) => m.voice)).toEqual([false, false, true, true]);
    expect(again.conversation.voiceTurns).toBe(1);
  });

  it('exports the filtered list and one conversation as CSV, safe for spreadsheets', async () => {
    const res = await viewer.fetch(`sites/${s.site.id}/conversations/export?format=csv&path=/questionnaire/*`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="conversations-[A-Za-z0-9_-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'id,visitorId,startedAt,lastActivityAt,path,messageCount,firstQuestion,failed,incomplete,nothingFound,voiceTurns',
      `${ids.failed},${VISITOR_2},2026-03-03T10:00:00.000Z,2026-03-03T10:00:00.000Z,/questionnaire/step-2,1,"'=HYPERLINK(""http://evil.example"",""click"") and ""quotes"", commas\nnew line",true,false,false,0`,
      `${ids.super},${VISITOR_2},2026-03-02T10:00:00.000Z,2026-03-02T10:01:00.000Z,/questionnaire/step-1,2,How does superannuation work?,false,true,false,0`,
      '',
    ]);
    const one = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      await (await viewer.fetch(`sites/${s.site.id}/conversations/${ids.hostile}/export`)).arrayBuffer(),
    );
    const rows = one.slice(1).split('\r\n');
    expect(rows[0]).toBe('conversationId,messageId,at,role,type,content,failed,incomplete,nothingFound,voice');
    expect(rows[2]).toMatch(/,ai,TEXT,"'-2\+3 @SUM\(A1\) fee",false,false,false,false$/);
  });

  it('exports as JSON: the list with its matches, and a conversation’s transcript', async () => {
    const res = await viewer.fetch(`sites/${s.site.id}/conversations/export?format=json&q=fee`);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const rows = (await res.json()) as Json[];
    expect(rows.map((r) => r.id)).toEqual([ids.chat, ids.hostile, ids.fees]);
    expect(rows[1]!.match).toMatchObject({ role: 'ai' });
    const empty = await (await viewer.fetch(`sites/${s.site.id}/conversations/export?format=json&path=/nowhere`)).json();
    expect(empty).toEqual([]);
    const t = (await (await viewer.fetch(`sites/${s.site.id}/conversations/${ids.fees}/export?format=json`)).json()) as Json;
    expect(t).toEqual((await viewer.call(`sites/${s.site.id}/conversations/${ids.fees}`)).body);
  });

  it('lets viewers read, and only owners export or delete a visitor’s data', async () => {
    for (const b of [viewer, editor]) {
      expect((await b.call(`sites/${s.site.id}/visitors/${VISITOR_3}/export`)).status).toBe(403);
      const r = await b.call(`sites/${s.site.id}/visitors/${VISITOR_3}`, 'DELETE');
      expect(r.status).toBe(403);
      expect(r.body.error).toBe('FORBIDDEN');
    }
    expect(idsOf(await list(owner))).toContain(ids.hostile);
  });

  it('answers 404 for another site’s conversations and visitors, and for a site one has no role on, on every route', async () => {
    const paths = [
      `sites/${other.id}/conversations`,
      `sites/${other.id}/conversations/export`,
      `sites/${other.id}/conversations/${ids.other}`,
      `sites/${other.id}/conversations/${ids.other}/export`,
      `sites/${other.id}/visitors/visitor-other-0001/export`,
      `sites/${s.site.id}/conversations/${ids.other}`,
      `sites/${s.site.id}/conversations/${ids.other}/export`,
      `sites/${s.site.id}/visitors/visitor-other-0001/export`,
      `sites/${s.site.id}/conversations/no-such-conversation`,
      `sites/${s.site.id}/visitors/bad%20id/export`,
    ];
    for (const p of paths) {
      const r = await owner.call(p);
      expect(r.status, p).toBe(404);
      expect(r.body).toEqual({ error: 'NOT_FOUND', message: 'Not found.' });
    }
    expect((await owner.call(`sites/${other.id}/visitors/visitor-other-0001`, 'DELETE')).status).toBe(404);
    expect(await s.storage.listVisitorConversations(other.id, 'visitor-other-0001')).toHaveLength(1);
    expect((await new Browser().call(`sites/${s.site.id}/conversations`)).status).toBe(401);
  });

  it('refuses hostile query parameters with 400, never a 5xx', async () => {
    const refused = [
      'from=yesterday',
      'from=2026-02-30',
      'to=2026-13-01',
      'from=2026-03-01T25:00:00Z',
      'state=bad',
      'state=failed,',
      'limit=0',
      'limit=101',
      'limit=-1',
      'limit=1e2',
      'cursor=garbage',
      `cursor=${Buffer.from('["x",1]').toString('base64url')}`,
      `cursor=${Buffer.from('{"a":1}').toString('base64url')}`,
      'q=a&q=b',
      'state=failed&state=incomplete',
      `q=${'x'.repeat(201)}`,
      `path=${'/'.repeat(501)}`,
    ];
    for (const q of refused) {
      const r = await viewer.call(`sites/${s.site.id}/conversations?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error).toBe('INVALID');
    }
    expect((await viewer.call(`sites/${s.site.id}/conversations/export?format=xml`)).body).toMatchObject({
      error: 'INVALID',
      field: 'format',
    });
    const accepted = [
      'q=%00',
      `q=${encodeURIComponent('" OR 1=1 --')}`,
      `q=${encodeURIComponent('NEAR(a b) AND c:*')}`,
      `q=${encodeURIComponent("'); DROP TABLE messages; --")}`,
      `q=${encodeURIComponent('\\ & | ! ( ) <-> :*')}`,
      'path=%00',
      'path=*',
      `path=${encodeURIComponent("%' OR 1=1 --")}`,
      'from=&to=&state=&q=&path=',
      `q=${encodeURIComponent('一二三 Ωμέγα ß')}`,
    ];
    for (const q of accepted) expect((await viewer.call(`sites/${s.site.id}/conversations?${q}`)).status, q).toBe(200);
    for (const id of ['%00', '..%2F..', 'x'.repeat(101), '%F0%9F%92%A9']) {
      // 414: longer than the router takes
      expect([400, 404, 414], id).toContain((await viewer.call(`sites/${s.site.id}/conversations/${id}`)).status);
    }
  });

  it('exports one visitor’s data (owners), then deletes it, both in the audit log; the CLI’s delete is the same operation', async () => {
    const res = await owner.fetch(`sites/${s.site.id}/visitors/${VISITOR_1}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="visitor-${VISITOR_1}.json"`);
    const data = (await res.json()) as { profile: Json; conversations: { id: string; messages: Json[] }[]; clicks: Json[] };
    expect(data).toMatchObject({ siteId: s.site.id, visitorId: VISITOR_1, profile: { name: 'Ann' } });
    expect(data.conversations.map((c) => [c.id, c.messages.length])).toEqual([[ids.fees, 4]]);
    expect(data.clicks).toEqual([
      { buttonId: 'act-1', chatSessionId: ids.fees, at: expect.any(String) as unknown, pageUrl: `${ORIGIN}/fees`, referrerUrl: '' },
    ]);

    const r = await owner.call(`sites/${s.site.id}/visitors/${VISITOR_1}`, 'DELETE');
    expect(r).toEqual({ status: 200, body: { deleted: { chatSessions: 1, messages: 4, profiles: 1, buttonClicks: 1 } } });
    expect(idsOf(await list(owner))).not.toContain(ids.fees);
    expect(idsOf(await list(owner, 'q=management'))).toEqual([]);
    expect((await owner.call(`sites/${s.site.id}/visitors/${VISITOR_1}/export`)).status).toBe(404);

    expect(await runAdmin(s.storage, ['visitor:delete', s.site.id, VISITOR_3])).toMatch(/^deleted visitor visitor-inbox-0003/);
    const audit = await s.storage.listAudit(s.site.id, { limit: 10 });
    expect(audit.slice(0, 3).map((e) => [e.action, e.actor.kind, e.before, e.after])).toEqual([
      ['visitor.delete', 'cli', { visitorId: VISITOR_3, chatSessions: 1, messages: 2, profiles: 0, buttonClicks: 0 }, null],
      ['visitor.delete', 'account', { visitorId: VISITOR_1, chatSessions: 1, messages: 4, profiles: 1, buttonClicks: 1 }, null],
      ['visitor.export', 'account', null, { visitorId: VISITOR_1, chatSessions: 1, messages: 4 }],
    ]);
  });
});

describe(`a large export on ${BACKEND}`, () => {
  it('is written as it is read, a page at a time: the first bytes come before the last page is read', async () => {
    // 5,000 conversations of about 4 KB: 20 MB, more than the connection's buffers hold
    const filler = 'x'.repeat(4000);
    const many: Promise<string>[] = [];
    for (let i = 0; i < 5000; i++) {
      many.push(
        conversation(`visitor-bulk-${String(i).padStart(5, '0')}`, '/bulk', '2026-04-01', [
          { role: 'user', content: `${filler} ${i}`, at: new Date(Date.UTC(2026, 3, 1) + i * 1000).toISOString() },
        ]),
      );
      if (many.length === 100) await Promise.all(many.splice(0));
    }
    await Promise.all(many);
    const read = vi.spyOn(s.storage, 'listConversations');
    const res = await viewer.fetch(`sites/${s.site.id}/conversations/export?format=csv&path=/bulk`, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBeNull();
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value!, { stream: true });
    // the server has read a few pages of 500 ahead of the reader, not the whole export
    expect(read.mock.calls.length).toBeLessThan(10);
    expect(read.mock.calls.every(([, , page]) => page.limit <= 500)).toBe(true);
    let rows = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // counted as it comes, not kept
      text += decoder.decode(value, { stream: true });
      const lines = text.split('\r\n');
      rows += lines.length - 1;
      text = lines.at(-1)!;
    }
    // the header and one row per conversation
    expect(rows).toBe(5001);
    expect(read.mock.calls.length).toBe(11);
    read.mockRestore();
  }, 120_000);
});

describe(`schema 13 on ${BACKEND}`, () => {
  it('indexes the messages already stored, and marks the built-in engine’s nothing-found answers among them', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'inbox-migrate-'));
    try {
      const db = await newTestDatabase(dir);
      // a database as the server before the inbox left it: version 12, with a conversation in it
      const raw = await openRawDatabase(db);
      if (db.backend === 'postgres')
        await raw.exec('CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at text NOT NULL)');
      for (const m of MIGRATIONS.filter((m) => m.version <= 12)) {
        if (m[db.backend] === null) continue;
        await raw.exec(m[db.backend]!);
        if (db.backend === 'sqlite') await raw.exec(`PRAGMA user_version = ${m.version}`);
        else await raw.exec(`INSERT INTO schema_migrations (version, applied_at) VALUES (${m.version}, '2026-01-01T00:00:00.000Z')`);
      }
      const t = `'2026-01-02T00:00:00.000Z'`;
      await raw.exec(
        `INSERT INTO sites (id, name, api_key_hash, key_prefix, created_at) VALUES ('old-site', 'Old', 'hash', 'pk_old', ${t})`,
      );
      await raw.exec(
        `INSERT INTO chat_sessions (id, site_id, user_session_id, name, path, created_at, last_message_at, message_count)
         VALUES ('old-chat', 'old-site', 'visitor-old-00001', 'Old', '/old', ${t}, ${t}, 2)`,
      );
      await raw.exec(
        `INSERT INTO messages (id, chat_session_id, seq, role, content, created_at) VALUES
         ('old-q', 'old-chat', 0, 'user', 'Où sont les Frais d''entrée ?', ${t}),
         ('old-a', 'old-chat', 1, 'ai', 'I couldn''t find anything about that in this page.', ${t})`,
      );
      await raw.close();

      const storage = await openTestDatabase(db);
      try {
        const ops = createOperations(storage);
        const found = await ops.listConversations({ kind: 'cli' }, 'old-site', { q: 'frais ENTREE' });
        expect(found.conversations.map((c) => [c.id, c.nothingFound, c.failed])).toEqual([['old-chat', true, false]]);
        expect(found.conversations[0]!.match!.snippet.filter((x) => x.hit).map((x) => x.text)).toEqual(['Frais', 'entrée']);
        expect((await ops.listConversations({ kind: 'cli' }, 'old-site', { q: 'où' })).conversations).toHaveLength(1);
      } finally {
        await storage.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe(`a failed answer on ${BACKEND}`, () => {
  it('marks the question whose answer failed, so the conversation is in the failed state', async () => {
    const failing = await startServer({
      answers: {
        name: 'failing',
        answer: async () => {
          throw new Error('down');
        },
      },
    });
    try {
      const visitor = 'visitor-inbox-fail-01';
      const res = await failing.call('/api/chat', {
        ...json({ message: 'Anyone there?', userSessionId: visitor, path: '/help' }),
        token: await failing.tokenFor(visitor),
      });
      expect(res.status).toBe(502);
      const ops = createOperations(failing.storage);
      const { conversations } = await ops.listConversations({ kind: 'cli' }, failing.site.id, { state: 'failed' });
      expect(conversations.map((c) => [c.visitorId, c.messageCount, c.failed])).toEqual([[visitor, 1, true]]);
      const t = await ops.getTranscript({ kind: 'cli' }, failing.site.id, conversations[0]!.id);
      expect(t.messages.map((m) => [m.role, m.failed])).toEqual([['user', true]]);
    } finally {
      await failing.stop();
      await failing.remove();
    }
  });
});
