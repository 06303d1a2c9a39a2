/**
 * Appearance values (widget-spec §3) become CSS custom properties on the host
 * element, set through the CSSOM (CSP-safe); the stylesheets read them.
 */
import { DEFAULT_APPEARANCE, type Appearance } from '../contract/appearance';

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

/** The visitor's system is set to dark (appearance colorScheme 'auto'). */
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Follows appearance colorScheme on the widget's element: marks it `data-scheme` with the scheme it shows,
 * 'light' or 'dark' ('auto' resolved by `query`, the visitor's system set to dark), and loads the dark scheme's
 * stylesheet (styles/dark.css, a chunk of its own: `loadDark` adopts it) once the widget shows dark. Call it on
 * each change of the appearance and of `query`: the attribute follows, and the stylesheet follows the attribute.
 * A load that failed is tried again on the next call.
 */
export function followScheme(host: HTMLElement, query: MediaQueryList, loadDark: () => Promise<unknown>) {
  let dark: Promise<unknown> | undefined;
  return (scheme: Appearance['colorScheme']) => {
    const isDark = scheme === 'dark' || (scheme === 'auto' && query.matches);
    host.dataset.scheme = isDark ? 'dark' : 'light';
    dark ??= isDark ? loadDark().catch(() => (dark = undefined)) : undefined;
  };
}

/** Whether the site chose a colour of its own: a field named …Color (at any depth) that differs from its default. */
const ownColour = (a: object, d: Record<string, unknown>): boolean =>
  Object.entries(a).some(([k, v]) =>
    v && typeof v === 'object' ? ownColour(v, (d[k] ?? {}) as Record<string, unknown>) : /colou?r$/i.test(k) && v !== d[k],
  );

/**
 * The scheme the widget shows: 'auto' follows the system only for a site that left the colours at their
 * defaults. A site with colours of its own is shown in them (light) unless it asks for 'dark': half a palette
 * switched to dark under the site's own light colours would put light text on a light ground.
 */
export const schemeOf = (a: Appearance): Appearance['colorScheme'] =>
  a.colorScheme === 'auto' && ownColour(a, DEFAULT_APPEARANCE as unknown as Record<string, unknown>) ? 'light' : a.colorScheme;

/**
 * A part's variables for both schemes (appearance colorScheme): a value the site left at its default is
 * written `var(--aiw-dark-NAME, value)`, which styles/dark.css sets to the default's dark counterpart in the
 * dark scheme (where it has one: not for lengths, nor for the user's message, the send and the action buttons,
 * white on blue in both); a value the site chose holds in both.
 */
export function inScheme(variables: (a: Appearance) => Record<string, string>, a: Appearance): Record<string, string> {
  const vars = variables(a);
  const defaults = variables(DEFAULT_APPEARANCE);
  for (const [k, v] of Object.entries(vars)) if (v === defaults[k]) vars[k] = `var(--aiw-dark-${k},${v})`;
  return vars;
}

/**
 * Sets variables on the host element as `--aiw-NAME`; an empty one (a value refused or left out) is removed, so
 * the stylesheet's default shows again where an earlier appearance (a preview, a load) had set it.
 */
export function applyTheme(host: HTMLElement, vars: Record<string, string>): void {
  for (const [name, value] of Object.entries(vars)) {
    if (value) host.style.setProperty(`--aiw-${name}`, value);
    else host.style.removeProperty(`--aiw-${name}`);
  }
}
