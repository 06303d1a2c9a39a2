/** The widget's API client and auth machine against the real server (HTTP on 127.0.0.1, real SQLite). */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/client';
import { FAILURE_TEXT, SETTINGS_ERROR_TEXT } from '../../src/messages';
import { createApiClient, createChatClient } from '../../src/api/chat-client';
import { connectWithAuth } from '../support/connect';
import { API_KEY, ORIGIN, VISITOR_A, VISITOR_B, scriptedEngine, startServer, type TestServer } from './harness';

/** fetch as a browser on `origin` would send it. */
const fromOrigin =
  (origin: string): typeof fetch =>
  (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('Origin', origin);
    return fetch(input, { ...init, headers });
  };

let s: TestServer;
beforeAll(async () => {
  s = await startServer({
    answers: scriptedEngine((req) => ({ content: `**Answer** to ${req.question}`, followUps: ['More?'], sources: [] })).engine,
    limits: { chatPerVisitor: 3 },
  });
  await s.storage.addActionTrigger(s.site.id, {
    path: '/p',
    name: 'Docs',
    buttonType: 'EXTERNAL_LINK',
    externalUrl: 'https://example.com/docs',
  });
  await s.storage.addActionTrigger(s.site.id, { path: '/p', name: 'Ask', buttonType: 'ACTION', actionMessage: 'Tell me about p' });
});
afterAll(async () => {
  await s.stop();
  await s.remove();
});

const widget = (apiKey = API_KEY, origin = ORIGIN) => {
  const c = connectWithAuth({ apiUrl: `${s.base}/api`, baseUrl: `${s.base}/`, apiKey, fetch: fromOrigin(origin) });
  return { ...c, client: { ...c.client, ...createChatClient(c.http) } };
};

describe('the client against the server', () => {
  it('boots once for concurrent calls, then reads config and appearance', async () => {
    const { client, auth } = widget();
    const boots = vi.fn();
    let was = false;
    auth.subscribe((x) => {
      if (x.matches('booting') && !was) boots();
      was = x.matches('booting');
    });
    const [config, appearance] = await Promise.all([client.config(), client.appearance()]);
    expect(config).toEqual({ agentPageAwareness: true, interactiveAvatarId: '', referenceWebpage: '' });
    expect(appearance.agentName).toBe('AI Agent');
    expect(boots).toHaveBeenCalledTimes(1);
    expect(auth.getSnapshot().context.token).toMatch(/\./);
  });

  it('sends, reads history and sessions, renames', async () => {
    const { client } = widget();
    const sent = await client.send({
      message: 'What is a fund?',
      webPageContent: '',
      userSessionId: VISITOR_A,
      path: '/p',
      chatSessionId: null,
    });
    expect(sent.aiMessage).toMatchObject({ role: 'ai', content: '**Answer** to What is a fund?', type: 'TEXT' });
    expect(sent.followUps).toEqual([{ id: expect.any(String), text: 'More?' }]);
    const history = await client.history({ userSessionId: VISITOR_A, path: '/p', chatSessionId: sent.chatSessionId });
    expect(history.messages.map((m) => m.role)).toEqual(['user', 'ai']);
    const sessions = await client.sessions(VISITOR_A);
    expect(sessions[0]).toMatchObject({ id: sent.chatSessionId, name: 'What is a fund?', totalMessages: 2 });
    expect(await client.renameSession({ userSessionId: VISITOR_A, chatSessionId: sent.chatSessionId, name: 'Funds' })).toEqual({
      id: sent.chatSessionId,
      name: 'Funds',
    });
  });

  it('maps statuses to the errors of widget-spec §8', async () => {
    const { client } = widget();
    await expect(client.renameSession({ userSessionId: VISITOR_B, chatSessionId: 'missing', name: 'x' })).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
      message: 'SESSION_NOT_FOUND',
    });
    await expect(client.history({ userSessionId: VISITOR_B, path: '/p', chatSessionId: 'missing' })).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
    // another visitor: another widget, with its own session (a token serves one visitor, issue 14)
    const other = widget().client;
    const send = () =>
      other.send({ message: 'hi', webPageContent: '', userSessionId: 'visitor-rate-limit-1', path: '/', chatSessionId: null });
    await send();
    await send();
    await send();
    await expect(send()).rejects.toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', status: 429 });
  });

  it('an unknown key is INVALID_API_KEY; a foreign origin INVALID_CONFIGURATION', async () => {
    await expect(widget('pk_wrong').client.config()).rejects.toMatchObject({ code: 'INVALID_API_KEY' });
    await expect(widget(API_KEY, 'https://evil.example').client.appearance()).rejects.toMatchObject({ code: 'INVALID_CONFIGURATION' });
  });

  it('action buttons: links and messages; an empty list when the call fails', async () => {
    const { client } = widget();
    expect(await client.actionButtons('/p')).toEqual([
      { id: expect.any(String), name: 'Docs', kind: 'link', url: 'https://example.com/docs' },
      { id: expect.any(String), name: 'Ask', kind: 'message', message: 'Tell me about p' },
    ]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await widget('pk_wrong').client.actionButtons('/p')).toEqual([]);
    warn.mockRestore();
  });

  it('button clicks are reported, failures only logged', async () => {
    const { client } = widget();
    const before = await s.storage.countButtonClicks(s.site.id);
    await client.buttonClick({
      buttonId: 'b',
      chatSessionId: null,
      userSessionId: VISITOR_A,
      pageUrl: 'https://shop.example/p',
      referrerUrl: '',
    });
    expect(await s.storage.countButtonClicks(s.site.id)).toBe(before + 1);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(
      widget('pk_wrong').client.buttonClick({ buttonId: 'b', chatSessionId: null, userSessionId: VISITOR_A, pageUrl: '', referrerUrl: '' }),
    ).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('enrich sends the fields and the session id', async () => {
    await widget().client.enrich({ email: 'a@b.example', age: 41 }, VISITOR_A);
    expect(await s.storage.getProfile(s.site.id, VISITOR_A)).toMatchObject({ email: 'a@b.example', age: '41' });
  });

  it('takes a fresh token from a response header', async () => {
    const { client, auth } = widget();
    await client.config();
    const first = auth.getSnapshot().context.token;
    // a token past half its life makes the server send a fresh one
    auth.send({
      type: 'TOKEN.RECEIVED',
      token: s.tokens.issue(s.site.id, Date.now() - 0.6 * s.tokens.lifetimeMs).authToken,
      lifetimeMs: 30 * 60_000,
      now: Date.now(),
    });
    await client.config();
    const renewed = auth.getSnapshot().context.token;
    expect(renewed).not.toBe(first);
    expect(s.tokens.verify(renewed!)).toMatchObject({ ok: true });
  });

  it('a token the server refuses (401) is replaced once and the call goes through', async () => {
    const { client, auth } = widget();
    await client.config();
    auth.send({ type: 'TOKEN.RECEIVED', token: 'forged.token', lifetimeMs: 30 * 60_000, now: Date.now() });
    // a call that goes to the server (the config came with the boot: issue 13)
    await expect(client.sessions('visitor-aaaaaaaa')).resolves.toEqual(expect.any(Array));
    expect(auth.getSnapshot().context.token).not.toBe('forged.token');
  });
});

