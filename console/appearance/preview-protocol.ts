/**
 * The messages between the appearance editor and its preview page (docs/console.md "The appearance preview"),
 * posted both ways with the console's own origin as the target and checked on receipt (origin and source).
 */

/** widget-spec has no rule here: the preview follows typing within 150 ms (the console issue), 120 ms after the last key. */
export const PREVIEW_DEBOUNCE_MS = 120;

const TAG = 'aiw-console-preview';

type Message =
  | { tag: typeof TAG; kind: 'ready' }
  | { tag: typeof TAG; kind: 'appearance'; appearance: unknown }
  | { tag: typeof TAG; kind: 'open'; open: boolean };

const isMessage = (data: unknown): data is Message => typeof data === 'object' && data !== null && (data as { tag?: unknown }).tag === TAG;

export const previewMessage = {
  /** From the preview: its widget is on the page (calls made now reach it, queued or at once). */
  ready: (): Message => ({ tag: TAG, kind: 'ready' }),
  /** From the editor: the whole appearance to show (the draft over the defaults). */
  appearance: (appearance: unknown): Message => ({ tag: TAG, kind: 'appearance', appearance }),
  /** From the editor: the chat window open or closed. */
  open: (open: boolean): Message => ({ tag: TAG, kind: 'open', open }),
  isReady: (data: unknown) => isMessage(data) && data.kind === 'ready',
  /** The appearance a message carries, or undefined. */
  appearanceOf: (data: unknown) => (isMessage(data) && data.kind === 'appearance' ? data.appearance : undefined),
  /** Whether a message asks for the window open (true) or closed (false); undefined for other messages. */
  openOf: (data: unknown) => (isMessage(data) && data.kind === 'open' ? data.open : undefined),
};
