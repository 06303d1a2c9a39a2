/**
 * The chat machine over promise fakes that keep each call's cancel signal, for the tests that drive it
 * with fake timers (test/machines/chat-resilience.test.ts, chat-stream.test.ts).
 */
import { expect, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { ChatMessage, SendInput, SendResult } from '../../machines/chat';
import { startChat } from './controlled';
import { chatFailureText } from '../../src/messages';

export interface Call<I, O> {
  input: I;
  signal: AbortSignal;
  resolve: (o: O) => void;
  reject: (e: unknown) => void;
}

/** A promise actor whose calls (with their cancel signal) the test settles by hand. */
export function controlled<I, O>() {
  const calls: Call<I, O>[] = [];
  const logic = fromPromise<O, I>(
    ({ input, signal }) => new Promise<O>((resolve, reject) => calls.push({ input, signal, resolve, reject })),
  );
  return { logic, calls, last: () => calls.at(-1)! };
}

/** Lets the promise actors' callbacks run (fake timers do not hold microtasks). */
export const settle = () => vi.advanceTimersByTimeAsync(0);

export function start(chatSessionId: string | null = 's1') {
  const { actor, history, send, emitted } = startChat(
    chatSessionId,
    controlled<{ chatSessionId: string | null }, { messages: ChatMessage[]; chatSessionId: string | null }>(),
    controlled<SendInput, SendResult>(),
  );
  const snap = () => actor.getSnapshot();
  /** Each message as [what it shows (an error's words from the catalogue), status or 'error' or 'delivered']. */
  const shown = () =>
    snap().context.messages.map((m) => [
      m.failure ? chatFailureText(m.failure) : m.content,
      m.isError ? 'error' : (m.status ?? 'delivered'),
    ]);
  return { actor, history, send, emitted, snap, shown };
}

export async function ready(chatSessionId: string | null = 's1', messages: ChatMessage[] = []) {
  const x = start(chatSessionId);
  x.history.last().resolve({ messages, chatSessionId });
  await settle();
  expect(x.snap().value).toBe('ready');
  return x;
}
