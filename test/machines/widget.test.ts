/**
 * The widget's root (machines/widget.ts) with fake children: each child is a machine that records the
 * events it receives and emits the facts the test sends it, so the root's reactions show as the events
 * that reach each child; the site is the real one (with its real window), with fake effects.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  createActor,
  createMachine,
  emit,
  fromCallback,
  fromPromise,
  waitFor,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyEventObject,
  type InspectionEvent,
} from 'xstate';
import { DEFAULT_APPEARANCE } from '../../contract/appearance';
import { dictationMachine } from '../../machines/dictation';
import { embedsMachine, type EmbedsActor } from '../../machines/embeds';
import { siteMachine } from '../../machines/site';
import { voiceMachine } from '../../machines/voice';
import { widgetMachine, type WidgetFact } from '../../machines/widget';
import type { PresenceBubble, WindowActor } from '../../machines/window';
import { ACTION_MESSAGE_DELAY_MS } from '../../machines/constants';
import { chatMachine, type ChatActor, type ChatMessage, type SendInput, type SendResult } from '../../machines/chat';
import { controlled } from './controlled';
import { spawnIn } from '../../src/chat-window/conversation';

/** A child that records what it receives and when it stops, and emits what it is told to (`FAKE.EMIT`). */
function fakeChild(id: string, received: Record<string, AnyEventObject[]>, stopped: string[]) {
  received[id] = [];
  return createMachine({
    id,
    // (the chat's draft, which dictation appends to)
    context: { draft: 'Dear team,' },
    // its cleanup runs when the child stops
    invoke: { src: fromCallback(() => () => void stopped.push(id)) },
    on: {
      'FAKE.EMIT': { actions: emit(({ event }) => (event as unknown as { fact: AnyEventObject }).fact) },
      '*': { actions: ({ event }) => void received[id]!.push(event) },
    },
  });
}

function start(options: { path?: string; chat?: AnyActorLogic } = {}) {
  const received: Record<string, AnyEventObject[]> = {};
  const stopped: string[] = [];
  const inspected: InspectionEvent[] = [];
  const watchers = { started: 0, stopped: 0 };
  const watcher = fromCallback(() => {
    watchers.started++;
    return () => void watchers.stopped++;
  });
  const root = createActor(
    widgetMachine.provide({
      actors: {
        auth: fakeChild('auth', received, stopped) as never,
        network: fakeChild('network', received, stopped) as never,
        site: siteMachine.provide({
          actors: {
            loadSettings: fromPromise(() => new Promise(() => undefined)),
            presence: fromPromise<PresenceBubble | null, { path: string }>(async () => null),
            rememberGreeting: fromPromise<void>(async () => undefined),
            pathWatcher: watcher,
            viewport: watcher,
          },
        }),
        chat: (options.chat ?? fakeChild('chat', received, stopped)) as never,
        sessions: fakeChild('sessions', received, stopped) as never,
        actionButtons: fakeChild('actionButtons', received, stopped) as never,
      },
    }),
    {
      input: {
        site: {
          path: options.path ?? '/a',
          isMobile: false,
          greeted: true,
          appearance: DEFAULT_APPEARANCE,
          config: { agentPageAwareness: false, interactiveAvatarId: '', referenceWebpage: '' },
        },
        chatSessionId: 's-1',
        // English from every source: the locale machine loads nothing
        locale: { attribute: null, appearance: '', page: '', browser: [] },
      },
      inspect: (e) => void inspected.push(e),
    },
  );
  const facts: WidgetFact[] = [];
  root.on('*', (e) => facts.push(e));
  root.start();
  const win = root.system.get('window') as WindowActor;
  /** Makes a fake child emit `fact`. */
  const emitFrom = (id: string, fact: AnyEventObject) => root.system.get(id).send({ type: 'FAKE.EMIT', fact });
  const types = (id: string) => (received[id] ?? []).map((e) => e.type);
  return { root, win, received, types, stopped, facts, emitFrom, watchers, inspected };
}

