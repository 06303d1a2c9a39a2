/** Deleting visitors' data: one visitor's on request, everyone's past RETENTION, and the server's sweep timer. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runAdmin } from '../../server/admin';
import { configFromEnv, retentionFromEnv } from '../../server/config';
import { SWEEP_INTERVAL_MS, startRetention } from '../../server/retention';
import type { DeletedVisitorData, Site, Storage } from '../../server/storage/types';
import { BACKEND, newTestDatabase, openRawDatabase, openTestDatabase, type TestDatabase } from '../support/storages';
import { json, startServer, VISITOR_A, VISITOR_B, type TestServer } from './harness';

const DAY = 86_400_000;
const T0 = Date.parse('2026-01-01T12:00:00.000Z');
const NONE: DeletedVisitorData = { chatSessions: 0, messages: 0, profiles: 0, buttonClicks: 0 };

/** A chat session of two messages, the last at `at`. */
const chat = async (storage: Storage, siteId: string, visitor: string, at: number) =>
  (
    await storage.appendMessages({
      siteId,
      userSessionId: visitor,
      chatSessionId: null,
      newSessionName: 'Q',
      path: '/',
      messages: [
        { role: 'user', content: 'question', createdAt: new Date(at - 1000).toISOString() },
        { role: 'ai', content: 'answer', createdAt: new Date(at).toISOString() },
      ],
    })
  ).chatSession.id;

const click = async (storage: Storage, siteId: string, visitor: string, chatSessionId: string | null = null) =>
  await storage.recordButtonClick(siteId, {
    buttonId: 'b1',
    chatSessionId,
    chatLogId: null,
    userSessionId: visitor,
    pageUrl: 'https://shop.example/',
    referrerUrl: '',
  });

