/** Every call of widget-spec §7 over real HTTP on 127.0.0.1, with a real SQLite file. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBuiltinEngine } from '../../server/answers/builtin';
import { ProviderError } from '../../server/answers/types';
import { demoDocuments } from '../../server/demo/content';
import { extractText } from '../../server/documents';
import type { DocumentRecord, VideoRecord } from '../../server/storage/types';
import { createFakeAvatarProvider } from '../../server/avatar/fake';
import { TranscriptionError } from '../../server/transcribe/types';
import { API_KEY, ORIGIN, VISITOR_A, VISITOR_B, json, scriptedEngine, startServer, type TestServer } from './harness';

// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server sent and assert on it
type Json = Record<string, any>;
const body = async (res: Response) => (await res.json()) as Json;

describe('session boot and tokens', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => {
    await s.stop();
    await s.remove();
  });

  it('boots with the API key: a token and its lifetime', async () => {
    const res = await s.call('/session/boot', { method: 'POST', headers: { 'X-API-Key': API_KEY } });
    expect(res.status).toBe(200);
    const b = await body(res);
    expect(b.expiresIn).toBe('30m');
    expect(typeof b.authToken).toBe('string');
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('an unknown or missing key is 401 INVALID_API_KEY', async () => {
    for (const headers of [{ 'X-API-Key': 'pk_nope' }, {}] as Record<string, string>[]) {
      const res = await s.call('/session/boot', { method: 'POST', headers });
      expect(res.status).toBe(401);
      expect(await body(res)).toMatchObject({ error: 'INVALID_API_KEY' });
    }
  });

  it('an origin the site does not allow is 403 INVALID_CONFIGURATION, which its page can read; the server says once how to allow it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const evil = 'https://refused.example';
      // issue 14: the preflight is answered, so that the browser sends the boot and lets the widget read why it failed
      const preflight = await s.call('/session/boot', {
        method: 'OPTIONS',
        origin: evil,
        headers: { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-api-key' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(evil);
      for (let i = 0; i < 2; i++) {
        const res = await s.call('/session/boot', { method: 'POST', headers: { 'X-API-Key': API_KEY }, origin: evil });
        expect(res.status).toBe(403);
        expect(res.headers.get('access-control-allow-origin')).toBe(evil);
        expect(await body(res)).toMatchObject({ error: 'INVALID_CONFIGURATION' });
      }
      const logged = warn.mock.calls.map((c) => String(c[0])).filter((l) => l.includes(evil));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/site:origins:add \S+ --origin "https:\/\/refused\.example"/);
      // a token is no use from there either
      const token = await s.boot();
      const call = await s.call('/api/config', { token, origin: evil });
      expect(call.status).toBe(403);
      expect(await body(call)).toMatchObject({ error: 'INVALID_CONFIGURATION' });
    } finally {
      warn.mockRestore();
    }
  });

  it('answers preflights, exposing the token headers', async () => {
    const ok = await s.call('/api/chat', {
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(ok.headers.get('access-control-allow-headers')).toMatch(/Authorization/i);
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
    const actual = await s.call('/api/config', { token: await s.boot() });
    expect(actual.headers.get('access-control-expose-headers')).toMatch(/X-Auth-Token.*X-Auth-Expires-In.*Retry-After/);
  });

  it('a bearer call from a disallowed origin is 403', async () => {
    const res = await s.call('/api/config', { token: await s.boot(), origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('rejects a missing, tampered or expired token with 401', async () => {
    const token = await s.boot();
    const tampered = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
    const expired = s.tokens.issue(s.site.id, Date.now() - 2 * s.tokens.lifetimeMs).authToken;
    for (const t of [undefined, tampered, 'not.a.token', expired]) {
      const res = await s.call('/api/config', { token: t });
      expect(res.status).toBe(401);
      expect(await body(res)).toMatchObject({ error: 'INVALID_TOKEN' });
    }
  });

  it('a token past half its life comes back refreshed in X-Auth-Token', async () => {
    const fresh = await s.call('/api/config', { token: await s.boot() });
    expect(fresh.headers.get('x-auth-token')).toBeNull();
    const old = s.tokens.issue(s.site.id, Date.now() - 0.6 * s.tokens.lifetimeMs).authToken;
    const res = await s.call('/api/config', { token: old });
    expect(res.status).toBe(200);
    const renewed = res.headers.get('x-auth-token');
    expect(renewed).toBeTruthy();
    expect(res.headers.get('x-auth-expires-in')).toBe('30m');
    expect((await s.call('/api/config', { token: renewed! })).status).toBe(200);
  });
});

describe('short-lived tokens', () => {
  it('TOKEN_TTL like 10s is honoured', async () => {
    const s = await startServer({ tokenTtlMs: 10_000 });
    try {
      const res = await s.call('/session/boot', { method: 'POST', headers: { 'X-API-Key': API_KEY } });
      expect((await body(res)).expiresIn).toBe('10s');
    } finally {
      await s.stop();
      await s.remove();
    }
  });
});

describe('config and appearance', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer();
    await s.storage.updateSite(s.site.id, { appearance: { agentName: 'Shop helper', launcher: { alignment: 'left' } } });
    token = await s.boot();
  });
  afterAll(async () => {
    await s.stop();
    await s.remove();
  });

  it('config: page awareness, no avatar id without an avatar provider, reference page', async () => {
    const res = await s.call('/api/config', { token });
    expect(await body(res)).toEqual({ agentPageAwareness: true, interactiveAvatarId: '', referenceWebpage: '' });
  });

  it('config: the advice tools switch is the server’s own, never sent to the widget', async () => {
    await s.storage.updateSite(s.site.id, { config: { adviceTools: true } });
    try {
      expect(await body(await s.call('/api/config', { token }))).not.toHaveProperty('adviceTools');
    } finally {
      await s.storage.updateSite(s.site.id, { config: { adviceTools: false } });
    }
  });

  it('appearance: overrides over every default', async () => {
    const { appearance } = await body(await s.call('/api/appearance', { token }));
    expect(appearance.agentName).toBe('Shop helper');
    expect(appearance.agentDescription).toBe('Your helpful AI assistant');
    expect(appearance.launcher).toMatchObject({ alignment: 'left', size: 60 });
    expect(appearance.input.promptPlaceholder).toBe('Type your message...');
    expect(appearance.home.title).toBe('Welcome back!');
  });

  it('the boot carries both settings, as the two calls give them (one round trip before the launcher, issue 13)', async () => {
    const boot = await body(await s.call('/session/boot', { method: 'POST', headers: { 'X-API-Key': API_KEY } }));
    expect(boot.appearance).toEqual((await body(await s.call('/api/appearance', { token }))).appearance);
    expect(boot.config).toEqual(await body(await s.call('/api/config', { token })));
  });

  it('answers a current copy with 304 by its ETag, and a changed setting with a new one', async () => {
    for (const path of ['/api/appearance', '/api/config']) {
      const first = await s.call(path, { token });
      const tag = first.headers.get('etag')!;
      expect(tag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe('private, no-cache');
      const again = await s.call(path, { token, headers: { 'If-None-Match': tag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect((await s.call(path, { token, headers: { 'If-None-Match': 'W/"other"' } })).status).toBe(200);
    }
    const before = (await s.call('/api/appearance', { token })).headers.get('etag');
    await s.storage.updateSite(s.site.id, { appearance: { agentName: 'Renamed helper' } });
    const after = await s.call('/api/appearance', { token, headers: { 'If-None-Match': before! } });
    expect(after.status).toBe(200);
    expect((await body(after)).appearance.agentName).toBe('Renamed helper');
  });
});

describe('chat, history and sessions', () => {
  let s: TestServer;
  let token: string;
  const scripted = scriptedEngine((req) => ({
    content: `You asked: ${req.question}`,
    followUps: ['What are the fees?', 'How risky is it?'],
    sources: req.documents.length ? [req.documents[0]!.name] : [],
  }));

  beforeAll(async () => {
    s = await startServer({ answers: scripted.engine });
    const file = await s.storage.addFile(s.site.id, {
      filename: 'fees.md',
      contentType: 'text/markdown',
      bytes: Buffer.from('# Fees\n0.7% a year'),
    });
    await s.storage.addDocument({ siteId: s.site.id, name: 'Fee guide', type: 'md', fileId: file, text: '# Fees\n0.7% a year' });
    token = await s.tokenFor(VISITOR_A);
  });
  afterAll(async () => {
    await s.stop();
    await s.remove();
  });

  // each visitor with a token of its own (a token serves one visitor, issue 14)
  const send = async (message: unknown, extra: Json = {}, visitor = VISITOR_A) =>
    s.call('/api/chat', {
      ...json({ message, userSessionId: visitor, path: '/shop', webPageContent: 'Page text here', ...extra }),
      token: await s.tokenFor(visitor),
    });

  let sessionId: string;

  it('a first message creates a session named from the question and stores both messages', async () => {
    const res = await send('  What fees will I pay on this fund?  ');
    expect(res.status).toBe(200);
    const b = await body(res);
    expect(b.userMessage).toMatchObject({ role: 'user', content: 'What fees will I pay on this fund?', type: 'TEXT' });
    expect(b.aiMessage).toMatchObject({ role: 'ai', content: 'You asked: What fees will I pay on this fund?' });
    expect(new Date(b.aiMessage.createdAt).getTime()).not.toBeNaN();
    expect(b.chatSession.name).toBe('What fees will I pay on this fund?');
    // widget-spec §3: the modal variant reads these two
    expect(b.response).toBe('You asked: What fees will I pay on this fund?');
    expect(b.chatSessionId).toBe(b.chatSession.id);
    expect(b.followUpButtons).toEqual([
      { id: expect.any(String), text: 'What are the fees?' },
      { id: expect.any(String), text: 'How risky is it?' },
    ]);
    expect(b.responseButtons).toEqual([
      {
        id: expect.any(String),
        name: 'Open Fee guide',
        buttonType: 'EXTERNAL_LINK',
        externalUrl: expect.stringMatching(/\/files\/.+\/fees\.md$/),
      },
    ]);
    sessionId = b.chatSession.id;
    const sent = scripted.requests.at(-1)!;
    expect(sent.pageText).toBe('Page text here');
    expect(sent.documents.map((d) => d.name)).toEqual(['Fee guide']);
  });

  it('a message with the chatSessionId continues that session, with the history as context', async () => {
    const res = await send('And the risks?', { chatSessionId: sessionId });
    const b = await body(res);
    expect(b.chatSession.id).toBe(sessionId);
    expect(b).toMatchObject({ chatSessionId: sessionId, response: 'You asked: And the risks?' });
    expect(scripted.requests.at(-1)!.history.map((h) => h.role)).toEqual(['user', 'ai']);
  });

  it('history lists the messages in order', async () => {
    const res = await s.call(`/api/chat/history?userSessionId=${VISITOR_A}&path=/shop&chatSessionId=${sessionId}`, { token });
    const b = await body(res);
    expect(b.chatSessionId).toBe(sessionId);
    expect(b.history.map((m: Json) => [m.role, m.content])).toEqual([
      ['user', 'What fees will I pay on this fund?'],
      ['ai', 'You asked: What fees will I pay on this fund?'],
      ['user', 'And the risks?'],
      ['ai', 'You asked: And the risks?'],
    ]);
  });

  it('sessions list name, last message time and count', async () => {
    const { sessions } = await body(await s.call(`/api/chat/sessions?userSessionId=${VISITOR_A}`, { token }));
    expect(sessions).toEqual([
      { id: sessionId, name: 'What fees will I pay on this fund?', lastMessageTimestamp: expect.any(String), totalMessages: 4 },
    ]);
  });

  it('renames a session; an empty name is 400; an unknown one is 404 SESSION_NOT_FOUND', async () => {
    const rename = (chatSessionId: string, name: string, visitor = VISITOR_A) =>
      s.call('/api/chat/sessions/update', { ...json({ userSessionId: visitor, chatSessionId, name }, 'PUT'), token });
    const ok = await rename(sessionId, '  Fees  question ');
    expect(ok.status).toBe(200);
    expect((await body(ok)).chatSession).toMatchObject({ id: sessionId, name: 'Fees question', totalMessages: 4 });
    expect((await rename(sessionId, '   ')).status).toBe(400);
    const missing = await rename('no-such-session', 'x');
    expect(missing.status).toBe(404);
    expect(await body(missing)).toMatchObject({ error: 'SESSION_NOT_FOUND' });
  });

  it('a visitor never sees or touches another visitor’s sessions', async () => {
    const tokenB = await s.tokenFor(VISITOR_B);
    expect((await body(await s.call(`/api/chat/sessions?userSessionId=${VISITOR_B}`, { token: tokenB }))).sessions).toEqual([]);
    const history = await s.call(`/api/chat/history?userSessionId=${VISITOR_B}&path=/shop&chatSessionId=${sessionId}`, { token: tokenB });
    expect(history.status).toBe(404);
    const rename = await s.call('/api/chat/sessions/update', {
      ...json({ userSessionId: VISITOR_B, chatSessionId: sessionId, name: 'Mine now' }, 'PUT'),
      token: tokenB,
    });
    expect(rename.status).toBe(404);
    const post = await send('Hijack', { chatSessionId: sessionId }, VISITOR_B);
    expect(post.status).toBe(404);
    expect(await s.storage.listMessages(s.site.id, VISITOR_A, sessionId)).toHaveLength(4);
    expect((await s.storage.getChatSession(s.site.id, VISITOR_A, sessionId))!.name).toBe('Fees question');
  });

  it('page text is not sent to the answers when the site turns page awareness off', async () => {
    await s.storage.updateSite(s.site.id, { config: { agentPageAwareness: false } });
    try {
      await send('Anything on this page?');
      expect(scripted.requests.at(-1)!.pageText).toBeNull();
    } finally {
      await s.storage.updateSite(s.site.id, { config: { agentPageAwareness: true } });
    }
  });

  it("the site's help page (referenceWebpage) goes to the answers when it has one", async () => {
    await send('Where can I get help?');
    expect(scripted.requests.at(-1)!.referenceWebpage).toBeUndefined();
    await s.storage.updateSite(s.site.id, { config: { referenceWebpage: 'https://shop.example/help' } });
    try {
      await send('Where can I get help?');
      expect(scripted.requests.at(-1)!.referenceWebpage).toBe('https://shop.example/help');
    } finally {
      await s.storage.updateSite(s.site.id, { config: { referenceWebpage: '' } });
    }
  });

  it.each([
    ['a non-string message', { message: 42, userSessionId: VISITOR_A, path: '/' }],
    ['a missing user session', { message: 'hi', path: '/' }],
    ['a blank message', { message: '   ', userSessionId: VISITOR_A, path: '/' }],
    ['a malformed user session id', { message: 'hi', userSessionId: "x'; DROP TABLE messages; --", path: '/' }],
    ['a message over 4000 characters', { message: 'a'.repeat(4001), userSessionId: VISITOR_A, path: '/' }],
  ])('%s is 400 and stores nothing', async (_why, payload) => {
    const before = (await s.storage.listChatSessions(s.site.id, VISITOR_A)).map((x) => x.totalMessages);
    const res = await s.call('/api/chat', { ...json(payload), token });
    expect(res.status).toBe(400);
    expect(await body(res)).toMatchObject({ error: 'BAD_REQUEST', message: expect.any(String) });
    expect((await s.storage.listChatSessions(s.site.id, VISITOR_A)).map((x) => x.totalMessages)).toEqual(before);
  });

  it('a body over the size limit is 413', async () => {
    const res = await s.call('/api/chat', {
      ...json({ message: 'hi', userSessionId: VISITOR_A, path: '/', webPageContent: 'x'.repeat(300 * 1024) }),
      token,
    });
    expect(res.status).toBe(413);
    expect(await body(res)).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
  });

  it('invalid JSON is a 400 with a message', async () => {
    const res = await s.call('/api/chat', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"message":', token });
    expect(res.status).toBe(400);
    expect((await body(res)).message).toBeTruthy();
  });

  it('SQL metacharacters are stored as text', async () => {
    const evil = `Robert'); DROP TABLE messages;-- "quoted" % _`;
    const b = await body(await send(evil, {}, 'visitor-sql-000000'));
    expect(b.userMessage.content).toBe(evil);
    const history = await body(
      await s.call(`/api/chat/history?userSessionId=visitor-sql-000000&path=/&chatSessionId=${b.chatSession.id}`, {
        token: await s.tokenFor('visitor-sql-000000'),
      }),
    );
    expect(history.history[0].content).toBe(evil);
    expect(await s.storage.listMessages(s.site.id, VISITOR_A, sessionId)).toHaveLength(4);
  });
});

describe('asking about a document or a video (widget-spec §3 smart doc context, §4 "Ask question")', () => {
  let s: TestServer;
  let token: string;
  const scripted = scriptedEngine(() => ({ content: 'An answer.', followUps: [], sources: [] }));
  let fees: DocumentRecord;
  let pds: DocumentRecord;
  let pdf: DocumentRecord;
  let video: VideoRecord;
  let foreignDoc: DocumentRecord;
  let foreignVideo: VideoRecord;

  beforeAll(async () => {
    s = await startServer({ answers: scripted.engine });
    fees = await s.storage.addDocument({ siteId: s.site.id, name: 'Fee guide', type: 'md', fileId: null, text: '# Fees\n0.7% a year' });
    pds = await s.storage.addDocument({
      siteId: s.site.id,
      name: 'PDS',
      type: 'docx',
      versionNumber: 2,
      fileId: null,
      text: 'Product Disclosure Statement. There is no withdrawal fee.',
    });
    pdf = await s.storage.addDocument({ siteId: s.site.id, name: 'Services guide', type: 'pdf', fileId: null, text: null });
    video = await s.storage.addVideo({
      siteId: s.site.id,
      name: 'Welcome',
      description: '',
      fileId: null,
      thumbnailFileId: null,
      transcript: 'Welcome to the shop.',
    });
    const other = await s.storage.createSite({
      name: 'Other shop',
      apiKey: 'pk_test_other_0123456789abcdef',
      origins: ['https://other.example'],
    });
    foreignDoc = await s.storage.addDocument({
      siteId: other.id,
      name: 'Secret plan',
      type: 'md',
      fileId: null,
      text: 'The secret plan of the other shop.',
    });
    foreignVideo = await s.storage.addVideo({
      siteId: other.id,
      name: 'Secret video',
      description: '',
      fileId: null,
      thumbnailFileId: null,
      transcript: 'Secret words.',
    });
    token = await s.boot();
  });
  afterAll(async () => {
    await s.stop();
    await s.remove();
  });

  const entry = (d: DocumentRecord, override: Partial<Json> = {}) => ({
    id: d.id,
    name: d.name,
    type: d.type,
    version: d.versionNumber,
    embedToken: d.embedToken,
    ...override,
  });
  const ask = (extra: Json) =>
    s.call('/api/chat', { ...json({ message: 'Is there a withdrawal fee?', userSessionId: VISITOR_A, path: '/', ...extra }), token });
  /** What the engine was asked by the last call, which must have succeeded. */
  const asked = async (res: Response) => {
    expect(res.status).toBe(200);
    await res.json();
    const req = scripted.requests.at(-1)!;
    return { names: req.documents.map((d) => d.name), focus: req.focus };
  };

  it('the active document comes first and is the focus, by its stored name; the rest of the context next', async () => {
    const smartDocContext = {
      documents: [entry(fees), entry(pds, { name: 'Whatever the page says' })],
      totalDocuments: 2,
      activeDocument: pds.id,
    };
    const { names, focus } = await asked(await ask({ smartDocContext, additionalNamespaces: [pds.id] }));
    expect(focus).toEqual({ id: pds.id, name: 'PDS' });
    expect(names).toEqual(['PDS', 'Fee guide']);
    // Without a context the site's order holds, and nothing is in focus.
    const plain = await asked(await ask({}));
    expect(plain).toEqual({ names: ['Fee guide', 'PDS'], focus: undefined });
  });

  it('additionalNamespaces alone still brings its documents first, without a focus', async () => {
    expect(await asked(await ask({ additionalNamespaces: [pds.id, 'no-such-document'] }))).toEqual({
      names: ['PDS', 'Fee guide'],
      focus: undefined,
    });
  });

  it('a document without text can be the focus; the engine gets the others', async () => {
    const smartDocContext = { documents: [entry(pdf)], totalDocuments: 1, activeDocument: pdf.id };
    expect(await asked(await ask({ smartDocContext }))).toEqual({
      names: ['Fee guide', 'PDS'],
      focus: { id: pdf.id, name: 'Services guide' },
    });
  });

  it.each<[string, () => Json]>([
    [
      'an unknown id',
      () => ({ documents: [entry(pds, { id: 'no-such-document' })], totalDocuments: 1, activeDocument: 'no-such-document' }),
    ],
    ['a document of another site', () => ({ documents: [entry(foreignDoc)], totalDocuments: 1, activeDocument: foreignDoc.id })],
    [
      'an id with another document’s token',
      () => ({ documents: [entry(pds, { embedToken: fees.embedToken })], totalDocuments: 1, activeDocument: pds.id }),
    ],
    [
      'an id with another site’s token',
      () => ({ documents: [entry(pds, { embedToken: foreignDoc.embedToken })], totalDocuments: 1, activeDocument: pds.id }),
    ],
    ['an active document missing from the list', () => ({ documents: [entry(fees)], totalDocuments: 1, activeDocument: pds.id })],
  ])('%s in the smart doc context is ignored without a word', async (_why, context) => {
    const res = await ask({ smartDocContext: context() });
    const text = await res.clone().text();
    // The site's order, no focus, nothing of the other site.
    expect(await asked(res)).toEqual({ names: ['Fee guide', 'PDS'], focus: undefined });
    expect(text).not.toContain('Secret');
  });

  it('a video of the site: its transcript comes first, named after it, and it is the focus', async () => {
    const { names, focus } = await asked(await ask({ videoContext: { id: video.id, name: 'Any name', embedToken: video.embedToken } }));
    expect(focus).toEqual({ id: video.id, name: 'Welcome' });
    expect(names).toEqual(['Welcome', 'Fee guide', 'PDS']);
    expect(scripted.requests.at(-1)!.documents[0]).toEqual({ id: video.id, name: 'Welcome', text: 'Welcome to the shop.' });
  });

  it.each<[string, () => Json]>([
    ['an unknown token', () => ({ id: video.id, name: 'Welcome', embedToken: 'no-such-token' })],
    ['another site’s video', () => ({ id: foreignVideo.id, name: 'Secret video', embedToken: foreignVideo.embedToken })],
    ['the site’s token with another id', () => ({ id: foreignVideo.id, name: 'Welcome', embedToken: video.embedToken })],
    ['another site’s token with the site’s id', () => ({ id: video.id, name: 'Welcome', embedToken: foreignVideo.embedToken })],
  ])('%s in the video context is ignored without a word', async (_why, context) => {
    const res = await ask({ videoContext: context() });
    const text = await res.clone().text();
    expect(await asked(res)).toEqual({ names: ['Fee guide', 'PDS'], focus: undefined });
    expect(text).not.toContain('Secret');
  });

  it.each<[string, () => Json]>([
    [
      'an unknown field in the smart doc context',
      () => ({ smartDocContext: { documents: [], totalDocuments: 0, activeDocument: null, extra: 1 } }),
    ],
    [
      'an unknown field in a document',
      () => ({ smartDocContext: { documents: [{ ...entry(pds), text: 'x' }], totalDocuments: 1, activeDocument: null } }),
    ],
    [
      'more than 50 documents',
      () => ({ smartDocContext: { documents: Array.from({ length: 51 }, () => entry(pds)), totalDocuments: 51, activeDocument: null } }),
    ],
    ['a negative document count', () => ({ smartDocContext: { documents: [], totalDocuments: -1, activeDocument: null } })],
    ['a missing activeDocument', () => ({ smartDocContext: { documents: [], totalDocuments: 0 } })],
    [
      'a version that is not a number',
      () => ({ smartDocContext: { documents: [entry(pds, { version: '2' })], totalDocuments: 1, activeDocument: null } }),
    ],
    ['an over-long name', () => ({ videoContext: { id: video.id, name: 'x'.repeat(501), embedToken: video.embedToken } })],
    ['a video context without its token', () => ({ videoContext: { id: video.id, name: 'Welcome' } })],
    [
      'an unknown field in the video context',
      () => ({ videoContext: { id: video.id, name: 'Welcome', embedToken: video.embedToken, url: 'x' } }),
    ],
  ])('%s is 400 and stores nothing', async (_why, extra) => {
    const before = (await s.storage.listChatSessions(s.site.id, VISITOR_B)).length;
    const res = await s.call('/api/chat', { ...json({ message: 'hi', userSessionId: VISITOR_B, path: '/', ...extra() }), token });
    expect(res.status).toBe(400);
    expect(await body(res)).toMatchObject({ error: 'BAD_REQUEST' });
    expect(await s.storage.listChatSessions(s.site.id, VISITOR_B)).toHaveLength(before);
  });
});

