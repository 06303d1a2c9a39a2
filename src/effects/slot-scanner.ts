/**
 * Watches the host page for slots (widget-spec §2 "Host-page slots"): elements whose
 * class contains `video-embedding-slot` or `smart-doc-embedding-slot`. It is in the
 * launcher's bundle and stays tiny: finding the slots' tokens and showing their viewers
 * is the job of src/embeds, loaded only once a page has a slot.
 */
import { fromCallback, type EventObject } from 'xstate';
import { INITIAL_EMBEDS_DELAY_MS } from '../../machines/constants';

export const SLOT_SELECTOR = '[class*="video-embedding-slot"],[class*="smart-doc-embedding-slot"]';

/**
 * Calls `scan` 100 ms after the widget starts, then whenever the page adds or removes elements
 * (watched from the first scan on: before it, the page is still being built).
 * That covers widget-spec §2's "on every path change": a single-page app draws a new path's page
 * (and its slots) after the path changed, often from a chunk loaded on demand, so scanning at the
 * change itself would come too early. Its cleanup stops both, then calls `stopped` (the viewers go).
 */
export const slotScanner = (scan: () => void, doc: Document = document, stopped?: () => void) =>
  fromCallback<EventObject>(() => {
    const changes = new MutationObserver(scan);
    const timer = setTimeout(() => {
      scan();
      changes.observe(doc.documentElement, { childList: true, subtree: true });
    }, INITIAL_EMBEDS_DELAY_MS);
    return () => {
      clearTimeout(timer);
      changes.disconnect();
      stopped?.();
    };
  });
