/**
 * The launcher's slot scanner (src/effects/slot-scanner.ts, widget-spec §2 "Host-page slots",
 * §9): the first scan 100 ms after start, then one on every change to the page's elements,
 * and nothing once stopped.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { SLOT_SELECTOR, slotScanner } from '../../src/effects/slot-scanner';
import { SLOT_SELECTOR as VIEWERS_SLOT_SELECTOR } from '../../src/embeds/slots';
import { INITIAL_EMBEDS_DELAY_MS } from '../../machines/constants';

/** Lets the MutationObserver's records be delivered. */
const delivered = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('slot scanner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('scans first 100 ms after start, then on every change to the page, until stopped', async () => {
    const scan = vi.fn();
    const actor = createActor(slotScanner(scan)).start();

    // widget-spec §9: before the first scan the page is still being built; changes then are not scans
    document.body.append(document.createElement('p'));
    await delivered();
    vi.advanceTimersByTime(INITIAL_EMBEDS_DELAY_MS - 1);
    expect(scan).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scan).toHaveBeenCalledTimes(1);

    // a single-page app draws the next path's slot later: that change is scanned
    const slot = document.createElement('div');
    slot.className = 'smart-doc-embedding-slot';
    document.body.append(slot);
    await vi.waitFor(() => expect(scan).toHaveBeenCalledTimes(2));

    actor.stop();
    document.body.append(document.createElement('p'));
    await delivered();
    await delivered();
    expect(scan).toHaveBeenCalledTimes(2);
  });

  it('stopped before the first scan, never scans', () => {
    const scan = vi.fn();
    createActor(slotScanner(scan)).start().stop();
    vi.advanceTimersByTime(INITIAL_EMBEDS_DELAY_MS * 10);
    expect(scan).not.toHaveBeenCalled();
  });

  it('looks for the same slots as the viewers (the selector is written twice to keep the launcher small)', () => {
    expect(SLOT_SELECTOR).toBe(VIEWERS_SLOT_SELECTOR);
    document.body.innerHTML =
      '<div class="x video-embedding-slot-2"></div><section class="my-smart-doc-embedding-slot"></section><div class="slot"></div>';
    expect(document.querySelectorAll(SLOT_SELECTOR)).toHaveLength(2);
  });
});
