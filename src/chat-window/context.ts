/**
 * How the chat window's components reach the widget: the runtime (core.tsx) and the
 * conversation (started with this module), each through its own context, and the
 * view models of the window's areas built from their snapshots.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { selectAppearance, selectConfig } from '../../machines/embed';
import { RuntimeContext, type Conversation, type Runtime } from '../runtime';
import { connectChat } from '../view-models/chat';
import { connectChatWindow, type Navigator } from '../view-models/chat-window';
import { connectHistory } from '../view-models/history';
import { connectHome } from '../view-models/home';

export const ConversationContext = createContext<Conversation | null>(null);

export function useRuntime(): Runtime {
  const r = useContext(RuntimeContext);
  if (!r) throw new Error('useRuntime outside the widget');
  return r;
}

export function useConversation(): Conversation {
  const c = useContext(ConversationContext);
  if (!c) throw new Error('useConversation outside the chat window');
  return c;
}

/**
 * An actor's current snapshot, re-rendering when it changes. The view models take whole
 * snapshots (as zag's `connect` does), so a selector would only repeat this.
 */
export function useSnapshot<A extends AnyActorRef>(actor: A): SnapshotFrom<A> {
  const snapshot = actor.getSnapshot() as SnapshotFrom<A>;
  const [, setVersion] = useState(0);
  useEffect(() => {
    const changed = () => setVersion((n) => n + 1);
    const sub = actor.subscribe(changed);
    // a change between this render and the subscription is not missed
    if (actor.getSnapshot() !== snapshot) changed();
    return () => sub.unsubscribe();
  }, [actor]);
  return snapshot;
}

/** The site's appearance and config (loaded before the launcher showed). */
export function useSettings() {
  const settings = useSnapshot(useRuntime().embed);
  return { appearance: selectAppearance(settings), config: selectConfig(settings) };
}

/** The browser's way out of the window: the mail program, a new tab without opener or referrer. */
const BROWSER_NAV: Navigator = {
  assign: (url) => window.location.assign(url),
  openTab: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
};

export function useChatWindowView() {
  const { windowActor } = useRuntime();
  const { chat } = useConversation();
  const w = useSnapshot(windowActor);
  return connectChatWindow({ window: w, windowActor, chat, ...useSettings(), nav: BROWSER_NAV, viewportHeight: window.innerHeight });
}

export function useChatView() {
  const { windowActor } = useRuntime();
  const { chat: chatActor } = useConversation();
  const chat = useSnapshot(chatActor);
  return connectChat({ chat, chatActor, windowActor, ...useSettings() });
}

export function useHistoryView() {
  const { windowActor } = useRuntime();
  const { chat: chatActor, sessions: sessionsActor } = useConversation();
  const sessions = useSnapshot(sessionsActor);
  const chat = useSnapshot(chatActor);
  return connectHistory({ sessions, sessionsActor, chat, chatActor, windowActor });
}

export function useHomeView() {
  const { windowActor } = useRuntime();
  const { chat: chatActor, actionButtons: buttonsActor } = useConversation();
  const chat = useSnapshot(chatActor);
  const actionButtons = useSnapshot(buttonsActor);
  return connectHome({ chat, chatActor, actionButtons, windowActor, ...useSettings() });
}
