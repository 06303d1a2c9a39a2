/**
 * The widget when the server is answering as many questions as it may (503 SERVER_BUSY with Retry-After): the chat
 * machine with the widget's own client against the real server (HTTP on 127.0.0.1, a real database) at MAX_STREAMS 1,
 * its one slot held by another visitor's answer. The question fails with widget-spec §8's text as an error message,
 * nothing of it is stored, and Try again, offered at once, sends it once a slot is free.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { chatMachine, type ChatMessage, type SendInput, type SendResult } from '../../machines/chat';
import type { AnswerEngine, OnDelta } from '../../server/answers/types';
import { ApiError } from '../../src/api/client';
import { createChatClient } from '../../src/api/chat-client';
import { chatFailureText, FAILURE_TEXT } from '../../src/messages';
import { connectWithAuth } from '../support/connect';
import { API_KEY, ORIGIN, startServer, VISITOR_A, VISITOR_B, type TestServer } from './harness';

/** An engine whose first answer waits for `free()`; the others answer at once. */
function holdingEngine() {
  let entered!: () => void;
  const holding = new Promise<void>((r) => (entered = r));
  let free!: () => void;
  const freed = new Promise<void>((r) => (free = r));
  let calls = 0;
  const engine: AnswerEngine = {
    name: 'holding',
    async answer(_req, _signal, onDelta?: OnDelta) {
      if (calls++ === 0) {
        onDelta?.('Held ');
        entered();
        await freed;
      }
      onDelta?.('An answer.');
      return { content: calls === 1 ? 'Held An answer.' : 'An answer.', followUps: [], sources: [] };
    },
  };
  return { engine, holding, free };
}

const held = holdingEngine();
let s: TestServer;
beforeAll(async () => {
  s = await startServer({ answers: held.engine, limits: { maxStreams: 1 } });
});
afterAll(async () => {
  // the client leaves a refusal's body unread (it needs only the status), and with it its connection busy
  s.app.server.closeAllConnections();
  await s.stop();
  await s.remove();
});

/** The widget's chat client as a page on ORIGIN has it. */
function client() {
  const c = connectWithAuth({
    apiUrl: `${s.base}/api`,
    baseUrl: `${s.base}/`,
    apiKey: API_KEY,
    fetch: (input, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('Origin', ORIGIN);
      return fetch(input, { ...init, headers });
    },
  });
  return createChatClient(c.http);
}

const question = (userSessionId: string, message = 'What are the fees?') => ({
  message,
  webPageContent: '',
  userSessionId,
  path: '/fees',
  chatSessionId: null,
});

describe('the widget when the server is busy', { timeout: 30_000 }, () => {
  it('shows §8’s failure text as an error message with Try again, stores nothing, and Try again sends it once a slot is free', async () => {
    // another visitor's answer holds the one slot, until its response closes (a moment after its done event: the
    // server records the answer's times first)
    const closed = new Promise<void>((resolve) => {
      const first = (req: IncomingMessage, res: ServerResponse) => {
        if (req.url !== '/api/chat') return;
        s.app.server.off('request', first);
        res.once('close', () => resolve());
      };
      s.app.server.on('request', first);
    });
    const other = client().send(question(VISITOR_B), undefined, () => undefined);
    await held.holding;

    // the client's own view of the refusal: FAILED with §8's text and the status
    const refused = (await client()
      .send(question(VISITOR_A), undefined, () => undefined)
      .catch((e: unknown) => e)) as ApiError;
    expect(refused).toBeInstanceOf(ApiError);
    expect([refused.code, refused.message, refused.status]).toEqual(['FAILED', FAILURE_TEXT.chat, 503]);

    // the chat machine as the widget runs it, its sends over the same client (streamed)
    const api = client();
    const actor = createActor(
      chatMachine.provide({
        actors: {
          loadHistory: fromPromise<{ messages: ChatMessage[]; chatSessionId: string | null }, { chatSessionId: string | null }>(
            async () => ({ messages: [], chatSessionId: null }),
          ),
          send: fromPromise<SendResult, SendInput>(({ input, signal }) =>
            api.send({ ...question(VISITOR_A, input.text), chatSessionId: input.chatSessionId }, signal, (text, chatSessionId) =>
              input.answer?.send({ type: 'ANSWER.DELTA', id: input.id, text, chatSessionId }),
            ),
          ),
        },
      }),
      { input: { chatSessionId: null } },
    ).start();
    await waitFor(actor, (x) => x.matches('ready'));
    actor.send({ type: 'CHAT.SEND', text: 'What are the fees?' });
    const failed = await waitFor(actor, (x) => x.matches('ready') && x.context.messages.some((m) => m.isError));
    const [asked, error] = failed.context.messages;
    expect(asked).toMatchObject({ role: 'user', content: 'What are the fees?', status: 'failed' });
    // widget-spec §8 "Chat": the main chat's send failure is shown as an error-styled message, with its text
    expect(error!.isError).toBe(true);
    expect(chatFailureText(error!.failure!)).toBe('Failed to get AI response');
    expect(failed.can({ type: 'CHAT.RETRY', id: asked!.id })).toBe(true);
    // refused before anything was stored: the visitor has no session, no question
    expect(await api.sessions(VISITOR_A)).toEqual([]);

    // the other answer ends; Try again (offered at once, not held for the Retry-After) sends it, once
    held.free();
    await other;
    await closed;
    actor.send({ type: 'CHAT.RETRY', id: asked!.id });
    const answered = await waitFor(
      actor,
      (x) => x.matches('ready') && x.context.messages.some((m) => m.role === 'ai' && !m.status && !m.isError),
    );
    expect(answered.context.messages.map((m) => [m.role, m.content, m.status, m.isError])).toEqual([
      ['user', 'What are the fees?', undefined, undefined],
      ['ai', 'An answer.', undefined, undefined],
    ]);
    expect((await api.sessions(VISITOR_A)).map((x) => x.totalMessages)).toEqual([2]);
    actor.stop();
  });
});