describe('asking about the demo PDS with the built-in engine', () => {
  it('answers from the PDS and names it, though the page says it too; the modal reads the same answer', async () => {
    const s = await startServer({ answers: createBuiltinEngine() });
    try {
      const records: DocumentRecord[] = [];
      for (const d of demoDocuments()) {
        records.push(
          await s.storage.addDocument({
            siteId: s.site.id,
            name: d.name,
            type: d.type,
            versionNumber: d.versionNumber,
            fileId: null,
            text: extractText(d.type, d.bytes),
          }),
        );
      }
      const pds = records.find((d) => d.type === 'docx')!;
      const token = await s.boot();
      const send = (extra: Json) =>
        s.call('/api/chat', {
          ...json({
            message: 'Is there a withdrawal fee?',
            userSessionId: VISITOR_A,
            path: '/',
            webPageContent: 'Your plan. There is no withdrawal fee on this plan.',
            ...extra,
          }),
          token,
        });
      const plain = await body(await send({}));
      expect(plain.aiMessage.content).toMatch(/^According to \*\*this page\*\*:/);

      const smartDocContext = {
        documents: records.map((d) => ({ id: d.id, name: d.name, type: d.type, version: d.versionNumber, embedToken: d.embedToken })),
        totalDocuments: records.length,
        activeDocument: pds.id,
      };
      const b = await body(await send({ smartDocContext, additionalNamespaces: [pds.id] }));
      // the first quote says there is none: the fees table's row (which its section's heading ranks first) or the sentence
      expect(b.response).toMatch(
        /^According to \*\*Product Disclosure Statement – Diversified Index Fund\*\*:\n\n> (?:There is no withdrawal fee\.|[^\n]*withdrawal[^\n]*\bNil\b)/,
      );
      expect(b.response).toContain('\n\n> There is no withdrawal fee.');
      expect(b.response).toBe(b.aiMessage.content);
      expect(b.aiMessage.sources).toEqual([pds.name]);
      expect(b.chatSessionId).toBe(b.chatSession.id);
    } finally {
      await s.stop();
      await s.remove();
    }
  });
});

