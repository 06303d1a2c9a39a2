/** Deleting visitors' data: one visitor's on request, everyone's past RETENTION, and the server's sweep timer. */
import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runAdmin } from '../../server/admin';
import { configFromEnv, retentionFromEnv } from '../../server/config';
import { SWEEP_INTERVAL_MS, startRetention } from '../../server/retention';
import { openSqliteStorage } from '../../server/storage/sqlite';
import type { DeletedVisitorData, Site, Storage } from '../../server/storage/types';
import { json, startServer, VISITOR_A, VISITOR_B, type TestServer } from './harness';

const DAY = 86_400_000;
const T0 = Date.parse('2026-01-01T12:00:00.000Z');
const NONE: DeletedVisitorData = { chatSessions: 0, messages: 0, profiles: 0, buttonClicks: 0 };

/** A chat session of two messages, the last at `at`. */
const chat = (storage: Storage, siteId: string, visitor: string, at: number) =>
  storage.appendMessages({
    siteId,
    userSessionId: visitor,
    chatSessionId: null,
    newSessionName: 'Q',
    path: '/',
    messages: [
      { role: 'user', content: 'question', createdAt: new Date(at - 1000).toISOString() },
      { role: 'ai', content: 'answer', createdAt: new Date(at).toISOString() },
    ],
  }).chatSession.id;

const click = (storage: Storage, siteId: string, visitor: string, chatSessionId: string | null = null) =>
  storage.recordButtonClick(siteId, { buttonId: 'b1', chatSessionId, chatLogId: null, userSessionId: visitor, pageUrl: 'https://shop.example/', referrerUrl: '' });

