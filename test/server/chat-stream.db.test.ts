/**
 * Streamed answers (issue 16) over real HTTP: the real server on 127.0.0.1 with a real SQLite file,
 * its OpenAI-compatible engine talking to a provider stub on 127.0.0.1 that streams slowly, stops
 * mid-stream, sends malformed chunks and errors. The stub waits for the test between its pieces,
 * so "before the provider finished" is an order of events, not a timing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createBuiltinEngine, streamPieces } from '../../server/answers/builtin';
import { ProviderError, type AnswerEngine } from '../../server/answers/types';
import { json, reader, startServer, VISITOR_A, VISITOR_B, type StreamEvent, type TestServer } from './harness';
import { chunk, finish, gate, sse, standInProvider } from './stand-in-provider';

// ---------------------------------------------------------------- the provider stub

type Play = (res: ServerResponse, req: IncomingMessage) => Promise<void> | void;

let play: Play;
/** The bodies the stub received, parsed. */
let asked: { stream?: boolean }[] = [];
/** Resolves when the stub sees its client (the server's engine) close the connection. */
let providerClosed = gate();

const provider = standInProvider((res, body, req) => {
  asked.push(JSON.parse(body) as { stream?: boolean });
  res.on('close', () => providerClosed.open());
  void play(res, req);
});

let s: TestServer | undefined;
afterEach(async () => {
  await s?.stop();
  await s?.remove();
  s = undefined;
  asked = [];
  providerClosed = gate();
});

const openAi = (timeoutMs = 5_000): AnswerEngine => provider.engine({ timeoutMs });

// ---------------------------------------------------------------- reading the widget's side of the stream

const QUESTION = { message: 'What are the fees?', userSessionId: VISITOR_A, path: '/fees', webPageContent: 'Fees are 0.45% a year.' };

async function ask(
  server: TestServer,
  body: object = QUESTION,
  init: { accept?: string; encoding?: string; signal?: AbortSignal; visitor?: string } = {},
) {
  const token = await server.tokenFor(init.visitor ?? VISITOR_A);
  const req = json(body);
  return server.call('/api/chat', {
    ...req,
    token,
    signal: init.signal,
    headers: {
      ...(req.headers as Record<string, string>),
      Accept: init.accept ?? 'text/event-stream',
      'Accept-Encoding': init.encoding ?? 'br, gzip',
    },
  });
}

async function history(server: TestServer, chatSessionId: string, visitor = VISITOR_A) {
  const res = await server.call(`/api/chat/history?userSessionId=${visitor}&path=/fees&chatSessionId=${chatSessionId}`, {
    token: await server.tokenFor(visitor),
  });
  return ((await res.json()) as { history: Record<string, unknown>[] }).history;
}

const texts = (events: StreamEvent[]) => events.filter((e) => e.event === 'delta').map((e) => e.data.text as string);

// ---------------------------------------------------------------- the tests

