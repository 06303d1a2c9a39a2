/**
 * Issue 14: the API tried as an attacker or a careless client would, over real HTTP. Every refusal has
 * its status and the body of widget-spec §8; no request, however malformed, gets a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_LIMITS } from '../../server/routes/multipart';
import { API_KEY, VISITOR_A, VISITOR_B, json, startServer, type TestServer } from './harness';

type Json = Record<string, unknown>;
const MAX_AUDIO = 64 * 1024;

let s: TestServer;
let token: string;
/** Every status a test saw, checked at the end: none is 5xx. */
const statuses: { what: string; status: number }[] = [];

/** A call whose status is recorded for the no-5xx check, with its JSON body (or null). */
async function send(
  what: string,
  pathname: string,
  init: Parameters<TestServer['call']>[1] = {},
): Promise<{ status: number; body: Json | null; res: Response }> {
  const res = await s.call(pathname, init);
  statuses.push({ what, status: res.status });
  const text = await res.text();
  let body: Json | null = null;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    body = null;
  }
  return { status: res.status, body, res };
}

const multipart = (boundary: string, body: string): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
  body,
});

beforeAll(async () => {
  s = await startServer({
    transcriber: { name: 'fake', transcribe: async (audio) => `heard ${audio.length} bytes` },
    limits: { maxAudioBytes: MAX_AUDIO },
  });
  token = await s.tokenFor(VISITOR_A);
});

afterAll(async () => {
  await s.stop();
  await s.remove();
});

describe('malformed multipart bodies are 400, not 500', () => {
  for (const route of ['/api/enrich', '/api/transcribe']) {
    it(`${route}: no boundary`, async () => {
      const r = await send(`${route} no boundary`, route, {
        method: 'POST',
        token,
        headers: { 'Content-Type': 'multipart/form-data' },
        body: 'x',
      });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: 'BAD_REQUEST' });
    });

    it(`${route}: cut short in a part`, async () => {
      const body = `--XyZ\r\nContent-Disposition: form-data; name="sessionId"\r\n\r\n${VISITOR_A}\r\n--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.webm"\r\nContent-Type: audio/webm\r\n\r\nabc`;
      const r = await send(`${route} truncated`, route, { ...multipart('XyZ', body), token });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: 'BAD_REQUEST' });
    });

    it(`${route}: a malformed part header`, async () => {
      const body = `--XyZ\r\nthis is not a header\r\n\r\nvalue\r\n--XyZ--\r\n`;
      const r = await send(`${route} bad header`, route, { ...multipart('XyZ', body), token });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    });
  }
});

