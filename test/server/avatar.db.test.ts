/**
 * Voice mode's server side (widget-spec §7, §8, §9): each provider adapter against a
 * loopback stand-in of its HTTP API (request shapes checked, failures mapped), the
 * provider chosen by the environment, and the routes the widget calls: sessions bound
 * to their site and token, and the avatar asked to say the chat's answer.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeAvatarProvider } from '../../server/avatar/fake';
import { createHeyGenProvider, HEYGEN_SESSION_OPTIONS } from '../../server/avatar/heygen';
import { avatarProviderFromEnv } from '../../server/avatar/index';
import { createLiveAvatarProvider } from '../../server/avatar/liveavatar';
import { createAvatarRegistry, MAX_SESSIONS, SESSION_MAX_AGE_MS } from '../../server/avatar/registry';
import { AvatarProviderError } from '../../server/avatar/types';
import { json, startServer, VISITOR_A, type TestServer } from './harness';

interface Seen {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** A provider's HTTP API on 127.0.0.1: `answer(path, body)` gives the status and JSON; every request is kept. */
async function providerStandIn(answer: (path: string, body: Record<string, unknown>) => [number, unknown]) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      seen.push({ path: req.url ?? '', headers: req.headers, body });
      const [status, out] = answer(req.url ?? '', body);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(out));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** HeyGen's Streaming API as documented: every answer wrapped in `data`. */
const heygenAnswers =
  (fail: Set<string> = new Set()) =>
  (path: string): [number, unknown] => {
    const call = path.replace('/v1/', '');
    if (fail.has(call)) return [500, { message: 'provider trouble' }];
    if (call === 'streaming.create_token') return [200, { error: null, data: { token: 'hg-session-token' } }];
    if (call === 'streaming.new')
      return [200, { code: 100, data: { session_id: 'hg-sess-1', url: 'wss://heygen-rooms.example', access_token: 'lk-access' } }];
    return [200, { code: 100, data: null, message: 'success' }];
  };

describe('HeyGen Streaming API adapter', () => {
  let api: Awaited<ReturnType<typeof providerStandIn>>;
  const fail = new Set<string>();
  beforeAll(async () => {
    api = await providerStandIn(heygenAnswers(fail));
  });
  afterAll(() => api.close());
  afterEach(() => {
    api.seen.length = 0;
    fail.clear();
  });
  const provider = () => createHeyGenProvider({ apiKey: 'hg-key', avatarId: 'Anna_public', apiUrl: `${api.url}/` });

  it("mints a token with the API key; new (the spec's session options) and start with the token", async () => {
    const p = provider();
    expect(p.speech).toBe('server');
    const token = await p.createSessionToken();
    expect(token).toBe('hg-session-token');
    expect(api.seen[0]).toMatchObject({ path: '/v1/streaming.create_token', headers: { 'x-api-key': 'hg-key' } });
    expect(api.seen[0]!.headers.authorization).toBeUndefined();

    const session = await p.startSession(token);
    expect(session).toEqual({ sessionId: 'hg-sess-1', url: 'wss://heygen-rooms.example', accessToken: 'lk-access' });
    const [created, started] = api.seen.slice(1);
    expect(created).toMatchObject({ path: '/v1/streaming.new', headers: { authorization: 'Bearer hg-session-token' } });
    // widget-spec §7, §9: quality high, avatar_name, version v2, video_encoding H264, activity_idle_timeout 300
    expect(created!.body).toEqual({
      quality: 'high',
      avatar_name: 'Anna_public',
      version: 'v2',
      video_encoding: 'H264',
      activity_idle_timeout: 300,
    });
    expect(HEYGEN_SESSION_OPTIONS.activity_idle_timeout).toBe(300);
    expect(started).toMatchObject({ path: '/v1/streaming.start', body: { session_id: 'hg-sess-1' } });
    expect(created!.headers['x-api-key']).toBeUndefined();
  });

  it('speaks (task, repeat), keeps alive and stops, each with the session id and the token', async () => {
    const p = provider();
    await p.speak('tok', 'hg-sess-1', 'The fee is 0.5% a year.');
    await p.keepAlive('tok', 'hg-sess-1');
    await p.stopSession('tok', 'hg-sess-1');
    expect(api.seen.map((s) => [s.path, s.headers.authorization, s.body])).toEqual([
      ['/v1/streaming.task', 'Bearer tok', { session_id: 'hg-sess-1', text: 'The fee is 0.5% a year.', task_type: 'repeat' }],
      ['/v1/streaming.keep_alive', 'Bearer tok', { session_id: 'hg-sess-1' }],
      ['/v1/streaming.stop', 'Bearer tok', { session_id: 'hg-sess-1' }],
    ]);
  });

  it('a failing call is an AvatarProviderError with the status; a missing field too', async () => {
    fail.add('streaming.new');
    const err = await provider()
      .startSession('tok')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AvatarProviderError);
    expect((err as AvatarProviderError).status).toBe(500);
    const empty = await providerStandIn(() => [200, { data: { session_id: 'x' } }]);
    try {
      await expect(createHeyGenProvider({ apiKey: 'k', avatarId: 'a', apiUrl: empty.url }).startSession('t')).rejects.toThrow(/no url/);
    } finally {
      await empty.close();
    }
    await expect(
      createHeyGenProvider({ apiKey: 'k', avatarId: 'a', apiUrl: 'http://127.0.0.1:1' }).createSessionToken(),
    ).rejects.toBeInstanceOf(AvatarProviderError);
  });
});