describe('POST /api/chat with Accept: text/event-stream', () => {
  it('streams the provider’s pieces as they come, with compression on, then one done event with the §3 reply; stored once, whole', async () => {
    const next = gate();
    play = async (res) => {
      sse(res);
      res.write(chunk('The advice '));
      res.write(chunk('fee is '));
      // the rest waits until the widget's side has seen the first piece
      await next.opened;
      res.write(chunk('0.45% a year.'));
      res.end(finish);
    };
    s = await startServer({ answers: openAi() });
    const res = await ask(s);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // compression on (br and gzip accepted) does not hold the stream back: it is not compressed at all
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toContain('no-transform');
    const events = reader(res);
    // first the session the question goes into: a new chat's, decided now
    const start = await events.next();
    expect(start).toEqual({ event: 'start', data: { chatSessionId: expect.any(String) } });
    const first = await events.next();
    expect(first).toEqual({ event: 'delta', data: { text: 'The advice ' } });
    // the session exists from the start (empty until the answer is complete): whatever becomes of the answer,
    // the widget goes on in it
    expect(await history(s, start!.data.chatSessionId as string)).toEqual([]);
    next.open();
    const rest = await events.all();
    expect(asked[0]!.stream).toBe(true);
    expect(texts([first!, ...rest])).toEqual(['The advice ', 'fee is ', '0.45% a year.']);
    const done = rest.at(-1)!;
    expect(done.event).toBe('done');
    expect(rest.filter((e) => e.event === 'done')).toHaveLength(1);
    const reply = done.data as {
      aiMessage: { content: string; id: string };
      userMessage: { content: string };
      chatSession: { id: string };
      followUpButtons: unknown[];
      responseButtons: unknown[];
      response: string;
    };
    expect(reply.aiMessage.content).toBe('The advice fee is 0.45% a year.');
    expect(reply.userMessage.content).toBe('What are the fees?');
    expect(reply.response).toBe(reply.aiMessage.content);
    expect(reply.chatSession.id).toBe(start!.data.chatSessionId);
    expect(Array.isArray(reply.followUpButtons) && Array.isArray(reply.responseButtons)).toBe(true);
    const stored = await history(s, reply.chatSession.id);
    expect(stored.map((m) => [m.role, m.content, m.incomplete])).toEqual([
      ['user', 'What are the fees?', undefined],
      ['ai', 'The advice fee is 0.45% a year.', undefined],
    ]);
  });

  it('without the Accept header the answer is the spec’s JSON, unchanged, and the provider is not asked to stream', async () => {
    play = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: 'Plain answer.' }, finish_reason: 'stop' }] }));
    };
    s = await startServer({ answers: openAi() });
    const res = await ask(s, QUESTION, { accept: 'application/json' });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as { aiMessage: { content: string } };
    expect(body.aiMessage.content).toBe('Plain answer.');
    expect(asked[0]!.stream).toBeUndefined();
  });

  it('a provider that answers a stream request with plain JSON is read as one piece', async () => {
    play = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: 'All at once.' }, finish_reason: 'stop' }] }));
    };
    s = await startServer({ answers: openAi() });
    const events = await reader(await ask(s)).all();
    expect(texts(events)).toEqual(['All at once.']);
    expect(events.at(-1)!.event).toBe('done');
  });

  it('a provider that stops mid-stream: an error event with the §8 text, and the partial answer stored once, marked incomplete', async () => {
    play = (res) => {
      sse(res);
      res.write(chunk('Half an '));
      res.write(chunk('answer'));
      // the connection drops: no [DONE], no finish_reason
      setImmediate(() => res.destroy());
    };
    s = await startServer({ answers: openAi() });
    const events = await reader(await ask(s)).all();
    expect(texts(events)).toEqual(['Half an ', 'answer']);
    const error = events.at(-1)!;
    expect(error.event).toBe('error');
    expect(error.data).toMatchObject({
      error: 'PROVIDER_ERROR',
      message: 'Failed to get AI response',
      aiMessage: { content: 'Half an answer', incomplete: true },
      userMessage: { content: 'What are the fees?' },
    });
    const stored = await history(s, (error.data.chatSession as { id: string }).id);
    expect(stored.map((m) => [m.role, m.content, m.incomplete])).toEqual([
      ['user', 'What are the fees?', undefined],
      ['ai', 'Half an answer', true],
    ]);
  });

  it('a malformed chunk ends the answer with an error event (never raw JSON as text); what came before is kept', async () => {
    play = (res) => {
      sse(res);
      res.write(chunk('Good start. '));
      res.write('data: {"choices": [{"delta": {"content": "broken\n\n');
      res.end(finish);
    };
    s = await startServer({ answers: openAi() });
    const events = await reader(await ask(s)).all();
    expect(texts(events)).toEqual(['Good start. ']);
    expect(events.at(-1)).toMatchObject({
      event: 'error',
      data: { message: 'Failed to get AI response', aiMessage: { content: 'Good start.', incomplete: true } },
    });
  });

  it('an error object mid-stream, and an error status before any piece: error events; with nothing written, only the question is stored', async () => {
    play = (res) => {
      sse(res);
      res.write(chunk('Partly '));
      res.end(`data: ${JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } })}\n\n`);
    };
    s = await startServer({ answers: openAi() });
    let events = await reader(await ask(s)).all();
    expect(events.at(-1)).toMatchObject({
      event: 'error',
      data: { error: 'PROVIDER_ERROR', aiMessage: { content: 'Partly', incomplete: true } },
    });

    play = (res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'boom' } }));
    };
    events = await reader(await ask(s, { ...QUESTION, userSessionId: VISITOR_B }, { visitor: VISITOR_B })).all();
    expect(texts(events)).toEqual([]);
    const error = events.at(-1)!;
    expect(error).toMatchObject({ event: 'error', data: { error: 'PROVIDER_ERROR', message: 'Failed to get AI response' } });
    expect(error.data.aiMessage).toBeUndefined();
    const stored = await history(s, (error.data.chatSession as { id: string }).id, VISITOR_B);
    expect(stored.map((m) => m.role)).toEqual(['user']);
  });

  it('a provider that goes quiet past its time limit: PROVIDER_TIMEOUT, the partial kept', async () => {
    play = (res) => {
      sse(res);
      res.write(chunk('Then silence'));
      // nothing more until the engine gives up (the stub's connection closes then)
    };
    s = await startServer({ answers: openAi(300) });
    const events = await reader(await ask(s)).all();
    expect(events.at(-1)).toMatchObject({
      event: 'error',
      data: { error: 'PROVIDER_TIMEOUT', aiMessage: { content: 'Then silence', incomplete: true } },
    });
    await providerClosed.opened;
  });

  it('a visitor who leaves mid-answer: the provider’s request is cancelled, the partial answer stored once, incomplete', async () => {
    const never = gate();
    play = async (res) => {
      sse(res);
      res.write(chunk('You asked about '));
      res.write(chunk('fees. '));
      await never.opened;
    };
    s = await startServer({ answers: openAi() });
    const leave = new AbortController();
    const events = reader(await ask(s, QUESTION, { signal: leave.signal }));
    const { chatSessionId } = (await events.next())!.data;
    expect((await events.next())!.data.text).toBe('You asked about ');
    expect((await events.next())!.data.text).toBe('fees. ');
    leave.abort();
    // the server cancels its own request to the provider
    await providerClosed.opened;
    never.open();
    const sessions = async () => {
      const res = await s!.call(`/api/chat/sessions?userSessionId=${VISITOR_A}`, { token: await s!.tokenFor(VISITOR_A) });
      return ((await res.json()) as { sessions: { id: string; totalMessages: number }[] }).sessions;
    };
    await expect.poll(async () => (await sessions())[0]?.totalMessages).toBe(2);
    // in the session the start event named
    expect((await sessions())[0]!.id).toBe(chatSessionId);
    const stored = await history(s, (await sessions())[0]!.id);
    expect(stored.map((m) => [m.role, m.content, m.incomplete])).toEqual([
      ['user', 'What are the fees?', undefined],
      ['ai', 'You asked about fees.', true],
    ]);
  });

  it('refusals come before the stream, with their status: no token 401, over the limit 429 with Retry-After, an unknown session 404', async () => {
    play = (res) => {
      sse(res);
      res.end(chunk('Hi.') + finish);
    };
    // the 404 counts as one of the visitor's two messages
    s = await startServer({ answers: openAi(), limits: { chatPerVisitor: 2 } });
    const req = json(QUESTION);
    const anonymous = await s.call('/api/chat', {
      ...req,
      headers: { ...(req.headers as Record<string, string>), Accept: 'text/event-stream' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/^application\/json/);

    const unknown = await ask(s, { ...QUESTION, chatSessionId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toBe('SESSION_NOT_FOUND');

    expect((await reader(await ask(s)).all()).at(-1)!.event).toBe('done');
    const limited = await ask(s);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a question sent again with its clientMessageId gets the first answer as a stream of one done event, stored once', async () => {
    play = (res) => {
      sse(res);
      res.end(chunk('Once.') + finish);
    };
    s = await startServer({ answers: openAi() });
    const body = { ...QUESTION, clientMessageId: 'retry-abcdef12' };
    const first = await reader(await ask(s, body)).all();
    const again = await reader(await ask(s, body)).all();
    expect(again).toEqual([first.at(-1)]);
    expect(asked).toHaveLength(1);
    const stored = await history(s, (first.at(-1)!.data.chatSession as { id: string }).id);
    expect(stored).toHaveLength(2);
  });

  it('the built-in engine streams its answer too, in pieces of whole words that join into the stored answer', async () => {
    s = await startServer({ answers: createBuiltinEngine() });
    const events = await reader(
      await ask(s, {
        ...QUESTION,
        message: 'What are the fees a year?',
        webPageContent:
          'Our advice fee is 0.45% a year of the value of your portfolio, charged monthly. There is no exit fee when you leave.',
      }),
    ).all();
    const pieces = texts(events);
    expect(pieces.length).toBeGreaterThan(2);
    const done = events.at(-1)!.data as { aiMessage: { content: string } };
    expect(pieces.join('').trim()).toBe(done.aiMessage.content);
    expect(done.aiMessage.content).toContain('0.45% a year');
  });
});

describe('the OpenAI-compatible engine reading a stream', () => {
  it('reads CRLF lines, comments, pieces split mid-line and mid-character, and a finish_reason without [DONE]', async () => {
    play = async (res) => {
      sse(res);
      const text = `: keep-alive\r\n\r\n${chunk('Prix: ').replace(/\n/g, '\r\n')}${chunk('5 €, ')}${chunk('ça va.')}data: ${JSON.stringify({ choices: [{ delta: {}, finish_reason: 'stop' }] })}\n\n`;
      const bytes = Buffer.from(text, 'utf8');
      // one byte at a time: lines and the euro sign's three bytes arrive in pieces
      for (let i = 0; i < bytes.length; i += 7) res.write(bytes.subarray(i, i + 7));
      res.end();
    };
    const pieces: string[] = [];
    const result = await openAi().answer(
      { question: 'Price?', pageText: 'Price 5 €', pagePath: '/', documents: [], history: [] },
      undefined,
      (p) => pieces.push(p),
    );
    expect(pieces).toEqual(['Prix: ', '5 €, ', 'ça va.']);
    expect(result.content).toBe('Prix: 5 €, ça va.');
  });

  it('a stream with no text at all is a provider error', async () => {
    play = (res) => {
      sse(res);
      res.end(finish);
    };
    await expect(
      openAi().answer({ question: 'x?', pageText: 'x', pagePath: '/', documents: [], history: [] }, undefined, () => undefined),
    ).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('the built-in engine’s pieces', () => {
  it('are whole words of at least 24 characters but the last, and join into the answer exactly', () => {
    const content = 'According to **the Fees guide**:\n\n> The advice fee is 0.45% a year.\n\nSources: Fees guide';
    const pieces = streamPieces(content);
    expect(pieces.join('')).toBe(content);
    for (const p of pieces.slice(0, -1)) expect(p.length).toBeGreaterThanOrEqual(24);
    for (const p of pieces) expect(p).toMatch(/\S(\s*)$/);
  });
});
