/**
 * The storage interface's contract (server/storage/types.ts), run on the backend of the project: SQLite in
 * `node`, PostgreSQL in `postgres` (issue 17). What the API tests cannot see from outside is here: writes at
 * once, the shared state (counts, token families, secrets, locks, answers by question id) with a clock the
 * test moves, and, where a second instance can open the same database, what one instance sees of the other's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_LEASE_MS } from '../../server/storage/postgres/shared';
import type { Storage } from '../../server/storage/types';
import { BACKEND, newTestDatabase, openTestDatabase, type TestDatabase } from '../support/storages';

const KEY = 'pk_contract_0123456789abcdefghij';
const T0 = Date.parse('2026-11-24T00:00:00.000Z');

let dir: string;
let db: TestDatabase;
let clock: number;
let opened: Storage[];
let storage: Storage;

/** Another instance on the same database (its own pool, caches and listener on PostgreSQL). */
const instance = async () => {
  const s = await openTestDatabase(db, { now: () => clock });
  opened.push(s);
  return s;
};

/**
 * Another instance for the shared state: on PostgreSQL a second one; on SQLite the same one, whose shared state
 * is its process's memory (one process owns a SQLite file).
 */
const peer = async () => (BACKEND === 'postgres' ? instance() : storage);

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'storage-contract-'));
  db = await newTestDatabase(dir);
  clock = T0;
  opened = [];
  storage = await instance();
});

afterEach(async () => {
  for (const s of opened) await s.close();
  await rm(dir, { recursive: true, force: true });
});

const newSite = (s: Storage = storage) => s.createSite({ name: 'Shop', apiKey: KEY, origins: ['https://shop.example'] });
const message = (role: 'user' | 'ai', content: string) => ({ role, content, createdAt: new Date().toISOString() });

