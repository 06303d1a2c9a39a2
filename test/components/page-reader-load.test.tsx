/**
 * The page reader's chunk as the chat's effects load it (src/effects/chat.ts): a send awaits it, a
 * send whose load failed goes without the page's text (the message is not lost), and the next send
 * loads it again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { SendResult } from '../../machines/chat';
import type { ChatClient } from '../../src/api/chat-client';
import { chatEffects } from '../../src/effects/chat';

const loads = vi.hoisted(() => ({ count: 0, fail: 2 }));
// the chunk's import fails `fail` times, then loads
vi.mock('../../src/effects/page-text', async (importActual) => {
  loads.count++;
  if (loads.fail-- > 0) throw new Error('Failed to fetch dynamically imported module');
  return importActual();
});

afterEach(() => {
  document.body.innerHTML = '';
});

function setup() {
  const sent: { webPageContent: string; message: string }[] = [];
  const client = {
    send: vi.fn(async (body: { webPageContent: string; message: string }) => {
      sent.push(body);
      return { messages: [] } as unknown as SendResult;
    }),
  } as unknown as ChatClient;
  const effects = chatEffects({
    client,
    userSessionId: 'visitor-1',
    path: () => '/fees',
    pageAwareness: true,
    settings: async () => undefined,
  });
  const send = (text: string) =>
    toPromise(createActor(effects.chat.send, { input: { id: text, text, chatSessionId: null } as never }).start());
  return { effects, sent, send };
}

describe('loading the page reader', () => {
  it('starts as the conversation does (with page awareness on); a send whose reader could not load goes without the page text; the next send loads it', async () => {
    document.body.innerHTML = '<h1>Fees</h1><a href="#main">Skip to content</a><p>0.7% a year.</p>';
    const off = chatEffects({
      client: {} as ChatClient,
      userSessionId: 'v',
      path: () => '/',
      pageAwareness: false,
      settings: async () => undefined,
    });
    createActor(off.pageReader).start().stop();
    expect(loads.count).toBe(0);
    const { effects, sent, send } = setup();
    // the conversation's start: the chunk is asked for (this load fails, silently)
    createActor(effects.pageReader).start();
    await vi.waitFor(() => expect(loads.count).toBe(1));
    await send('first');
    expect(loads.count).toBe(2);
    expect(sent[0]).toMatchObject({ message: 'first', webPageContent: '' });
    await send('second');
    expect(loads.count).toBe(3);
    expect(sent[1]).toMatchObject({ message: 'second', webPageContent: '# Fees\n\n0.7% a year.' });
    // loaded once: later sends use the same chunk
    await send('third');
    expect(loads.count).toBe(3);
    expect(sent[2]!.webPageContent).toBe('# Fees\n\n0.7% a year.');
  });
});