describe('the client against a broken server', () => {
  const fakeFetch =
    (reply: (url: string) => Response): typeof fetch =>
    async (input) =>
      reply(String(input));
  const tokens = { get: async () => 't', received: () => undefined, rejected: () => undefined };

  it('a response of the wrong shape is the call’s failure text', async () => {
    const client = createApiClient({
      apiUrl: 'http://x/api',
      baseUrl: 'http://x/',
      apiKey: 'k',
      tokens,
      fetch: fakeFetch(() => Response.json({ sessions: [{ id: 7 }] })),
    });
    await expect(client.sessions('visitor-aaaaaaaa')).rejects.toMatchObject({ code: 'FAILED', message: FAILURE_TEXT.sessions });
    await expect(client.sessions('visitor-aaaaaaaa')).rejects.toBeInstanceOf(ApiError);
    const notJson = createApiClient({
      apiUrl: 'http://x/api',
      baseUrl: 'http://x/',
      apiKey: 'k',
      tokens,
      fetch: fakeFetch(() => new Response('<html>')),
    });
    await expect(notJson.config()).rejects.toMatchObject({ message: FAILURE_TEXT.config });
  });

  it('a network failure is the call’s failure text; a failed boot is the visitor-facing text', async () => {
    const down: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const client = createApiClient({ apiUrl: 'http://x/api', baseUrl: 'http://x/', apiKey: 'k', tokens, fetch: down });
    await expect(
      client.send({ message: 'x', webPageContent: '', userSessionId: 'visitor-aaaaaaaa', path: '/', chatSessionId: null }),
    ).rejects.toMatchObject({ message: FAILURE_TEXT.chat });
    const { client: booting } = connectWithAuth({ apiUrl: 'http://x/api', baseUrl: 'http://x/', apiKey: 'k', fetch: down });
    await expect(booting.appearance()).rejects.toMatchObject({ message: SETTINGS_ERROR_TEXT.FAILED });
  });

  it('history messages are normalised: roles in any case, unknown roles and malformed items dropped', async () => {
    const client = createApiClient({
      apiUrl: 'http://x/api',
      baseUrl: 'http://x/',
      apiKey: 'k',
      tokens,
      fetch: fakeFetch(() =>
        Response.json({
          history: [
            { role: 'USER', content: 'hi', createdAt: '2026-01-01T00:00:00Z' },
            { role: 'Ai', content: 'hello', type: 'video', videoUrl: 'https://v.example/a.webm' },
            { role: 'system', content: 'secret' },
            { role: 'ai' },
          ],
          chatSessionId: 'c1',
        }),
      ),
    });
    const h = await client.history({ userSessionId: 'visitor-aaaaaaaa', path: '/', chatSessionId: 'c1' });
    expect(h.messages.map((m) => [m.role, m.type, m.content])).toEqual([
      ['user', 'TEXT', 'hi'],
      ['ai', 'VIDEO', 'hello'],
    ]);
  });
});
