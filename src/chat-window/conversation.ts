/**
 * The conversation as the chat window reads it from the widget's actor system (machines/widget.ts): the
 * chat, sessions and action-buttons machines the root spawns on CONVERSATION.START (the reactions that tie
 * them to the window and the network are the root's transitions), with the on-demand parts loaded over
 * the chat; and the system's facts the page's programmatic API reports.
 */
import type { ActionButtonsActor } from '../../machines/action-buttons';
import type { ChatActor } from '../../machines/chat';
import type { SessionsActor } from '../../machines/sessions';
import type { WidgetActor } from '../../machines/widget';
import type { WindowActor } from '../../machines/window';
import type { Conversation, Dictation, Spawn, VoiceMode, WidgetEventName } from '../runtime';

export interface ConversationOptions {
  /** The widget's root: the widget starts it with the browser's effects, component tests with fakes. */
  root: WidgetActor;
  /** Loads and starts dictation over the chat (the widget imports src/dictation; tests give fakes). */
  loadDictation: (chat: ChatActor) => Promise<Dictation>;
  /** Loads and starts voice mode, which finds the chat in the system (the widget imports src/voice; tests give fakes). */
  loadVoice: () => Promise<VoiceMode>;
}

/**
 * A chunk's load, made once and shared; one that failed is forgotten, so the next call tries again
 * (issue 13: no cached rejection).
 */
export function loadOnce<T>(load: () => Promise<T>) {
  let p: Promise<T> | undefined;
  return () =>
    (p ??= load().catch((err: unknown) => {
      p = undefined;
      throw err;
    }));
}

/** Whether the widget's root still runs (after `destroy()` a chunk still loading may arrive: it starts nothing). */
export const isRunning = (root: WidgetActor) => root.getSnapshot().status === 'active';

/**
 * Runs on-demand parts' machines in the widget's system (machines/widget.ts PART.LOADED). A part whose
 * chunk arrives after the widget was removed is refused (its load fails, and nothing is sent to the
 * stopped root); stopping a part the root already stopped does nothing.
 */
export const spawnIn =
  (root: WidgetActor): Spawn =>
  (systemId, logic, input) => {
    if (!isRunning(root)) throw Error('The widget was removed');
    root.send({ type: 'PART.LOADED', systemId, logic, input });
    return { actor: root.system.get(systemId), stop: () => isRunning(root) && root.send({ type: 'PART.STOP', systemId }) };
  };

/**
 * The conversation's machines for the chat window, started first when the root has not started them
 * (machines/widget.ts starts them on the window's opening; a new chat, or Ask question on a phone, may come first).
 */
export function createConversation({ root, loadDictation, loadVoice }: ConversationOptions): Conversation {
  const { system } = root;
  system.get('chat') || root.send({ type: 'CONVERSATION.START', tab: (system.get('window') as WindowActor).getSnapshot().context.tab });
  const chat = system.get('chat') as ChatActor;
  // a chunk that could not load is tried again on the next click
  const dictation = loadOnce(() => loadDictation(chat));
  const voice = loadOnce(loadVoice);
  return {
    chat,
    sessions: system.get('sessions') as SessionsActor,
    actionButtons: system.get('actionButtons') as ActionButtonsActor,
    dictation,
    voice,
  };
}

/**
 * The system's facts the page hears of (README "Programmatic API"), and the chat session kept for the
 * next visit (widget-spec §3 `ai_chat_session_id`).
 */
export function reportFacts(
  root: WidgetActor,
  emit: (event: WidgetEventName, detail?: unknown) => void,
  rememberChatSession: (id: string | null) => void,
) {
  root.on('window.opened', () => emit('open'));
  root.on('window.closed', () => emit('close'));
  root.on('message.received', (e) => emit('message', e.message));
  root.on('send.failed', (e) => emit('error', Error(e.error)));
  root.on('session.changed', (e) => rememberChatSession(e.chatSessionId));
}
