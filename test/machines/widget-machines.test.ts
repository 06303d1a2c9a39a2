import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { actionButtonsMachine } from '../../machines/action-buttons';
import { chatMachine, canSendText, type SendInput } from '../../machines/chat';
import { isValidRename, sessionsMachine } from '../../machines/sessions';
import { clampSheetHeight, windowMachine, type WindowEmitted } from '../../machines/window';
import type { ActionButton, ChatMessage, SendResult } from '../../machines/chat';
import type { ChatSession } from '../../machines/sessions';
import { ApiError } from '../../src/api/client';
import { controlled, startChat } from './controlled';
import { windowOverEmptyPage } from '../fixtures/window';
import { chatFailureText } from '../../src/messages';
import { DEFAULT_RETRY_AFTER_S } from '../../machines/constants';

const msg = (role: 'user' | 'ai', content: string, id = `${role}-${content}`): ChatMessage => ({
  id,
  role,
  content,
  createdAt: '2026-01-01T00:00:00Z',
  type: 'TEXT',
});
/** The questions waiting their turn. */
const queued = (actor: { getSnapshot(): { context: { messages: ChatMessage[] } } }) =>
  actor
    .getSnapshot()
    .context.messages.filter((m) => m.status === 'queued')
    .map((m) => m.content);

describe('window machine (window and tabs)', () => {
  const start = (isMobile = false) => {
    const actor = createActor(windowOverEmptyPage, { input: { path: '/', isMobile } });
    const emitted: WindowEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as WindowEmitted));
    actor.start();
    return { actor, emitted };
  };

  it('the launcher toggles the window; opening clears the bubble and focuses (emits), closing reloads (emits)', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'BUBBLE.SHOW', bubble: { text: 'Need help?' } });
    expect(actor.getSnapshot().context.bubble).toEqual({ text: 'Need help?' });
    actor.send({ type: 'WINDOW.TOGGLE' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.bubble).toBeNull();
    expect(emitted).toEqual([{ type: 'window.opened' }, { type: 'tab.entered', tab: 'home' }]);
    // a bubble does not show over an open window
    actor.send({ type: 'BUBBLE.SHOW', bubble: { text: 'Hi' } });
    expect(actor.getSnapshot().context.bubble).toBeNull();
    actor.send({ type: 'WINDOW.TOGGLE' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(emitted.at(-1)).toEqual({ type: 'window.closed' });
    actor.send({ type: 'BUBBLE.SHOW', bubble: { text: 'Hi again' } });
    actor.send({ type: 'BUBBLE.DISMISS' });
    expect(actor.getSnapshot().context.bubble).toBeNull();
    expect(emitted.at(-1)).toEqual({ type: 'bubble.dismissed', path: '/' });
  });

  it('tabs: selecting another tab emits its effect; the same tab does nothing', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'WINDOW.OPEN' });
    emitted.length = 0;
    for (const tab of ['chat', 'history', 'settings', 'home'] as const) actor.send({ type: 'TAB.SELECT', tab });
    actor.send({ type: 'TAB.SELECT', tab: 'home' });
    expect(emitted).toEqual(['chat', 'history', 'settings', 'home'].map((tab) => ({ type: 'tab.entered', tab })));
  });

  it('expands on wide screens only; a narrow viewport collapses it', () => {
    const { actor } = start();
    actor.send({ type: 'WINDOW.EXPAND_TOGGLE' });
    expect(actor.getSnapshot().context.expanded).toBe(false); // closed: nothing to expand
    actor.send({ type: 'WINDOW.OPEN' });
    actor.send({ type: 'WINDOW.EXPAND_TOGGLE' });
    expect(actor.getSnapshot().context.expanded).toBe(true);
    actor.send({ type: 'VIEWPORT.CHANGED', isMobile: true });
    expect(actor.getSnapshot().context.expanded).toBe(false);
    actor.send({ type: 'WINDOW.EXPAND_TOGGLE' });
    expect(actor.getSnapshot().context.expanded).toBe(false);
  });

  it('a path change hides the bubble and emits; the same path does nothing', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'BUBBLE.SHOW', bubble: { text: 'x' } });
    actor.send({ type: 'PATH.CHANGED', path: '/' });
    expect(emitted).toEqual([]);
    actor.send({ type: 'PATH.CHANGED', path: '/pricing' });
    expect(actor.getSnapshot().context).toMatchObject({ path: '/pricing', bubble: null });
    expect(emitted).toEqual([{ type: 'path.changed', path: '/pricing' }]);
  });

  it('the sheet resizes between 400 px and 90% of the viewport', () => {
    expect(clampSheetHeight(100, 900)).toBe(400);
    expect(clampSheetHeight(600, 900)).toBe(600);
    expect(clampSheetHeight(2000, 900)).toBe(810);
    expect(clampSheetHeight(500, 300)).toBe(400);
    const { actor } = start(true);
    actor.send({ type: 'WINDOW.OPEN' });
    actor.send({ type: 'SHEET.RESIZE', height: 5000, viewportHeight: 844 });
    expect(actor.getSnapshot().context.sheetHeight).toBe(759);
  });
});