describe('visitors’ data in storage', () => {
  let dir: string;
  let database: TestDatabase;
  let storage: Storage;
  let site: Site;
  let other: Site;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'retention-test-'));
    database = await newTestDatabase(dir);
    storage = await openTestDatabase(database);
    site = await storage.createSite({ name: 'Shop', apiKey: 'pk_test_shop_0123456789', origins: ['self'] });
    other = await storage.createSite({ name: 'Other', apiKey: 'pk_test_other_0123456789', origins: ['self'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await storage.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('deleteVisitorData removes the visitor’s sessions, messages, profile and clicks on that site, nothing else', async () => {
    const a1 = await chat(storage, site.id, VISITOR_A, T0);
    await chat(storage, site.id, VISITOR_A, T0 + 1000);
    await storage.enrichProfile(site.id, VISITOR_A, { email: 'a@example.com' });
    await click(storage, site.id, VISITOR_A, a1);
    await chat(storage, site.id, VISITOR_B, T0);
    await storage.enrichProfile(site.id, VISITOR_B, { email: 'b@example.com' });
    await click(storage, site.id, VISITOR_B);
    // the same visitor id on another site is another site's visitor
    await chat(storage, other.id, VISITOR_A, T0);
    await storage.enrichProfile(other.id, VISITOR_A, { plan: 'gold' });

    expect(await storage.deleteVisitorData(site.id, VISITOR_A)).toEqual({ chatSessions: 2, messages: 4, profiles: 1, buttonClicks: 1 });
    expect(await storage.listChatSessions(site.id, VISITOR_A)).toEqual([]);
    expect(await storage.listMessages(site.id, VISITOR_A, a1)).toEqual([]);
    expect(await storage.getProfile(site.id, VISITOR_A)).toBeNull();
    expect(await storage.countButtonClicks(site.id)).toBe(1);
    expect(await storage.listChatSessions(site.id, VISITOR_B)).toHaveLength(1);
    expect(await storage.getProfile(site.id, VISITOR_B)).toEqual({ email: 'b@example.com' });
    expect(await storage.listChatSessions(other.id, VISITOR_A)).toHaveLength(1);
    expect(await storage.getProfile(other.id, VISITOR_A)).toEqual({ plan: 'gold' });

    // no row of the visitor is left anywhere, even one the storage interface cannot read
    const db = await openRawDatabase(database);
    try {
      const count = async (sql: string, params: unknown[]) => Number((await db.query(sql, params))[0]!.n);
      const left = (sql: string) => count(sql, [site.id, VISITOR_A]);
      expect(await left('SELECT count(*) AS n FROM chat_sessions WHERE site_id = ? AND user_session_id = ?')).toBe(0);
      expect(await left('SELECT count(*) AS n FROM profiles WHERE site_id = ? AND user_session_id = ?')).toBe(0);
      expect(await left('SELECT count(*) AS n FROM button_clicks WHERE site_id = ? AND user_session_id = ?')).toBe(0);
      expect(await count('SELECT count(*) AS n FROM messages WHERE chat_session_id = ?', [a1])).toBe(0);
    } finally {
      await db.close();
    }

    expect(await storage.deleteVisitorData(site.id, VISITOR_A)).toEqual(NONE);
  });

  it('a delete that fails part-way deletes nothing', async () => {
    const a1 = await chat(storage, site.id, VISITOR_A, T0);
    await storage.enrichProfile(site.id, VISITOR_A, { email: 'a@example.com' });
    // another connection makes the profile's delete fail after the messages and sessions are gone
    const db = await openRawDatabase(database);
    await db.exec(
      BACKEND === 'sqlite'
        ? `CREATE TRIGGER keep_profiles BEFORE DELETE ON profiles BEGIN SELECT RAISE(ABORT, 'profiles are locked'); END;`
        : `CREATE FUNCTION keep_profiles() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'profiles are locked'; END $$;
           CREATE TRIGGER keep_profiles BEFORE DELETE ON profiles FOR EACH ROW EXECUTE FUNCTION keep_profiles();`,
    );
    try {
      await expect(storage.deleteVisitorData(site.id, VISITOR_A)).rejects.toThrow(/profiles are locked/);
      await expect(storage.purgeOlderThan(Date.now() + DAY)).rejects.toThrow(/profiles are locked/);
    } finally {
      await db.exec(`DROP TRIGGER keep_profiles${BACKEND === 'sqlite' ? '' : ' ON profiles'}`);
      await db.close();
    }
    expect(await storage.listChatSessions(site.id, VISITOR_A)).toHaveLength(1);
    expect(await storage.listMessages(site.id, VISITOR_A, a1)).toHaveLength(2);
    expect(await storage.getProfile(site.id, VISITOR_A)).toEqual({ email: 'a@example.com' });
  });

  it('purgeOlderThan deletes what was not touched since the cutoff, and keeps an active visitor’s profile', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    // visitor A: an old chat, an old profile, an old click: all go
    const oldChat = await chat(storage, site.id, VISITOR_A, T0);
    await storage.enrichProfile(site.id, VISITOR_A, { email: 'a@example.com' });
    await click(storage, site.id, VISITOR_A, oldChat);
    // visitor B: an old profile, but a chat after the cutoff: the chat and the profile stay
    await storage.enrichProfile(site.id, VISITOR_B, { email: 'b@example.com' });
    await chat(storage, site.id, VISITOR_B, T0);
    const newChat = await chat(storage, site.id, VISITOR_B, T0 + 20 * DAY);
    // another site's visitor with a recent profile and click
    vi.setSystemTime(T0 + 20 * DAY);
    await storage.enrichProfile(other.id, VISITOR_A, { plan: 'gold' });
    await click(storage, other.id, VISITOR_A);

    expect(await storage.purgeOlderThan(T0 + 10 * DAY)).toEqual({ chatSessions: 2, messages: 4, profiles: 1, buttonClicks: 1 });
    expect(await storage.listChatSessions(site.id, VISITOR_A)).toEqual([]);
    expect(await storage.getProfile(site.id, VISITOR_A)).toBeNull();
    expect(await storage.countButtonClicks(site.id)).toBe(0);
    expect((await storage.listChatSessions(site.id, VISITOR_B)).map((s) => s.id)).toEqual([newChat]);
    expect(await storage.listMessages(site.id, VISITOR_B, newChat)).toHaveLength(2);
    expect(await storage.getProfile(site.id, VISITOR_B)).toEqual({ email: 'b@example.com' });
    expect(await storage.getProfile(other.id, VISITOR_A)).toEqual({ plan: 'gold' });
    expect(await storage.countButtonClicks(other.id)).toBe(1);

    // the boundary: a session whose last message is exactly at the cutoff is kept
    expect(await storage.purgeOlderThan(T0 + 20 * DAY)).toEqual(NONE);
    expect(await storage.purgeOlderThan(T0 + 20 * DAY + 1)).toEqual({ chatSessions: 1, messages: 2, profiles: 2, buttonClicks: 1 });
    await expect(storage.purgeOlderThan(Number.NaN)).rejects.toThrow(/not a time/);
  });

  it('data:purge uses --older-than, else RETENTION, and refuses when RETENTION is off', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    await chat(storage, site.id, VISITOR_A, T0);
    await chat(storage, site.id, VISITOR_B, T0 + 5 * DAY);
    const now = () => T0 + 30 * DAY;

    expect(await runAdmin(storage, ['data:purge', '--older-than', '90d'], { now })).toMatch(
      /not touched for 90d .*: 0 chat sessions, 0 messages/,
    );
    expect(await runAdmin(storage, ['data:purge'], { now, retentionMs: 28 * DAY })).toBe(
      `deleted visitors' data not touched for 28d (since ${new Date(T0 + 2 * DAY).toISOString()}): 1 chat session, 2 messages, 0 profiles, 0 button clicks`,
    );
    expect(await storage.listChatSessions(site.id, VISITOR_B)).toHaveLength(1);
    await expect(runAdmin(storage, ['data:purge'], { now, retentionMs: null })).rejects.toThrow(/RETENTION is off: .*--older-than/);
    await expect(runAdmin(storage, ['data:purge', '--older-than', 'soon'], { now })).rejects.toThrow(
      /--older-than: "soon" is not a duration/,
    );
    // a forgotten --older-than must not purge with the default period
    await expect(runAdmin(storage, ['data:purge', '1d'], { now, retentionMs: 28 * DAY })).rejects.toThrow(/does not take 1d/);
    expect(await storage.listChatSessions(site.id, VISITOR_B)).toHaveLength(1);
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
      expect(
        (await s.call('/api/chat', { ...json({ message: 'What are the fees?', userSessionId: visitor, path: '/' }), token })).status,
      ).toBe(200);
      const form = new FormData();
      form.set('sessionId', visitor);
      form.set('email', `${visitor}@example.com`);
      expect((await s.call('/api/enrich', { method: 'POST', body: form, token })).status).toBe(200);
      const clicked = {
        buttonId: 'b1',
        chatSessionId: null,
        chatLogId: null,
        userSessionId: visitor,
        pageUrl: 'https://shop.example/',
        referrerUrl: '',
      };
      expect((await s.call('/api/button-click', { ...json(clicked), token })).status).toBe(204);
    }

    expect(await runAdmin(s.storage, ['visitor:delete', s.site.id, VISITOR_A])).toBe(
      `deleted visitor ${VISITOR_A} on ${s.site.id}: 1 chat session, 2 messages, 1 profile, 1 button click`,
    );
    const sessions = async (visitor: string) =>
      (
        (await (await s.call(`/api/chat/sessions?userSessionId=${visitor}`, { token: await s.tokenFor(visitor) })).json()) as {
          sessions: unknown[];
        }
      ).sessions;
    expect(await sessions(VISITOR_A)).toEqual([]);
    expect(await sessions(VISITOR_B)).toHaveLength(1);
    expect(await s.storage.getProfile(s.site.id, VISITOR_A)).toBeNull();
    expect(await s.storage.getProfile(s.site.id, VISITOR_B)).toEqual({ email: `${VISITOR_B}@example.com` });
    expect(await s.storage.countButtonClicks(s.site.id)).toBe(1);
    expect(await runAdmin(s.storage, ['visitor:delete', s.site.id, VISITOR_A])).toBe(
      `nothing stored for visitor ${VISITOR_A} on ${s.site.id}`,
    );
  });
});

