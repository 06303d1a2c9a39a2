/**
 * The messages between the appearance editor and its preview page (docs/console.md "The appearance preview"),
 * posted both ways with the console's own origin as the target and checked on receipt (origin and source).
 */

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

/** What the preview page's window offers: the widget's programmatic API (or its queuing stub). */
type PreviewWindow = { AIChatWidget?: { setAppearance?: (appearance: unknown) => void } };

/**
 * Shows `appearance` in the preview page `win`: by calling its widget (the page is on the console's own origin), so the
 * change is made in the keystroke's own task and drawn in the frame that follows it; a posted message would wait
 * until after that frame, and show a frame later. Where the page cannot be reached (not loaded yet, or another origin)
 * the message is posted as before, and the page applies it once its script runs.
 */
export function showInPreview(win: Window | null | undefined, appearance: unknown): void {
  try {
    const widget = (win as PreviewWindow | null | undefined)?.AIChatWidget;
    if (typeof widget?.setAppearance === 'function') {
      widget.setAppearance(appearance);
      return;
    }
  } catch {
    // another origin's window: only messages reach it
  }
  win?.postMessage(previewMessage.appearance(appearance), location.origin);
}