describe('chat machine', () => {
  const start = startChat;

  it('loads the stored session’s history first', async () => {
    const { actor, history } = start('s1');
    expect(history.calls[0]!.input).toEqual({ chatSessionId: 's1' });
    history.calls[0]!.resolve({ messages: [msg('user', 'hi'), msg('ai', 'hello')], chatSessionId: 's1' });
    const s = await waitFor(actor, (x) => x.matches('ready'));
    expect(s.context.messages.map((m) => m.content)).toEqual(['hi', 'hello']);
  });

  it('a history failure is told apart from an empty history (loadFailed), keeps the session, and Retry loads it again', async () => {
    const { actor, history, emitted } = start('s1');
    history.calls[0]!.reject(new ApiError('FAILED', 'Failed to load chat history'));
    const s = await waitFor(actor, (x) => x.matches('loadFailed'));
    expect(s.context).toMatchObject({ messages: [], chatSessionId: 's1' });
    expect(emitted).toEqual([]);
    actor.send({ type: 'CHAT.RELOAD' });
    expect(history.calls[1]!.input).toEqual({ chatSessionId: 's1' });
  });

  it('a session the server no longer knows (SESSION_NOT_FOUND) is forgotten', async () => {
    const { actor, history, emitted } = start('gone');
    history.calls[0]!.reject(new ApiError('SESSION_NOT_FOUND'));
    const s = await waitFor(actor, (x) => x.matches('ready'));
    expect(s.context).toMatchObject({ messages: [], chatSessionId: null });
    expect(emitted).toEqual([{ type: 'session.changed', chatSessionId: null }]);
  });

  it('a reload that finds the same conversation keeps the buttons under the last answer', async () => {
    const { actor, history, send } = start();
    history.calls[0]!.resolve({ messages: [], chatSessionId: null });
    await waitFor(actor, (x) => x.matches('ready'));
    actor.send({ type: 'CHAT.SEND', text: 'fees?' });
    const answer = {
      userMessage: msg('user', 'fees?', 'u1'),
      aiMessage: msg('ai', '0.7%', 'a1'),
      chatSessionId: 's1',
      followUps: [{ id: 'f', text: 'More?' }],
      responseButtons: [],
    };
    send.calls[0]!.resolve(answer);
    await waitFor(actor, (x) => x.matches('ready'));
    actor.send({ type: 'CHAT.RELOAD' });
    history.calls[1]!.resolve({ messages: [answer.userMessage, answer.aiMessage], chatSessionId: 's1' });
    expect((await waitFor(actor, (x) => x.matches('ready'))).context.followUps).toEqual([{ id: 'f', text: 'More?' }]);
    // a different conversation (another tab sent a message) drops them
    actor.send({ type: 'CHAT.RELOAD' });
    history.calls[2]!.resolve({
      messages: [answer.userMessage, answer.aiMessage, msg('user', 'elsewhere', 'u2'), msg('ai', 'ok', 'a2')],
      chatSessionId: 's1',
    });
    expect((await waitFor(actor, (x) => x.matches('ready'))).context.followUps).toEqual([]);
  });

  it('sends a trimmed message with a typing indicator, then shows the answer, follow-ups and buttons', async () => {
    const { actor, history, send, emitted } = start();
    history.calls[0]!.resolve({ messages: [], chatSessionId: null });
    await waitFor(actor, (x) => x.matches('ready'));
    actor.send({ type: 'CHAT.SEND', text: '   ' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'CHAT.SEND', text: '  What fees?  ' });
    expect(actor.getSnapshot().value).toEqual({ sending: 'waiting' });
    expect(actor.getSnapshot().context.messages.map((m) => [m.role, m.content])).toEqual([['user', 'What fees?']]);
    expect(send.calls[0]!.input).toEqual({ id: expect.any(String), text: 'What fees?', chatSessionId: null, answer: expect.anything() });
    send.calls[0]!.resolve({
      userMessage: msg('user', 'What fees?', 'u1'),
      aiMessage: msg('ai', '0.7% a year', 'a1'),
      chatSessionId: 's9',
      followUps: [{ id: 'f', text: 'And admin fees?' }],
      responseButtons: [{ id: 'b', name: 'Open PDS', kind: 'link', url: 'https://x.example/pds' }],
    });
    const s = await waitFor(actor, (x) => x.matches('ready'));
    expect(s.context.messages.map((m) => m.id)).toEqual(['u1', 'a1']);
    expect(s.context).toMatchObject({
      chatSessionId: 's9',
      followUps: [{ text: 'And admin fees?' }],
      responseButtons: [{ name: 'Open PDS' }],
    });
    expect(emitted).toContainEqual({ type: 'session.changed', chatSessionId: 's9' });
    expect(emitted).toContainEqual({ type: 'message.received', message: msg('ai', '0.7% a year', 'a1') });
    // the next message clears the old buttons
    actor.send({ type: 'CHAT.SEND', text: 'next' });
    expect(actor.getSnapshot().context.followUps).toEqual([]);
    expect(send.calls[1]!.input.chatSessionId).toBe('s9');
  });

  it('a failed send shows the error as an error message, keeps the text, and can be retried', async () => {
    const { actor, history, send, emitted } = start();
    history.calls[0]!.resolve({ messages: [], chatSessionId: null });
    await waitFor(actor, (x) => x.matches('ready'));
    actor.send({ type: 'CHAT.SEND', text: 'Will it fail?' });
    send.calls[0]!.reject(new ApiError('FAILED', 'Failed to get AI response'));
    const s = await waitFor(actor, (x) => x.matches('ready'));
    // the error message holds the failure's code; the catalogue has its words
    expect(s.context.messages.map((m) => [m.role, m.failure ? chatFailureText(m.failure) : m.content, m.isError ?? false])).toEqual([
      ['user', 'Will it fail?', false],
      ['ai', 'Failed to get AI response', true],
    ]);
    expect(s.context.messages[1]!.failure).toEqual({ code: 'FAILED', retryAfter: DEFAULT_RETRY_AFTER_S });
    const [question, error] = s.context.messages;
    expect(question!.status).toBe('failed');
    expect(error!.of).toBe(question!.id);
    expect(emitted).toContainEqual({ type: 'send.failed', error: 'Failed to get AI response' });
    actor.send({ type: 'CHAT.RETRY', id: question!.id });
    // the failed message and its error give way to the new attempt: the message shows once
    expect(actor.getSnapshot().context.messages.map((m) => [m.content, m.isError ?? false])).toEqual([['Will it fail?', false]]);
    expect(send.calls[1]!.input.text).toBe('Will it fail?');
  });

  it('sending the failed text again from the input shows it once too', async () => {
    const { actor, history, send } = start();
    history.calls[0]!.resolve({ messages: [msg('user', 'earlier', 'u0'), msg('ai', 'answer', 'a0')], chatSessionId: 's1' });
    await waitFor(actor, (x) => x.matches('ready'));
    actor.send({ type: 'CHAT.SEND', text: 'Will it fail?' });
    send.calls[0]!.reject(new ApiError('FAILED', 'Failed to get AI response'));
    await waitFor(actor, (x) => x.matches('ready'));
    actor.send({ type: 'CHAT.SEND', text: 'Will it fail?' });
    expect(actor.getSnapshot().context.messages.map((m) => m.content)).toEqual(['earlier', 'answer', 'Will it fail?']);
    expect(actor.getSnapshot().context.messages.some((m) => m.status === 'failed')).toBe(false);
  });

  it('messages sent while an answer is on its way are queued and go in order, one at a time', async () => {
    const { actor, history, send } = start();
    history.calls[0]!.resolve({ messages: [], chatSessionId: null });
    await waitFor(actor, (x) => x.matches('ready'));
    actor.send({ type: 'CHAT.SEND', text: 'first' });
    actor.send({ type: 'CHAT.SEND', text: 'second' });
    actor.send({ type: 'CHAT.SEND', text: '  ' });
    actor.send({ type: 'CHAT.SEND', text: 'third' });
    expect(send.calls).toHaveLength(1);
    expect(queued(actor)).toEqual(['second', 'third']);
    send.calls[0]!.resolve({
      userMessage: msg('user', 'first', 'u1'),
      aiMessage: msg('ai', 'one', 'a1'),
      chatSessionId: 's',
      followUps: [],
      responseButtons: [],
    });
    await waitFor(actor, () => send.calls.length === 2);
    expect(send.calls[1]!.input).toEqual({ id: expect.any(String), text: 'second', chatSessionId: 's', answer: expect.anything() });
    expect(queued(actor)).toEqual(['third']);
    send.calls[1]!.resolve({
      userMessage: msg('user', 'second', 'u2'),
      aiMessage: msg('ai', 'two', 'a2'),
      chatSessionId: 's',
      followUps: [],
      responseButtons: [],
    });
    await waitFor(actor, () => send.calls.length === 3);
    expect(send.calls[2]!.input.text).toBe('third');
    expect(actor.getSnapshot().context.messages.map((m) => m.content)).toEqual(['first', 'one', 'second', 'two', 'third']);
  });

  it('New chat clears the session and reloads; loading a session switches to it', async () => {
    const { actor, history, emitted } = start('s1');
    history.calls[0]!.resolve({ messages: [msg('user', 'old')], chatSessionId: 's1' });
    await waitFor(actor, (x) => x.matches('ready'));
    actor.send({ type: 'CHAT.NEW' });
    expect(actor.getSnapshot().context).toMatchObject({ messages: [], chatSessionId: null });
    expect(history.calls[1]!.input).toEqual({ chatSessionId: null });
    expect(emitted).toContainEqual({ type: 'session.changed', chatSessionId: null });
    history.calls[1]!.resolve({ messages: [], chatSessionId: null });
    await waitFor(actor, (x) => x.matches('ready'));
    actor.send({ type: 'CHAT.LOAD', chatSessionId: 's2' });
    expect(history.calls[2]!.input).toEqual({ chatSessionId: 's2' });
    actor.send({ type: 'CHAT.RELOAD' });
    expect(history.calls[3]!.input).toEqual({ chatSessionId: 's2' });
  });

  it('a reload while a message is on its way waits for nothing and loses nothing', async () => {
    const { actor, history, send } = start();
    history.calls[0]!.resolve({ messages: [], chatSessionId: null });
    await waitFor(actor, (x) => x.matches('ready'));
    actor.send({ type: 'CHAT.SEND', text: 'hello' });
    actor.send({ type: 'CHAT.RELOAD' });
    expect(actor.getSnapshot().value).toEqual({ sending: 'waiting' });
    expect(history.calls).toHaveLength(1);
    send.calls[0]!.resolve({
      userMessage: msg('user', 'hello'),
      aiMessage: msg('ai', 'hi'),
      chatSessionId: 's',
      followUps: [],
      responseButtons: [],
    });
    expect((await waitFor(actor, (x) => x.matches('ready'))).context.messages).toHaveLength(2);
  });

  it('a message sent while the history loads is kept and sent once it is in', async () => {
    const { actor, history, send } = start('s1');
    actor.send({ type: 'CHAT.SEND', text: 'early question' });
    expect(send.calls).toHaveLength(0);
    history.calls[0]!.resolve({ messages: [msg('user', 'old')], chatSessionId: 's1' });
    await waitFor(actor, (x) => x.matches('sending'));
    expect(send.calls[0]!.input).toEqual({
      id: expect.any(String),
      text: 'early question',
      chatSessionId: 's1',
      answer: expect.anything(),
    });
    expect(actor.getSnapshot().context.messages.map((m) => m.content)).toEqual(['old', 'early question']);
  });

  it('loading a session from History reports it, so it is remembered', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'CHAT.LOAD', chatSessionId: 's7' });
    expect(emitted).toContainEqual({ type: 'session.changed', chatSessionId: 's7' });
  });

  it('canSendText is the trimmed non-empty rule', () => {
    expect(canSendText(' a ')).toBe(true);
    expect(canSendText(' \n ')).toBe(false);
  });
});