describe('the retention sweep', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sweeps at start and every interval with the cutoff of its clock, until stopped', async () => {
    vi.useFakeTimers();
    let clock = T0;
    const cutoffs: number[] = [];
    const storage = {
      purgeOlderThan: async (cutoffMs: number) => {
        cutoffs.push(cutoffMs);
        return NONE;
      },
    };
    const sweeps: number[] = [];
    const stop = startRetention({ storage, retentionMs: 90 * DAY, now: () => clock, onSweep: (_d, cutoff) => sweeps.push(cutoff) });
    // the sweep at start is under way; its promises settle without the clock moving
    await vi.advanceTimersByTimeAsync(0);
    expect(cutoffs).toEqual([T0 - 90 * DAY]);

    clock += SWEEP_INTERVAL_MS;
    await vi.advanceTimersByTimeAsync(SWEEP_INTERVAL_MS);
    expect(cutoffs).toEqual([T0 - 90 * DAY, T0 + SWEEP_INTERVAL_MS - 90 * DAY]);
    expect(sweeps).toEqual(cutoffs);

    stop();
    await vi.advanceTimersByTimeAsync(10 * SWEEP_INTERVAL_MS);
    expect(cutoffs).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sweeps a period shorter than the interval as often as the period; a failed sweep does not stop the next', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const storage = {
      purgeOlderThan: async () => {
        calls += 1;
        if (calls === 2) throw new Error('database is locked');
        return NONE;
      },
    };
    const stop = startRetention({ storage, retentionMs: 10 * 60_000, now: () => T0, onError: (err) => errors.push(err) });
    await vi.advanceTimersByTimeAsync(30 * 60_000);
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
    expect(() => retentionFromEnv({ RETENTION: '3 months' })).toThrow(
      'RETENTION must be a duration like 90d, 12h or 30m, or off to keep visitors\' data forever, not "3 months"',
    );
  });
});
