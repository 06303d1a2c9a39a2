/**
 * The chat machine on a bad network (issue 13), in Node with fake actors and fake timers:
 * Stop cancels the answer on its way; a send that got no answer waits for the network
 * (NETWORK.BACK, or the machine's own backoff) and goes once; a waiting question can be
 * cancelled; a 429 holds the composer for its Retry-After; each failed question keeps its
 * own Try again after later messages; a history that could not load is not an empty one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, SendResult } from '../../machines/chat';
import { chatFailureText, rateLimitText } from '../../src/messages';
import { ready, settle, start } from './chat-fakes';
import { ApiError } from '../../src/api/client';
import { DEFAULT_RETRY_AFTER_S, FIRST_RESEND_MS, MAX_RESEND_MS } from '../../machines/constants';

const msg = (role: 'user' | 'ai', content: string, id = `${role}-${content}`): ChatMessage => ({
  id,
  role,
  content,
  createdAt: '',
  type: 'TEXT',
});
const answer = (text: string): SendResult => ({
  userMessage: msg('user', text),
  aiMessage: msg('ai', `re: ${text}`),
  chatSessionId: 's1',
  followUps: [],
  responseButtons: [],
});
const offline = () => new ApiError('NETWORK', 'Failed to get AI response');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Stop', () => {
  it('cancels the request; the question stays, stopped, with its Try again', async () => {
    const x = await ready();
    x.actor.send({ type: 'CHAT.TYPE', text: 'Long question' });
    x.actor.send({ type: 'CHAT.SUBMIT' });
    expect(x.snap().value).toEqual({ sending: 'waiting' });
    expect(x.snap().can({ type: 'CHAT.STOP' })).toBe(true);
    x.actor.send({ type: 'CHAT.STOP' });
    expect(x.send.last().signal.aborted).toBe(true);
    expect(x.snap().value).toBe('ready');
    expect(x.shown()).toEqual([['Long question', 'stopped']]);
    // a late answer of the cancelled call changes nothing
    x.send.last().resolve(answer('Long question'));
    await settle();
    expect(x.shown()).toEqual([['Long question', 'stopped']]);

    x.actor.send({ type: 'CHAT.RETRY', id: x.snap().context.messages[0]!.id });
    expect(x.send.calls).toHaveLength(2);
    expect(x.send.last().input.text).toBe('Long question');
    // it shows once
    expect(x.shown()).toEqual([['Long question', 'sending']]);
  });

  it('is there only while an answer is on its way', async () => {
    const x = await ready();
    expect(x.snap().can({ type: 'CHAT.STOP' })).toBe(false);
    x.actor.send({ type: 'CHAT.STOP' });
    expect(x.snap().value).toBe('ready');
  });
});

describe('no answer (NETWORK)', () => {
  it('keeps the question, waits, and sends it once when the network is back; what is typed meanwhile goes after it', async () => {
    const x = await ready();
    x.actor.send({ type: 'CHAT.SEND', text: 'first' });
    x.send.last().reject(offline());
    await settle();
    expect(x.snap().value).toBe('offline');
    // no error message: it is not lost, only waiting
    expect(x.shown()).toEqual([['first', 'queued']]);
    expect(x.emitted).toContainEqual({ type: 'send.failed', error: 'Failed to get AI response' });
    // a message typed meanwhile waits too (the composer is not held)
    x.actor.send({ type: 'CHAT.TYPE', text: 'second' });
    expect(x.snap().can({ type: 'CHAT.SUBMIT' })).toBe(true);
    x.actor.send({ type: 'CHAT.SUBMIT' });
    expect(x.shown()).toEqual([
      ['first', 'queued'],
      ['second', 'queued'],
    ]);
    expect(x.send.calls).toHaveLength(1);

    x.actor.send({ type: 'NETWORK.BACK' });
    expect(x.send.calls).toHaveLength(2);
    expect(x.send.last().input.text).toBe('first');
    // the fallback timer of the offline state is gone: it starts no second request
    x.actor.send({ type: 'NETWORK.BACK' });
    await vi.advanceTimersByTimeAsync(MAX_RESEND_MS * 2);
    expect(x.send.calls).toHaveLength(2);

    x.send.last().resolve(answer('first'));
    await settle();
    expect(x.send.calls).toHaveLength(3);
    expect(x.send.last().input.text).toBe('second');
    x.send.last().resolve(answer('second'));
    await settle();
    expect(x.shown()).toEqual([
      ['first', 'delivered'],
      ['re: first', 'delivered'],
      ['second', 'delivered'],
      ['re: second', 'delivered'],
    ]);
    expect(x.send.calls.map((c) => c.input.text)).toEqual(['first', 'first', 'second']);
    // the question sent again is the same question (its clientMessageId follows its id): a server that
    // did receive it the first time answers with what it stored
    const [one, again, other] = x.send.calls.map((c) => c.input.id);
    expect(again).toBe(one);
    expect(other).not.toBe(one);
  });

  it('without NETWORK.BACK, tries again after its own backoff, doubling up to the maximum', async () => {
    const x = await ready();
    x.actor.send({ type: 'CHAT.SEND', text: 'hello' });
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      x.send.last().reject(offline());
      await settle();
      const before = x.send.calls.length;
      let waited = 0;
      while (x.send.calls.length === before) {
        await vi.advanceTimersByTimeAsync(1000);
        waited += 1000;
      }
      waits.push(waited);
    }
    expect([FIRST_RESEND_MS, MAX_RESEND_MS]).toEqual([4_000, 30_000]);
    expect(waits).toEqual([4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    // an answer resets the backoff
    x.send.last().resolve(answer('hello'));
    await settle();
    x.actor.send({ type: 'CHAT.SEND', text: 'again' });
    x.send.last().reject(offline());
    await settle();
    await vi.advanceTimersByTimeAsync(FIRST_RESEND_MS);
    expect(x.send.last().input.text).toBe('again');
    expect(x.snap().value).toEqual({ sending: 'waiting' });
  });

  it('the visitor can cancel the waiting question: it stays, stopped, with its Try again, and nothing is sent', async () => {
    const x = await ready();
    x.actor.send({ type: 'CHAT.SEND', text: 'never mind' });
    x.send.last().reject(offline());
    await settle();
    const id = x.snap().context.messages[0]!.id;
    x.actor.send({ type: 'CHAT.CANCEL', id });
    expect(x.shown()).toEqual([['never mind', 'stopped']]);
    // nothing waits any more
    expect(x.snap().value).toBe('ready');
    x.actor.send({ type: 'NETWORK.BACK' });
    await vi.advanceTimersByTimeAsync(MAX_RESEND_MS);
    expect(x.send.calls).toHaveLength(1);
    x.actor.send({ type: 'CHAT.RETRY', id });
    expect(x.send.calls).toHaveLength(2);
  });

  it('a question queued behind another can be cancelled too; the one on its way cannot (that is Stop)', async () => {
    const x = await ready();
    x.actor.send({ type: 'CHAT.SEND', text: 'one' });
    x.actor.send({ type: 'CHAT.SEND', text: 'two' });
    const [one, two] = x.snap().context.messages;
    x.actor.send({ type: 'CHAT.CANCEL', id: one!.id });
    x.actor.send({ type: 'CHAT.CANCEL', id: two!.id });
    expect(x.shown()).toEqual([
      ['one', 'sending'],
      ['two', 'stopped'],
    ]);
    x.send.last().resolve(answer('one'));
    await settle();
    expect(x.send.calls).toHaveLength(1);
  });
});

describe('429', () => {
  it('shows the wait from Retry-After, holds the composer that long, then lets it send again by itself', async () => {
    const x = await ready();
    x.actor.send({ type: 'CHAT.SEND', text: 'too fast' });
    x.send.last().reject(new ApiError('RATE_LIMIT_EXCEEDED', 'RATE_LIMIT_EXCEEDED', 429, 17));
    await settle();
    expect(x.snap().value).toBe('cooling');
    expect(rateLimitText(17)).toBe('Too many messages. Please wait 17 seconds before sending again.');
    expect(x.shown()).toEqual([
      ['too fast', 'failed'],
      [rateLimitText(17), 'error'],
    ]);
    // the code stays for the programmatic API's error event (and the console)
    expect(x.emitted).toContainEqual({ type: 'send.failed', error: 'RATE_LIMIT_EXCEEDED' });
    x.actor.send({ type: 'CHAT.TYPE', text: 'next' });
    expect(x.snap().can({ type: 'CHAT.SUBMIT' })).toBe(false);
    x.actor.send({ type: 'CHAT.SUBMIT' });
    expect(x.snap().context.draft).toBe('next');
    // a button's message waits for the end of the wait
    x.actor.send({ type: 'CHAT.SEND', text: 'from a button' });
    await vi.advanceTimersByTimeAsync(17_000 - 1);
    expect(x.send.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(x.send.calls).toHaveLength(2);
    expect(x.send.last().input.text).toBe('from a button');
    x.send.last().resolve(answer('from a button'));
    await settle();
    expect(x.snap().can({ type: 'CHAT.SUBMIT' })).toBe(true);
  });

  it('without Retry-After, waits the default', async () => {
    const x = await ready();
    x.actor.send({ type: 'CHAT.SEND', text: 'too fast' });
    x.send.last().reject(new ApiError('RATE_LIMIT_EXCEEDED'));
    await settle();
    expect(chatFailureText(x.snap().context.messages[1]!.failure!)).toBe(rateLimitText(DEFAULT_RETRY_AFTER_S));
    await vi.advanceTimersByTimeAsync(DEFAULT_RETRY_AFTER_S * 1000);
    expect(x.snap().value).toBe('ready');
    expect(rateLimitText(1)).toBe('Too many messages. Please wait 1 second before sending again.');
  });
});

describe('failed questions', () => {
  it('each keeps its own Try again after later messages; Try again sends that question once', async () => {
    const x = await ready();
    x.actor.send({ type: 'CHAT.SEND', text: 'q1' });
    x.send.last().reject(new ApiError('FAILED', 'Failed to get AI response'));
    await settle();
    x.actor.send({ type: 'CHAT.SEND', text: 'q2' });
    x.send.last().resolve(answer('q2'));
    await settle();
    x.actor.send({ type: 'CHAT.SEND', text: 'q3' });
    x.send.last().reject(new ApiError('FAILED', 'Failed to get AI response'));
    await settle();
    expect(x.shown()).toEqual([
      ['q1', 'failed'],
      ['Failed to get AI response', 'error'],
      ['q2', 'delivered'],
      ['re: q2', 'delivered'],
      ['q3', 'failed'],
      ['Failed to get AI response', 'error'],
    ]);
    const q1 = x.snap().context.messages[0]!.id;
    x.actor.send({ type: 'CHAT.RETRY', id: q1 });
    // a second click of the same Try again does nothing: its question has gone on
    x.actor.send({ type: 'CHAT.RETRY', id: q1 });
    expect(x.send.calls.map((c) => c.input.text)).toEqual(['q1', 'q2', 'q3', 'q1']);
    x.send.last().resolve(answer('q1'));
    await settle();
    expect(x.shown()).toEqual([
      ['q2', 'delivered'],
      ['re: q2', 'delivered'],
      ['q3', 'failed'],
      ['Failed to get AI response', 'error'],
      ['q1', 'delivered'],
      ['re: q1', 'delivered'],
    ]);
  });

  it('stay through a reload, after the history; another session drops them (its messages show once it is loaded)', async () => {
    const x = await ready('s1', [msg('user', 'old'), msg('ai', 'old answer')]);
    x.actor.send({ type: 'CHAT.SEND', text: 'failed one' });
    x.send.last().reject(new ApiError('FAILED', 'Failed to get AI response'));
    await settle();
    x.actor.send({ type: 'CHAT.RELOAD' });
    x.history.last().resolve({ messages: [msg('user', 'old'), msg('ai', 'old answer'), msg('user', 'other tab')], chatSessionId: 's1' });
    await settle();
    expect(x.shown()).toEqual([
      ['old', 'delivered'],
      ['old answer', 'delivered'],
      ['other tab', 'delivered'],
      ['failed one', 'failed'],
      ['Failed to get AI response', 'error'],
    ]);
    x.actor.send({ type: 'CHAT.LOAD', chatSessionId: 's2' });
    expect(x.shown()).toEqual([]);
    x.history.last().resolve({ messages: [msg('user', 'in s2')], chatSessionId: 's2' });
    await settle();
    expect(x.shown()).toEqual([['in s2', 'delivered']]);
  });
});

describe('history', () => {
  it('could not load: loadFailed (not an empty chat), the messages already shown stay, and Retry loads again', async () => {
    const x = await ready('s1', [msg('user', 'hi'), msg('ai', 'hello')]);
    x.actor.send({ type: 'CHAT.RELOAD' });
    x.history.last().reject(new ApiError('NETWORK', 'Failed to load chat history'));
    await settle();
    expect(x.snap().value).toBe('loadFailed');
    expect(x.shown()).toEqual([
      ['hi', 'delivered'],
      ['hello', 'delivered'],
    ]);
    x.actor.send({ type: 'CHAT.RELOAD' });
    expect(x.snap().value).toBe('loading');
    x.history.last().resolve({ messages: [msg('user', 'hi'), msg('ai', 'hello')], chatSessionId: 's1' });
    await settle();
    expect(x.snap().value).toBe('ready');
  });

  it('loads again when the network is back; with nothing waiting it does not poll', async () => {
    const x = start();
    x.history.last().reject(offline());
    await settle();
    await vi.advanceTimersByTimeAsync(MAX_RESEND_MS * 2);
    expect(x.history.calls).toHaveLength(1);
    x.actor.send({ type: 'NETWORK.BACK' });
    expect(x.history.calls).toHaveLength(2);
  });

  it('a message sent meanwhile waits, and goes once the history is in', async () => {
    const x = start();
    x.history.last().reject(offline());
    await settle();
    x.actor.send({ type: 'CHAT.SEND', text: 'are you there?' });
    expect(x.shown()).toEqual([['are you there?', 'queued']]);
    expect(x.send.calls).toHaveLength(0);
    x.actor.send({ type: 'CHAT.RELOAD' });
    expect(x.history.calls).toHaveLength(2);
    x.history.last().resolve({ messages: [msg('user', 'earlier')], chatSessionId: 's1' });
    await settle();
    expect(x.send.calls.map((c) => c.input.text)).toEqual(['are you there?']);
    expect(x.shown()).toEqual([
      ['earlier', 'delivered'],
      ['are you there?', 'sending'],
    ]);
  });

  it('a session the server no longer knows is forgotten, but a question sent meanwhile is kept for the new one', async () => {
    const x = start('gone');
    x.actor.send({ type: 'CHAT.SEND', text: 'early' });
    x.history.last().reject(new ApiError('SESSION_NOT_FOUND'));
    await settle();
    expect(x.snap().context.chatSessionId).toBeNull();
    expect(x.send.last().input).toEqual({ id: expect.any(String), text: 'early', chatSessionId: null, answer: expect.anything() });
  });

  it('a reload cancels the load it replaces', async () => {
    const x = start();
    x.actor.send({ type: 'CHAT.RELOAD' });
    expect(x.history.calls[0]!.signal.aborted).toBe(true);
    expect(x.history.calls[1]!.signal.aborted).toBe(false);
  });
});