describe('sessions machine (history list and rename)', () => {
  const sessions: ChatSession[] = [
    { id: 'a', name: 'Fees', lastMessageTimestamp: '2026-01-01T00:00:00Z', totalMessages: 2 },
    { id: 'b', name: null, lastMessageTimestamp: '2026-01-02T00:00:00Z', totalMessages: 1 },
  ];
  const start = () => {
    const load = controlled<unknown, ChatSession[]>();
    const rename = controlled<{ id: string; name: string }, { id: string; name: string | null }>();
    const actor = createActor(sessionsMachine.provide({ actors: { loadSessions: load.logic, renameSession: rename.logic } })).start();
    return { actor, load, rename };
  };
  const loaded = async () => {
    const t = start();
    t.actor.send({ type: 'SESSIONS.LOAD' });
    t.load.calls[0]!.resolve(sessions);
    await waitFor(t.actor, (x) => x.matches({ list: 'ready' }));
    return t;
  };

  it('loads the list; a failure is a state of its own, not an empty list (test/machines/sessions.test.ts)', async () => {
    const { actor } = await loaded();
    expect(actor.getSnapshot().context.sessions).toEqual(sessions);
    const t = start();
    t.actor.send({ type: 'SESSIONS.LOAD' });
    t.load.calls[0]!.reject(new Error('x'));
    expect((await waitFor(t.actor, (x) => x.matches({ list: 'failed' }))).context).toMatchObject({ sessions: [], loadFailed: true });
  });

  it('renames on commit with a changed trimmed name', async () => {
    const { actor, rename } = await loaded();
    actor.send({ type: 'RENAME.START', id: 'a' });
    expect(actor.getSnapshot().context.rename).toEqual({ id: 'a', original: 'Fees', draft: 'Fees' });
    actor.send({ type: 'RENAME.CHANGE', draft: '  Fee questions ' });
    actor.send({ type: 'RENAME.COMMIT' });
    expect(actor.getSnapshot().matches({ rename: 'saving' })).toBe(true);
    expect(rename.calls[0]!.input).toEqual({ id: 'a', name: 'Fee questions' });
    rename.calls[0]!.resolve({ id: 'a', name: 'Fee questions' });
    const s = await waitFor(actor, (x) => x.matches({ rename: 'idle' }));
    expect(s.context.sessions[0]!.name).toBe('Fee questions');
  });

  it.each([
    ['empty', '   '],
    ['unchanged', ' Fees '],
  ])('an %s name cancels', async (_why, draft) => {
    const { actor, rename } = await loaded();
    actor.send({ type: 'RENAME.START', id: 'a' });
    actor.send({ type: 'RENAME.CHANGE', draft });
    actor.send({ type: 'RENAME.COMMIT' });
    expect(actor.getSnapshot().matches({ rename: 'idle' })).toBe(true);
    expect(rename.calls).toHaveLength(0);
  });

  it('Escape cancels; an unknown session cannot be renamed', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'RENAME.START', id: 'zzz' });
    expect(actor.getSnapshot().matches({ rename: 'idle' })).toBe(true);
    actor.send({ type: 'RENAME.START', id: 'b' });
    expect(actor.getSnapshot().context.rename?.original).toBe('');
    actor.send({ type: 'RENAME.CANCEL' });
    expect(actor.getSnapshot().context.rename).toBeNull();
  });

  describe('a failed rename', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('keeps the old name and shows the hint for 3 s', async () => {
      const { actor, rename } = await loaded();
      actor.send({ type: 'RENAME.START', id: 'a' });
      actor.send({ type: 'RENAME.CHANGE', draft: 'New' });
      actor.send({ type: 'RENAME.COMMIT' });
      rename.calls[0]!.reject(new ApiError('SESSION_NOT_FOUND'));
      const s = await waitFor(actor, (x) => x.matches({ rename: 'failed' }));
      expect(s.context).toMatchObject({ failedId: 'a', rename: null });
      expect(s.context.sessions[0]!.name).toBe('Fees');
      vi.advanceTimersByTime(2999);
      expect(actor.getSnapshot().context.failedId).toBe('a');
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot().context.failedId).toBeNull();
      expect(actor.getSnapshot().matches({ rename: 'idle' })).toBe(true);
    });
  });

  it('isValidRename', () => {
    expect(isValidRename('x', 'y')).toBe(true);
    expect(isValidRename(' y ', 'y')).toBe(false);
    expect(isValidRename('', 'y')).toBe(false);
  });
});

