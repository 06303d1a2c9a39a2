/**
 * The storage's caches (issue 14): cached sites, origins, documents and presence videos follow
 * writes made through the same storage and through another connection to the same database, as
 * the admin CLI (or another instance of the server, on PostgreSQL: issue 17) makes them while the
 * server runs. On SQLite another connection's write shows at the next read (data_version); on
 * PostgreSQL once its announcement has arrived (NOTIFY), which the tests await.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Storage } from '../../server/storage/types';
import { BACKEND, newTestDatabase, openTestDatabase } from '../support/storages';
import { json, ORIGIN, startServer, VISITOR_A, type TestServer } from './harness';

const KEY = 'pk_cache_0123456789abcdefghijkl';
const NEW_KEY = 'pk_cache_rotated_0123456789abcd';

/** Another connection's write, seen: at once on SQLite, once announced on PostgreSQL. */
const eventually = (assertion: () => Promise<void>) => (BACKEND === 'sqlite' ? assertion() : vi.waitFor(assertion));

describe(`the ${BACKEND} storage's caches`, () => {
  let dir: string;
  let server: Storage;
  let admin: Storage;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'storage-cache-'));
    const database = await newTestDatabase(dir);
    server = await openTestDatabase(database);
    admin = await openTestDatabase(database);
  });

  afterEach(async () => {
    await server.close();
    await admin.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sees a site another connection creates, after caching its absence', async () => {
    expect(await server.findSiteByApiKey(KEY)).toBeNull();
    expect(await server.listSites()).toEqual([]);
    const created = await admin.createSite({ name: 'Shop', apiKey: KEY, origins: ['https://a.example'] });
    await eventually(async () => expect((await server.findSiteByApiKey(KEY))?.id).toBe(created.id));
    expect((await server.getSite(created.id))?.name).toBe('Shop');
    expect((await server.findSiteByApiKey(KEY))?.origins).toEqual(['https://a.example']);
  });

  it('sees another connection’s updates and key rotation once it has cached the site', async () => {
    const site = await server.createSite({ name: 'Shop', apiKey: KEY, origins: ['https://a.example'] });
    expect((await server.getSite(site.id))?.origins).toEqual(['https://a.example']);
    expect((await server.findSiteByApiKey(KEY))?.id).toBe(site.id);

    await admin.updateSite(site.id, { name: 'Renamed', origins: ['https://b.example'], config: { agentPageAwareness: false } });
    await eventually(async () => expect((await server.getSite(site.id))?.name).toBe('Renamed'));
    const seen = (await server.getSite(site.id))!;
    expect(seen.name).toBe('Renamed');
    expect(seen.origins).toEqual(['https://b.example']);
    expect(seen.config.agentPageAwareness).toBe(false);
    expect((await server.findSiteByApiKey(KEY))?.origins).toEqual(['https://b.example']);

    expect(await admin.rotateApiKey(site.id, NEW_KEY)).toBe(true);
    await eventually(async () => expect(await server.findSiteByApiKey(KEY)).toBeNull());
    expect((await server.findSiteByApiKey(NEW_KEY))?.id).toBe(site.id);
    expect((await server.getSite(site.id))?.keyPrefix).toBe(NEW_KEY.slice(0, 8));
  });

  it('follows its own writes, which SQLite’s data_version does not count', async () => {
    const site = await server.createSite({ name: 'Shop', apiKey: KEY, origins: ['https://a.example'] });
    expect((await server.getSite(site.id))?.origins).toEqual(['https://a.example']);
    expect((await server.findSiteByApiKey(KEY))?.name).toBe('Shop');

    await server.updateSite(site.id, { name: 'Renamed', origins: ['https://a.example', 'https://c.example'] });
    expect((await server.getSite(site.id))?.name).toBe('Renamed');
    expect((await server.findSiteByApiKey(KEY))?.name).toBe('Renamed');
    expect((await server.findSiteByApiKey(KEY))?.origins).toEqual(['https://a.example', 'https://c.example']);

    await server.rotateApiKey(site.id, NEW_KEY);
    expect(await server.findSiteByApiKey(KEY)).toBeNull();
    expect((await server.findSiteByApiKey(NEW_KEY))?.id).toBe(site.id);
    // and the other connection sees them too
    await eventually(async () => expect((await admin.getSite(site.id))?.origins).toEqual(['https://a.example', 'https://c.example']));
  });

  it('sees documents and presence videos that either connection adds after it cached a site’s', async () => {
    const site = await server.createSite({ name: 'Shop', apiKey: KEY, origins: [] });
    expect(await server.listDocuments(site.id)).toEqual([]);
    expect(await server.presenceMessagesForPath(site.id, '/welcome')).toEqual([]);

    await admin.addDocument({ siteId: site.id, name: 'Fees', type: 'md', fileId: null, text: '# Fees' });
    await eventually(async () => expect((await server.listDocuments(site.id)).map((d) => d.name)).toEqual(['Fees']));
    await server.addDocument({ siteId: site.id, name: 'Guide', type: 'txt', fileId: null, text: 'A guide.' });
    expect((await server.listDocuments(site.id)).map((d) => d.name)).toEqual(['Fees', 'Guide']);

    const video = await admin.addVideo({
      siteId: site.id,
      name: 'Intro',
      description: '',
      fileId: null,
      thumbnailFileId: null,
      transcript: '',
    });
    await admin.addPresenceMessage(site.id, { triggerEventUrl: '/welcome', videoId: video.id, content: 'Hello', showOnVisit: true });
    await eventually(async () =>
      expect((await server.presenceMessagesForPath(site.id, '/welcome')).map((m) => m.content)).toEqual(['Hello']),
    );
    await server.addPresenceMessage(site.id, { triggerEventUrl: '/welcome*', videoId: video.id, content: 'Again', showOnVisit: true });
    expect((await server.presenceMessagesForPath(site.id, '/welcome')).map((m) => m.content)).toEqual(['Hello', 'Again']);
  });

  it('reads a visitor’s messages only for their own session on their own site', async () => {
    const site = await server.createSite({ name: 'Shop', apiKey: KEY, origins: [] });
    const other = await server.createSite({ name: 'Other', apiKey: NEW_KEY, origins: [] });
    const saved = await server.appendMessages({
      siteId: site.id,
      userSessionId: 'visitor-one-0001',
      chatSessionId: null,
      newSessionName: 'Q',
      path: '/',
      messages: [
        { role: 'user', content: 'Q', createdAt: '2026-01-01T00:00:00.000Z' },
        { role: 'ai', content: 'A', createdAt: '2026-01-01T00:00:01.000Z', isError: true },
      ],
    });
    const id = saved.chatSession.id;
    expect(await server.listMessages(site.id, 'visitor-one-0001', id)).toEqual(saved.messages);
    expect(saved.messages.map((m) => [m.role, m.content, m.type, m.isError])).toEqual([
      ['user', 'Q', 'TEXT', false],
      ['ai', 'A', 'TEXT', true],
    ]);
    expect(await server.listMessages(site.id, 'visitor-two-0002', id)).toEqual([]);
    expect(await server.listMessages(other.id, 'visitor-one-0001', id)).toEqual([]);
  });

  it('shares nothing a caller could change: sites are frozen', async () => {
    const site = await server.createSite({
      name: 'Shop',
      apiKey: KEY,
      origins: ['https://a.example'],
      appearance: { colors: { primary: '#000' } },
    });
    const cached = (await server.getSite(site.id))!;
    expect(() => cached.origins.push('https://evil.example')).toThrow(TypeError);
    expect(() => ((cached.appearance.colors as Record<string, string>).primary = '#fff')).toThrow(TypeError);
    expect((await server.getSite(site.id))?.origins).toEqual(['https://a.example']);
  });
});