describe('a question sent again with its clientMessageId (issue 13: delivered once)', () => {
  it('gets the first answer back: the question and answer are stored once, and the engine asked once', async () => {
    const scripted = scriptedEngine((req) => ({ content: `You asked: ${req.question}`, followUps: ['More?'], sources: [] }));
    const s = await startServer({ answers: scripted.engine });
    try {
      const ask = async (clientMessageId: string | null, visitor = VISITOR_A, message = 'Is it safe?') =>
        s.call('/api/chat', {
          ...json({ message, userSessionId: visitor, path: '/', chatSessionId: null, clientMessageId }),
          token: await s.tokenFor(visitor),
        });
      const first = await body(await ask('q-0123456789'));
      const again = await ask('q-0123456789');
      expect(again.status).toBe(200);
      expect(await body(again)).toEqual(first);
      expect(scripted.requests).toHaveLength(1);
      expect((await s.storage.listMessages(s.site.id, VISITOR_A, first.chatSession.id)).map((m) => m.content)).toEqual([
        'Is it safe?',
        'You asked: Is it safe?',
      ]);

      // another id is another question; another visitor's same id is theirs alone (an id reveals nothing)
      const other = await body(await ask('q-9876543210'));
      expect(other.chatSession.id).not.toBe(first.chatSession.id);
      const b = await body(await ask('q-0123456789', VISITOR_B, 'Mine?'));
      expect(b.aiMessage.content).toBe('You asked: Mine?');
      // no id (a client that does not send one): each request is a question, as before
      await ask(null);
      await ask(null);
      expect(scripted.requests).toHaveLength(5);
      // an id that is not one is refused (§8 shape)
      const bad = await ask('<script>');
      expect(bad.status).toBe(400);
    } finally {
      await s.stop();
      await s.remove();
    }
  });

  it('a second request while the first is still being answered waits for it and gets the same answer', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = scriptedEngine(async (req) => {
      await gate;
      return { content: `You asked: ${req.question}`, followUps: [], sources: [] };
    });
    const s = await startServer({ answers: slow.engine });
    try {
      const token = await s.boot();
      const ask = () =>
        s.call('/api/chat', {
          ...json({ message: 'Slow one?', userSessionId: VISITOR_A, path: '/', clientMessageId: 'q-slow-000001' }),
          token,
        });
      const one = ask();
      await vi.waitFor(() => expect(slow.requests).toHaveLength(1));
      const two = ask();
      release();
      const [a, b] = await Promise.all([one.then(body), two.then(body)]);
      expect(b).toEqual(a);
      expect(slow.requests).toHaveLength(1);
      expect(await s.storage.listMessages(s.site.id, VISITOR_A, a.chatSession.id)).toHaveLength(2);
    } finally {
      await s.stop();
      await s.remove();
    }
  });

  it('a failed answer is not reused: the question sent again is answered anew', async () => {
    let fail = true;
    const flaky = scriptedEngine((req) => {
      if (fail) throw new ProviderError('upstream 500', 500);
      return { content: `You asked: ${req.question}`, followUps: [], sources: [] };
    });
    const s = await startServer({ answers: flaky.engine });
    try {
      const token = await s.boot();
      const ask = () =>
        s.call('/api/chat', {
          ...json({ message: 'Again?', userSessionId: VISITOR_A, path: '/', clientMessageId: 'q-flaky-00001' }),
          token,
        });
      expect((await ask()).status).toBe(502);
      fail = false;
      const res = await ask();
      expect(res.status).toBe(200);
      expect((await body(res)).aiMessage.content).toBe('You asked: Again?');
    } finally {
      await s.stop();
      await s.remove();
    }
  });
});

