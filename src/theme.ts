/**
 * Appearance values (widget-spec §3) become CSS custom properties on the host
 * element, set through the CSSOM (CSP-safe); the stylesheets read them.
 */
import type { Appearance } from '../contract/appearance';

export const px = (n: number) => `${n}px`;
/** Only colours, lengths and plain words reach CSS: nothing that could end a declaration. */
export const safe = (v: string) => (/^[#(),.%\w\s-]*$/.test(v) ? v : '');

/**
 * The bubble's and the window frame's variables (the launcher's are set as it is painted,
 * src/launcher-frame.ts; the chat window sets the rest when it loads).
 */
export function frameVariables(a: Appearance): Record<string, string> {
  return {
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
