/**
 * The chat machine with answers that stream (issue 16), in Node with fake actors: the answer shows
 * after its question as its text arrives (ANSWER.DELTA, reported by the send actor to the chat it
 * was given as `answer`), the typing indicator only until then; the server's copies replace both
 * when it is done; Stop keeps what was written, marked stopped; a failure keeps it with the error
 * and its Try again; a late report of an earlier question's answer changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectIsStreaming, selectIsTyping, selectIsWaiting, type ChatMessage, type SendResult } from '../../machines/chat';
import { ApiError } from '../../src/api/client';
import { ready, settle } from './chat-fakes';

const msg = (role: 'user' | 'ai', content: string, id = `${role}-${content}`): ChatMessage => ({
  id,
  role,
  content,
  createdAt: '',
  type: 'TEXT',
});
const answer = (text: string, reply = `re: ${text}`): SendResult => ({
  userMessage: msg('user', text),
  aiMessage: msg('ai', reply),
  chatSessionId: 's1',
  followUps: [{ id: 'f', text: 'More?' }],
  responseButtons: [],
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Sends `text` and returns the send call, with a way to report the answer's text so far. */
async function asked(x: Awaited<ReturnType<typeof ready>>, text: string) {
  x.actor.send({ type: 'CHAT.SEND', text });
  const call = x.send.last();
  const write = (soFar: string) => call.input.answer!.send({ type: 'ANSWER.DELTA', id: call.input.id, text: soFar });
  return { call, write };
}

describe('an answer that streams', () => {
  it('shows after its question as it is written; the typing indicator only until the first words; done, the server’s copies replace both', async () => {
    const x = await ready('s1', [msg('user', 'earlier', 'u0'), msg('ai', 'answer', 'a0')]);
    const { call, write } = await asked(x, 'What fees?');
    expect(call.input.answer).toBe(x.actor);
    expect(selectIsTyping(x.snap())).toBe(true);
    expect(selectIsStreaming(x.snap())).toBe(false);
    expect(x.snap().value).toEqual({ sending: 'waiting' });
    write('The advice');
    expect(x.snap().value).toEqual({ sending: 'streaming' });
    expect(selectIsTyping(x.snap())).toBe(false);
    expect(selectIsStreaming(x.snap())).toBe(true);
    expect(selectIsWaiting(x.snap())).toBe(true);
    write('The advice fee is **0.45%');
    expect(x.shown()).toEqual([
      ['earlier', 'delivered'],
      ['answer', 'delivered'],
      ['What fees?', 'sending'],
      ['The advice fee is **0.45%', 'streaming'],
    ]);
    // a question typed meanwhile waits after the answer being written
    x.actor.send({ type: 'CHAT.SEND', text: 'And exit fees?' });
    write('The advice fee is **0.45%** a year.');
    expect(x.shown().slice(2)).toEqual([
      ['What fees?', 'sending'],
      ['The advice fee is **0.45%** a year.', 'streaming'],
      ['And exit fees?', 'queued'],
    ]);
    call.resolve(answer('What fees?', 'The advice fee is **0.45%** a year.'));
    await settle();
    expect(x.shown().slice(2)).toEqual([
      ['What fees?', 'delivered'],
      ['The advice fee is **0.45%** a year.', 'delivered'],
      ['And exit fees?', 'sending'],
    ]);
    expect(x.snap().context.messages[3]!.id).toBe('ai-The advice fee is **0.45%** a year.');
    expect(x.emitted).toContainEqual({ type: 'message.received', message: msg('ai', 'The advice fee is **0.45%** a year.') });
    // a late report of the first answer is not written into the second
    write('stale');
    expect(selectIsStreaming(x.snap())).toBe(false);
  });

  it('Stop cancels it: what was written stays, marked stopped, with Try again; a reload shows the server’s copy instead', async () => {
    const x = await ready();
    const { call, write } = await asked(x, 'Tell me everything');
    write('Part one');
    x.actor.send({ type: 'CHAT.STOP' });
    expect(call.signal.aborted).toBe(true);
    expect(x.shown()).toEqual([
      ['Tell me everything', 'stopped'],
      ['Part one', 'stopped'],
    ]);
    const [question, partial] = x.snap().context.messages;
    expect(partial).toMatchObject({ role: 'ai', of: question!.id, stored: true });
    expect(question!.stored).toBe(true);
    // the window closes: the history has the server's copy (stored incomplete), the local ones go
    x.actor.send({ type: 'CHAT.RELOAD' });
    x.history.last().resolve({
      messages: [msg('user', 'Tell me everything', 'u1'), { ...msg('ai', 'Part one', 'a1'), incomplete: true }],
      chatSessionId: 's1',
    });
    await settle();
    expect(x.shown()).toEqual([
      ['Tell me everything', 'delivered'],
      ['Part one', 'delivered'],
    ]);
  });

  it('Try again after Stop asks once more: the stopped question and its part answer give way', async () => {
    const x = await ready();
    const { write } = await asked(x, 'Tell me everything');
    write('Part one');
    x.actor.send({ type: 'CHAT.STOP' });
    x.actor.send({ type: 'CHAT.RETRY', id: x.snap().context.messages[0]!.id });
    expect(x.shown()).toEqual([['Tell me everything', 'sending']]);
    expect(x.send.calls).toHaveLength(2);
  });

  it('a failure mid-answer keeps what was written and puts the error after it, with Try again; the session the server kept it in is adopted', async () => {
    const x = await ready(null);
    const { call, write } = await asked(x, 'First question');
    write('Half an');
    call.reject(new ApiError('FAILED', 'Failed to get AI response', 200, undefined, 'made-by-server'));
    await settle();
    expect(x.shown()).toEqual([
      ['First question', 'failed'],
      ['Half an', 'failed'],
      ['Failed to get AI response', 'error'],
    ]);
    const error = x.snap().context.messages[2]!;
    expect(error.of).toBe(x.snap().context.messages[0]!.id);
    expect(x.snap().context.chatSessionId).toBe('made-by-server');
    expect(x.emitted).toContainEqual({ type: 'session.changed', chatSessionId: 'made-by-server' });
    // Try again goes into that session
    x.actor.send({ type: 'CHAT.RETRY', id: error.of! });
    expect(x.send.last().input).toMatchObject({ text: 'First question', chatSessionId: 'made-by-server' });
  });

  it('a failure before any words: the error after the question, as before', async () => {
    const x = await ready();
    const { call } = await asked(x, 'Q');
    call.reject(new ApiError('FAILED', 'Failed to get AI response'));
    await settle();
    expect(x.shown()).toEqual([
      ['Q', 'failed'],
      ['Failed to get AI response', 'error'],
    ]);
    expect(x.snap().context.messages.some((m) => m.stored)).toBe(false);
  });
});
