/**
 * The Settings tab (widget-spec §2 "Settings", §4 "Email transcript", "Get help"): its actions, each with what it
 * does, and while page awareness is on its note about it. Only the tab's chunk uses it (src/chat-window/settings-tab.tsx).
 */
import type { Appearance } from '../../contract/appearance';
import type { ChatActor } from '../../machines/chat';
import type { BannerState, SiteActor, SiteConfig } from '../../machines/site';
import type { WindowActor } from '../../machines/window';
import { ask, isSafeLink } from './intents';
import {
  EMAIL_TRANSCRIPT,
  EMAIL_TRANSCRIPT_HINT,
  GET_HELP,
  GET_HELP_HINT,
  HELP_QUESTION,
  NO_MESSAGES,
  PAGE_AWARENESS,
  PAGE_AWARENESS_BANNER,
  PAGE_TEXT_SHARED,
  SHOW_BANNER,
  siteText,
  transcriptSubject,
  YOU,
} from '../messages';
import type { MenuItem } from './window-chrome';
import { MAIL_HINT } from '../chat-window/transcript-mail-hint';

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

export interface SettingsInput {
  windowActor: WindowActor;
  chat: ChatActor;
  appearance: Appearance;
  config: SiteConfig;
  nav: Navigator;
  /** The page-awareness banner's state, and the site that shows it again. @default 'off' */
  banner?: BannerState;
  site?: Pick<SiteActor, 'send'>;
  /**
   * When the server mails transcripts and there is a chat session (src/chat-window/transcript-mail.tsx): the transcript's
   * action shows or hides the address form instead of opening the mail program. @default null
   */
  mail?: { shown: boolean; toggle(): void } | null;
}

export function connectSettings({ windowActor, chat, appearance, config, nav, banner = 'off', site, mail }: SettingsInput) {
  const emailTranscript = () =>
    nav.assign(
      transcriptMailto(
        siteText(appearance.agentName),
        chat.getSnapshot().context.messages.filter((m) => !m.isError),
      ),
    );
  // 'Get help' opens the site's help page when it has one, otherwise asks the agent
  const getHelp = () => (isSafeLink(config.referenceWebpage) ? nav.openTab(config.referenceWebpage) : ask(windowActor, HELP_QUESTION));
  return {
    /** The Settings tab's actions (widget-spec §2). */
    items: [
      mail
        ? { label: EMAIL_TRANSCRIPT, hint: MAIL_HINT, expanded: mail.shown, onSelect: mail.toggle }
        : {
            label: EMAIL_TRANSCRIPT,
            hint: EMAIL_TRANSCRIPT_HINT,
            onSelect: emailTranscript,
          },
      { label: GET_HELP, hint: GET_HELP_HINT, onSelect: getHelp },
    ] satisfies MenuItem[],
    /** The note while page awareness is on: the banner's words, and a toggle that shows or hides the banner. */
    note:
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
  };
}
