/**
 * The console's model seen through the widget's real API (docs/console.md): what an operation changes reaches every
 * server instance at once (a saved appearance in the boot, an allowed origin), the origins refused on any instance are
 * listed for the owner, and the appearance preview's key boots the site only from the server's own origin.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createOperations, type Operations } from '../../server/operations';
import { PREVIEW_KEY_TTL_MS } from '../../server/operations/keys';
import { BACKEND } from '../support/storages';
import { API_KEY, ORIGIN, startServer, type TestServer } from './harness';

const CLI: Actor = { kind: 'cli' };

let a: TestServer;
let b: TestServer;
/** The operations, on instance A's storage (the console's routes run them on whichever instance they reach). */
let ops: Operations;

/** What instance B sees: at once on SQLite (one file), once announced on PostgreSQL (awaited, never slept for). */
const eventually = (assertion: () => Promise<void>) => (BACKEND === 'sqlite' ? assertion() : vi.waitFor(assertion));

beforeEach(async () => {
  a = await startServer();
  // a second instance on the same database, as behind a load balancer
  b = await startServer({ database: a.database, seed: false });
  ops = createOperations(a.storage);
});

afterEach(async () => {
  await b.stop();
  await a.stop();
  await b.remove();
  await a.remove();
});

const boot = (s: TestServer, origin: string, key = API_KEY) =>
  s.call('/session/boot', { method: 'POST', headers: { 'X-API-Key': key }, origin });

describe(`the console's model through the API, two instances on ${BACKEND}`, () => {
  it('serves a saved appearance in the next boot on every instance, and a restored one after it', async () => {
    const before = (await (await boot(b, ORIGIN)).json()) as { appearance: { launcher: { backgroundColor: string } } };
    expect(before.appearance.launcher.backgroundColor).toBe('#2563eb');
    await ops.saveAppearance(CLI, a.site.id, {
      appearance: { agentName: 'Ava', launcher: { backgroundColor: '#e11d48' } },
      baseVersion: 1,
    });
    await eventually(async () => {
      const res = await boot(b, ORIGIN);
      expect(await res.json()).toMatchObject({ appearance: { agentName: 'Ava', launcher: { backgroundColor: '#e11d48' } } });
    });
    await ops.restoreAppearanceVersion(CLI, a.site.id, 1);
    await eventually(async () => {
      const res = await boot(b, ORIGIN);
      expect(await res.json()).toMatchObject({ appearance: { agentName: 'AI Agent', launcher: { backgroundColor: '#2563eb' } } });
    });
  });

  it('serves a value stored before the checks were strict (a colour typo) as its default, keeping the rest', async () => {
    await a.storage.updateSite(a.site.id, { appearance: { agentName: 'Ava', launcher: { backgroundColor: '#e11d4', alignment: 'left' } } });
    await eventually(async () => {
      const res = await boot(b, ORIGIN);
      expect(await res.json()).toMatchObject({
        appearance: { agentName: 'Ava', launcher: { backgroundColor: '#2563eb', alignment: 'left' } },
      });
    });
  });

  it('lists the origins refused on any instance, and allowing one lets its pages in and takes it off the list', async () => {
    expect((await boot(a, 'https://blog.shop.example')).status).toBe(403);
    expect((await boot(b, 'https://blog.shop.example')).status).toBe(403);
    expect((await boot(b, 'https://evil.example')).status).toBe(403);
    // the refusal is noted beside the answer, not before it
    await vi.waitFor(async () => {
      const refused = await ops.refusedOrigins(CLI, a.site.id);
      expect(refused.map((r) => r.origin).sort()).toEqual(['https://blog.shop.example', 'https://evil.example']);
      expect(refused.find((r) => r.origin === 'https://blog.shop.example')?.count).toBe(2);
    });
    expect(await ops.allowOrigin(CLI, a.site.id, 'https://blog.shop.example')).toEqual({
      origins: [ORIGIN, 'https://blog.shop.example'],
      warnings: [],
    });
    await eventually(async () => expect((await boot(b, 'https://blog.shop.example')).status).toBe(200));
    expect((await ops.refusedOrigins(CLI, a.site.id)).map((r) => r.origin)).toEqual(['https://evil.example']);
  });

  it('accepts a rotated-out key during its grace, on every instance', async () => {
    const { apiKey } = await ops.rotateKey(CLI, a.site.id);
    await eventually(async () => expect((await boot(b, ORIGIN, apiKey)).status).toBe(200));
    expect((await boot(b, ORIGIN, API_KEY)).status).toBe(200);
    expect((await boot(b, ORIGIN, 'pk_test_not_a_key_at_all_0123456')).status).toBe(401);
  });

  it('boots the site’s real widget with a preview key from the server’s own origin only, for an hour', async () => {
    // the site does not allow `self`: the preview works all the same, from this server's pages
    const self = new URL(b.base).origin;
    const { apiKey, expiresAt } = await ops.previewKey(CLI, a.site.id);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(PREVIEW_KEY_TTL_MS - 60_000);
    const res = await boot(b, self, apiKey);
    expect(res.status).toBe(200);
    const { authToken } = (await res.json()) as { authToken: string };
    // it is the site's real session: its history and answers
    const sessions = await b.call('/api/chat/sessions?userSessionId=visitor-preview-0001', { token: authToken, origin: self });
    expect(sessions.status).toBe(200);
    expect(sessions.headers.get('x-auth-token')).toBeNull();
    expect((await b.call('/api/chat/sessions?userSessionId=visitor-preview-0001', { token: authToken, origin: ORIGIN })).status).toBe(403);

    // from any other origin, or with none, it is refused as a wrong key is
    for (const origin of [ORIGIN, 'https://evil.example']) {
      const refused = await boot(b, origin, apiKey);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: 'INVALID_API_KEY' });
    }
    expect((await b.call('/session/boot', { method: 'POST', headers: { 'X-API-Key': apiKey }, origin: null })).status).toBe(401);
    // an ended key is refused
    await a.storage.addPreviewKey(a.site.id, 'pv_ended_0123456789abcdefghijkl', Date.now() - 1, null);
    expect((await boot(b, self, 'pv_ended_0123456789abcdefghijkl')).status).toBe(401);
  });
});
