/** The Home tab (widget-spec §2 "Home"): title, description, the page's action buttons, and its home video. */
import type { Appearance } from '../../contract/appearance';
import { selectActionButtons, type ActionButtonsSnapshot } from '../../machines/action-buttons';
import { selectMessages, type ActionButton, type ChatActor, type ChatSnapshot } from '../../machines/chat';
import type { SiteConfig } from '../../machines/embed';
import type { WindowActor } from '../../machines/window';
import { PAGE_AWARENESS_BANNER } from './chat';
import { clickButton } from './intents';

export interface HomeInput {
  chat: ChatSnapshot;
  chatActor: ChatActor;
  actionButtons: ActionButtonsSnapshot;
  windowActor: WindowActor;
  appearance: Appearance;
  config: SiteConfig;
}

export function connectHome({ chat, chatActor, actionButtons, windowActor, appearance, config }: HomeInput) {
  return {
    title: appearance.home.title,
    description: appearance.home.description,
    banner: config.agentPageAwareness ? PAGE_AWARENESS_BANNER : null,
    buttons: selectActionButtons(actionButtons),
    /** The page's point-of-presence video: it comes with the page's history (widget-spec §2, §7). */
    video: selectMessages(chat).find((m) => m.type === 'VIDEO' && m.source === 'POINT_OF_PRESENCE' && m.videoUrl) ?? null,
    clickButton: (b: ActionButton) => clickButton(chatActor, windowActor, b),
  };
}

export type HomeView = ReturnType<typeof connectHome>;
