/**
 * Issue 13's view models in Node over the real machines: the History tab tells 'could not
 * load' from 'empty' (with Retry), and the Home tab's composer sends through the Chat tab.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { DEFAULT_APPEARANCE } from '../../contract/appearance';
import { actionButtonsMachine } from '../../machines/action-buttons';
import { chatMachine, type ActionButton, type ChatMessage, type SendInput, type SendResult } from '../../machines/chat';
import type { SiteConfig } from '../../machines/site';
import { sessionsMachine, type ChatSession } from '../../machines/sessions';
import { windowMachine } from '../../machines/window';
import { ApiError } from '../../src/api/client';
import { connectHistory } from '../../src/view-models/history';
import { connectHome } from '../../src/view-models/home';
import { controlled } from '../machines/controlled';

const CONFIG: SiteConfig = { agentPageAwareness: false, interactiveAvatarId: '', referenceWebpage: '' };
const never = <T>() => new Promise<T>(() => undefined);

function chatActors() {
  const windowActor = createActor(windowMachine, { input: { path: '/', isMobile: false } }).start();
  const send = controlled<SendInput, SendResult>();
  const chatActor = createActor(
    chatMachine.provide({
      actors: {
        loadHistory: fromPromise<{ messages: ChatMessage[]; chatSessionId: string | null }, { chatSessionId: string | null }>(async () => ({
          messages: [],
          chatSessionId: null,
        })),
        send: send.logic,
        sendButtonClick: fromPromise<void, { buttonId: string; chatSessionId: string | null }>(async () => undefined),
      },
    }),
    { input: { chatSessionId: null } },
  ).start();
  return { windowActor, chatActor, send };
}

describe('history view: could not load is not empty (issue 13)', () => {
  function setup() {
    const { windowActor, chatActor } = chatActors();
    const load = controlled<unknown, ChatSession[]>();
    const sessionsActor = createActor(
      sessionsMachine.provide({
        actors: {
          loadSessions: load.logic,
          renameSession: fromPromise<{ id: string; name: string | null }, { id: string; name: string }>(() => never()),
        },
      }),
    ).start();
    const view = () =>
      connectHistory({ sessions: sessionsActor.getSnapshot(), sessionsActor, chat: chatActor.getSnapshot(), chatActor, windowActor });
    const settle = async (fn: () => void) => {
      fn();
      await vi.waitFor(() => expect(sessionsActor.getSnapshot().matches({ list: 'loading' })).toBe(false));
    };
    return { sessionsActor, load, view, settle };
  }
  const shown = (v: ReturnType<ReturnType<typeof setup>['view']>) => ({
    loading: v.loading,
    empty: v.empty,
    error: v.error,
    retry: v.retry !== null,
    items: v.items.length,
  });

  it('before and during the first load: loading, not empty', () => {
    const { sessionsActor, view } = setup();
    expect(shown(view())).toEqual({ loading: true, empty: false, error: null, retry: false, items: 0 });
    sessionsActor.send({ type: 'SESSIONS.LOAD' });
    expect(shown(view())).toEqual({ loading: true, empty: false, error: null, retry: false, items: 0 });
  });

  it('the server says none: empty', async () => {
    const { sessionsActor, load, view, settle } = setup();
    sessionsActor.send({ type: 'SESSIONS.LOAD' });
    await settle(() => load.calls[0]!.resolve([]));
    expect(shown(view())).toEqual({ loading: false, empty: true, error: null, retry: false, items: 0 });
  });

  it("a failure: widget-spec §8 'Failed to load chat sessions' and Retry, which loads again; while it loads, loading with Retry kept", async () => {
    const { sessionsActor, load, view, settle } = setup();
    sessionsActor.send({ type: 'SESSIONS.LOAD' });
    await settle(() => load.calls[0]!.reject(new ApiError('NETWORK', 'Failed to load chat sessions')));
    expect(shown(view())).toEqual({ loading: false, empty: false, error: 'Failed to load chat sessions', retry: true, items: 0 });

    view().retry!();
    expect(load.calls).toHaveLength(2);
    expect(shown(view())).toEqual({ loading: true, empty: false, error: null, retry: true, items: 0 });

    await settle(() => load.calls[1]!.resolve([{ id: 's1', name: 'Fees', lastMessageTimestamp: '', totalMessages: 2 }]));
    expect(shown(view())).toEqual({ loading: false, empty: false, error: null, retry: false, items: 1 });
  });

  it('a failed reload keeps the sessions, with the error and Retry', async () => {
    const { sessionsActor, load, view, settle } = setup();
    sessionsActor.send({ type: 'SESSIONS.LOAD' });
    await settle(() => load.calls[0]!.resolve([{ id: 's1', name: 'Fees', lastMessageTimestamp: '', totalMessages: 2 }]));
    sessionsActor.send({ type: 'SESSIONS.LOAD' });
    // the list stays on screen while it reloads
    expect(shown(view())).toMatchObject({ loading: false, items: 1 });
    await settle(() => load.calls[1]!.reject(new ApiError('FAILED', 'Failed to load chat sessions', 500)));
    expect(shown(view())).toEqual({ loading: false, empty: false, error: 'Failed to load chat sessions', retry: true, items: 1 });
  });
});

describe('home view: the composer (issue 13)', () => {
  function setup() {
    const { windowActor, chatActor, send } = chatActors();
    const buttons = createActor(
      actionButtonsMachine.provide({ actors: { loadActionButtons: fromPromise<ActionButton[], { path: string }>(async () => []) } }),
      { input: { path: '/' } },
    ).start();
    windowActor.send({ type: 'WINDOW.OPEN' });
    const view = () =>
      connectHome({
        chat: chatActor.getSnapshot(),
        chatActor,
        actionButtons: buttons.getSnapshot(),
        windowActor,
        appearance: DEFAULT_APPEARANCE,
        config: CONFIG,
      });
    return { windowActor, chatActor, send, view };
  }

  it("labels and placeholder are the Chat tab's; the draft is the chat's", async () => {
    const { chatActor, view } = setup();
    await vi.waitFor(() => expect(chatActor.getSnapshot().matches('ready')).toBe(true));
    expect(view().composer).toMatchObject({ label: 'Message AI Agent', placeholder: 'Type your message...', draft: '', canSubmit: false });
    view().composer.type('Hi');
    expect(chatActor.getSnapshot().context.draft).toBe('Hi');
    expect(view().composer).toMatchObject({ draft: 'Hi', canSubmit: true });
  });

  it('submit sends the draft and shows the Chat tab; with nothing to send it does neither', async () => {
    const { windowActor, chatActor, send, view } = setup();
    await vi.waitFor(() => expect(chatActor.getSnapshot().matches('ready')).toBe(true));
    view().composer.type('  ');
    view().composer.submit();
    expect(windowActor.getSnapshot().context.tab).toBe('home');
    expect(send.calls).toHaveLength(0);

    view().composer.type('What are the fees?');
    view().composer.submit();
    expect(windowActor.getSnapshot().context.tab).toBe('chat');
    expect(send.calls[0]!.input).toEqual({
      id: expect.any(String),
      text: 'What are the fees?',
      chatSessionId: null,
      answer: expect.anything(),
    });
    expect(chatActor.getSnapshot().context.draft).toBe('');
  });
});