describe('answer provider failure', () => {
  it('returns 502, keeps the visitor’s message, stores no answer', async () => {
    const failing = scriptedEngine(() => {
      throw new ProviderError('upstream 500', 500);
    });
    const s = await startServer({ answers: failing.engine });
    try {
      const token = await s.boot();
      const res = await s.call('/api/chat', { ...json({ message: 'Will this fail?', userSessionId: VISITOR_A, path: '/' }), token });
      expect(res.status).toBe(502);
      const b = await body(res);
      expect(b).toMatchObject({ error: 'PROVIDER_ERROR', userMessage: { content: 'Will this fail?' } });
      const messages = await s.storage.listMessages(s.site.id, VISITOR_A, b.chatSession.id);
      expect(messages.map((m) => m.role)).toEqual(['user']);
    } finally {
      await s.stop();
      await s.remove();
    }
  });

  it('a provider time-out is 504', async () => {
    const slow = scriptedEngine(() => {
      throw new ProviderError('timed out', undefined, true);
    });
    const s = await startServer({ answers: slow.engine });
    try {
      const res = await s.call('/api/chat', { ...json({ message: 'Slow?', userSessionId: VISITOR_A, path: '/' }), token: await s.boot() });
      expect(res.status).toBe(504);
      expect(await body(res)).toMatchObject({ error: 'PROVIDER_TIMEOUT' });
    } finally {
      await s.stop();
      await s.remove();
    }
  });
});

