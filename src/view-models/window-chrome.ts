/**
 * The chat window's frame (widget-spec §2 "Chat window", "Header", "Hamburger
 * dropdown", "Footer tabs", "Resize handle"; §4 "Window"): what it shows and what
 * its controls do.
 */
import type { Appearance } from '../../contract/appearance';
import type { ChatActor } from '../../machines/chat';
import type { BannerState, SiteActor, SiteConfig } from '../../machines/site';
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
import { ask, isSafeLink, startNewChat } from './intents';
import {
  EMAIL_TRANSCRIPT,
  EMAIL_TRANSCRIPT_HINT,
  GET_HELP,
  GET_HELP_HINT,
  PAGE_AWARENESS,
  PAGE_AWARENESS_BANNER,
  PAGE_TEXT_SHARED,
  SHOW_BANNER,
  HELP_QUESTION,
  NEW_CHAT_ITEM,
  NO_MESSAGES,
  TAB_LABEL,
  transcriptSubject,
  YOU,
} from '../messages';
import { RESIZE_KEY_STEP_PX, RESIZE_MAX_SHARE, RESIZE_MIN_PX } from '../../machines/constants';

/** A tab's label (Home, Chat, History, Settings). */
export const tabLabel = (t: Tab) => TAB_LABEL[t];

/** How the window leaves the page: the visitor's mail program, a new tab. */
export interface Navigator {
  assign(url: string): void;
  openTab(url: string): void;
}

/** 'Email me a transcript': the conversation as the body of an email in the visitor's own mail program. */
export function transcriptMailto(agentName: string, messages: { role: string; content: string; createdAt: string }[]): string {
  const lines = messages.map(
    (m) => `${m.role === 'user' ? YOU : agentName}${m.createdAt ? ` (${new Date(m.createdAt).toLocaleString()})` : ''}:\n${m.content}`,
  );
  const body = lines.length ? lines.join('\n\n') : NO_MESSAGES;
  // mailto URLs are limited in length by mail programs: keep the most recent part
  const trimmed = body.length > 6000 ? `…\n${body.slice(-6000)}` : body;
  return `mailto:?subject=${encodeURIComponent(transcriptSubject(agentName))}&body=${encodeURIComponent(trimmed)}`;
}

/** A menu item; `current` makes the menu a radio group (the tabs). */
export interface MenuItem {
  label: string;
  current?: boolean;
  /** What the item does, in a sentence (the Settings tab shows it). */
  hint?: string;
  onSelect: () => void;
}

export interface ChatWindowInput {
  window: WindowSnapshot;
  windowActor: WindowActor;
  chat: ChatActor;
  appearance: Appearance;
  config: SiteConfig;
  nav: Navigator;
  /** The viewport's height, for the sheet's limits. */
  viewportHeight: number;
  /** The page-awareness banner's state, and the site that shows it again. @default 'off' */
  banner?: BannerState;
  site?: Pick<SiteActor, 'send'>;
}

export function connectChatWindow({
  window: w,
  windowActor,
  chat,
  appearance,
  config,
  nav,
  viewportHeight,
  banner = 'off',
  site,
}: ChatWindowInput) {
  const tab = selectTab(w);
  const mobile = selectIsMobile(w);
  const tabs = TABS.map((t) => ({
    id: t,
    label: tabLabel(t),
    current: t === tab,
    onSelect: () => windowActor.send({ type: 'TAB.SELECT', tab: t }),
  }));
  const resize = (height: number) => windowActor.send({ type: 'SHEET.RESIZE', height, viewportHeight });
  const emailTranscript = () =>
    nav.assign(
      transcriptMailto(
        appearance.agentName,
        chat.getSnapshot().context.messages.filter((m) => !m.isError),
      ),
    );
  // 'Get help' opens the site's help page when it has one, otherwise asks the agent
  const getHelp = () => (isSafeLink(config.referenceWebpage) ? nav.openTab(config.referenceWebpage) : ask(windowActor, HELP_QUESTION));
  return {
    tab,
    mobile,
    expanded: selectExpanded(w),
    /** widget-spec §2: the expand button shows on wide screens only; the close button on the bottom sheet. */
    canExpand: !mobile,
    header: {
      name: appearance.agentName,
      description: appearance.agentDescription,
      icon: isSafeLink(appearance.agentIcon) ? appearance.agentIcon : '',
      liveDot: appearance.launcher.showLiveStatus,
    },
    tabs,
    /** The hamburger menu: the four tabs, then New chat (widget-spec §2). */
    navigation: [...tabs, { label: NEW_CHAT_ITEM, onSelect: () => startNewChat(chat, windowActor) }] as MenuItem[],
    /** The header's settings button: it shows the Settings tab, and is current while the tab shows. */
    settingsTab: tabs.find((t) => t.id === 'settings')!,
    /** The Settings tab's actions (widget-spec §2). */
    settings: [
      {
        label: EMAIL_TRANSCRIPT,
        hint: EMAIL_TRANSCRIPT_HINT,
        onSelect: emailTranscript,
      },
      { label: GET_HELP, hint: GET_HELP_HINT, onSelect: getHelp },
    ] satisfies MenuItem[],
    /** The Settings tab's note while page awareness is on: the banner's words, and a toggle that shows or hides the banner. */
    pageNote:
      banner === 'off'
        ? null
        : {
            title: PAGE_AWARENESS,
            lines: [PAGE_AWARENESS_BANNER, PAGE_TEXT_SHARED] as [string, string],
            show: {
              label: SHOW_BANNER,
              pressed: banner === 'shown',
              onSelect: () => site?.send({ type: banner === 'shown' ? 'BANNER.DISMISS' : 'BANNER.RESTORE' }),
            },
          },
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
