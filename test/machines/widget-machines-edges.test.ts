/**
 * The widget's machines at their edges: every event in the states the main tests do
 * not reach, so each transition (and each ignored event) is pinned.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { authMachine, type BootResult } from '../../machines/auth';
import { chatMachine, type SendInput } from '../../machines/chat';
import { sessionsMachine } from '../../machines/sessions';
import { windowMachine, type WindowEmitted } from '../../machines/window';
import type { ChatMessage, SendResult } from '../../machines/chat';
import type { ChatSession } from '../../machines/sessions';
import { ApiError } from '../../src/api/client';
import { controlled } from './controlled';

const T0 = 1_700_000_000_000;
const msg = (role: 'user' | 'ai', content: string, id = `${role}-${content}`): ChatMessage => ({
  id,
  role,
  content,
  createdAt: '2026-01-01T00:00:00Z',
  type: 'TEXT',
});

describe('auth machine: a header token and a 401 in every state', () => {
  const start = () => {
    const boot = controlled<unknown, BootResult>();
    const actor = createActor(authMachine.provide({ actors: { boot: boot.logic } })).start();
    return { actor, boot };
  };

  it('a header token before any boot is used, and no boot happens', () => {
    const { actor, boot } = start();
    actor.send({ type: 'TOKEN.RECEIVED', token: 'from-header', lifetimeMs: 30 * 60_000, now: T0 });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'TOKEN.NEEDED', now: T0 + 1000 });
    expect(boot.calls).toHaveLength(0);
    expect(actor.getSnapshot().context.token).toBe('from-header');
  });

  it('a header token during a boot ends the wait with it; the boot’s late answer is dropped', async () => {
    const { actor, boot } = start();
    actor.send({ type: 'TOKEN.NEEDED', now: T0 });
    actor.send({ type: 'TOKEN.RECEIVED', token: 'from-header', lifetimeMs: 30 * 60_000, now: T0 });
    expect(actor.getSnapshot().value).toBe('ready');
    boot.calls[0]!.resolve({ authToken: 'late', lifetimeMs: 30 * 60_000, receivedAt: T0 });
    await Promise.resolve();
    expect(actor.getSnapshot().context.token).toBe('from-header');
  });

  it('a header token after a failed boot recovers; in a stale state it is used', async () => {
    const { actor, boot } = start();
    actor.send({ type: 'TOKEN.NEEDED', now: T0 });
    boot.calls[0]!.reject(new Error('offline'));
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'TOKEN.RECEIVED', token: 'again', lifetimeMs: 3_600_000, now: T0 });
    expect(actor.getSnapshot()).toMatchObject({ value: 'ready', context: { token: 'again', error: null } });
  });

  it('a 401 with no token in hand changes nothing (idle, failed)', async () => {
    const { actor, boot } = start();
    actor.send({ type: 'TOKEN.REJECTED' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'TOKEN.NEEDED', now: T0 });
    boot.calls[0]!.reject(new Error('offline'));
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'TOKEN.REJECTED' });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(boot.calls).toHaveLength(1);
  });
});

describe('widget machine: events where they do not apply', () => {
  const start = () => {
    const actor = createActor(windowMachine, { input: { path: '/', isMobile: true } });
    const emitted: WindowEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as WindowEmitted));
    actor.start();
    return { actor, emitted };
  };

  it('WINDOW.CLOSE closes an open window and does nothing to a closed one', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'WINDOW.CLOSE' });
    expect(emitted).toEqual([]);
    actor.send({ type: 'WINDOW.OPEN' });
    actor.send({ type: 'WINDOW.OPEN' });
    expect(emitted.filter((e) => e.type === 'window.opened')).toHaveLength(1);
    actor.send({ type: 'WINDOW.CLOSE' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(emitted.at(-1)).toEqual({ type: 'window.closed' });
  });

  it('a closed window ignores a resize, and a tab chosen while closed is the one it opens on', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'SHEET.RESIZE', height: 600, viewportHeight: 844 });
    expect(actor.getSnapshot().context.sheetHeight).toBeNull();
    actor.send({ type: 'TAB.SELECT', tab: 'history' });
    expect(actor.getSnapshot().context.tab).toBe('history');
    actor.send({ type: 'WINDOW.OPEN' });
    expect(emitted).toContainEqual({ type: 'tab.entered', tab: 'history' });
  });
});

describe('chat machine: events mid-flight', () => {
  const start = (chatSessionId: string | null = null) => {
    const history = controlled<{ chatSessionId: string | null }, { messages: ChatMessage[]; chatSessionId: string | null }>();
    const send = controlled<SendInput, SendResult>();
    const actor = createActor(chatMachine.provide({ actors: { loadHistory: history.logic, send: send.logic } }), {
      input: { chatSessionId },
    }).start();
    return { actor, history, send };
  };
  const answer = (text: string, chatSessionId = 's1'): SendResult => ({
    userMessage: msg('user', text),
    aiMessage: msg('ai', `re: ${text}`),
    chatSessionId,
    followUps: [],
    responseButtons: [],
  });

  it('a reload while loading starts over; the first load’s late answer is dropped', async () => {
    const { actor, history } = start('s1');
    actor.send({ type: 'CHAT.RELOAD' });
    expect(history.calls).toHaveLength(2);
    history.calls[1]!.resolve({ messages: [msg('user', 'current')], chatSessionId: 's1' });
    await waitFor(actor, (s) => s.matches('ready'));
    history.calls[0]!.resolve({ messages: [msg('user', 'stale')], chatSessionId: 's1' });
    await Promise.resolve();
    expect(actor.getSnapshot().context.messages.map((m) => m.content)).toEqual(['current']);
  });

  it('New chat while an answer is on its way abandons it: the answer does not land in the new chat', async () => {
    const { actor, history, send } = start();
    history.calls[0]!.resolve({ messages: [], chatSessionId: null });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'CHAT.SEND', text: 'old question' });
    actor.send({ type: 'CHAT.NEW' });
    expect(actor.getSnapshot().context).toMatchObject({ messages: [], chatSessionId: null });
    send.calls[0]!.resolve(answer('old question'));
    history.calls[1]!.resolve({ messages: [], chatSessionId: null });
    const s = await waitFor(actor, (x) => x.matches('ready'));
    expect(s.context.messages).toEqual([]);
  });

  it('loading another session while an answer is on its way switches to it', async () => {
    const { actor, history } = start();
    history.calls[0]!.resolve({ messages: [], chatSessionId: null });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'CHAT.SEND', text: 'q' });
    actor.send({ type: 'CHAT.LOAD', chatSessionId: 's2' });
    expect(history.calls[1]!.input).toEqual({ chatSessionId: 's2' });
    history.calls[1]!.resolve({ messages: [msg('user', 'in s2')], chatSessionId: 's2' });
    expect((await waitFor(actor, (s) => s.matches('ready'))).context.messages.map((m) => m.content)).toEqual(['in s2']);
  });

  it('Try again with nothing failed does nothing', async () => {
    const { actor, history, send } = start();
    history.calls[0]!.resolve({ messages: [], chatSessionId: null });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'CHAT.RETRY', id: 'nothing' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(send.calls).toHaveLength(0);
  });
});

describe('sessions machine: reloads and renames out of turn', () => {
  const sessions: ChatSession[] = [{ id: 'a', name: 'Fees', lastMessageTimestamp: '2026-01-01T00:00:00Z', totalMessages: 2 }];
  const loaded = async () => {
    const load = controlled<unknown, ChatSession[]>();
    const rename = controlled<{ id: string; name: string }, { id: string; name: string | null }>();
    const actor = createActor(sessionsMachine.provide({ actors: { loadSessions: load.logic, renameSession: rename.logic } })).start();
    actor.send({ type: 'SESSIONS.LOAD' });
    load.calls[0]!.resolve(sessions);
    await waitFor(actor, (x) => x.matches({ list: 'ready' }));
    return { actor, load, rename };
  };

  it('loading again from ready fetches a fresh list', async () => {
    const { actor, load } = await loaded();
    actor.send({ type: 'SESSIONS.LOAD' });
    expect(load.calls).toHaveLength(2);
    load.calls[1]!.resolve([...sessions, { id: 'b', name: 'New', lastMessageTimestamp: '', totalMessages: 1 }]);
    expect((await waitFor(actor, (x) => x.matches({ list: 'ready' }))).context.sessions).toHaveLength(2);
  });

  it('a second commit while saving (the blur after Enter) sends nothing more', async () => {
    const { actor, rename } = await loaded();
    actor.send({ type: 'RENAME.START', id: 'a' });
    actor.send({ type: 'RENAME.CHANGE', draft: 'Fee questions' });
    actor.send({ type: 'RENAME.COMMIT' });
    actor.send({ type: 'RENAME.COMMIT' });
    expect(rename.calls).toHaveLength(1);
  });

  it('a rename can start again while the failure hint shows, which clears it', async () => {
    const { actor, rename } = await loaded();
    actor.send({ type: 'RENAME.START', id: 'a' });
    actor.send({ type: 'RENAME.CHANGE', draft: 'Broken' });
    actor.send({ type: 'RENAME.COMMIT' });
    rename.calls[0]!.reject(new ApiError('FAILED', 'Failed to update chat session name'));
    await waitFor(actor, (x) => x.matches({ rename: 'failed' }));
    expect(actor.getSnapshot().context.failedId).toBe('a');
    actor.send({ type: 'RENAME.START', id: 'a' });
    expect(actor.getSnapshot().matches({ rename: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ failedId: null, rename: { id: 'a', draft: 'Fees' } });
  });
});