describe('the running server with the admin CLI writing the same database', () => {
  let s: TestServer;
  let admin: Storage;

  beforeEach(async () => {
    s = await startServer();
    admin = await openTestDatabase(s.database);
  });

  afterEach(async () => {
    await admin.close();
    await s.stop();
    await s.remove();
  });

  const preflight = (origin: string) =>
    s.call('/api/chat', { method: 'OPTIONS', origin, headers: { 'Access-Control-Request-Method': 'POST' } });

  it('takes a new origin’s calls once another process allows it, and refuses them once it is removed', async () => {
    const other = 'https://other.example';
    const token = await s.boot();
    const history = `/api/chat/history?userSessionId=${VISITOR_A}&path=/`;
    // every preflight is answered (issue 14: the page must be able to read a refusal); the calls decide
    expect((await preflight(other)).headers.get('access-control-allow-origin')).toBe(other);
    expect((await s.call(history, { token, origin: other })).status).toBe(403);

    await admin.updateSite(s.site.id, { origins: [ORIGIN, other] });
    await eventually(async () => expect((await s.call(history, { token, origin: other })).status).toBe(200));

    await admin.updateSite(s.site.id, { origins: [ORIGIN] });
    await eventually(async () => expect((await s.call(history, { token, origin: other })).status).toBe(403));
  });

  it('refuses a rotated key once another process rotates it (at the next call on SQLite, once announced on PostgreSQL)', async () => {
    await s.boot();
    await admin.rotateApiKey(s.site.id, NEW_KEY);
    await eventually(async () =>
      expect((await s.call('/session/boot', { method: 'POST', headers: { 'X-API-Key': NEW_KEY } })).status).toBe(200),
    );
    await expect(s.boot()).rejects.toThrow(/401/);
  });

  it('serialises history and sessions with exactly the fields of widget-spec §3', async () => {
    const token = await s.boot();
    const sent = (await (
      await s.call('/api/chat', { ...json({ message: 'Hello there', userSessionId: VISITOR_A, path: '/' }), token })
    ).json()) as {
      chatSession: { id: string };
    };
    const history = (await (
      await s.call(`/api/chat/history?userSessionId=${VISITOR_A}&path=/&chatSessionId=${sent.chatSession.id}`, { token })
    ).json()) as {
      history: Record<string, unknown>[];
      chatSessionId: string;
    };
    expect(history.chatSessionId).toBe(sent.chatSession.id);
    expect(history.history.map((m) => Object.keys(m))).toEqual([
      ['id', 'role', 'content', 'createdAt', 'type'],
      ['id', 'role', 'content', 'createdAt', 'type'],
    ]);
    expect(history.history.map((m) => [m.role, m.content, m.type])).toEqual([
      ['user', 'Hello there', 'TEXT'],
      ['ai', 'An answer.', 'TEXT'],
    ]);
    const sessions = (await (await s.call(`/api/chat/sessions?userSessionId=${VISITOR_A}`, { token })).json()) as {
      sessions: Record<string, unknown>[];
    };
    expect(sessions.sessions).toEqual([
      { id: sent.chatSession.id, name: 'Hello there', lastMessageTimestamp: expect.any(String), totalMessages: 2 },
    ]);
    expect(Object.keys(sessions.sessions[0]!)).toEqual(['id', 'name', 'lastMessageTimestamp', 'totalMessages']);
  });
});