describe('enrich refuses what it cannot store whole', () => {
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return f;
  };

  it('a value at the limit is stored; one byte more is 413 and nothing of the request is stored', async () => {
    const visitor = 'visitor-limit-000001';
    const atLimit = 'a'.repeat(PROFILE_LIMITS.valueBytes);
    const ok = await send('enrich at limit', '/api/enrich', {
      method: 'POST',
      token: await s.tokenFor(visitor),
      body: form({ sessionId: visitor, note: atLimit }),
    });
    expect(ok.status).toBe(200);
    expect((await s.storage.getProfile(s.site.id, visitor))?.note).toHaveLength(PROFILE_LIMITS.valueBytes);
    const over = await send('enrich over limit', '/api/enrich', {
      method: 'POST',
      token: await s.tokenFor(visitor),
      body: form({ sessionId: visitor, city: 'Perth', note: `${atLimit}b` }),
    });
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
    expect(String(over.body?.message)).toContain('"note"');
    expect(await s.storage.getProfile(s.site.id, visitor)).toEqual({ note: atLimit });
  });

  it('a 10 MB field is 413', async () => {
    const r = await send('enrich 10 MB', '/api/enrich', {
      method: 'POST',
      token,
      body: form({ sessionId: VISITOR_A, bio: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(r.status).toBe(413);
    expect((await s.storage.getProfile(s.site.id, VISITOR_A))?.bio).toBeUndefined();
  });

  it(`a visitor's profile holds at most ${PROFILE_LIMITS.fields} fields, counted over every request`, async () => {
    const visitor = 'visitor-fields-00001';
    const half = Math.ceil(PROFILE_LIMITS.fields / 2);
    const batch = (from: number, n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${from + i}`, String(from + i)]));
    expect(
      (
        await send('enrich first half', '/api/enrich', {
          method: 'POST',
          token: await s.tokenFor(visitor),
          body: form({ sessionId: visitor, ...batch(0, half) }),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await send('enrich to the cap', '/api/enrich', {
          method: 'POST',
          token: await s.tokenFor(visitor),
          body: form({ sessionId: visitor, ...batch(half, PROFILE_LIMITS.fields - half) }),
        })
      ).status,
    ).toBe(200);
    // changing stored fields is still allowed at the cap; one more is not
    expect(
      (
        await send('enrich same fields', '/api/enrich', {
          method: 'POST',
          token: await s.tokenFor(visitor),
          body: form({ sessionId: visitor, f0: 'changed' }),
        })
      ).status,
    ).toBe(200);
    const over = await send('enrich over the cap', '/api/enrich', {
      method: 'POST',
      token: await s.tokenFor(visitor),
      body: form({ sessionId: visitor, extra: '1' }),
    });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ error: 'BAD_REQUEST' });
    const stored = (await s.storage.getProfile(s.site.id, visitor))!;
    expect(Object.keys(stored)).toHaveLength(PROFILE_LIMITS.fields);
    expect(stored.f0).toBe('changed');
    expect(stored.extra).toBeUndefined();
  });

  it('too many fields in one request is refused whole', async () => {
    const visitor = 'visitor-many-0000001';
    const fields = Object.fromEntries(Array.from({ length: PROFILE_LIMITS.fields + 5 }, (_, i) => [`g${i}`, 'v']));
    const r = await send('enrich too many', '/api/enrich', {
      method: 'POST',
      token: await s.tokenFor(visitor),
      body: form({ sessionId: visitor, ...fields }),
    });
    expect([400, 413]).toContain(r.status);
    expect(await s.storage.getProfile(s.site.id, visitor)).toBeNull();
  });
});

describe('transcribe: over MAX_AUDIO_BYTES is always 413', () => {
  const audio = (n: number) => {
    const f = new FormData();
    f.set('file', new Blob([new Uint8Array(n).fill(7)], { type: 'audio/webm' }), 'a.webm');
    return f;
  };

  it('at the limit is transcribed', async () => {
    const r = await send('transcribe at limit', '/api/transcribe', { method: 'POST', token, body: audio(MAX_AUDIO) });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ text: `heard ${MAX_AUDIO} bytes` });
  });

  for (const extra of [1, 2, 1000, 4096, 65_535, MAX_AUDIO, 3 * MAX_AUDIO]) {
    it(`limit + ${extra} bytes`, async () => {
      const r = await send(`transcribe +${extra}`, '/api/transcribe', { method: 'POST', token, body: audio(MAX_AUDIO + extra) });
      expect(r.status).toBe(413);
      expect(r.body).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
    });
  }
});

describe('tokens', () => {
  /** A token signed with the server's own secret, whatever its claims. */
  const signed = (claims: unknown) => {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    // the signer's own (private) signing: what a leaked secret or a server bug could produce
    const sign = (s.tokens as unknown as { sign(p: string): string }).sign.bind(s.tokens);
    return `${payload}.${sign(payload)}`;
  };

  for (const [name, claims] of [
    ['null claims', null],
    ['a number', 42],
    ['a string', 'site'],
    ['an array', [1, 2]],
    ['claims of the wrong types', { site: 1, iat: 'x', exp: null }],
  ] as const) {
    it(`a validly signed token with ${name} is 401`, async () => {
      const r = await send(`token ${name}`, '/api/config', { token: signed(claims) });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ error: 'INVALID_TOKEN' });
    });
  }

  it('forged, expired and other-site tokens are 401 or 403, never 5xx', async () => {
    const other = await s.storage.createSite({
      name: 'Other',
      apiKey: 'pk_test_other_0123456789abcdef',
      origins: ['https://other.example'],
    });
    const otherToken = s.tokens.issue(other.id).authToken;
    const now = Date.now();
    const cases: [string, string, number][] = [
      ['garbage', 'not-a-token', 401],
      ['three parts', 'a.b.c', 401],
      ['bad signature', `${token.split('.')[0]}.AAAA`, 401],
      ['expired', signed({ site: s.site.id, iat: now - 120_000, exp: now - 60_000 }), 401],
      ['unknown site', signed({ site: 'no-such-site', iat: now, exp: now + 60_000 }), 401],
      // another site's token from this site's origin: that site does not allow it
      ['other site', otherToken, 403],
    ];
    for (const [what, t, status] of cases) {
      const r = await send(`token ${what}`, '/api/config', { token: t });
      expect(r.status, what).toBe(status);
    }
  });
});

describe('optional fields may be null', () => {
  it('chat takes null for every optional field a spec client may send', async () => {
    const r = await send('chat with nulls', '/api/chat', {
      ...json({
        message: 'Hello there',
        userSessionId: VISITOR_A,
        path: '/',
        webPageContent: null,
        sessionToken: null,
        streamSessionId: null,
        chatSessionId: null,
        additionalNamespaces: null,
        smartDocContext: null,
        videoContext: null,
        clientMessageId: null,
      }),
      token,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ chatSessionId: expect.any(String) });
  });

  it('a required field sent as null is still a 400', async () => {
    const r = await send('chat null message', '/api/chat', { ...json({ message: null, userSessionId: VISITOR_A, path: '/' }), token });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'BAD_REQUEST' });
  });

  it('a button click takes null for its optional fields', async () => {
    const r = await send('click with nulls', '/api/button-click', {
      ...json({
        buttonId: 'b1',
        userSessionId: VISITOR_A,
        pageUrl: 'https://shop.example/',
        chatSessionId: null,
        chatLogId: null,
        referrerUrl: null,
      }),
      token,
    });
    expect(r.status).toBeLessThan(500);
    expect(r.status).not.toBe(400);
  });
});

describe('bad bodies and paths', () => {
  it.each([
    ['malformed JSON', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"message": "hi",' }],
    ['JSON that is not an object', json([1, 2, 3])],
    ['a number for text', json({ message: 5, userSessionId: VISITOR_A, path: '/' })],
    ['an object for text', json({ message: { $gt: '' }, userSessionId: VISITOR_A, path: '/' })],
    ['a user session id with traversal', json({ message: 'hi', userSessionId: '../../etc/passwd', path: '/' })],
    [
      'deeply nested JSON',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
    ],
    ['text/plain', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' }],
  ])('chat: %s is a 4xx', async (what, init) => {
    const r = await send(`chat ${what}`, '/api/chat', { ...(init as RequestInit), token });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(r.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('a body over the limit is 413', async () => {
    const r = await send('chat huge', '/api/chat', {
      ...json({ message: 'x'.repeat(400 * 1024), userSessionId: VISITOR_A, path: '/' }),
      token,
    });
    expect(r.status).toBe(413);
  });

  it.each(['/files/..%2F..%2Fetc%2Fpasswd/x', '/files/%00/x', '/files/../../etc/passwd', '/api/chat/history?userSessionId=../../x&path=/'])(
    '%s is a 4xx',
    async (pathname) => {
      const r = await send(`path ${pathname}`, pathname, { token });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    },
  );

  it("another visitor's chat session is not found for this one", async () => {
    const first = await send('chat as A', '/api/chat', { ...json({ message: 'Mine', userSessionId: VISITOR_A, path: '/' }), token });
    const id = String(first.body?.chatSessionId);
    const r = await send('history as B', `/api/chat/history?userSessionId=${VISITOR_B}&path=/&chatSessionId=${encodeURIComponent(id)}`, {
      token: await s.tokenFor(VISITOR_B),
    });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ error: 'SESSION_NOT_FOUND' });
  });

  it("a token serves the visitor it was first used for: another visitor's id with it is 403, whatever the route", async () => {
    const mine = await s.tokenFor(VISITOR_A);
    const other = 'visitor-stranger-00001';
    const enrich = new FormData();
    enrich.set('sessionId', other);
    enrich.set('city', 'Perth');
    for (const [what, pathname, init] of [
      ['chat', '/api/chat', json({ message: 'Hi', userSessionId: other, path: '/' })],
      ['sessions', `/api/chat/sessions?userSessionId=${other}`, {}],
      ['history', `/api/chat/history?userSessionId=${other}&path=/`, {}],
      ['rename', '/api/chat/sessions/update', json({ userSessionId: other, chatSessionId: 'x', name: 'n' }, 'PUT')],
      ['enrich', '/api/enrich', { method: 'POST', body: enrich }],
    ] as const) {
      const r = await send(`bound token ${what}`, pathname, { ...(init as RequestInit), token: mine });
      expect(r.status, what).toBe(403);
      expect(r.body, what).toMatchObject({ error: 'INVALID_TOKEN' });
    }
    expect(await s.storage.getProfile(s.site.id, other)).toBeNull();
    expect(await s.storage.listChatSessions(s.site.id, other)).toEqual([]);
    // the visitor's own token still works
    expect((await send('own token', `/api/chat/sessions?userSessionId=${other}`, { token: await s.tokenFor(other) })).status).toBe(200);
  });

  it('an unknown range unit is ignored: the whole file, 200 (RFC 9110)', async () => {
    const id = await s.storage.addFile(s.site.id, {
      filename: 'a.txt',
      contentType: 'text/plain',
      bytes: new TextEncoder().encode('0123456789'),
    });
    const r = await s.call(`/files/${id}/a.txt`, { headers: { Range: 'items=0-1' } });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('0123456789');
    const part = await s.call(`/files/${id}/a.txt`, { headers: { Range: 'bytes=2-4' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('234');
  });

  it('the boot without a key or with a wrong one is 401; with a huge one, 431', async () => {
    for (const key of [undefined, 'pk_wrong']) {
      const r = await send('boot bad key', '/session/boot', { method: 'POST', headers: key ? { 'X-API-Key': key } : {} });
      expect(r.status).toBe(401);
    }
    // Node's own header limit answers before any route runs
    expect((await send('boot huge key', '/session/boot', { method: 'POST', headers: { 'X-API-Key': 'k'.repeat(100_000) } })).status).toBe(
      431,
    );
    expect((await send('boot good key', '/session/boot', { method: 'POST', headers: { 'X-API-Key': API_KEY } })).status).toBe(200);
  });
});

describe('in all of the above', () => {
  it('no response was a 5xx', () => {
    expect(statuses.length).toBeGreaterThan(40);
    expect(statuses.filter((x) => x.status >= 500)).toEqual([]);
  });
});