describe('LiveAvatar API adapter', () => {
  let api: Awaited<ReturnType<typeof providerStandIn>>;
  beforeAll(async () => {
    api = await providerStandIn((path) => {
      if (path === '/v1/sessions/token')
        return [200, { code: 1000, data: { session_id: 'la-sess-1', session_token: 'la-token' }, message: 'ok' }];
      if (path === '/v1/sessions/start')
        return [
          201,
          { code: 1000, data: { session_id: 'la-sess-1', livekit_url: 'wss://la-rooms.example', livekit_client_token: 'la-lk' } },
        ];
      return [200, { code: 1000, data: null }];
    });
  });
  afterAll(() => api.close());

  it('mints a FULL-mode token with the API key, starts with it, keeps alive and stops; speech goes on the data channel', async () => {
    const p = createLiveAvatarProvider({ apiKey: 'la-key', avatarId: 'av-9', apiUrl: api.url });
    expect(p.speech).toBe('data-channel');
    const token = await p.createSessionToken();
    expect(token).toBe('la-token');
    expect(api.seen[0]).toMatchObject({
      path: '/v1/sessions/token',
      headers: { 'x-api-key': 'la-key' },
      body: { mode: 'FULL', avatar_id: 'av-9' },
    });
    expect(await p.startSession(token)).toEqual({ sessionId: 'la-sess-1', url: 'wss://la-rooms.example', accessToken: 'la-lk' });
    expect(api.seen[1]).toMatchObject({ path: '/v1/sessions/start', headers: { authorization: 'Bearer la-token' } });
    await p.keepAlive(token, 'la-sess-1');
    await p.stopSession(token, 'la-sess-1');
    expect(api.seen.slice(2).map((s) => [s.path, s.headers.authorization, s.body])).toEqual([
      ['/v1/sessions/keep-alive', 'Bearer la-token', { session_id: 'la-sess-1' }],
      ['/v1/sessions/stop', 'Bearer la-token', { session_id: 'la-sess-1', reason: 'USER_CLOSED' }],
    ]);
    await expect(p.speak(token, 'la-sess-1', 'hi')).rejects.toBeInstanceOf(AvatarProviderError);
  });
});