describe(`the storage on ${BACKEND}`, () => {
  it('migrates a database once when instances open it together, and opens it again at its version', async () => {
    const more = await Promise.all([instance(), instance(), instance()]);
    const site = await newSite(more[0]);
    expect((await more[2]!.getSite(site.id))?.name).toBe('Shop');
    expect((await (await instance()).listSites()).map((s) => s.id)).toEqual([site.id]);
  });

  it('appends a question and its answer together, numbered in order, to a session it makes', async () => {
    const site = await newSite();
    const first = await storage.appendMessages({
      siteId: site.id,
      userSessionId: 'visitor-1',
      chatSessionId: null,
      newSessionName: 'Fees',
      path: '/',
      messages: [message('user', 'What fees?'), message('ai', 'These.')],
    });
    expect(first.chatSession).toMatchObject({ name: 'Fees', totalMessages: 2 });
    const second = await storage.appendMessages({
      siteId: site.id,
      userSessionId: 'visitor-1',
      chatSessionId: first.chatSession.id,
      newSessionName: 'unused',
      path: '/',
      messages: [message('user', 'And risk?'), { ...message('ai', 'Part of'), incomplete: true }],
    });
    expect(second.chatSession.totalMessages).toBe(4);
    const listed = await storage.listMessages(site.id, 'visitor-1', first.chatSession.id);
    expect(listed.map((m) => [m.role, m.content, m.incomplete])).toEqual([
      ['user', 'What fees?', false],
      ['ai', 'These.', false],
      ['user', 'And risk?', false],
      ['ai', 'Part of', true],
    ]);
    // another visitor, or the same visitor on another site, reads nothing of it
    expect(await storage.listMessages(site.id, 'visitor-2', first.chatSession.id)).toEqual([]);
    expect(await storage.getChatSession(site.id, 'visitor-2', first.chatSession.id)).toBeNull();
  });

  it('keeps every message of appends at once to one session, from two instances, none lost or numbered twice', async () => {
    const other = await instance();
    const site = await newSite();
    const { chatSession } = await storage.appendMessages({
      siteId: site.id,
      userSessionId: 'v-1',
      chatSessionId: null,
      newSessionName: 'S',
      path: '/',
      messages: [],
    });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? other : storage).appendMessages({
          siteId: site.id,
          userSessionId: 'v-1',
          chatSessionId: chatSession.id,
          newSessionName: 'S',
          path: '/',
          messages: [message('user', `q${i}`), message('ai', `a${i}`)],
        }),
      ),
    );
    const listed = await other.listMessages(site.id, 'v-1', chatSession.id);
    expect(listed).toHaveLength(40);
    // each question is followed by its own answer: an append's messages are never interleaved with another's
    for (let i = 0; i < 40; i += 2) expect(listed[i + 1]!.content).toBe(listed[i]!.content.replace('q', 'a'));
    expect((await storage.getChatSession(site.id, 'v-1', chatSession.id))!.totalMessages).toBe(40);
  });

  it('writes nothing of an append to a session that is not the visitor’s', async () => {
    const site = await newSite();
    const { chatSession } = await storage.appendMessages({
      siteId: site.id,
      userSessionId: 'v-1',
      chatSessionId: null,
      newSessionName: 'S',
      path: '/',
      messages: [message('user', 'mine')],
    });
    await expect(
      storage.appendMessages({
        siteId: site.id,
        userSessionId: 'v-2',
        chatSessionId: chatSession.id,
        newSessionName: 'S',
        path: '/',
        messages: [message('user', 'theirs')],
      }),
    ).rejects.toThrow('chat session not found');
    expect((await storage.listMessages(site.id, 'v-1', chatSession.id)).map((m) => m.content)).toEqual(['mine']);
    expect(await storage.listChatSessions(site.id, 'v-2')).toEqual([]);
  });

  it('merges profile fields written at once, and writes nothing past the field limit', async () => {
    const other = await instance();
    const site = await newSite();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? other : storage).enrichProfile(site.id, 'v-1', { [`f${i}`]: String(i) })),
    );
    expect(Object.keys((await storage.getProfile(site.id, 'v-1'))!).sort()).toEqual([
      'f0',
      'f1',
      'f2',
      'f3',
      'f4',
      'f5',
      'f6',
      'f7',
      'f8',
      'f9',
    ]);
    expect(await storage.enrichProfile(site.id, 'v-1', { a: '1', b: '2' }, 11)).toBeNull();
    expect(Object.keys((await storage.getProfile(site.id, 'v-1'))!)).toHaveLength(10);
    expect(await storage.enrichProfile(site.id, 'v-2', { a: '1', b: '2' }, 1)).toBeNull();
    expect(await storage.getProfile(site.id, 'v-2')).toBeNull();
    expect(await storage.enrichProfile(site.id, 'v-1', { f0: 'zero' }, 10)).toMatchObject({ f0: 'zero', f9: '9' });
  });

  it('sorts documents, footer buttons and action buttons as it stores them, names in byte order', async () => {
    const site = await newSite();
    for (const name of ['b', 'B', 'a'])
      await storage.addActionTrigger(site.id, { path: '/x', name, buttonType: 'ACTION', actionMessage: name, position: 0 });
    expect((await storage.actionTriggersForPath(site.id, '/x')).map((t) => t.name)).toEqual(['B', 'a', 'b']);
    const doc = await storage.addDocument({ siteId: site.id, name: 'Guide', type: 'md', fileId: null, text: '# Guide' });
    await Promise.all(
      ['one', 'two', 'three'].map((label) => storage.addFooterButton(doc.id, { label, type: 'BUTTON', actionType: 'open_chat_modal' })),
    );
    expect((await storage.listFooterButtons(doc.id)).map((b) => b.label).sort()).toEqual(['one', 'three', 'two']);
    const positions = new Set((await storage.listFooterButtons(doc.id)).map((b) => b.label));
    expect(positions.size).toBe(3);
  });

  it('keeps files byte for byte', async () => {
    const site = await newSite();
    const bytes = new Uint8Array(256).map((_, i) => i);
    const id = await storage.addFile(site.id, { filename: 'all-bytes.bin', contentType: 'application/octet-stream', bytes });
    const file = (await storage.getFile(id))!;
    expect([...file.bytes]).toEqual([...bytes]);
    expect(file.size).toBe(256);
    expect(await storage.getFile('no-such-file')).toBeNull();
  });
});