describe('window machine: asking from anywhere (widget-spec §4)', () => {
  afterEach(() => vi.useRealTimers());

  const start = () => {
    const actor = createActor(windowMachine, { input: { path: '/', isMobile: false } });
    const emitted: WindowEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as WindowEmitted));
    actor.start();
    return { actor, emitted };
  };

  it('from a closed window: it opens on the Chat tab, and the message is due 100 ms later', () => {
    vi.useFakeTimers();
    const { actor, emitted } = start();
    actor.send({ type: 'WINDOW.ASK', text: 'What are the fees?' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.tab).toBe('chat');
    expect(emitted).toEqual([{ type: 'window.opened' }, { type: 'tab.entered', tab: 'chat' }]);
    vi.advanceTimersByTime(99);
    expect(emitted.some((e) => e.type === 'chat.asked')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(emitted.at(-1)).toEqual({ type: 'chat.asked', text: 'What are the fees?' });
  });

  it('from another tab of an open window: it switches to Chat; two asks go in order', () => {
    vi.useFakeTimers();
    const { actor, emitted } = start();
    actor.send({ type: 'WINDOW.OPEN' });
    actor.send({ type: 'WINDOW.ASK', text: 'first' });
    actor.send({ type: 'WINDOW.ASK', text: 'second' });
    expect(actor.getSnapshot().context.tab).toBe('chat');
    vi.advanceTimersByTime(100);
    expect(emitted.filter((e) => e.type === 'chat.asked')).toEqual([
      { type: 'chat.asked', text: 'first' },
      { type: 'chat.asked', text: 'second' },
    ]);
  });

  it('the delay is a named machine delay a test can shorten', async () => {
    const actor = createActor(windowMachine.provide({ delays: { askDelay: 0 } }), { input: { path: '/', isMobile: false } });
    const asked = new Promise((resolve) => actor.on('chat.asked', resolve));
    actor.start();
    actor.send({ type: 'WINDOW.ASK', text: 'now' });
    await expect(asked).resolves.toEqual({ type: 'chat.asked', text: 'now' });
  });
});

