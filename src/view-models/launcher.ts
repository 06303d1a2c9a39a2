/**
 * The launcher's view model (widget-spec §2 "Widget parts"): what the launcher, the
 * proactive bubble and the window placeholder show, and what they do. In the
 * launcher's bundle, so it stays small and hook-free.
 */
import type { Appearance } from '../../contract/appearance';
import type { SettingsError } from '../../machines/site';
import {
  selectBubble,
  selectIsMobile,
  selectIsOpen,
  type PresenceBubble,
  type WindowEvent,
  type WindowSnapshot,
} from '../../machines/window';
import { CLOSE_CHAT, greeting, OPEN_CHAT_WITH, RECONNECTING_NOTE, SETTINGS_ERROR_TEXT, siteText } from '../messages';

export interface LauncherInput {
  window: WindowSnapshot;
  appearance: Appearance;
  loadError: SettingsError | null;
  /** The server answers (machines/network.ts); the live dot says when it does not. */
  reachable: boolean;
  send: (event: WindowEvent) => void;
  /** Loads the site's settings again. */
  retry: () => void;
}

/** What the launcher, the bubble and the window placeholder show, and what they do. */
export type LauncherView = ReturnType<typeof connectLauncher>;

export function connectLauncher({ window: w, appearance, loadError, reachable, send, retry }: LauncherInput) {
  const open = selectIsOpen(w);
  const b = selectBubble(w);
  // the site's name and description (a default in the locale's words), and the greeting's words from them
  const agentName = siteText(appearance.agentName);
  const bubble: PresenceBubble | null =
    open || !b ? null : b.greeting ? { text: greeting({ agentName, agentDescription: siteText(appearance.agentDescription) }) } : b;
  return {
    open,
    mobile: selectIsMobile(w),
    reachable,
    agentName,
    /** The launcher's name in the active locale (widget.js's first frame names it in English: src/launcher-frame.ts). */
    label: open ? CLOSE_CHAT : `${OPEN_CHAT_WITH}${agentName}${reachable ? '' : RECONNECTING_NOTE}`,
    /** The visitor-facing error the window shows instead of the chat, or null. */
    error: loadError && SETTINGS_ERROR_TEXT[loadError],
    /** issue 13: a failure that may pass (not a refused key or configuration) offers Retry. */
    retry: loadError === 'FAILED' ? retry : null,
    bubble,
    toggle: () => send({ type: 'WINDOW.TOGGLE' }),
    close: () => send({ type: 'WINDOW.CLOSE' }),
    openWindow: () => send({ type: 'WINDOW.OPEN' }),
    dismissBubble: () => send({ type: 'BUBBLE.DISMISS' }),
  };
}
