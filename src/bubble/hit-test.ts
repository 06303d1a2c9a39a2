/**
 * The bubble's hit-testing over the host page: whether the proactive bubble lies over a control of the page, for
 * `bubbleWatcher` (src/effects/host-page.ts) to report to the window machine.
 */

/** What the visitor operates on the host page: the bubble gives way while it lies over one of them. */
const CONTROLS = 'a,button,input,select,textarea,label';
/**
 * The spacing of the points hit-tested over the bubble's box, in px: a control at least this high and wide is found
 * (WCAG 2.5.8 asks 24 px of a target). About 80 points over a text bubble and 270 over a video's, each one
 * `elementFromPoint`: a whole check took about 1 ms and 3 to 8 ms on a busy desktop; it stops at the first control.
 */
const STEP = 16;

/** What the watcher reports (machines/window.ts). */
export type BubbleFact = { type: 'BUBBLE.OVERLAPS' } | { type: 'BUBBLE.CLEAR' };

/**
 * Whether a tap at (x, y) reaches a control of the host page (the bubble hidden meanwhile): the page's topmost
 * element there, followed into open shadow roots (a viewer's own controls), is a control or inside one.
 */
function controlAt(widget: Element, x: number, y: number): boolean {
  let at = document.elementFromPoint(x, y);
  while (at?.shadowRoot && at !== widget) {
    const inner = at.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === at) break;
    at = inner;
  }
  return at !== widget && !!at?.closest(CONTROLS);
}

/**
 * Reports whether the bubble of `widget` (the widget's element; its parts are in its shadow root, or in it in tests)
 * lies over a control of the host page: BUBBLE.OVERLAPS or BUBBLE.CLEAR at the first check, then each change. The page
 * is hit-tested at points over the bubble's box (`elementFromPoint` every `STEP` px, the bubble hidden for the moment
 * of the check: no frame is drawn in between), not scanned control by control, at most once per animation frame: at
 * the start, whenever the widget's frame (the bubble drawn, its video loaded) or the page's body changes size (a
 * section opens, the phone turns) or the viewport does, and whenever the page or a part of it scrolls. The bubble
 * giving way is hidden with `visibility`, so it keeps its box. Returns the stop function.
 */
export function watchBubble(widget: Element, report: (fact: BubbleFact) => void): () => void {
  const parts = widget.shadowRoot ?? widget;
  let frame = 0;
  let over: boolean | undefined;
  const check = () => {
    frame = 0;
    const bubble = parts.querySelector<HTMLElement>('[data-part="bubble"]');
    // (not drawn yet: its drawing resizes the frame)
    if (!bubble) return;
    const box = bubble.getBoundingClientRect();
    const shown = bubble.style.visibility;
    bubble.style.visibility = 'hidden';
    let now = false;
    for (let y = box.top + STEP / 2; y < box.bottom && !now; y += STEP)
      for (let x = box.left + STEP / 2; x < box.right && !now; x += STEP) now = controlAt(widget, x, y);
    bubble.style.visibility = shown;
    if (now === over) return;
    over = now;
    report({ type: now ? 'BUBBLE.OVERLAPS' : 'BUBBLE.CLEAR' });
  };
  const soon = () => {
    frame ||= requestAnimationFrame(check);
  };
  const sizes = new ResizeObserver(soon);
  sizes.observe(document.body);
  sizes.observe(parts.querySelector('[data-part="frame"]')!);
  addEventListener('scroll', soon, true);
  addEventListener('resize', soon);
  soon();
  return () => {
    cancelAnimationFrame(frame);
    sizes.disconnect();
    removeEventListener('scroll', soon, true);
    removeEventListener('resize', soon);
  };
}
