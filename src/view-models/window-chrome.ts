/**
 * The chat window's frame (widget-spec §2 "Chat window", "Header", "Hamburger
 * dropdown", "Footer tabs", "Resize handle"; §4 "Window"): what it shows and what
 * its controls do.
 */
import type { Appearance } from '../../contract/appearance';
import type { ChatActor } from '../../machines/chat';
import {
  selectExpanded,
  selectIsMobile,
  selectSheetHeight,
  selectTab,
  TABS,
  type Tab,
  type WindowActor,
  type WindowSnapshot,
} from '../../machines/window';
import { isSafeLink, startNewChat } from './intents';
import { NEW_CHAT_ITEM, siteText, TAB_LABEL } from '../messages';
import { RESIZE_KEY_STEP_PX, RESIZE_MAX_SHARE, RESIZE_MIN_PX } from '../../machines/constants';

/** A tab's label (Home, Chat, History, Settings). */
export const tabLabel = (t: Tab) => TAB_LABEL[t];

/** A menu item; `current` makes the menu a radio group (the tabs). */
export interface MenuItem {
  label: string;
  current?: boolean;
  /** What the item does, in a sentence (the Settings tab shows it: src/view-models/settings.ts). */
  hint?: string;
  /** For an item that shows or hides a part below it (the Settings tab's transcript form): whether it shows. */
  expanded?: boolean;
  onSelect: () => void;
}

export interface ChatWindowInput {
  window: WindowSnapshot;
  windowActor: WindowActor;
  chat: ChatActor;
  appearance: Appearance;
  /** The viewport's height, for the sheet's limits. */
  viewportHeight: number;
}

export function connectChatWindow({ window: w, windowActor, chat, appearance, viewportHeight }: ChatWindowInput) {
  const tab = selectTab(w);
  const mobile = selectIsMobile(w);
  const tabs = TABS.map((t) => ({
    id: t,
    label: tabLabel(t),
    current: t === tab,
    onSelect: () => windowActor.send({ type: 'TAB.SELECT', tab: t }),
  }));
  const resize = (height: number) => windowActor.send({ type: 'SHEET.RESIZE', height, viewportHeight });
  return {
    tab,
    mobile,
    expanded: selectExpanded(w),
    /** widget-spec §2: the expand button shows on wide screens only; the close button on the bottom sheet. */
    canExpand: !mobile,
    header: {
      name: siteText(appearance.agentName),
      description: siteText(appearance.agentDescription),
      icon: isSafeLink(appearance.agentIcon) ? appearance.agentIcon : '',
      liveDot: appearance.launcher.showLiveStatus,
    },
    tabs,
    /** The hamburger menu: the four tabs, then New chat (widget-spec §2). */
    navigation: [...tabs, { label: NEW_CHAT_ITEM, onSelect: () => startNewChat(chat, windowActor) }] as MenuItem[],
    /** The header's settings button: it shows the Settings tab, and is current while the tab shows. */
    settingsTab: tabs.find((t) => t.id === 'settings')!,
    toggleExpanded: () => windowActor.send({ type: 'WINDOW.EXPAND_TOGGLE' }),
    close: () => windowActor.send({ type: 'WINDOW.CLOSE' }),
    sheet: {
      /** The height the resize handle set; null for the default. */
      height: selectSheetHeight(w),
      min: RESIZE_MIN_PX,
      max: Math.round(viewportHeight * RESIZE_MAX_SHARE),
      resize,
      /** Arrow keys move the sheet by RESIZE_KEY_STEP_PX (40 px) from its current height (the machine's, current before a re-render). */
      step: (direction: 1 | -1, renderedHeight: number) =>
        resize((windowActor.getSnapshot().context.sheetHeight ?? renderedHeight) + direction * RESIZE_KEY_STEP_PX),
    },
  };
}

export type ChatWindowView = ReturnType<typeof connectChatWindow>;
