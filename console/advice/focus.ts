/**
 * Where the keyboard's focus goes after an Advice screen's change (docs/console.md "Advice", "Keyboard"): a button
 * disabled while its change runs drops the focus to the page, so the focus comes back to it when the change ends, in
 * the same commit that shows the change (a layout effect: a passive one would leave a moment with the focus nowhere).
 */
import { type RefObject, useLayoutEffect, useRef } from 'react';

/** Nothing has the focus: it was dropped (a focused control disabled or removed), not moved elsewhere. */
export const focusLost = () => !document.activeElement || document.activeElement === document.body;

/** A ref for a control that takes the focus again when `busy` ends, if the focus was lost meanwhile. */
export function useRefocus<E extends HTMLElement>(busy: boolean): RefObject<E | null> {
  const ref = useRef<E>(null);
  const was = useRef(busy);
  useLayoutEffect(() => {
    if (was.current && !busy && focusLost()) ref.current?.focus();
    was.current = busy;
  }, [busy]);
  return ref;
}

/**
 * Try again (ui.tsx `LoadState`) goes while the read runs again, dropping the focus: it comes to the new Try again
 * if the read fails again, or to `first()` once read. `box` holds the `LoadState`.
 */
export function useRetryFocus(phase: string, box: RefObject<HTMLElement | null>, first: () => HTMLElement | null | undefined) {
  const retrying = useRef(false);
  const was = useRef(phase);
  useLayoutEffect(() => {
    if (was.current === 'failed' && phase === 'loading') retrying.current = true;
    else if (retrying.current && phase !== 'loading') {
      retrying.current = false;
      if (focusLost()) (phase === 'failed' ? box.current?.querySelector('button') : first())?.focus();
    }
    was.current = phase;
  }, [phase]);
}