describe('visitors’ data in storage', () => {
  let dir: string;
  let file: string;
  let storage: Storage;
  let site: Site;
  let other: Site;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'retention-test-'));
    file = path.join(dir, 'db.sqlite');
    storage = openSqliteStorage(file);
    site = storage.createSite({ name: 'Shop', apiKey: 'pk_test_shop_0123456789', origins: ['self'] });
    other = storage.createSite({ name: 'Other', apiKey: 'pk_test_other_0123456789', origins: ['self'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    storage.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('deleteVisitorData removes the visitor’s sessions, messages, profile and clicks on that site, nothing else', () => {
    const a1 = chat(storage, site.id, VISITOR_A, T0);
    chat(storage, site.id, VISITOR_A, T0 + 1000);
    storage.enrichProfile(site.id, VISITOR_A, { email: 'a@example.com' });
    click(storage, site.id, VISITOR_A, a1);
    chat(storage, site.id, VISITOR_B, T0);
    storage.enrichProfile(site.id, VISITOR_B, { email: 'b@example.com' });
    click(storage, site.id, VISITOR_B);
    // the same visitor id on another site is another site's visitor
    chat(storage, other.id, VISITOR_A, T0);
    storage.enrichProfile(other.id, VISITOR_A, { plan: 'gold' });

    expect(storage.deleteVisitorData(site.id, VISITOR_A)).toEqual({ chatSessions: 2, messages: 4, profiles: 1, buttonClicks: 1 });
    expect(storage.listChatSessions(site.id, VISITOR_A)).toEqual([]);
    expect(storage.listMessages(site.id, VISITOR_A, a1)).toEqual([]);
    expect(storage.getProfile(site.id, VISITOR_A)).toBeNull();
    expect(storage.countButtonClicks(site.id)).toBe(1);
    expect(storage.listChatSessions(site.id, VISITOR_B)).toHaveLength(1);
    expect(storage.getProfile(site.id, VISITOR_B)).toEqual({ email: 'b@example.com' });
    expect(storage.listChatSessions(other.id, VISITOR_A)).toHaveLength(1);
    expect(storage.getProfile(other.id, VISITOR_A)).toEqual({ plan: 'gold' });

    // no row of the visitor is left anywhere, even one the storage interface cannot read
    const db = new Database(file, { readonly: true });
    try {
      const left = (sql: string) => Number((db.prepare(sql).get(site.id, VISITOR_A) as { n: number }).n);
      expect(left('SELECT count(*) AS n FROM chat_sessions WHERE site_id = ? AND user_session_id = ?')).toBe(0);
      expect(left('SELECT count(*) AS n FROM profiles WHERE site_id = ? AND user_session_id = ?')).toBe(0);
      expect(left('SELECT count(*) AS n FROM button_clicks WHERE site_id = ? AND user_session_id = ?')).toBe(0);
      expect(Number((db.prepare('SELECT count(*) AS n FROM messages WHERE chat_session_id = ?').get(a1) as { n: number }).n)).toBe(0);
    } finally {
      db.close();
    }

    expect(storage.deleteVisitorData(site.id, VISITOR_A)).toEqual(NONE);
  });

  it('a delete that fails part-way deletes nothing', () => {
    const a1 = chat(storage, site.id, VISITOR_A, T0);
    storage.enrichProfile(site.id, VISITOR_A, { email: 'a@example.com' });
    // another connection makes the profile's delete fail after the messages and sessions are gone
    const db = new Database(file);
    db.exec(`CREATE TRIGGER keep_profiles BEFORE DELETE ON profiles BEGIN SELECT RAISE(ABORT, 'profiles are locked'); END;`);
    try {
      expect(() => storage.deleteVisitorData(site.id, VISITOR_A)).toThrow(/profiles are locked/);
      expect(() => storage.purgeOlderThan(Date.now() + DAY)).toThrow(/profiles are locked/);
    } finally {
      db.exec('DROP TRIGGER keep_profiles');
      db.close();
    }
    expect(storage.listChatSessions(site.id, VISITOR_A)).toHaveLength(1);
    expect(storage.listMessages(site.id, VISITOR_A, a1)).toHaveLength(2);
    expect(storage.getProfile(site.id, VISITOR_A)).toEqual({ email: 'a@example.com' });
  });

  it('purgeOlderThan deletes what was not touched since the cutoff, and keeps an active visitor’s profile', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    // visitor A: an old chat, an old profile, an old click: all go
    const oldChat = chat(storage, site.id, VISITOR_A, T0);
    storage.enrichProfile(site.id, VISITOR_A, { email: 'a@example.com' });
    click(storage, site.id, VISITOR_A, oldChat);
    // visitor B: an old profile, but a chat after the cutoff: the chat and the profile stay
    storage.enrichProfile(site.id, VISITOR_B, { email: 'b@example.com' });
    chat(storage, site.id, VISITOR_B, T0);
    const newChat = chat(storage, site.id, VISITOR_B, T0 + 20 * DAY);
    // another site's visitor with a recent profile and click
    vi.setSystemTime(T0 + 20 * DAY);
    storage.enrichProfile(other.id, VISITOR_A, { plan: 'gold' });
    click(storage, other.id, VISITOR_A);

    expect(storage.purgeOlderThan(T0 + 10 * DAY)).toEqual({ chatSessions: 2, messages: 4, profiles: 1, buttonClicks: 1 });
    expect(storage.listChatSessions(site.id, VISITOR_A)).toEqual([]);
    expect(storage.getProfile(site.id, VISITOR_A)).toBeNull();
    expect(storage.countButtonClicks(site.id)).toBe(0);
    expect(storage.listChatSessions(site.id, VISITOR_B).map((s) => s.id)).toEqual([newChat]);
    expect(storage.listMessages(site.id, VISITOR_B, newChat)).toHaveLength(2);
    expect(storage.getProfile(site.id, VISITOR_B)).toEqual({ email: 'b@example.com' });
    expect(storage.getProfile(other.id, VISITOR_A)).toEqual({ plan: 'gold' });
    expect(storage.countButtonClicks(other.id)).toBe(1);

    // the boundary: a session whose last message is exactly at the cutoff is kept
    expect(storage.purgeOlderThan(T0 + 20 * DAY)).toEqual(NONE);
    expect(storage.purgeOlderThan(T0 + 20 * DAY + 1)).toEqual({ chatSessions: 1, messages: 2, profiles: 2, buttonClicks: 1 });
    expect(() => storage.purgeOlderThan(Number.NaN)).toThrow(/not a time/);
  });

  it('data:purge uses --older-than, else RETENTION, and refuses when RETENTION is off', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    chat(storage, site.id, VISITOR_A, T0);
    chat(storage, site.id, VISITOR_B, T0 + 5 * DAY);
    const now = () => T0 + 30 * DAY;

    expect(runAdmin(storage, ['data:purge', '--older-than', '90d'], { now })).toMatch(/not touched for 90d .*: 0 chat sessions, 0 messages/);
    expect(runAdmin(storage, ['data:purge'], { now, retentionMs: 28 * DAY })).toBe(
      `deleted visitors' data not touched for 28d (since ${new Date(T0 + 2 * DAY).toISOString()}): 1 chat session, 2 messages, 0 profiles, 0 button clicks`,
    );
    expect(storage.listChatSessions(site.id, VISITOR_B)).toHaveLength(1);
    expect(() => runAdmin(storage, ['data:purge'], { now, retentionMs: null })).toThrow(/RETENTION is off: .*--older-than/);
    expect(() => runAdmin(storage, ['data:purge', '--older-than', 'soon'], { now })).toThrow(/--older-than: "soon" is not a duration/);
    // a forgotten --older-than must not purge with the default period
    expect(() => runAdmin(storage, ['data:purge', '1d'], { now, retentionMs: 28 * DAY })).toThrow(/does not take 1d/);
    expect(storage.listChatSessions(site.id, VISITOR_B)).toHaveLength(1);
  });
});

