/**
 * The host page's slots (widget-spec §2 "Host-page slots", §4 "Slot loading", §5): how a
 * slot's token is read (`slotToken`, `findSlots`), and `startEmbeds().sync()` and `stop()`
 * over the real slot machines and effects with only the network faked (embeds-harness.ts):
 * a viewer per slot in its own shadow root, the `data-ai-embed` state, the cache of loaded
 * tokens, slots that leave the page, and everything stopping with `stop()`.
 */
import userEvent from '@testing-library/user-event';
import { waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findSlots, slotToken, SLOT_SELECTOR } from '../../src/embeds/slots';
import { SLOT_SELECTOR as SCANNER_SLOT_SELECTOR } from '../../src/effects/slot-scanner';
import {
  addSlot,
  BASE,
  createEmbeds,
  docSlot,
  inSlot,
  json,
  serveDoc,
  serveVideo,
  smartDoc,
  videoSlot,
  type Embeds,
} from './embeds-harness';

/** A slot element that is not on the page, for reading its token. */
function slotElement(attrs: Record<string, string>, html = '') {
  const el = document.createElement('div');
  el.className = 'smart-doc-embedding-slot';
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.innerHTML = html;
  return el;
}

describe('the embed token of a slot (widget-spec §2: attribute, own text, child)', () => {
  it('is data-embed-token first, then data-token', () => {
    expect(slotToken(slotElement({ 'data-embed-token': 'tok-embed', 'data-token': 'tok-plain' }, 'a-text-token-of-its-own'))).toBe(
      'tok-embed',
    );
    expect(slotToken(slotElement({ 'data-token': 'tok-plain' }, 'a-text-token-of-its-own'))).toBe('tok-plain');
  });

  it("then the element's own text when longer than 10 characters, trimmed", () => {
    expect(slotToken(slotElement({}, '  tok-0123456789  '))).toBe('tok-0123456789');
    // its own text nodes, beside a child's label
    expect(slotToken(slotElement({}, 'tok-0123456789<span>Loading…</span>'))).toBe('tok-0123456789');
    // 10 characters are not enough
    expect(slotToken(slotElement({}, '0123456789'))).toBe('');
  });

  it("never a child's text, however long", () => {
    expect(slotToken(slotElement({}, '<span>Loading the document, please wait…</span>'))).toBe('');
  });

  it('then a child carrying the attribute', () => {
    expect(slotToken(slotElement({}, '<span data-embed-token="tok-child">Loading…</span>'))).toBe('tok-child');
    expect(slotToken(slotElement({}, 'short<i data-token="tok-child-2"></i>'))).toBe('tok-child-2');
  });
});

describe('the slots on the page (widget-spec §2, §5)', () => {
  afterEach(() => {
    document.body.replaceChildren();
    vi.restoreAllMocks();
  });

  it('are the elements whose class contains either class name, each of its kind', () => {
    const doc = addSlot('my-smart-doc-embedding-slot-1', { 'data-token': 'tok-doc' });
    const vid = addSlot('hero video-embedding-slot', { 'data-token': 'tok-vid' });
    addSlot('smart-doc', { 'data-token': 'not-a-slot' });
    expect(findSlots(document)).toEqual([
      { el: doc, kind: 'smart-doc', token: 'tok-doc' },
      { el: vid, kind: 'video', token: 'tok-vid' },
    ]);
  });

  it("the launcher's scanner looks for the same elements (the selector is written twice on purpose)", () => {
    expect(SLOT_SELECTOR).toBe(SCANNER_SLOT_SELECTOR);
  });
});

