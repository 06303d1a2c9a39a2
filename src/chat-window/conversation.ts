/**
 * The conversation's actors (chat, sessions, action buttons) started with their
 * effects, and tied to the window's facts (widget-spec §2, §4): a path change
 * reloads the history and the action buttons, closing the window reloads the
 * history, the History tab loads the sessions, the Home tab refreshes the home video;
 * and to the network's (issue 13): when the server answers again, waiting messages go.
 * The widget starts it with the browser's effects, component tests with fakes.
 */
import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { actionButtonsMachine } from '../../machines/action-buttons';
import { chatMachine } from '../../machines/chat';
import { sessionsMachine } from '../../machines/sessions';
import type { ChatActor } from '../../machines/chat';
import type { NetworkActor } from '../../machines/network';
import type { WindowActor } from '../../machines/window';
import type { ChatEffects } from '../effects/chat';
import type { Conversation, Dictation, VoiceMode, WidgetEventName } from '../runtime';

export interface ConversationOptions {
  windowActor: WindowActor;
  /** Whether the server answers (the runtime's network machine): its `network.back` sends the waiting messages. */
  network?: NetworkActor;
  effects: Pick<ChatEffects, 'chat' | 'sessions' | 'actionButtons' | 'rememberChatSession'>;
  /** The stored chat session (widget-spec §3 `ai_chat_session_id`). */
  chatSessionId: string | null;
  emit: (event: WidgetEventName, detail?: unknown) => void;
  /** Loads and starts dictation over the chat (the widget imports src/dictation; tests give fakes). */
  loadDictation: (chat: ChatActor) => Promise<Dictation>;
  /** Loads and starts voice mode over the chat (the widget imports src/voice; tests give fakes). */
  loadVoice: (chat: ChatActor) => Promise<VoiceMode>;
  inspect?: Observer<InspectionEvent>;
}

/**
 * A chunk's load, made once and shared; one that failed is forgotten, so the next call tries again
 * (issue 13: no cached rejection). `loaded()` is the load made so far, if any.
 */
export function loadOnce<T>(load: () => Promise<T>) {
  let p: Promise<T> | undefined;
  const get = () =>
    (p ??= load().catch((err: unknown) => {
      p = undefined;
      throw err;
    }));
  get.loaded = () => p;
  return get;
}

export function createConversation({ windowActor, network, effects, chatSessionId, emit, loadDictation, loadVoice, inspect }: ConversationOptions): Conversation {
  const { path, tab } = windowActor.getSnapshot().context;
  const chat = createActor(chatMachine.provide({ actors: effects.chat }), { input: { chatSessionId }, inspect }).start();
  const sessions = createActor(sessionsMachine.provide({ actors: effects.sessions }), { inspect }).start();
  const actionButtons = createActor(actionButtonsMachine.provide({ actors: effects.actionButtons }), { input: { path }, inspect }).start();
  const subscriptions = [
    chat.on('session.changed', (e) => effects.rememberChatSession(e.chatSessionId)),
    chat.on('message.received', (e) => emit('message', e.message)),
    chat.on('send.failed', (e) => emit('error', new Error(e.error))),
    windowActor.on('path.changed', (e) => {
      chat.send({ type: 'CHAT.RELOAD' });
      actionButtons.send({ type: 'PATH.CHANGED', path: e.path });
    }),
    windowActor.on('window.closed', () => chat.send({ type: 'CHAT.RELOAD' })),
    windowActor.on('tab.entered', (e) => {
      if (e.tab === 'history') sessions.send({ type: 'SESSIONS.LOAD' });
      // Home refreshes the home video (the page's presence video comes with the history)
      if (e.tab === 'home') chat.send({ type: 'CHAT.RELOAD' });
    }),
  ];
  if (network)
    subscriptions.push(
      network.on('network.back', () => {
        chat.send({ type: 'NETWORK.BACK' });
        sessions.send({ type: 'NETWORK.BACK' });
      }),
    );
  if (tab === 'history') sessions.send({ type: 'SESSIONS.LOAD' });
  // a chunk that could not load is tried again on the next click
  const dictation = loadOnce(() => loadDictation(chat));
  const voice = loadOnce(() => loadVoice(chat));
  return {
    chat,
    sessions,
    actionButtons,
    dictation,
    voice,
    stop() {
      // a feature still loading stops as soon as it has loaded
      for (const f of [dictation.loaded(), voice.loaded()]) void f?.then((x) => x.stop(), () => undefined);
      subscriptions.forEach((s) => s.unsubscribe());
      chat.stop();
      sessions.stop();
      actionButtons.stop();
    },
  };
}