describe('chat machine: the composer and button reports', () => {
  const start = () => {
    const loadHistory = controlled<{ chatSessionId: string | null }, { messages: ChatMessage[]; chatSessionId: string | null }>();
    const send = controlled<SendInput, SendResult>();
    const reports: { buttonId: string; chatSessionId: string | null }[] = [];
    const actor = createActor(
      chatMachine.provide({
        actors: {
          loadHistory: loadHistory.logic,
          send: send.logic,
          sendButtonClick: fromPromise<void, { buttonId: string; chatSessionId: string | null }>(
            async ({ input }) => void reports.push(input),
          ),
        },
      }),
      { input: { chatSessionId: 's1' } },
    ).start();
    return { actor, loadHistory, send, reports };
  };
  const ready = async (x: ReturnType<typeof start>) => {
    x.loadHistory.calls[0]!.resolve({ messages: [], chatSessionId: 's1' });
    return waitFor(x.actor, (s) => s.matches('ready'));
  };

  it('submits the draft and empties it; an empty or blank draft cannot be submitted', async () => {
    const x = await (async () => {
      const x = start();
      await ready(x);
      return x;
    })();
    x.actor.send({ type: 'CHAT.TYPE', text: '   ' });
    expect(x.actor.getSnapshot().can({ type: 'CHAT.SUBMIT' })).toBe(false);
    x.actor.send({ type: 'CHAT.TYPE', text: ' Hello ' });
    expect(x.actor.getSnapshot().can({ type: 'CHAT.SUBMIT' })).toBe(true);
    x.actor.send({ type: 'CHAT.SUBMIT' });
    expect(x.actor.getSnapshot().context.draft).toBe('');
    expect(x.send.calls[0]!.input).toEqual({ id: expect.any(String), text: 'Hello', chatSessionId: 's1', answer: expect.anything() });
  });

  it('holds Enter while an answer is on its way (the draft stays), and queues a submit while the history loads', async () => {
    const x = start();
    x.actor.send({ type: 'CHAT.TYPE', text: 'early' });
    x.actor.send({ type: 'CHAT.SUBMIT' });
    expect(queued(x.actor)).toEqual(['early']);
    x.loadHistory.calls[0]!.resolve({ messages: [], chatSessionId: 's1' });
    await waitFor(x.actor, (s) => s.matches('sending'));
    expect(x.send.calls[0]!.input.text).toBe('early');
    x.actor.send({ type: 'CHAT.TYPE', text: 'next' });
    expect(x.actor.getSnapshot().can({ type: 'CHAT.SUBMIT' })).toBe(false);
    x.actor.send({ type: 'CHAT.SUBMIT' });
    expect(x.actor.getSnapshot().context.draft).toBe('next');
    expect(queued(x.actor)).toEqual([]);
  });

  it('a failed message comes back into an empty composer, and leaves it when Try again sends it', async () => {
    const x = start();
    await ready(x);
    x.actor.send({ type: 'CHAT.TYPE', text: 'Fees?' });
    x.actor.send({ type: 'CHAT.SUBMIT' });
    x.send.calls[0]!.reject(new ApiError('FAILED', 'Failed to get AI response'));
    await waitFor(x.actor, (s) => s.matches('ready'));
    expect(x.actor.getSnapshot().context.draft).toBe('Fees?');
    x.actor.send({ type: 'CHAT.RETRY', id: x.actor.getSnapshot().context.messages[0]!.id });
    expect(x.actor.getSnapshot().context.draft).toBe('');
  });

  it('a failure does not overwrite what the visitor typed meanwhile', async () => {
    const x = start();
    await ready(x);
    x.actor.send({ type: 'CHAT.SEND', text: 'From a button' });
    x.actor.send({ type: 'CHAT.TYPE', text: 'my own words' });
    x.send.calls[0]!.reject(new ApiError('FAILED', 'Failed to get AI response'));
    await waitFor(x.actor, (s) => s.matches('ready'));
    expect(x.actor.getSnapshot().context.draft).toBe('my own words');
  });

  it('reports a button click with the current session', async () => {
    const x = start();
    await ready(x);
    x.actor.send({ type: 'BUTTON.CLICKED', buttonId: 'b7' });
    await vi.waitFor(() => expect(x.reports).toEqual([{ buttonId: 'b7', chatSessionId: 's1' }]));
  });
});

describe('action-buttons machine', () => {
  const button = (id: string): ActionButton => ({ id, name: id, kind: 'message', message: id });

  it('loads the path’s buttons, and again on a path change (the older answer dropped); a failure gives none', async () => {
    const load = controlled<{ path: string }, ActionButton[]>();
    const actor = createActor(actionButtonsMachine.provide({ actors: { loadActionButtons: load.logic } }), {
      input: { path: '/a' },
    }).start();
    expect(load.calls.map((c) => c.input.path)).toEqual(['/a']);
    actor.send({ type: 'PATH.CHANGED', path: '/b' });
    load.calls[0]!.resolve([button('old')]);
    load.calls[1]!.resolve([button('new')]);
    expect((await waitFor(actor, (s) => s.matches('ready'))).context.buttons).toEqual([button('new')]);
    actor.send({ type: 'PATH.CHANGED', path: '/c' });
    load.calls[2]!.reject(new Error('HTTP error! status: 500'));
    expect((await waitFor(actor, (s) => s.matches('ready'))).context.buttons).toEqual([]);
  });
});
