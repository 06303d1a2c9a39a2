/**
 * The conversation's actors (chat, sessions, action buttons) started with their
 * effects, and tied to the window's facts (widget-spec §2, §4): a path change
 * reloads the history and the action buttons, closing the window reloads the
 * history, the History tab loads the sessions, the Home tab refreshes the home video.
 * The widget starts it with the browser's effects, component tests with fakes.
 */
import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { actionButtonsMachine } from '../../machines/action-buttons';
import { chatMachine } from '../../machines/chat';
import { sessionsMachine } from '../../machines/sessions';
import type { ChatActor } from '../../machines/chat';
import type { WindowActor } from '../../machines/window';
import type { ConversationEffects } from '../effects/conversation';
import type { Conversation, Dictation, VoiceMode, WidgetEventName } from '../runtime';

export interface ConversationOptions {
  windowActor: WindowActor;
  effects: Pick<ConversationEffects, 'chat' | 'sessions' | 'actionButtons' | 'rememberChatSession'>;
  /** The stored chat session (widget-spec §3 `ai_chat_session_id`). */
  chatSessionId: string | null;
  emit: (event: WidgetEventName, detail?: unknown) => void;
  /** Loads and starts dictation over the chat (the widget imports src/dictation; tests give fakes). */
  loadDictation: (chat: ChatActor) => Promise<Dictation>;
  /** Loads and starts voice mode over the chat (the widget imports src/voice; tests give fakes). */
  loadVoice: (chat: ChatActor) => Promise<VoiceMode>;
  inspect?: Observer<InspectionEvent>;
}

export function createConversation({ windowActor, effects, chatSessionId, emit, loadDictation, loadVoice, inspect }: ConversationOptions): Conversation {
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
  if (tab === 'history') sessions.send({ type: 'SESSIONS.LOAD' });
  let dictation: Promise<Dictation> | undefined;
  let voice: Promise<VoiceMode> | undefined;
  return {
    chat,
    sessions,
    actionButtons,
    dictation: () => (dictation ??= loadDictation(chat)),
    // a chunk that could not load is tried again on the next click
    voice: () =>
      (voice ??= loadVoice(chat).catch((err: unknown) => {
        voice = undefined;
        throw err;
      })),
    stop() {
      // a feature still loading stops as soon as it has loaded
      for (const f of [dictation, voice]) void f?.then((x) => x.stop(), () => undefined);
      subscriptions.forEach((s) => s.unsubscribe());
      chat.stop();
      sessions.stop();
      actionButtons.stop();
    },
  };
}