describe('startEmbeds().sync() (widget-spec §2, §4 "Slot loading")', () => {
  let e: Embeds;
  afterEach(() => e.teardown());

  it('shows a viewer in the slot’s own shadow root, and marks the slot loading, then loaded', async () => {
    e = createEmbeds();
    serveDoc(e.net, 'tok-doc');
    const el = docSlot('tok-doc');
    e.embeds.sync();
    expect(el.getAttribute('data-ai-embed')).toBe('loading');
    expect(inSlot(el).getByRole('status').textContent).toBe('Loading document…');
    expect(await inSlot(el).findByText('Product Guide')).toBeTruthy();
    expect(el.getAttribute('data-ai-embed')).toBe('loaded');
    // the page's own tree is untouched: the viewer is in the slot's shadow root
    expect(el.children).toHaveLength(0);
  });

  it('marks a slot whose boot failed: error', async () => {
    e = createEmbeds();
    e.net.route('GET', `${BASE}smart-doc/tok-gone/boot`, json({ success: false }, 404));
    const el = docSlot('tok-gone');
    e.embeds.sync();
    await waitFor(() => expect(el.getAttribute('data-ai-embed')).toBe('error'));
  });

  it('fills both kinds of slot, a class name containing the kind (my-smart-doc-embedding-slot-1)', async () => {
    e = createEmbeds();
    serveDoc(e.net, 'tok-doc');
    serveVideo(e.net, 'tok-vid');
    const doc = addSlot('my-smart-doc-embedding-slot-1', { 'data-token': 'tok-doc' });
    const vid = addSlot('video-embedding-slot', {}, '<span data-embed-token="tok-vid">Loading…</span>');
    e.embeds.sync();
    expect(await inSlot(doc).findByRole('region', { name: 'Product Guide' })).toBeTruthy();
    expect(await inSlot(vid).findByRole('region', { name: 'Getting Started' })).toBeTruthy();
    expect(e.net.to('GET', `${BASE}smart-doc/tok-doc/boot`)).toHaveLength(1);
    expect(e.net.to('GET', `${BASE}video/tok-vid/boot`)).toHaveLength(1);
  });

  it('reads a token from the slot’s own text, and keeps it once the viewer took the slot', async () => {
    e = createEmbeds();
    serveDoc(e.net, 'tok-from-text');
    const el = addSlot('smart-doc-embedding-slot', {}, 'tok-from-text');
    e.embeds.sync();
    expect(await inSlot(el).findByText('Product Guide')).toBeTruthy();
    e.embeds.sync();
    expect(inSlot(el).getByText('Product Guide')).toBeTruthy();
    expect(e.net.to('GET', `${BASE}smart-doc/tok-from-text/boot`)).toHaveLength(1);
  });

  it("skips a slot without a token with one warning, not one per sync (widget-spec §5); a child's text is no token", () => {
    e = createEmbeds();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const el = addSlot('smart-doc-embedding-slot', {}, '<span>Loading the document…</span>');
    e.embeds.sync();
    e.embeds.sync();
    e.embeds.sync();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toBe('AI chat widget: a slot without an embed token is skipped');
    expect(el.shadowRoot).toBeNull();
    expect(el.hasAttribute('data-ai-embed')).toBe(false);
    expect(e.net.requests).toHaveLength(0);
  });

  it('renders a token already loaded from the cache: a second slot makes no second boot (widget-spec §4)', async () => {
    e = createEmbeds();
    serveDoc(e.net, 'tok-doc');
    const first = docSlot('tok-doc');
    e.embeds.sync();
    await inSlot(first).findByText('Product Guide');
    const second = addSlot('smart-doc-embedding-slot-2', { 'data-embed-token': 'tok-doc' });
    e.embeds.sync();
    // at once, loaded (the file's text is the content's own load, not the boot's)
    expect(second.getAttribute('data-ai-embed')).toBe('loaded');
    expect(inSlot(second).getByRole('region', { name: 'Product Guide' }).getAttribute('aria-busy')).toBe('false');
    expect(inSlot(second).getByText('Version 3 • TXT')).toBeTruthy();
    expect(e.net.to('GET', `${BASE}smart-doc/tok-doc/boot`)).toHaveLength(1);
    expect(e.net.to('GET', `${BASE}smart-doc/tok-doc/footer-buttons`)).toHaveLength(1);
  });

  it('stops the viewer of a slot that left the page: its actors stop and data-ai-embed goes', async () => {
    e = createEmbeds();
    serveDoc(e.net, 'tok-doc');
    serveVideo(e.net, 'tok-vid');
    const doc = docSlot('tok-doc');
    const vid = videoSlot('tok-vid');
    e.embeds.sync();
    await inSlot(vid).findByText('Getting Started');
    await inSlot(doc).findByText('Product Guide');
    const [slotOfDoc, slotOfVideo] = e.actorsOf('slot');
    const [player] = e.actorsOf('videoPlayer');

    vid.remove();
    e.embeds.sync();
    expect(slotOfVideo!.getSnapshot().status).toBe('stopped');
    expect(player!.getSnapshot().status).toBe('stopped');
    expect(vid.hasAttribute('data-ai-embed')).toBe(false);
    expect(vid.shadowRoot!.childNodes).toHaveLength(0);
    // the other slot carries on
    expect(slotOfDoc!.getSnapshot().status).toBe('active');
    expect(doc.getAttribute('data-ai-embed')).toBe('loaded');
  });

  it('a slot given another token shows that one, the old viewer stopped', async () => {
    e = createEmbeds();
    serveDoc(e.net, 'tok-a');
    serveDoc(e.net, 'tok-b', smartDoc({ smartDocId: 'doc-2', name: 'Fee Schedule' }));
    const el = docSlot('tok-a');
    e.embeds.sync();
    await inSlot(el).findByText('Product Guide');
    el.setAttribute('data-embed-token', 'tok-b');
    e.embeds.sync();
    expect(await inSlot(el).findByText('Fee Schedule')).toBeTruthy();
    expect(inSlot(el).queryByText('Product Guide')).toBeNull();
    expect(e.actorsOf('slot').map((a) => a.getSnapshot().status)).toEqual(['stopped', 'active']);
  });
});

describe('startEmbeds().stop()', () => {
  it("stops every viewer's actors and the modal's, empties the slots and removes the modal's host", async () => {
    const e = createEmbeds();
    serveDoc(e.net, 'tok-doc', smartDoc(), json([{ id: 'b1', label: 'Ask AI', type: 'BUTTON', actionType: 'open_chat_modal' }]));
    serveVideo(e.net, 'tok-vid');
    const doc = docSlot('tok-doc');
    const vid = videoSlot('tok-vid');
    e.embeds.sync();
    await inSlot(vid).findByText('Getting Started');
    // the modal open, with a viewer of its own
    await userEvent.click(await inSlot(doc).findByRole('button', { name: 'Ask AI' }));
    await e.modal().findByRole('dialog');
    const actors = [...e.actorsOf('slot'), ...e.actorsOf('videoPlayer'), ...e.actorsOf('askModal')];
    // two slots and the modal's viewer; one player; the modal
    expect(actors).toHaveLength(5);
    expect(actors.every((a) => a.getSnapshot().status === 'active')).toBe(true);

    e.embeds.stop();
    expect(actors.map((a) => a.getSnapshot().status)).toEqual(actors.map(() => 'stopped'));
    expect(e.modalHost()).toBeNull();
    for (const el of [doc, vid]) {
      expect(el.hasAttribute('data-ai-embed')).toBe(false);
      expect(el.shadowRoot!.childNodes).toHaveLength(0);
    }
    e.teardown();
  });
});
