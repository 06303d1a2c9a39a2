/**
 * The appearance editor's calls into its preview page (docs/console.md "The appearance preview"). The page is the
 * console's own `/console/preview`, on the console's origin and under the pages' CSP, so the editor calls the page's
 * widget itself (`AIChatWidget`, docs/embedding.md "Programmatic API": the page's queuing stub until the real widget
 * is ready): a change is made in the keystroke's own task and drawn in the frame that shows the keystroke.
 */

/** The widget's calls the editor makes. */
type Method = 'setAppearance' | 'open' | 'close';

/** What the preview page's window offers: the widget's programmatic API (or its queuing stub). */
type PreviewWindow = { AIChatWidget?: Partial<Record<Method, (...args: unknown[]) => void>> };

/**
 * Calls `method` of the widget in the preview page `win`. Where the page's script has not run yet (the frame blank or
 * still loading) nothing is called: the frame's `load` brings the whole draft (`showDraft`). A window of another
 * origin cannot be reached (the browser refuses), and is not the console's preview: nothing is called either.
 */
export function callPreview(win: Window | null | undefined, method: Method, ...args: unknown[]): void {
  let widget: PreviewWindow['AIChatWidget'];
  try {
    widget = (win as PreviewWindow | null | undefined)?.AIChatWidget;
  } catch {
    return;
  }
  const fn = widget?.[method];
  if (typeof fn === 'function') fn.apply(widget, args);
}

/** Shows the whole `appearance` in the preview page `win`, with the chat window open or closed. */
export function showDraft(win: Window | null | undefined, appearance: unknown, open: boolean): void {
  callPreview(win, 'setAppearance', appearance);
  callPreview(win, open ? 'open' : 'close');
}
