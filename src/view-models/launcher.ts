/**
 * The launcher's view model (widget-spec §2 "Widget parts"): what the launcher, the
 * proactive bubble and the window placeholder show, and what they do. In the
 * launcher's bundle, so it stays small and hook-free.
 */
import type { Appearance } from '../../contract/appearance';
import type { SettingsError } from '../../machines/embed';
import { selectBubble, selectIsMobile, selectIsOpen, type WindowEvent, type WindowSnapshot } from '../../machines/window';

/** widget-spec §8: what the visitor sees when the site's settings cannot be loaded. */
export function loadErrorText(code: SettingsError | null): string | null {
  if (code === null) return null;
  if (code === 'INVALID_API_KEY') return 'Invalid API key. Please check your configuration.';
  if (code === 'INVALID_CONFIGURATION') return 'Invalid configuration. Please check your settings.';
  return 'Unable to load chat widget. Please try again later.';
}

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

export function connectLauncher({ window: w, appearance, loadError, reachable, send, retry }: LauncherInput) {
  const open = selectIsOpen(w);
  return {
    open,
    mobile: selectIsMobile(w),
    reachable,
    agentName: appearance.agentName,
    /** The visitor-facing error the window shows instead of the chat, or null. */
    error: loadErrorText(loadError),
    /** issue 13: a failure that may pass (not a refused key or configuration) offers Retry. */
    retry: loadError === 'FAILED' ? retry : null,
    bubble: open ? null : selectBubble(w),
    toggle: () => send({ type: 'WINDOW.TOGGLE' }),
    close: () => send({ type: 'WINDOW.CLOSE' }),
    openWindow: () => send({ type: 'WINDOW.OPEN' }),
    dismissBubble: () => send({ type: 'BUBBLE.DISMISS' }),
  };
}

export type LauncherView = ReturnType<typeof connectLauncher>;