describe(`the shared state on ${BACKEND}`, () => {
  it('counts requests in a window that starts at a key’s first, on every instance alike', async () => {
    const other = await peer();
    expect(await storage.countRequest('ip:1', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    clock += 10_000;
    expect(await other.countRequest('ip:1', 60_000)).toEqual({ count: 2, resetInMs: 50_000 });
    expect(await other.countRequest('ip:2', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    const counts = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? other : storage).countRequest('ip:1', 60_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    clock += 50_000;
    expect(await storage.countRequest('ip:1', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });

  it('binds a token family to its first visitor until the binding ends, on every instance alike', async () => {
    const other = await peer();
    expect(await storage.claimTokenFamily('fam-1', 'visitor-a', T0 + 1000)).toBe(true);
    expect(await other.claimTokenFamily('fam-1', 'visitor-a', T0 + 1000)).toBe(true);
    expect(await other.claimTokenFamily('fam-1', 'visitor-b', T0 + 1000)).toBe(false);
    // claims at once: one visitor wins, the other is refused
    const raced = await Promise.all([
      storage.claimTokenFamily('fam-2', 'visitor-a', T0 + 1000),
      other.claimTokenFamily('fam-2', 'visitor-b', T0 + 1000),
    ]);
    expect(raced.filter(Boolean)).toHaveLength(1);
    clock = T0 + 1000;
    expect(await other.claimTokenFamily('fam-1', 'visitor-b', T0 + 5000)).toBe(true);
    expect(await storage.claimTokenFamily('fam-1', 'visitor-a', T0 + 5000)).toBe(false);
  });

  it('makes a secret once, the same for every instance and every start', async () => {
    const other = await peer();
    let made = 0;
    const make = () => `secret-${++made}`;
    const values = await Promise.all([storage.secret('token-secret', make), other.secret('token-secret', make)]);
    expect(values[0]).toBe(values[1]);
    expect(await (await instance()).secret('token-secret', make)).toBe(values[0]);
    expect(await storage.secret('demo-api-key', () => 'pk_demo')).toBe('pk_demo');
    await expect(storage.secret('../etc/passwd', make)).rejects.toThrow(`is not a secret's name`);
  });

  it('runs exclusive tasks of one name one at a time across instances, and others beside them', async () => {
    const other = await peer();
    const log: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inFirst = new Promise<void>((resolve) => (entered = resolve));
    const first = storage.exclusive('seed', async () => {
      log.push('first in');
      entered();
      await held;
      log.push('first out');
    });
    await inFirst;
    const second = other.exclusive('seed', async () => void log.push('second'));
    // another name does not wait
    await other.exclusive('other', async () => void log.push('other name'));
    release();
    await Promise.all([first, second]);
    expect(log).toEqual(['first in', 'other name', 'first out', 'second']);
    await expect(storage.exclusive('seed', async () => Promise.reject(new Error('task failed')))).rejects.toThrow('task failed');
    expect(await other.exclusive('seed', async () => 'free again')).toBe('free again');
  });

  it('gives a question’s answer to the question sent again, to any instance, and waits for one being given', async () => {
    const other = await peer();
    const claim = await storage.claimAnswer('q-1', 60_000);
    expect(claim.answered).toBeNull();
    // sent again while it is being answered: the second request waits for the first's answer
    const waiting = other.claimAnswer('q-1', 60_000);
    if (claim.answered === null) await claim.settle({ reply: 'forty-two' });
    expect((await waiting).answered).toEqual({ reply: 'forty-two' });
    expect((await storage.claimAnswer('q-1', 60_000)).answered).toEqual({ reply: 'forty-two' });
    clock += 60_000;
    expect((await other.claimAnswer('q-1', 60_000)).answered).toBeNull();
  });

  it('lets the next sending answer a question whose first answer failed', async () => {
    const other = await peer();
    const claim = await storage.claimAnswer('q-2', 60_000);
    const waiting = other.claimAnswer('q-2', 60_000);
    if (claim.answered === null) await claim.settle(null);
    const next = await waiting;
    expect(next.answered).toBeNull();
    if (next.answered === null) await next.settle({ reply: 'second try' });
    expect((await storage.claimAnswer('q-2', 60_000)).answered).toEqual({ reply: 'second try' });
  });

  it('keeps avatar sessions by site and token, for as long as a session may last', async () => {
    const other = await peer();
    await storage.addAvatarSession({ siteId: 'site-1', token: 'tok', sessionId: 'sess-1', startedAt: clock });
    expect(await other.findAvatarSession('site-1', 'tok', 'sess-1')).toEqual({
      siteId: 'site-1',
      token: 'tok',
      sessionId: 'sess-1',
      startedAt: T0,
    });
    expect(await other.findAvatarSession('site-2', 'tok', 'sess-1')).toBeNull();
    expect(await other.findAvatarSession('site-1', 'other-token', 'sess-1')).toBeNull();
    clock += 2 * 60 * 60 * 1000 + 1;
    expect(await other.findAvatarSession('site-1', 'tok', 'sess-1')).toBeNull();
    clock = T0;
    await other.removeAvatarSession('sess-1');
    expect(await storage.findAvatarSession('site-1', 'tok', 'sess-1')).toBeNull();
  });
});

describe.runIf(BACKEND === 'postgres')('instances on one PostgreSQL', () => {
  it('drop a cached site when another instance changes it', async () => {
    const other = await instance();
    const site = await newSite();
    expect((await other.getSite(site.id))?.origins).toEqual(['https://shop.example']);
    expect((await other.findSiteByApiKey(KEY))?.id).toBe(site.id);
    await storage.updateSite(site.id, { origins: ['https://new.example'] });
    await storage.rotateApiKey(site.id, 'pk_rotated_0123456789abcdefghij');
    // the change reaches the other instance as an announcement: awaited, not slept for
    await vi.waitFor(async () => expect((await other.getSite(site.id))?.origins).toEqual(['https://new.example']));
    await vi.waitFor(async () => expect(await other.findSiteByApiKey(KEY)).toBeNull());
    await storage.addDocument({ siteId: site.id, name: 'Later', type: 'md', fileId: null, text: 'x' });
    await vi.waitFor(async () => expect((await other.listDocuments(site.id)).map((d) => d.name)).toEqual(['Later']));
  });

  it('take over a question whose answering instance is gone, instead of waiting for it', async () => {
    const doomed = await openTestDatabase(db, { now: () => clock });
    const claim = await doomed.claimAnswer('q-3', 60_000);
    expect(claim.answered).toBeNull();
    // the instance goes away mid-answer (its connections close, as when its process is killed)
    await doomed.close();
    const next = await storage.claimAnswer('q-3', 60_000);
    expect(next.answered).toBeNull();
  });

  it('take over a question held past its lease by a live instance whose settle was lost, and ignore that settle', async () => {
    const other = await instance();
    const first = await other.claimAnswer('q-4', 60 * 60_000);
    expect(first.answered).toBeNull();
    clock += ANSWER_LEASE_MS;
    const second = await storage.claimAnswer('q-4', 60 * 60_000);
    expect(second.answered).toBeNull();
    if (second.answered === null) await second.settle({ reply: 'second' });
    // the first request's late settles are not the second's (though both requests may be the same instance's): they change nothing
    if (first.answered === null) {
      await first.settle(null);
      await first.settle({ reply: 'late' });
    }
    expect((await other.claimAnswer('q-4', 60 * 60_000)).answered).toEqual({ reply: 'second' });
  });
});