describe('rate limit', () => {
  it('past the visitor’s rate: 429 RATE_LIMIT_EXCEEDED with Retry-After; other visitors go on until the site’s rate', async () => {
    const s = await startServer({ limits: { chatPerVisitor: 2, chatPerSite: 3 } });
    try {
      // each visitor boots its own session (one token's messages count as one visitor's, issue 14)
      const tokens = new Map<string, string>();
      const send = async (visitor: string) => {
        if (!tokens.has(visitor)) tokens.set(visitor, await s.boot());
        return s.call('/api/chat', { ...json({ message: 'hi', userSessionId: visitor, path: '/' }), token: tokens.get(visitor) });
      };
      expect((await send(VISITOR_A)).status).toBe(200);
      expect((await send(VISITOR_A)).status).toBe(200);
      const limited = await send(VISITOR_A);
      expect(limited.status).toBe(429);
      expect(await body(limited)).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED' });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await send(VISITOR_B)).status).toBe(200);
      expect((await send('visitor-cccccccc-3333')).status).toBe(429);
      // a limited message is not stored
      expect(await s.storage.listChatSessions(s.site.id, VISITOR_A)).toHaveLength(2);
    } finally {
      await s.stop();
      await s.remove();
    }
  });
});

describe('buttons, profile, voice', () => {
  let s: TestServer;
  let token: string;
  const transcribed: Buffer[] = [];
  const uploads: { filename: string; mimeType: string }[] = [];
  beforeAll(async () => {
    s = await startServer({
      transcriber: {
        name: 'fake',
        transcribe: async (audio, filename, mimeType) => {
          if (audio.toString() === 'garbage') throw new TranscriptionError('cannot decode', 'bad-audio');
          transcribed.push(audio);
          uploads.push({ filename, mimeType });
          return 'hello world';
        },
      },
    });
    await s.storage.addActionTrigger(s.site.id, {
      path: '/pricing',
      name: 'Ask about pricing',
      buttonType: 'ACTION',
      actionMessage: 'What does it cost?',
    });
    await s.storage.addActionTrigger(s.site.id, {
      path: '/docs/*',
      name: 'Read the guide',
      buttonType: 'EXTERNAL_LINK',
      externalUrl: 'https://example.com/guide',
    });
    token = await s.boot();
  });
  afterAll(async () => {
    await s.stop();
    await s.remove();
  });

  it('action triggers by exact path and by prefix', async () => {
    const pricing = await body(await s.call('/api/action-triggers?path=/pricing', { token }));
    expect(pricing.actionButtons).toEqual([
      { id: expect.any(String), name: 'Ask about pricing', buttonType: 'ACTION', actionMessage: 'What does it cost?' },
    ]);
    const docs = await body(await s.call('/api/action-triggers?path=/docs/setup', { token }));
    expect(docs.actionButtons).toEqual([
      { id: expect.any(String), name: 'Read the guide', buttonType: 'EXTERNAL_LINK', externalUrl: 'https://example.com/guide' },
    ]);
    expect((await body(await s.call('/api/action-triggers?path=/other', { token }))).actionButtons).toEqual([]);
    expect((await s.call('/api/action-triggers', { token })).status).toBe(400);
  });

  it('button clicks are stored; a bad payload is 400 and stores nothing', async () => {
    const click = {
      buttonId: 'b1',
      chatSessionId: null,
      chatLogId: null,
      userSessionId: VISITOR_A,
      pageUrl: 'https://shop.example/pricing',
      referrerUrl: '',
    };
    expect((await s.call('/api/button-click', { ...json(click), token })).status).toBe(204);
    expect(await s.storage.countButtonClicks(s.site.id)).toBe(1);
    expect((await s.call('/api/button-click', { ...json({ ...click, buttonId: 7 }), token })).status).toBe(400);
    expect(await s.storage.countButtonClicks(s.site.id)).toBe(1);
  });

  it('enrich stores the multipart fields on the visitor’s profile', async () => {
    const form = new FormData();
    form.set('email', 'alex@example.com');
    form.set('plan', 'gold');
    form.set('sessionId', VISITOR_A);
    const res = await s.call('/api/enrich', { method: 'POST', body: form, token });
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ success: true, profile: { email: 'alex@example.com', plan: 'gold' } });
    const more = new FormData();
    more.set('plan', 'platinum');
    more.set('sessionId', VISITOR_A);
    await s.call('/api/enrich', { method: 'POST', body: more, token });
    expect(await s.storage.getProfile(s.site.id, VISITOR_A)).toEqual({ email: 'alex@example.com', plan: 'platinum' });
  });

  it('enrich without sessionId, or with a file, is 400 and changes nothing', async () => {
    const noSession = new FormData();
    noSession.set('email', 'x@example.com');
    expect((await s.call('/api/enrich', { method: 'POST', body: noSession, token })).status).toBe(400);
    const withFile = new FormData();
    withFile.set('sessionId', VISITOR_B);
    withFile.set('doc', new Blob(['x']), 'x.txt');
    expect((await s.call('/api/enrich', { method: 'POST', body: withFile, token })).status).toBe(400);
    expect(await s.storage.getProfile(s.site.id, VISITOR_B)).toBeNull();
    expect((await s.call('/api/enrich', { ...json({ sessionId: VISITOR_B, a: 'b' }), token })).status).toBe(415);
  });

  const audioForm = (bytes: string | Uint8Array<ArrayBuffer>, type = 'audio/webm', name = 'recording.webm') => {
    const form = new FormData();
    form.set('file', new Blob([bytes], { type }), name);
    return form;
  };

  it("transcribe takes what browsers record: webm/opus, and mp4/aac (Safari before 18.4), with the upload's name and type", async () => {
    for (const [type, name] of [
      ['audio/webm;codecs=opus', 'audio.webm'],
      ['audio/mp4', 'audio.mp4'],
      ['audio/mp4;codecs=mp4a.40.2', 'audio.mp4'],
    ] as const) {
      const res = await s.call('/api/transcribe', { method: 'POST', body: audioForm('audio-bytes', type, name), token });
      expect(res.status).toBe(200);
      // the part's type reaches the engine without its parameters
      expect(uploads.at(-1)).toEqual({ filename: name, mimeType: type.split(';')[0] });
    }
  });

  it('transcribe returns the text of the audio', async () => {
    const res = await s.call('/api/transcribe', { method: 'POST', body: audioForm('webm-bytes'), token });
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ text: 'hello world' });
    expect(transcribed.at(-1)!.toString()).toBe('webm-bytes');
  });

  it('transcribe: undecodable audio 422, not audio 415, too large 413, no file 400', async () => {
    expect((await s.call('/api/transcribe', { method: 'POST', body: audioForm('garbage'), token })).status).toBe(422);
    expect((await s.call('/api/transcribe', { method: 'POST', body: audioForm('x', 'text/html'), token })).status).toBe(415);
    const big = await s.call('/api/transcribe', { method: 'POST', body: audioForm(new Uint8Array(65 * 1024)), token });
    expect(big.status).toBe(413);
    const empty = new FormData();
    empty.set('note', 'no file');
    expect((await s.call('/api/transcribe', { method: 'POST', body: empty, token })).status).toBe(400);
  });

  it('without an avatar provider the session token is 503 with a clear message', async () => {
    const res = await s.call('/api/interactive-avatar/get-session-token', { token });
    expect(res.status).toBe(503);
    expect((await body(res)).message).toMatch(/AVATAR_API_KEY/);
  });
});

