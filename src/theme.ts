/**
 * Appearance values (widget-spec §3) become CSS custom properties on the host
 * element, set through the CSSOM (CSP-safe); the stylesheets read them.
 */
import type { Appearance } from '../contract/appearance';

export const px = (n: number) => `${n}px`;
/** Only colours, lengths and plain words reach CSS: nothing that could end a declaration. */
export const safe = (v: string) => (/^[#(),.%\w\s-]*$/.test(v) ? v : '');

/** The launcher's, the bubble's and the window frame's variables (the chat window sets the rest when it loads). */
export function launcherVariables(a: Appearance): Record<string, string> {
  const l = a.launcher;
  return {
    'launcher-size': px(l.size),
    'launcher-v': px(l.verticalPadding),
    'launcher-h': px(l.horizontalPadding),
    'launcher-bg': safe(l.backgroundColor),
    'launcher-border': safe(l.borderColor),
    'live-color': safe(l.liveStatusColor),
    'bubble-shadow': a.bubble.bubbleShadow
      ? `0 8px 24px color-mix(in srgb, ${safe(a.bubble.bubbleShadowColor) || '#000'} ${Math.round(Math.min(1, Math.max(0, a.bubble.bubbleShadowIntensity)) * 100)}%, transparent)`
      : 'none',
    'chat-bg': safe(a.chatBgColor),
    'chat-radius': px(a.chatBorderRadius),
  };
}

/** Sets variables on the host element as `--aiw-NAME`. */
export function applyTheme(host: HTMLElement, vars: Record<string, string>): void {
  for (const [name, value] of Object.entries(vars)) {
    if (value) host.style.setProperty(`--aiw-${name}`, value);
  }
}
