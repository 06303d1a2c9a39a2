/**
 * Connects actors to the XState inspector (`?inspect` on a demo page, or
 * `data-inspect` on the widget's script tag). Loaded on demand only: nothing of
 * @statelyai/inspect ships in a bundle's first load.
 *
 * The journey and the widget are separate bundles on the same page: they share one
 * inspector (one window) through a global, and secrets never leave the page: the
 * session token and the API key are redacted from every context and event sent.
 */
import type { InspectionEvent, Observer } from 'xstate';

/** True when the page asks for the inspector. */
export function wantsInspector(search: string, script?: HTMLOrSVGScriptElement | null): boolean {
  return new URLSearchParams(search).has('inspect') || (script instanceof HTMLElement && script.hasAttribute('data-inspect'));
}

/** Keys whose values the inspector never sees. */
const SECRET_KEYS = new Set(['token', 'authToken', 'apiKey', 'embedToken']);
export const REDACTED = '[redacted]';

/**
 * A copy of `value` with every secret field (at any depth up to 4, in plain objects and
 * arrays) replaced by {@link REDACTED}; anything else is returned as it is.
 */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1)) as T;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.has(k) && typeof v === 'string' ? REDACTED : redactSecrets(v, depth + 1);
  return out as T;
}

const SHARED = Symbol.for('ai-chat-widget.inspector');

/**
 * Opens the inspector (or joins the one another bundle of the page opened) and returns
 * the observer to pass as an actor's `inspect` option; undefined when it cannot load,
 * so a failed inspector never stops the widget or the journey.
 */
export async function loadInspector(): Promise<Observer<InspectionEvent> | undefined> {
  const g = globalThis as { [SHARED]?: Promise<Observer<InspectionEvent> | undefined> };
  g[SHARED] ??= import('@statelyai/inspect')
    .then(({ createBrowserInspector }) => createBrowserInspector({ sanitizeContext: redactSecrets, sanitizeEvent: redactSecrets }).inspect)
    .catch((err: unknown) => {
      console.warn('XState inspector unavailable:', err);
      return undefined;
    });
  return g[SHARED];
}
