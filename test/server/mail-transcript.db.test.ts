/**
 * `POST {api}/transcript-mail` (server/routes/transcript-mail.ts) on the real server and database, mailing through a
 * local SMTP server (test/server/smtp.ts) whose received messages the tests read.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApi } from '../../server/api';
import { TRANSCRIPT_MAIL_LIMITS } from '../../server/routes/transcript-mail';
import { API_KEY, json, ORIGIN, scriptedEngine, startServer, type TestServer, VISITOR_A, VISITOR_B } from './harness';
import { startRelay } from './smtp';

const WORDS = { subject: 'Chat transcript: AI Agent', you: 'You', agent: 'AI Agent' };

let smtp: Awaited<ReturnType<typeof startRelay>>;
let s: TestServer;

beforeAll(async () => {
  smtp = await startRelay();
  s = await startServer({
    mailer: smtp.mailer(),
    answers: scriptedEngine((req) => ({ content: `Answer to “${req.question}”: <b>not HTML</b>`, followUps: [], sources: [] })).engine,
  });
});
afterAll(async () => {
  await s.stop();
  await s.remove();
  await smtp.close();
});

/** Asks `message` as `visitor` (in `chatSessionId` when given); the chat session's id. */
async function ask(visitor: string, message: string, chatSessionId?: string): Promise<string> {
  const res = await s.call('/api/chat', {
    ...json({ message, userSessionId: visitor, path: '/shop', webPageContent: '', ...(chatSessionId ? { chatSessionId } : {}) }),
    token: await s.tokenFor(visitor),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { chatSession: { id: string } }).chatSession.id;
}

const mail = async (visitor: string, body: Record<string, unknown>, token?: string) =>
  s.call('/api/transcript-mail', { ...json({ userSessionId: visitor, ...WORDS, ...body }), token: token ?? (await s.tokenFor(visitor)) });

describe('mailing a transcript', () => {
  it('says mail is available to a bearer token, and nothing without one', async () => {
    const res = await s.call('/api/transcript-mail', { token: await s.tokenFor(VISITOR_A) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ available: true });
    expect((await s.call('/api/transcript-mail')).status).toBe(401);
  });

  it('mails the session’s stored messages as plain text, from MAIL_FROM to the address typed', async () => {
    const id = await ask(VISITOR_A, 'Can I salary-sacrifice?');
    await ask(VISITOR_A, '¿Y después? 退休', id);
    const res = await mail(VISITOR_A, { chatSessionId: id, email: 'ann@client.example' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: true });
    const m = await smtp.waitForMessage((x) => x.envelope.to.includes('ann@client.example'));
    expect(m.envelope.from).toBe('no-reply@advice.example');
    expect(m.headers['content-type']).toMatch(/^text\/plain/);
    expect(m.raw).not.toMatch(/text\/html/);
    expect(m.subject).toBe('Chat transcript: AI Agent');
    const stored = await s.storage.listMessages(s.site.id, VISITOR_A, id);
    expect(m.text).toBe(
      [
        `You (${stored[0]!.createdAt}):\nCan I salary-sacrifice?`,
        `AI Agent (${stored[1]!.createdAt}):\nAnswer to “Can I salary-sacrifice?”: <b>not HTML</b>`,
        `You (${stored[2]!.createdAt}):\n¿Y después? 退休`,
        `AI Agent (${stored[3]!.createdAt}):\nAnswer to “¿Y después? 退休”: <b>not HTML</b>`,
      ].join('\n\n'),
    );
  });

  it('mails only the visitor’s own session: another visitor’s id is 404 and nothing is sent', async () => {
    const id = await ask(VISITOR_A, 'Mine only');
    const before = smtp.messages.length;
    const res = await mail(VISITOR_B, { chatSessionId: id, email: 'eve@client.example' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'SESSION_NOT_FOUND' });
    expect(smtp.messages.length).toBe(before);
  });

  it('refuses what is not one address, and any line break in the words (no header injection)', async () => {
    const id = await ask(VISITOR_B, 'Hello');
    const before = smtp.messages.length;
    for (const body of [
      { email: 'a@client.example, b@client.example' },
      { email: 'not an address' },
      { email: 'a@client.example\r\nBcc: b@client.example' },
      { email: 'a@client.example', subject: 'Hi\r\nBcc: b@client.example' },
      { email: 'a@client.example', you: 'You\n' },
      { email: 'a@client.example', extra: 'x' },
    ]) {
      const res = await mail(VISITOR_B, { chatSessionId: id, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(smtp.messages.length).toBe(before);
  });

  it('limits the body to 4 KiB', async () => {
    const res = await mail(VISITOR_B, { chatSessionId: 'x', email: 'a@client.example', agent: 'A'.repeat(5000) });
    expect(res.status).toBe(413);
  });

  it('answers 502 when the relay refuses, and the server goes on', async () => {
    const id = await ask(VISITOR_B, 'Refuse me');
    const res = await mail(VISITOR_B, { chatSessionId: id, email: 'nobody@client.example' });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: 'PROVIDER_ERROR', message: 'The transcript could not be mailed.' });
    expect((await s.call('/api/transcript-mail', { token: await s.tokenFor(VISITOR_B) })).status).toBe(200);
  });

  it('logs a refusal at warn with the site, the session and the SMTP codes, never the address, the words or the messages', async () => {
    // the API on a second instance over the same database, whose log (warn and up) the test reads
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } });
    await registerApi(app, {
      storage: s.storage,
      tokens: s.tokens,
      answers: scriptedEngine(() => ({ content: 'A private answer.', followUps: [], sources: [] })).engine,
      transcriber: null,
      transcriptionDisabledMessage: 'off',
      avatar: null,
      mailer: smtp.mailer(),
      limits: { chatPerVisitor: 1000, chatPerSite: 10_000, windowMs: 60_000, maxAudioBytes: 64 * 1024, maxBodyBytes: 256 * 1024 },
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const post = (path: string, body: unknown, token?: string) =>
        fetch(base + path, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Origin: ORIGIN,
            ...(token ? { Authorization: `Bearer ${token}` } : { 'X-API-Key': API_KEY }),
          },
          body: JSON.stringify(body),
        });
      const visitor = 'visitor-cccccccc-3333';
      const token = ((await (await post('/session/boot', {})).json()) as { authToken: string }).authToken;
      const chat = await post(
        '/api/chat',
        { message: 'A private question', userSessionId: visitor, path: '/shop', webPageContent: '' },
        token,
      );
      const id = ((await chat.json()) as { chatSession: { id: string } }).chatSession.id;
      const res = await post(
        '/api/transcript-mail',
        { userSessionId: visitor, ...WORDS, subject: 'Private subject', chatSessionId: id, email: 'nobody@client.example' },
        token,
      );
      expect(res.status).toBe(502);
      const warnings = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'transcript mail not sent');
      expect(warnings).toEqual([
        expect.objectContaining({
          level: 40,
          siteId: s.site.id,
          chatSessionId: id,
          mailError: 'FAILED',
          smtpCode: 'EENVELOPE',
          responseCode: 550,
        }),
      ]);
      const log = lines.join('\n');
      for (const secret of ['nobody@', 'No such user', 'Private subject', 'A private question', 'A private answer'])
        expect(log).not.toContain(secret);
    } finally {
      await app.close();
    }
  });

  it(`mails at most ${TRANSCRIPT_MAIL_LIMITS.perVisitor} transcripts per visitor an hour, then 429 with Retry-After`, async () => {
    const visitor = 'visitor-throttle-3333';
    const id = await ask(visitor, 'Again and again');
    for (let i = 0; i < TRANSCRIPT_MAIL_LIMITS.perVisitor; i++) {
      expect((await mail(visitor, { chatSessionId: id, email: `t${i}@client.example` })).status).toBe(200);
    }
    const res = await mail(visitor, { chatSessionId: id, email: 'more@client.example' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(smtp.messages.some((m) => m.envelope.to.includes('more@client.example'))).toBe(false);
    // a new token (boot again) does not escape the visitor's limit
    const again = await mail(visitor, { chatSessionId: id, email: 'more@client.example' }, await s.boot());
    expect(again.status).toBe(429);
  });
});

describe('without SMTP_URL', () => {
  it('says mail is not available, and sends nothing', async () => {
    const plain = await startServer();
    try {
      const token = await plain.tokenFor(VISITOR_A);
      expect(await (await plain.call('/api/transcript-mail', { token })).json()).toEqual({ available: false });
      const res = await plain.call('/api/transcript-mail', {
        ...json({ userSessionId: VISITOR_A, chatSessionId: 'x', email: 'a@client.example', ...WORDS }),
        token,
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'NOT_FOUND' });
    } finally {
      await plain.stop();
      await plain.remove();
    }
  });
});