describe('visitor:delete against what the API stored', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => {
    await s.stop();
    await s.remove();
  });

  it('leaves the API nothing of the visitor, and the other visitors everything', async () => {
    for (const visitor of [VISITOR_A, VISITOR_B]) {
      // each visitor with a session of its own (a token serves one visitor)
      const token = await s.tokenFor(visitor);
      expect((await s.call('/api/chat', { ...json({ message: 'What are the fees?', userSessionId: visitor, path: '/' }), token })).status).toBe(200);
      const form = new FormData();
      form.set('sessionId', visitor);
      form.set('email', `${visitor}@example.com`);
      expect((await s.call('/api/enrich', { method: 'POST', body: form, token })).status).toBe(200);
      const clicked = { buttonId: 'b1', chatSessionId: null, chatLogId: null, userSessionId: visitor, pageUrl: 'https://shop.example/', referrerUrl: '' };
      expect((await s.call('/api/button-click', { ...json(clicked), token })).status).toBe(204);
    }

    expect(runAdmin(s.storage, ['visitor:delete', s.site.id, VISITOR_A])).toBe(
      `deleted visitor ${VISITOR_A} on ${s.site.id}: 1 chat session, 2 messages, 1 profile, 1 button click`,
    );
    const sessions = async (visitor: string) => ((await (await s.call(`/api/chat/sessions?userSessionId=${visitor}`, { token: await s.tokenFor(visitor) })).json()) as { sessions: unknown[] }).sessions;
    expect(await sessions(VISITOR_A)).toEqual([]);
    expect(await sessions(VISITOR_B)).toHaveLength(1);
    expect(s.storage.getProfile(s.site.id, VISITOR_A)).toBeNull();
    expect(s.storage.getProfile(s.site.id, VISITOR_B)).toEqual({ email: `${VISITOR_B}@example.com` });
    expect(s.storage.countButtonClicks(s.site.id)).toBe(1);
    expect(runAdmin(s.storage, ['visitor:delete', s.site.id, VISITOR_A])).toBe(`nothing stored for visitor ${VISITOR_A} on ${s.site.id}`);
  });
});

describe('the retention sweep', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sweeps at start and every interval with the cutoff of its clock, until stopped', () => {
    vi.useFakeTimers();
    let clock = T0;
    const cutoffs: number[] = [];
    const storage = { purgeOlderThan: (cutoffMs: number) => (cutoffs.push(cutoffMs), NONE) };
    const sweeps: number[] = [];
    const stop = startRetention({ storage, retentionMs: 90 * DAY, now: () => clock, onSweep: (_d, cutoff) => sweeps.push(cutoff) });
    expect(cutoffs).toEqual([T0 - 90 * DAY]);

    clock += SWEEP_INTERVAL_MS;
    vi.advanceTimersByTime(SWEEP_INTERVAL_MS);
    expect(cutoffs).toEqual([T0 - 90 * DAY, T0 + SWEEP_INTERVAL_MS - 90 * DAY]);
    expect(sweeps).toEqual(cutoffs);

    stop();
    vi.advanceTimersByTime(10 * SWEEP_INTERVAL_MS);
    expect(cutoffs).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sweeps a period shorter than the interval as often as the period; a failed sweep does not stop the next', () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const storage = {
      purgeOlderThan: () => {
        calls += 1;
        if (calls === 2) throw new Error('database is locked');
        return NONE;
      },
    };
    const stop = startRetention({ storage, retentionMs: 10 * 60_000, now: () => T0, onError: (err) => errors.push(err) });
    vi.advanceTimersByTime(30 * 60_000);
    expect(calls).toBe(4);
    expect(errors).toEqual([new Error('database is locked')]);
    stop();
  });
});

describe('RETENTION', () => {
  it('defaults to 90 days; takes a duration; off or 0 keeps data forever; refuses anything else', () => {
    expect(configFromEnv({}, '').retentionMs).toBe(90 * DAY);
    expect(retentionFromEnv({ RETENTION: '' })).toBe(90 * DAY);
    expect(retentionFromEnv({ RETENTION: '12h' })).toBe(12 * 3_600_000);
    expect(retentionFromEnv({ RETENTION: 'off' })).toBeNull();
    expect(retentionFromEnv({ RETENTION: '0' })).toBeNull();
    expect(() => retentionFromEnv({ RETENTION: '3 months' })).toThrow('RETENTION must be a duration like 90d, 12h or 30m, or off to keep visitors\' data forever, not "3 months"');
  });
});
