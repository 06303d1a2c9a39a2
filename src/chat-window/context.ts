/**
 * How the chat window's components reach the widget: the runtime (core.tsx) and the
 * conversation (started with this module), each through its own context, and the
 * view models of the window's areas, built from what they select of the machines
 * (src/use-selector.ts): each re-renders when a value it shows changes. The History and Settings
 * tabs', which only their chunks use, are built there (src/chat-window/history-tab.tsx, settings-tab.tsx).
 */
import { createContext, useContext } from 'react';
import { selectActionButtons } from '../../machines/action-buttons';
import { selectAbout, selectCanSubmit, selectDraft, selectIsWaiting, selectMessages } from '../../machines/chat';
import { selectAppearance, selectBanner, selectConfig } from '../../machines/site';
import { selectExpanded, selectIsMobile, selectSheetHeight, selectTab } from '../../machines/window';
import { sameIn, useSelector, whole } from '../use-selector';
import { RuntimeContext, type Conversation, type Runtime } from '../runtime';
import { connectChat } from '../view-models/chat';
import { connectChatWindow } from '../view-models/window-chrome';
import { connectHome } from '../view-models/home';

export const ConversationContext = createContext<Conversation | null>(null);

/** The runtime (always provided: App and the tests' harness render inside it). */
export const useRuntime = (): Runtime => useContext(RuntimeContext)!;

/** The conversation (always provided: ChatWindow renders its children inside it). */
export const useConversation = (): Conversation => useContext(ConversationContext)!;

/** The site's appearance and config (loaded before the launcher showed). */
export function useSettings() {
  const { site } = useRuntime();
  return {
    appearance: useSelector(site, selectAppearance),
    config: useSelector(site, selectConfig),
    banner: useSelector(site, selectBanner),
  };
}

export function useChatWindowView() {
  const { windowActor, site } = useRuntime();
  const { chat } = useConversation();
  const w = useSelector(windowActor, whole, sameIn(selectTab, selectIsMobile, selectExpanded, selectSheetHeight));
  return connectChatWindow({
    window: w,
    windowActor,
    chat,
    appearance: useSelector(site, selectAppearance),
    viewportHeight: window.innerHeight,
  });
}

export function useChatView() {
  const { windowActor } = useRuntime();
  const { chat: chatActor } = useConversation();
  const chat = useSelector(chatActor, whole);
  return connectChat({ chat, chatActor, windowActor, ...useSettings() });
}

export function useHomeView() {
  const { windowActor } = useRuntime();
  const { chat: chatActor, actionButtons: buttonsActor } = useConversation();
  // of the chat, Home shows the composer (the same draft as the Chat tab's) and the page's video
  const chat = useSelector(chatActor, whole, sameIn(selectDraft, selectCanSubmit, selectIsWaiting, selectAbout, selectMessages));
  const actionButtons = useSelector(buttonsActor, whole, sameIn(selectActionButtons));
  return connectHome({ chat, chatActor, actionButtons, windowActor, ...useSettings() });
}