describe('the widget root (one actor system)', () => {
  it('spawns auth, network and site (with its window) under system ids from the start, and the conversation on CONVERSATION.START', () => {
    const { root } = start();
    for (const id of ['auth', 'network', 'site', 'window']) expect(root.system.get(id), id).toBeTruthy();
    for (const id of ['chat', 'sessions', 'actionButtons']) expect(root.system.get(id), id).toBeUndefined();
    root.send({ type: 'CONVERSATION.START', tab: 'home' });
    for (const id of ['chat', 'sessions', 'actionButtons']) expect(root.system.get(id), id).toBeTruthy();
    // a second start changes nothing
    const chat = root.system.get('chat');
    root.send({ type: 'CONVERSATION.START', tab: 'home' });
    expect(root.system.get('chat')).toBe(chat);
  });

  it('a path change reloads the history and the action buttons for the new path', () => {
    const { root, win, types, received } = start();
    root.send({ type: 'CONVERSATION.START', tab: 'home' });
    win.send({ type: 'PATH.CHANGED', path: '/b' });
    expect(types('chat')).toEqual(['CHAT.RELOAD']);
    expect(received.actionButtons).toEqual([{ type: 'PATH.CHANGED', path: '/b' }]);
  });

  it('entering History loads the sessions, entering Home refreshes the chat; closing the window reloads the history', () => {
    const { root, win, types } = start();
    win.send({ type: 'WINDOW.OPEN' });
    root.send({ type: 'CONVERSATION.START', tab: 'home' });
    win.send({ type: 'TAB.SELECT', tab: 'history' });
    expect(types('sessions')).toEqual(['SESSIONS.LOAD']);
    win.send({ type: 'TAB.SELECT', tab: 'home' });
    expect(types('chat')).toEqual(['CHAT.RELOAD']);
    win.send({ type: 'TAB.SELECT', tab: 'chat' });
    win.send({ type: 'WINDOW.CLOSE' });
    expect(types('chat')).toEqual(['CHAT.RELOAD', 'CHAT.RELOAD']);
    expect(types('sessions')).toEqual(['SESSIONS.LOAD']);
  });

  it('a conversation started on History loads the sessions at once', () => {
    const { root, types } = start();
    root.send({ type: 'CONVERSATION.START', tab: 'history' });
    expect(types('sessions')).toEqual(['SESSIONS.LOAD']);
  });

  it('the network back: the chat and the sessions try again', () => {
    const { root, types, emitFrom } = start();
    // before the conversation, nothing waits
    emitFrom('network', { type: 'network.back' });
    root.send({ type: 'CONVERSATION.START', tab: 'home' });
    emitFrom('network', { type: 'network.back' });
    expect(types('chat')).toEqual(['NETWORK.BACK']);
    expect(types('sessions')).toEqual(['NETWORK.BACK']);
  });

  it('an ask goes to the chat, starting the conversation first when it has not started', () => {
    vi.useFakeTimers();
    try {
      const { root, win, received } = start();
      win.send({ type: 'WINDOW.ASK', text: 'What fees?' });
      // widget-spec §4: the message goes 100 ms after the window opened
      vi.advanceTimersByTime(ACTION_MESSAGE_DELAY_MS);
      expect(root.system.get('chat')).toBeTruthy();
      expect(received.chat).toEqual([{ type: 'CHAT.SEND', text: 'What fees?' }]);
      win.send({ type: 'WINDOW.ASK', text: 'And exit fees?' });
      vi.advanceTimersByTime(ACTION_MESSAGE_DELAY_MS);
      expect(received.chat).toEqual([
        { type: 'CHAT.SEND', text: 'What fees?' },
        { type: 'CHAT.SEND', text: 'And exit fees?' },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the window's first opening starts the conversation (the root's rule), on the window's tab, once", () => {
    const { root, win, types } = start();
    win.send({ type: 'WINDOW.OPEN' });
    expect(root.getSnapshot().matches('talking')).toBe(true);
    // Home's own reaction (a reload) does not repeat the chat's first load
    expect(types('chat')).toEqual([]);
    const chat = root.system.get('chat');
    win.send({ type: 'WINDOW.CLOSE' });
    win.send({ type: 'WINDOW.OPEN' });
    expect(root.system.get('chat')).toBe(chat);
  });

  it('a boot that succeeds (a late one): the conversation’s waiting calls go again, as when the network is back', () => {
    const { root, types, emitFrom } = start();
    root.send({ type: 'CONVERSATION.START', tab: 'home' });
    emitFrom('auth', { type: 'booted' });
    expect(types('chat')).toEqual(['NETWORK.BACK']);
    expect(types('sessions')).toEqual(['NETWORK.BACK']);
  });

  it("the window's facts reach the site (a close looks for the presence video again) and the page", () => {
    const { win, facts, root } = start();
    win.send({ type: 'WINDOW.OPEN' });
    win.send({ type: 'WINDOW.CLOSE' });
    root.send({ type: 'CONVERSATION.START', tab: 'home' });
    win.send({ type: 'WINDOW.OPEN' });
    win.send({ type: 'WINDOW.CLOSE' });
    expect(facts.filter((f) => f.type.startsWith('window.')).map((f) => f.type)).toEqual([
      'window.opened',
      'window.closed',
      'window.opened',
      'window.closed',
    ]);
    win.send({ type: 'BUBBLE.DISMISS' });
    expect((root.system.get('site').getSnapshot() as { context: { dismissed: string[] } }).context.dismissed).toEqual(['/a']);
  });

  it("the chat's facts reach the page (the programmatic API's events)", () => {
    const { root, facts, emitFrom } = start();
    root.send({ type: 'CONVERSATION.START', tab: 'home' });
    emitFrom('chat', { type: 'send.failed', error: 'FAILED' });
    expect(facts).toContainEqual({ type: 'send.failed', error: 'FAILED' });
  });

  it('stopping the root stops every child, the watchers of the page included', () => {
    const { root, stopped, watchers } = start();
    root.send({ type: 'CONVERSATION.START', tab: 'home' });
    const win = root.system.get('window') as WindowActor;
    root.stop();
    expect(stopped.sort()).toEqual(['actionButtons', 'auth', 'chat', 'network', 'sessions']);
    // the site's own effects (the path and viewport watchers) stopped with it, and its window takes no events
    expect(watchers).toEqual({ started: 2, stopped: 2 });
    win.send({ type: 'WINDOW.OPEN' });
    expect(win.getSnapshot().matches('closed')).toBe(true);
  });

  it("an on-demand part's machine runs in the system under its id until PART.STOP or the root stops", () => {
    const { root, received, stopped } = start();
    root.send({ type: 'PART.LOADED', systemId: 'recording', logic: fakeChild('recording', received, stopped) });
    root.send({ type: 'PART.LOADED', systemId: 'avatar', logic: fakeChild('avatar', received, stopped) });
    root.system.get('recording').send({ type: 'RECORD.START' });
    expect(received.recording).toEqual([{ type: 'RECORD.START' }]);
    root.send({ type: 'PART.STOP', systemId: 'recording' });
    expect(stopped).toEqual(['recording']);
    expect(root.system.get('recording')).toBeUndefined();
    root.stop();
    expect(stopped.filter((id) => id === 'recording' || id === 'avatar')).toEqual(['recording', 'avatar']);
  });

  it("dictation's reactions are its machine's transitions: a transcript goes into the chat's draft; a close or another tab cancels", () => {
    const { root, win, received, stopped, emitFrom } = start();
    win.send({ type: 'WINDOW.OPEN' });
    win.send({ type: 'TAB.SELECT', tab: 'chat' });
    root.send({ type: 'CONVERSATION.START', tab: 'chat' });
    root.send({
      type: 'PART.LOADED',
      systemId: 'dictation',
      logic: dictationMachine.provide({ actors: { recording: fakeChild('recording', received, stopped) as never } }),
    });
    emitFrom('recording', { type: 'transcribed', text: 'hello' });
    expect(received.chat).toContainEqual({ type: 'CHAT.TYPE', text: 'Dear team, hello' });
    expect(received.recording).toEqual([]);
    win.send({ type: 'TAB.SELECT', tab: 'home' });
    win.send({ type: 'WINDOW.CLOSE' });
    expect(received.recording).toEqual([{ type: 'RECORD.CANCEL' }, { type: 'RECORD.CANCEL' }]);
  });

  it("voice mode's reactions are its machine's transitions: a transcript is sent, the answer said, a failed send lets the visitor talk again, a close ends voice mode", () => {
    const { root, win, received, stopped, emitFrom, inspected } = start();
    win.send({ type: 'WINDOW.OPEN' });
    root.send({ type: 'CONVERSATION.START', tab: 'chat' });
    const extras: unknown[] = [];
    root.send({
      type: 'PART.LOADED',
      systemId: 'voice',
      logic: voiceMachine.provide({
        actors: { avatar: fakeChild('avatar', received, stopped) as never },
        actions: { setChatExtras: (_, e) => void extras.push(e) },
      }),
      input: { speakable: (markdown: string) => markdown.replaceAll('**', '') },
    });
    expect(root.system.get('avatar')).toBeTruthy();
    expect(extras).toEqual([null]);
    // the answer is said (as speakable text) whether or not the room is up: the avatar decides where it goes
    const answer = { id: 'a1', role: 'ai', content: 'The fee is **0.5%**.', createdAt: '', type: 'TEXT' };
    emitFrom('chat', { type: 'message.received', message: answer });
    expect(received.avatar).toEqual([{ type: 'AVATAR.SAY', text: 'The fee is 0.5%.' }]);
    // the room is up with its recorder: messages carry the session, and what the visitor said is sent
    root.send({ type: 'PART.LOADED', systemId: 'recorder', logic: fakeChild('recorder', received, stopped) });
    emitFrom('avatar', { type: 'room.joined', sessionToken: 'avatar-token', streamSessionId: 'sess-1' });
    expect(extras).toEqual([null, { sessionToken: 'avatar-token', streamSessionId: 'sess-1' }]);
    emitFrom('recorder', { type: 'transcribed', text: 'what are the fees' });
    expect(received.chat).toContainEqual({ type: 'CHAT.SEND', text: 'what are the fees' });
    emitFrom('chat', { type: 'send.failed', error: 'offline' });
    expect(received.recorder).toEqual([{ type: 'RESPONSE.DONE' }]);
    // the room is left: messages no longer carry the session, and its recorder is not heard
    emitFrom('avatar', { type: 'room.left' });
    expect(extras.at(-1)).toBeNull();
    emitFrom('recorder', { type: 'transcribed', text: 'not sent' });
    emitFrom('chat', { type: 'send.failed', error: 'offline' });
    expect(received.chat).not.toContainEqual({ type: 'CHAT.SEND', text: 'not sent' });
    expect(received.recorder).toEqual([{ type: 'RESPONSE.DONE' }]);
    win.send({ type: 'WINDOW.CLOSE' });
    expect(received.avatar?.at(-1)).toEqual({ type: 'VOICE.CLOSE' });
    // the inspector shows the reactions as the voice machine's transitions
    const voice = root.system.get('voice');
    const handled = inspected.flatMap((e) => (e.type === '@xstate.microstep' && e.actorRef === voice ? [e.event.type] : []));
    expect(handled).toEqual(
      expect.arrayContaining(['message.received', 'room.joined', 'transcribed', 'send.failed', 'room.left', 'window.closed']),
    );
    root.send({ type: 'PART.STOP', systemId: 'voice' });
    expect(stopped).toContain('avatar');
    expect(root.system.get('avatar')).toBeUndefined();
  });

  it("the embeds' reactions are its machine's transitions: viewers' machines under system ids, loaded items cached, Ask question on a phone to the chat", () => {
    const { root, win, received, stopped, emitFrom } = start();
    // a slot that starts from what it is given (its `cached` item shows in its context)
    const slot = createMachine({
      id: 'slot',
      context: ({ input }) => input as { token: string; cached: unknown },
      on: { 'FAKE.EMIT': { actions: emit(({ event }) => (event as unknown as { fact: AnyEventObject }).fact) } },
    });
    const conversation = vi.fn(() => root.send({ type: 'CONVERSATION.START', tab: 'home' }));
    root.send({
      type: 'PART.LOADED',
      systemId: 'embeds',
      logic: embedsMachine.provide({
        actors: {
          slot: slot as never,
          player: fakeChild('player', received, stopped) as never,
          askModal: fakeChild('askModal', received, stopped) as never,
        },
        actions: { conversation },
      }),
    });
    const embeds = root.system.get('embeds') as EmbedsActor;
    expect(root.system.get('askModal')).toBeTruthy();

    embeds.send({ type: 'VIEWER.OPEN', kind: 'video', token: 'tok-vid' });
    expect(embeds.getSnapshot().context.opened).toEqual({ slot: 'slot-1', player: 'videoPlayer-2' });
    expect(root.system.get('videoPlayer-2')).toBeTruthy();
    expect(root.system.get('slot-1').getSnapshot().context).toEqual({ kind: 'video', token: 'tok-vid', cached: null });
    const item = { kind: 'video', token: 'tok-vid', video: { id: 'v1', name: 'Tour' } };
    emitFrom('slot-1', { type: 'slot.loaded', item });
    // another viewer of the same token starts from the cache; a document has no player
    embeds.send({ type: 'VIEWER.OPEN', kind: 'smart-doc', token: 'tok-vid' });
    expect(embeds.getSnapshot().context.opened).toEqual({ slot: 'slot-3', player: null });
    expect(root.system.get('slot-3').getSnapshot().context.cached).toEqual(item);
    embeds.send({ type: 'VIEWER.CLOSE', slot: 'slot-1', player: 'videoPlayer-2' });
    expect(root.system.get('slot-1')).toBeUndefined();
    expect(stopped).toEqual(['player']);

    // widget-spec §4: on a phone, the modal's ask.inChat loads the chat window and gives the chat the question
    const about = { name: 'Tour', context: { videoContext: { id: 'v1', name: 'Tour', embedToken: 'tok-vid' } } };
    emitFrom('askModal', { type: 'ask.inChat', item: { kind: 'video', token: 'tok-vid', ...about } });
    expect(conversation).toHaveBeenCalledTimes(1);
    expect(received.chat).toContainEqual({ type: 'CHAT.ABOUT', about });
    expect(win.getSnapshot().context.tab).toBe('chat');
    expect(win.getSnapshot().matches('closed')).toBe(false);
    root.send({ type: 'PART.STOP', systemId: 'embeds' });
    expect(stopped).toEqual(['player', 'askModal']);
    expect(root.system.get('slot-3')).toBeUndefined();
  });

  it("the page's chat messages carry the ids of the documents and videos its slots show, once loaded (widget-spec §3 additionalNamespaces)", async () => {
    const history = controlled<{ chatSessionId: string | null }, { messages: ChatMessage[]; chatSessionId: string | null }>();
    const send = controlled<SendInput, SendResult>();
    let chat: ChatActor;
    const last = () => send.calls.at(-1)!;
    const answered = async () => {
      last().resolve({
        userMessage: { id: 'u1', role: 'user', content: 'q', createdAt: '', type: 'TEXT' },
        aiMessage: { id: 'a1', role: 'ai', content: 'a', createdAt: '', type: 'TEXT' },
        chatSessionId: 's-1',
        followUps: [],
        responseButtons: [],
      });
      await waitFor(chat, (s) => s.matches('ready'));
    };
    const { root, emitFrom } = start({ chat: chatMachine.provide({ actors: { loadHistory: history.logic, send: send.logic } }) });
    const slot = createMachine({
      on: { 'FAKE.EMIT': { actions: emit(({ event }) => (event as unknown as { fact: AnyEventObject }).fact) } },
    });
    root.send({
      type: 'PART.LOADED',
      systemId: 'embeds',
      logic: embedsMachine.provide({ actors: { slot: slot as never, player: slot as never, askModal: slot as never } }),
    });
    const embeds = root.system.get('embeds') as EmbedsActor;
    const shown = () => embeds.getSnapshot().context.message.additionalNamespaces;
    embeds.send({ type: 'VIEWER.OPEN', kind: 'smart-doc', token: 'tok-doc' });
    embeds.send({ type: 'VIEWER.OPEN', kind: 'video', token: 'tok-vid' });
    embeds.send({ type: 'VIEWER.OPEN', kind: 'smart-doc', token: 'tok-fees' });
    // not before an item is loaded
    expect(shown()).toEqual([]);
    const doc = { kind: 'smart-doc', token: 'tok-doc', doc: { smartDocId: 'doc-1' }, footer: [] };
    emitFrom('slot-1', { type: 'slot.loaded', item: doc });
    emitFrom('slot-2', { type: 'slot.loaded', item: { kind: 'video', token: 'tok-vid', video: { id: 'vid-1' } } });
    // another viewer of a loaded token (the modal's) names it once
    embeds.send({ type: 'VIEWER.OPEN', kind: 'smart-doc', token: 'tok-doc' });
    expect(shown()).toEqual(['doc-1', 'vid-1']);

    root.send({ type: 'CONVERSATION.START', tab: 'chat' });
    history.calls[0]!.resolve({ messages: [], chatSessionId: 's-1' });
    chat = root.system.get('chat') as ChatActor;
    await waitFor(chat, (s) => s.matches('ready'));
    chat.send({ type: 'CHAT.SEND', text: 'What does this document say about fees?' });
    expect(last().input.page).toEqual({ additionalNamespaces: ['doc-1', 'vid-1'] });
    await answered();

    // a viewer that closes takes its item out; an Ask-question context goes beside the page's items
    embeds.send({ type: 'VIEWER.CLOSE', slot: 'slot-2', player: 'videoPlayer-3' });
    expect(shown()).toEqual(['doc-1']);
    const asked = { smartDocContext: { documents: [], totalDocuments: 0, activeDocument: 'doc-1' }, additionalNamespaces: ['doc-1'] };
    chat.send({ type: 'CHAT.ABOUT', about: { name: 'Product Guide', context: asked } });
    chat.send({ type: 'CHAT.SEND', text: 'And exit fees?' });
    expect(last().input).toMatchObject({ about: asked, page: { additionalNamespaces: ['doc-1'] } });
    await answered();

    // without the embeds (a page without slots), a message names nothing
    root.send({ type: 'PART.STOP', systemId: 'embeds' });
    chat.send({ type: 'CHAT.ABOUT', about: null });
    chat.send({ type: 'CHAT.SEND', text: 'Anything else?' });
    expect(last().input.page).toBeUndefined();
  });

  it('a part whose chunk arrives after the widget was removed starts nothing, and a part stopped with the root is not stopped again', () => {
    const { root, stopped } = start();
    const early = spawnIn(root)('early', fakeChild('early', {}, stopped) as never);
    expect(early.actor).toBeDefined();
    root.stop();
    expect(stopped).toContain('early');
    const sent = vi.spyOn(root, 'send');
    expect(() => early.stop()).not.toThrow();
    expect(() => spawnIn(root)('late', fakeChild('late', {}, stopped) as never)).toThrow('The widget was removed');
    expect(sent).not.toHaveBeenCalled();
  });

  it('one inspector given to the root sees every machine of the widget in one system', () => {
    const { root, inspected } = start();
    root.send({ type: 'CONVERSATION.START', tab: 'home' });
    const actors = inspected.filter((e) => e.type === '@xstate.actor');
    const ids = new Set(actors.map((e) => (e.actorRef as AnyActorRef).id));
    for (const id of ['auth', 'network', 'site', 'window', 'chat', 'sessions', 'actionButtons'])
      expect(
        [...actors].some((e) => e.actorRef === root.system.get(id)),
        id,
      ).toBe(true);
    expect(ids.size).toBeGreaterThan(7);
    expect(new Set(actors.map((e) => e.rootId))).toEqual(new Set([root.sessionId]));
  });
});
