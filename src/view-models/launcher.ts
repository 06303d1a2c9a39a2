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

/** The src of an icon from the appearance: SVG markup as an inert image (never live markup), or an image URL; '' for none. */
export function iconSrc(type: 'svg' | 'image', value: string): string {
  if (!value) return '';
  if (type === 'svg') return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(value)}`;
  return /^(https?:|data:image\/)/i.test(value) ? value : '';
}

export interface LauncherInput {
  window: WindowSnapshot;
  appearance: Appearance;
  loadError: SettingsError | null;
  /** The chat window's module could not be loaded. */
  windowFailed: boolean;
  /** The server answers (machines/network.ts); the live dot says when it does not. */
  reachable: boolean;
  send: (event: WindowEvent) => void;
  /** Loads what failed again: the settings, or the chat window's module. */
  retry: () => void;
}

export function connectLauncher({ window: w, appearance, loadError, windowFailed, reachable, send, retry }: LauncherInput) {
  const open = selectIsOpen(w);
  const l = appearance.launcher;
  return {
    open,
    mobile: selectIsMobile(w),
    align: l.alignment,
    agentName: appearance.agentName,
    /** The visitor-facing error the window shows instead of the chat, or null. */
    error: loadErrorText(loadError) ?? (windowFailed ? loadErrorText('FAILED') : null),
    /** issue 13: a failure that may pass (not a refused key or configuration) offers Retry. */
    retry: loadError === 'FAILED' || (!loadError && windowFailed) ? retry : null,
    /** The chat window may be loaded (the site's settings are usable). */
    canLoadWindow: loadError === null,
    bubble: open ? null : selectBubble(w),
    launcher: {
      label: open ? 'Close chat' : `Open chat with ${appearance.agentName}${reachable ? '' : ' (reconnecting)'}`,
      icon: open ? iconSrc(l.launcherCloseIconType, l.launcherCloseIcon) : iconSrc(l.launcherIconType, l.launcherIcon),
      pulse: l.pulseAnimation && !open,
      glow: l.glowEffect,
      liveDot: l.showLiveStatus && !open,
      /** issue 13: the live dot shows the widget reconnecting (grey) while the server does not answer. */
      offline: !reachable,
    },
    toggle: () => send({ type: 'WINDOW.TOGGLE' }),
    close: () => send({ type: 'WINDOW.CLOSE' }),
    openWindow: () => send({ type: 'WINDOW.OPEN' }),
    dismissBubble: () => send({ type: 'BUBBLE.DISMISS' }),
  };
}

export type LauncherView = ReturnType<typeof connectLauncher>;
