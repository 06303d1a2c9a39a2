/**
 * The site cache of the SQLite storage (issue 14): cached sites and origins follow
 * writes made through the same storage and through another connection to the same
 * file, as the admin CLI makes them while the server runs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStorage } from '../../server/storage/sqlite';
import type { Storage } from '../../server/storage/types';
import { json, ORIGIN, startServer, VISITOR_A, type TestServer } from './harness';

const KEY = 'pk_cache_0123456789abcdefghijkl';
const NEW_KEY = 'pk_cache_rotated_0123456789abcd';

describe('the SQLite site cache', () => {
  let dir: string;
  let server: Storage;
  let admin: Storage;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'storage-cache-'));
    const file = path.join(dir, 'horizon.db');
    server = openSqliteStorage(file);
    admin = openSqliteStorage(file);
  });

  afterEach(async () => {
    server.close();
    admin.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sees a site another connection creates, after caching its absence', () => {
    expect(server.findSiteByApiKey(KEY)).toBeNull();
    expect(server.listSites()).toEqual([]);
    const created = admin.createSite({ name: 'Shop', apiKey: KEY, origins: ['https://a.example'] });
    expect(server.getSite(created.id)?.name).toBe('Shop');
    expect(server.findSiteByApiKey(KEY)?.id).toBe(created.id);
    expect(server.findSiteByApiKey(KEY)?.origins).toEqual(['https://a.example']);
  });

  it('sees another connection’s updates and key rotation once it has cached the site', () => {
    const site = server.createSite({ name: 'Shop', apiKey: KEY, origins: ['https://a.example'] });
    expect(server.getSite(site.id)?.origins).toEqual(['https://a.example']);
    expect(server.findSiteByApiKey(KEY)?.id).toBe(site.id);

    admin.updateSite(site.id, { name: 'Renamed', origins: ['https://b.example'], config: { agentPageAwareness: false } });
    const seen = server.getSite(site.id)!;
    expect(seen.name).toBe('Renamed');
    expect(seen.origins).toEqual(['https://b.example']);
    expect(seen.config.agentPageAwareness).toBe(false);
    expect(server.findSiteByApiKey(KEY)?.origins).toEqual(['https://b.example']);

    expect(admin.rotateApiKey(site.id, NEW_KEY)).toBe(true);
    expect(server.findSiteByApiKey(KEY)).toBeNull();
    expect(server.findSiteByApiKey(NEW_KEY)?.id).toBe(site.id);
    expect(server.getSite(site.id)?.keyPrefix).toBe(NEW_KEY.slice(0, 8));
  });

  it('follows its own writes, which SQLite’s data_version does not count', () => {
    const site = server.createSite({ name: 'Shop', apiKey: KEY, origins: ['https://a.example'] });
    expect(server.getSite(site.id)?.origins).toEqual(['https://a.example']);
    expect(server.findSiteByApiKey(KEY)?.name).toBe('Shop');

    server.updateSite(site.id, { name: 'Renamed', origins: ['https://a.example', 'https://c.example'] });
    expect(server.getSite(site.id)?.name).toBe('Renamed');
    expect(server.findSiteByApiKey(KEY)?.name).toBe('Renamed');
    expect(server.findSiteByApiKey(KEY)?.origins).toEqual(['https://a.example', 'https://c.example']);

    server.rotateApiKey(site.id, NEW_KEY);
    expect(server.findSiteByApiKey(KEY)).toBeNull();
    expect(server.findSiteByApiKey(NEW_KEY)?.id).toBe(site.id);
    // and the other connection sees them too
    expect(admin.getSite(site.id)?.origins).toEqual(['https://a.example', 'https://c.example']);
  });

  it('sees documents and presence videos that either connection adds after it cached a site’s', () => {
    const site = server.createSite({ name: 'Shop', apiKey: KEY, origins: [] });
    expect(server.listDocuments(site.id)).toEqual([]);
    expect(server.presenceMessagesForPath(site.id, '/welcome')).toEqual([]);

    admin.addDocument({ siteId: site.id, name: 'Fees', type: 'md', fileId: null, text: '# Fees' });
    expect(server.listDocuments(site.id).map((d) => d.name)).toEqual(['Fees']);
    server.addDocument({ siteId: site.id, name: 'Guide', type: 'txt', fileId: null, text: 'A guide.' });
    expect(server.listDocuments(site.id).map((d) => d.name)).toEqual(['Fees', 'Guide']);

    const video = admin.addVideo({ siteId: site.id, name: 'Intro', description: '', fileId: null, thumbnailFileId: null, transcript: '' });
    admin.addPresenceMessage(site.id, { triggerEventUrl: '/welcome', videoId: video.id, content: 'Hello', showOnVisit: true });
    expect(server.presenceMessagesForPath(site.id, '/welcome').map((m) => m.content)).toEqual(['Hello']);
    server.addPresenceMessage(site.id, { triggerEventUrl: '/welcome*', videoId: video.id, content: 'Again', showOnVisit: true });
    expect(server.presenceMessagesForPath(site.id, '/welcome').map((m) => m.content)).toEqual(['Hello', 'Again']);
  });

  it('reads a visitor’s messages only for their own session on their own site', () => {
    const site = server.createSite({ name: 'Shop', apiKey: KEY, origins: [] });
    const other = server.createSite({ name: 'Other', apiKey: NEW_KEY, origins: [] });
    const saved = server.appendMessages({
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
    expect(server.listMessages(site.id, 'visitor-one-0001', id)).toEqual(saved.messages);
    expect(saved.messages.map((m) => [m.role, m.content, m.type, m.isError])).toEqual([
      ['user', 'Q', 'TEXT', false],
      ['ai', 'A', 'TEXT', true],
    ]);
    expect(server.listMessages(site.id, 'visitor-two-0002', id)).toEqual([]);
    expect(server.listMessages(other.id, 'visitor-one-0001', id)).toEqual([]);
  });

  it('shares nothing a caller could change: sites are frozen', () => {
    const site = server.createSite({ name: 'Shop', apiKey: KEY, origins: ['https://a.example'], appearance: { colors: { primary: '#000' } } });
    const cached = server.getSite(site.id)!;
    expect(() => cached.origins.push('https://evil.example')).toThrow(TypeError);
    expect(() => ((cached.appearance.colors as Record<string, string>).primary = '#fff')).toThrow(TypeError);
    expect(server.getSite(site.id)?.origins).toEqual(['https://a.example']);
  });
});

describe('the running server with the admin CLI writing the same file', () => {
  let s: TestServer;
  let admin: Storage;

  beforeEach(async () => {
    s = await startServer();
    admin = openSqliteStorage(path.join(s.dir, 'test.db'));
  });

  afterEach(async () => {
    admin.close();
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

    admin.updateSite(s.site.id, { origins: [ORIGIN, other] });
    expect((await s.call(history, { token, origin: other })).status).toBe(200);

    admin.updateSite(s.site.id, { origins: [ORIGIN] });
    expect((await s.call(history, { token, origin: other })).status).toBe(403);
  });

  it('refuses a rotated key at once, when another process rotates it', async () => {
    await s.boot();
    admin.rotateApiKey(s.site.id, NEW_KEY);
    const res = await s.call('/session/boot', { method: 'POST', headers: { 'X-API-Key': NEW_KEY } });
    expect(res.status).toBe(200);
    await expect(s.boot()).rejects.toThrow(/401/);
  });

  it('serialises history and sessions with exactly the fields of widget-spec §3', async () => {
    const token = await s.boot();
    const sent = (await (await s.call('/api/chat', { ...json({ message: 'Hello there', userSessionId: VISITOR_A, path: '/' }), token })).json()) as {
      chatSession: { id: string };
    };
    const history = (await (await s.call(`/api/chat/history?userSessionId=${VISITOR_A}&path=/&chatSessionId=${sent.chatSession.id}`, { token })).json()) as {
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
    const sessions = (await (await s.call(`/api/chat/sessions?userSessionId=${VISITOR_A}`, { token })).json()) as { sessions: Record<string, unknown>[] };
    expect(sessions.sessions).toEqual([{ id: sent.chatSession.id, name: 'Hello there', lastMessageTimestamp: expect.any(String), totalMessages: 2 }]);
    expect(Object.keys(sessions.sessions[0]!)).toEqual(['id', 'name', 'lastMessageTimestamp', 'totalMessages']);
  });
});