describe('transcription and avatar switched on and off', () => {
  it('no transcriber: 501 with how to enable one', async () => {
    const s = await startServer();
    try {
      const form = new FormData();
      form.set('file', new Blob(['x'], { type: 'audio/webm' }), 'a.webm');
      const res = await s.call('/api/transcribe', { method: 'POST', body: form, token: await s.boot() });
      expect(res.status).toBe(501);
      expect(await body(res)).toMatchObject({
        error: 'TRANSCRIPTION_NOT_CONFIGURED',
        message: 'Transcription is not enabled on this server.',
      });
    } finally {
      await s.stop();
      await s.remove();
    }
  });

  it('an avatar provider: the config names the avatar and the token comes from the provider', async () => {
    let fail = false;
    const s = await startServer({
      avatar: {
        ...createFakeAvatarProvider('Anna_public'),
        createSessionToken: async () => {
          if (fail) throw new Error('down');
          return 'stream-token-1';
        },
      },
    });
    try {
      const token = await s.boot();
      expect((await body(await s.call('/api/config', { token }))).interactiveAvatarId).toBe('Anna_public');
      expect(await body(await s.call('/api/interactive-avatar/get-session-token', { token }))).toEqual({ token: 'stream-token-1' });
      fail = true;
      const res = await s.call('/api/interactive-avatar/get-session-token', { token });
      expect(res.status).toBe(502);
      expect((await body(res)).message).toBe('Failed to fetch session token');
    } finally {
      await s.stop();
      await s.remove();
    }
  });
});