describe('the provider the environment chooses', () => {
  it('heygen by default with a key; liveavatar or fake by name; none without', () => {
    expect(avatarProviderFromEnv({})).toBeNull();
    expect(avatarProviderFromEnv({ AVATAR_API_KEY: 'k', AVATAR_ID: 'Anna' })).toMatchObject({ name: 'heygen', avatarId: 'Anna' });
    expect(avatarProviderFromEnv({ AVATAR_PROVIDER: 'liveavatar', AVATAR_API_KEY: 'k' })?.name).toBe('liveavatar');
    expect(avatarProviderFromEnv({ AVATAR_PROVIDER: 'FAKE' })?.name).toBe('fake');
    expect(() => avatarProviderFromEnv({ AVATAR_PROVIDER: 'liveavatar' })).toThrow(/needs AVATAR_API_KEY/);
    expect(() => avatarProviderFromEnv({ AVATAR_PROVIDER: 'acme', AVATAR_API_KEY: 'k' })).toThrow(/heygen, liveavatar or fake/);
  });

  it("the fake's idle timeout: AVATAR_FAKE_IDLE_TIMEOUT as a duration, in its rooms' URLs; none unset or off; a clear error otherwise", async () => {
    const roomUrl = async (env: NodeJS.ProcessEnv) => {
      const p = avatarProviderFromEnv({ AVATAR_PROVIDER: 'fake', ...env })!;
      return (await p.startSession(await p.createSessionToken())).url;
    };
    expect(await roomUrl({ AVATAR_FAKE_IDLE_TIMEOUT: '4s' })).toMatch(/^fake:[\w-]+\?idle=4000$/);
    expect(await roomUrl({ AVATAR_FAKE_IDLE_TIMEOUT: '5m' })).toMatch(/\?idle=300000$/);
    expect(await roomUrl({})).toMatch(/^fake:[\w-]+$/);
    expect(await roomUrl({ AVATAR_FAKE_IDLE_TIMEOUT: 'off' })).toMatch(/^fake:[\w-]+$/);
    for (const bad of ['4000', '0s', 'soon', '-3s'])
      expect(() => avatarProviderFromEnv({ AVATAR_PROVIDER: 'fake', AVATAR_FAKE_IDLE_TIMEOUT: bad })).toThrow(
        `AVATAR_FAKE_IDLE_TIMEOUT must be a duration like 10s, 5m or 1h, or off, not "${bad}"`,
      );
  });
});

describe('the session registry', () => {
  it('finds a session only for its site and token, forgets old ones, and is bounded', () => {
    let now = 0;
    const r = createAvatarRegistry(() => now);
    r.add({ siteId: 'site-1', token: 'tok', sessionId: 's1', startedAt: now });
    expect(r.find('site-1', 'tok', 's1')).toMatchObject({ sessionId: 's1' });
    expect(r.find('site-2', 'tok', 's1')).toBeNull();
    expect(r.find('site-1', 'other', 's1')).toBeNull();
    now = SESSION_MAX_AGE_MS + 1;
    expect(r.find('site-1', 'tok', 's1')).toBeNull();
    for (let i = 0; i < MAX_SESSIONS + 5; i++) r.add({ siteId: 'site-1', token: 'tok', sessionId: `x${i}`, startedAt: now });
    expect(r.size).toBeLessThanOrEqual(MAX_SESSIONS);
    expect(r.find('site-1', 'tok', `x${MAX_SESSIONS + 4}`)).not.toBeNull();
    expect(r.find('site-1', 'tok', 'x0')).toBeNull();
  });
});