describe('smart documents, videos and files', () => {
  let s: TestServer;
  let token: string;
  let docToken: string;
  let videoToken: string;
  const videoBytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

  beforeAll(async () => {
    s = await startServer();
    const pdf = await s.storage.addFile(s.site.id, {
      filename: 'guide.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4 test'),
    });
    const doc = await s.storage.addDocument({
      siteId: s.site.id,
      name: 'Guide',
      type: 'pdf',
      versionNumber: 3,
      fileId: pdf,
      text: null,
      hideDocFooter: true,
    });
    await s.storage.addFooterButton(doc.id, { label: 'Ask a question', type: 'BUTTON', actionType: 'open_chat_modal' });
    await s.storage.addFooterButton(doc.id, { label: 'Website', type: 'LINK', url: 'https://example.com' });
    docToken = doc.embedToken;
    const file = await s.storage.addFile(s.site.id, { filename: 'intro.webm', contentType: 'video/webm', bytes: videoBytes });
    const vtt = await s.storage.addFile(s.site.id, {
      filename: 'intro.vtt',
      contentType: 'text/vtt; charset=utf-8',
      bytes: Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nHello there.\n'),
    });
    const video = await s.storage.addVideo({
      siteId: s.site.id,
      name: 'Intro',
      description: 'Welcome',
      fileId: file,
      thumbnailFileId: null,
      captionsFileId: vtt,
      transcript: 'Hello there.',
      settings: { autoplay: true },
    });
    videoToken = video.embedToken;
    await s.storage.addPresenceMessage(s.site.id, {
      triggerEventUrl: '/welcome',
      videoId: video.id,
      content: 'Watch this first',
      showOnVisit: true,
    });
    token = await s.boot();
  });
  afterAll(async () => {
    await s.stop();
    await s.remove();
  });

  const docBoot = (t: string, init: { origin?: string | null; key?: string; headers?: Record<string, string> } = {}) =>
    s.call(`/smart-doc/${t}/boot`, { headers: { ...init.headers, 'X-API-Key': init.key ?? API_KEY }, origin: init.origin });

  it('smart-doc boot: the document, its settings and a working file URL', async () => {
    const res = await docBoot(docToken);
    expect(res.status).toBe(200);
    const b = await body(res);
    expect(b).toEqual({
      success: true,
      error: null,
      smartDoc: {
        smartDocId: expect.any(String),
        name: 'Guide',
        type: 'pdf',
        versionNumber: 3,
        fileUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/files\/.+\/guide\.pdf$/),
        embedSettings: { hideDocHeader: false, hideDocFooter: true },
      },
    });
    const file = await fetch(b.smartDoc.fileUrl);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(await file.text()).toBe('%PDF-1.4 test');
  });

  it('smart-doc boot statuses of widget-spec §8', async () => {
    const noOrigin = await docBoot(docToken, { origin: null });
    expect(noOrigin.status).toBe(400);
    expect(await body(noOrigin)).toEqual({ success: false, error: 'Invalid request - origin header required' });
    expect((await docBoot(docToken, { key: 'pk_wrong' })).status).toBe(401);
    const unknown = await docBoot('no-such-token');
    expect(unknown.status).toBe(404);
    expect(await body(unknown)).toEqual({ success: false, error: 'Smart document not found or invalid token' });
    expect((await docBoot(docToken, { origin: 'https://evil.example' })).status).toBe(403);
  });

  describe('a same-origin call, which browsers send without Origin (Fetch spec)', () => {
    const videoBoot = async (headers: Record<string, string>) => s.call(`/video/${videoToken}/boot`, { token, origin: null, headers });
    const withOrigins = async (origins: string[], run: () => Promise<void>) => {
      await s.storage.updateSite(s.site.id, { origins });
      try {
        await run();
      } finally {
        await s.storage.updateSite(s.site.id, { origins: s.site.origins });
      }
    };

    it('Sec-Fetch-Site: same-origin stands for the server’s own origin: 200 where the site allows self', () =>
      withOrigins([ORIGIN, 'self'], async () => {
        const headers = { 'Sec-Fetch-Site': 'same-origin' };
        const doc = await s.call(`/smart-doc/${docToken}/boot`, { origin: null, headers: { ...headers, 'X-API-Key': API_KEY } });
        expect(doc.status).toBe(200);
        expect(await body(doc)).toMatchObject({ success: true, smartDoc: { name: 'Guide' } });
        const video = await videoBoot(headers);
        expect(video.status).toBe(200);
        expect(await body(video)).toMatchObject({ success: true, video: { name: 'Intro' } });
      }));

    it('so does a Referer of the server’s own origin when there is no Sec-Fetch-Site (Safari 15.4)', () =>
      withOrigins([ORIGIN, 'self'], async () => {
        const headers = { Referer: `${s.base}/smart-doc?doc=pdf` };
        expect((await docBoot(docToken, { origin: null, headers })).status).toBe(200);
        expect((await videoBoot(headers)).status).toBe(200);
      }));

    it('a site that does not allow self still answers 403', async () => {
      for (const headers of [{ 'Sec-Fetch-Site': 'same-origin' }, { Referer: `${s.base}/` }] as Record<string, string>[]) {
        const doc = await docBoot(docToken, { origin: null, headers });
        expect(doc.status).toBe(403);
        expect(await body(doc)).toMatchObject({ error: 'INVALID_CONFIGURATION' });
        expect((await videoBoot(headers)).status).toBe(403);
      }
    });

    it.each<[string, (own: string) => Record<string, string>]>([
      ['a foreign Referer', () => ({ Referer: 'https://evil.example/page' })],
      ['a Referer that is not a URL', () => ({ Referer: 'nonsense' })],
      ['Sec-Fetch-Site: cross-site', () => ({ 'Sec-Fetch-Site': 'cross-site' })],
      ['Sec-Fetch-Site: same-site', () => ({ 'Sec-Fetch-Site': 'same-site' })],
      ['Sec-Fetch-Site: cross-site, whatever the Referer says', (own) => ({ 'Sec-Fetch-Site': 'cross-site', Referer: `${own}/` })],
    ])('without Origin, %s is still 400', (_why, given) =>
      withOrigins([ORIGIN, 'self'], async () => {
        const headers = given(s.base);
        const doc = await docBoot(docToken, { origin: null, headers });
        expect(doc.status).toBe(400);
        expect(await body(doc)).toEqual({ success: false, error: 'Invalid request - origin header required' });
        expect((await videoBoot(headers)).status).toBe(400);
      }),
    );
  });

  it('footer buttons, in order; 404 for an unknown token', async () => {
    const res = await s.call(`/smart-doc/${docToken}/footer-buttons`, { token });
    expect(await body(res)).toEqual([
      { id: expect.any(String), label: 'Ask a question', type: 'BUTTON', actionType: 'open_chat_modal' },
      { id: expect.any(String), label: 'Website', type: 'LINK', url: 'https://example.com' },
    ]);
    expect((await s.call('/smart-doc/nope/footer-buttons', { token })).status).toBe(404);
  });

  it('video boot: the video and its settings; 400 without Origin; 404 unknown', async () => {
    const res = await s.call(`/video/${videoToken}/boot`, { token });
    const b = await body(res);
    expect(b).toMatchObject({
      success: true,
      video: { name: 'Intro', description: 'Welcome', embedSettings: { autoplay: true, controls: true, shareEnabled: true } },
    });
    expect(b.video.videoUrl).toMatch(/\/files\/.+\/intro\.webm$/);
    const captions = await fetch(b.video.captionsUrl);
    expect(captions.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(await captions.text()).toMatch(/^WEBVTT/);
    expect((await s.call(`/video/${videoToken}/boot`, { token, origin: null })).status).toBe(400);
    const unknown = await s.call('/video/nope/boot', { token });
    expect(unknown.status).toBe(404);
    expect(await body(unknown)).toEqual({ success: false, error: 'Video not found or invalid token' });
  });

  it('video files answer range requests', async () => {
    const { video } = await body(await s.call(`/video/${videoToken}/boot`, { token }));
    const part = await fetch(video.videoUrl, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(videoBytes.subarray(100, 200));
    const tail = await fetch(video.videoUrl, { headers: { Range: 'bytes=-10' } });
    expect(tail.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect((await fetch(video.videoUrl, { headers: { Range: 'bytes=5000-' } })).status).toBe(416);
    expect((await fetch(`${s.base}/files/nope/x.webm`)).status).toBe(404);
  });

  it('history on a page with a presence video starts with it', async () => {
    const b = await body(await s.call(`/api/chat/history?userSessionId=${VISITOR_A}&path=/welcome`, { token }));
    expect(b.chatSessionId).toBeNull();
    expect(b.history).toEqual([
      expect.objectContaining({
        role: 'ai',
        type: 'VIDEO',
        source: 'POINT_OF_PRESENCE',
        triggerEventUrl: '/welcome',
        showOnVisit: true,
        script: 'Hello there.',
        content: 'Watch this first',
        captionsUrl: expect.stringMatching(/\/files\/.+\/intro\.vtt$/),
      }),
    ]);
    expect((await body(await s.call(`/api/chat/history?userSessionId=${VISITOR_A}&path=/elsewhere`, { token }))).history).toEqual([]);
  });
});

describe('a restart', () => {
  it('keeps sites, sessions, messages and the token secret', async () => {
    const first = await startServer();
    const token = await first.boot();
    const sent = await body(
      await first.call('/api/chat', { ...json({ message: 'Remember me', userSessionId: VISITOR_A, path: '/' }), token }),
    );
    await first.stop();

    const second = await startServer({ dir: first.dir, database: first.database, seed: false });
    try {
      const history = await body(
        await second.call(`/api/chat/history?userSessionId=${VISITOR_A}&path=/&chatSessionId=${sent.chatSession.id}`, { token }),
      );
      expect(history.history.map((m: Json) => m.content)).toEqual(['Remember me', 'An answer.']);
    } finally {
      await second.stop();
      await second.remove();
    }
  });
});