describe('the voice routes', () => {
  let s: TestServer;
  let heygen: Awaited<ReturnType<typeof providerStandIn>>;
  let token: string;
  beforeAll(async () => {
    heygen = await providerStandIn(heygenAnswers());
    s = await startServer({ avatar: createHeyGenProvider({ apiKey: 'hg-key', avatarId: 'Anna_public', apiUrl: heygen.url }) });
    token = await s.boot();
  });
  afterAll(async () => {
    await s.stop();
    await s.remove();
    await heygen.close();
  });
  afterEach(() => {
    heygen.seen.length = 0;
  });

  const start = async () => {
    const t = (await (await s.call('/api/interactive-avatar/get-session-token', { token })).json()) as { token: string };
    const res = await s.call('/api/interactive-avatar/sessions', { ...json({ token: t.token }), token });
    return { res, avatarToken: t.token, body: (await res.json()) as Record<string, string> };
  };

  it("starts a session: the spec's avatar session fields and how speech travels", async () => {
    const { res, body } = await start();
    expect(res.status).toBe(201);
    expect(body).toEqual({ session_id: 'hg-sess-1', url: 'wss://heygen-rooms.example', access_token: 'lk-access', speech: 'server' });
  });

  it('keep-alive and stop need the same site and token; a stopped session is gone', async () => {
    const { avatarToken } = await start();
    const call = (path: string, b: unknown, t = token) => s.call(`/api/interactive-avatar/sessions/${path}`, { ...json(b), token: t });
    expect((await call('keep-alive', { token: 'someone-else', session_id: 'hg-sess-1' })).status).toBe(404);
    expect((await call('keep-alive', { token: avatarToken, session_id: 'hg-sess-1' })).status).toBe(204);

    // another site's visitor with the same ids is refused
    const otherKey = 'pk_other_0123456789abcdefghijklm';
    await s.storage.createSite({ name: 'Other', apiKey: otherKey, origins: ['https://other.example'] });
    const boot = await s.call('/session/boot', { method: 'POST', headers: { 'X-API-Key': otherKey }, origin: 'https://other.example' });
    const otherToken = ((await boot.json()) as { authToken: string }).authToken;
    const res = await s.call('/api/interactive-avatar/sessions/stop', {
      ...json({ token: avatarToken, session_id: 'hg-sess-1' }),
      token: otherToken,
      origin: 'https://other.example',
    });
    expect(res.status).toBe(404);

    expect((await call('stop', { token: avatarToken, session_id: 'hg-sess-1' })).status).toBe(204);
    expect(heygen.seen.filter((x) => x.path === '/v1/streaming.stop')).toHaveLength(1);
    expect((await call('stop', { token: avatarToken, session_id: 'hg-sess-1' })).status).toBe(404);
    expect((await call('keep-alive', { session_id: 'hg-sess-1' })).status).toBe(400);
  });

  it('the avatar says the answer of a chat sent with its session; not for an unknown session', async () => {
    const { avatarToken } = await start();
    const chat = (streamSessionId: string) =>
      s.call('/api/chat', {
        ...json({ message: 'What is the fee?', userSessionId: VISITOR_A, path: '/', sessionToken: avatarToken, streamSessionId }),
        token,
      });
    expect((await chat('hg-sess-1')).status).toBe(200);
    await expect
      .poll(() => heygen.seen.filter((x) => x.path === '/v1/streaming.task').map((x) => x.body))
      .toEqual([{ session_id: 'hg-sess-1', text: 'An answer.', task_type: 'repeat' }]);
    expect((await chat('not-a-session')).status).toBe(200);
    // the unknown session asked nothing of the provider
    const tasks = heygen.seen.filter((x) => x.path === '/v1/streaming.task');
    expect(tasks).toHaveLength(1);
  });

  it("a provider failure is 502 'Failed to create streaming session'", async () => {
    const refusing = await startServer({
      avatar: { ...createFakeAvatarProvider(), startSession: async () => Promise.reject(new AvatarProviderError('no', 401)) },
    });
    try {
      const t = await refusing.boot();
      const r = await refusing.call('/api/interactive-avatar/sessions', { ...json({ token: 'x' }), token: t });
      expect(r.status).toBe(502);
      expect(((await r.json()) as { message: string }).message).toBe('Failed to create streaming session');
    } finally {
      await refusing.stop();
      await refusing.remove();
    }
  });

  it('without a provider every voice route is 503', async () => {
    const off = await startServer();
    try {
      const t = await off.boot();
      for (const path of ['sessions', 'sessions/keep-alive', 'sessions/stop']) {
        const r = await off.call(`/api/interactive-avatar/${path}`, { ...json({ token: 'x', session_id: 'y' }), token: t });
        expect(r.status).toBe(503);
      }
    } finally {
      await off.stop();
      await off.remove();
    }
  });
});

describe('the fake provider', () => {
  it('starts only with a token it minted, once; keeps count; speech goes on the data channel', async () => {
    const p = createFakeAvatarProvider();
    expect(p.speech).toBe('data-channel');
    const token = await p.createSessionToken();
    const session = await p.startSession(token);
    expect(session.url).toBe(`fake:${session.sessionId}`);
    await expect(p.startSession(token)).rejects.toBeInstanceOf(AvatarProviderError);
    await p.keepAlive(token, session.sessionId);
    await p.stopSession(token, session.sessionId);
    expect(p.sessions).toEqual([{ sessionId: session.sessionId, token, keepAlives: 1, stopped: true }]);
    await expect(p.keepAlive(token, session.sessionId)).rejects.toBeInstanceOf(AvatarProviderError);
  });
});
