/**
 * The host-page slots' machines: a slot's loading (machines/slot.ts), the video player
 * (machines/video-player.ts) and Ask question (machines/ask-modal.ts). Every effect is a
 * fake; delays run on fake timers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { askItem, askModalMachine, type AskItem, type AskModalEmitted, type ModalHistory } from '../../machines/ask-modal';
import { docView, slotMachine, type DocView, type SlotEmitted, type SlotItem, type SlotKind, type SmartDoc } from '../../machines/slot';
import { videoPlayerMachine, type Playable } from '../../machines/video-player';
import { controlled } from './controlled';
import { COPY_CONFIRMATION_MS, MODAL_CLOSE_CLEANUP_MS, VIDEO_SPEEDS } from '../../machines/on-demand-constants';

const doc = (over: Partial<SmartDoc> = {}): SmartDoc => ({
  smartDocId: 'd1',
  name: 'Product Disclosure Statement',
  type: 'docx',
  versionNumber: 2,
  fileUrl: 'https://docs.example/pds.docx',
  embedSettings: { hideDocHeader: false, hideDocFooter: false },
  ...over,
});
const docItem = (over: Partial<SmartDoc> = {}, token = 'tok-doc'): SlotItem => ({ kind: 'smart-doc', token, doc: doc(over), footer: [] });

describe('the viewer of a document type (widget-spec §2)', () => {
  it.each([
    ['pdf', 'pdf'],
    ['PDF', 'pdf'],
    ['doc', 'docx'],
    ['docx', 'docx'],
    ['md', 'markdown'],
    ['markdown', 'markdown'],
    ['txt', 'text'],
    ['text', 'text'],
    ['snippet', 'text'],
    ['csv', 'spreadsheet'],
    ['xls', 'spreadsheet'],
    ['xlsx', 'spreadsheet'],
    ['spreadsheet', 'spreadsheet'],
    ['other', 'download'],
    ['json', 'download'],
  ])('%s → %s', (type, view) => {
    expect(docView({ type, fileUrl: 'https://x/f' })).toBe(view);
  });

  it('without a file url, whatever the type: missing', () => {
    expect(docView({ type: 'pdf', fileUrl: '' })).toBe('missing');
  });
});

function startSlot(options: { kind?: 'smart-doc' | 'video'; cached?: SlotItem | null } = {}) {
  const boot = controlled<{ kind: SlotKind; token: string }, SlotItem>();
  const content = controlled<{ view: DocView; url: string }, unknown>();
  const slot = createActor(slotMachine.provide({ actors: { boot: boot.logic, content: content.logic } }), {
    input: { kind: options.kind ?? 'smart-doc', token: 'tok-doc', cached: options.cached ?? null },
  });
  const emitted: SlotEmitted[] = [];
  slot.on('slot.loaded', (e) => emitted.push(e));
  slot.start();
  return { slot, boot, content, emitted };
}

describe('slot loading (widget-spec §4): loading, then loaded or error', () => {
  it('boots the token, then loads a docx content, and reports the item for the cache', async () => {
    const { slot, boot, content, emitted } = startSlot();
    expect(slot.getSnapshot().value).toBe('loading');
    expect(boot.calls[0]!.input).toEqual({ kind: 'smart-doc', token: 'tok-doc' });
    boot.calls[0]!.resolve(docItem());
    await waitFor(slot, (s) => s.matches({ loaded: 'fetching' }));
    expect(emitted).toEqual([{ type: 'slot.loaded', item: docItem() }]);
    expect(content.calls[0]!.input).toEqual({ view: 'docx', url: 'https://docs.example/pds.docx' });
    content.calls[0]!.resolve('rendered');
    await waitFor(slot, (s) => s.matches({ loaded: 'shown' }));
    expect(slot.getSnapshot().context.content).toBe('rendered');
  });

  it('a failed boot keeps the §8 detail, and Try again boots again', async () => {
    const { slot, boot } = startSlot();
    boot.calls[0]!.reject(new Error('Smart document not found or invalid token'));
    await waitFor(slot, (s) => s.matches('error'));
    expect(slot.getSnapshot().context.error).toBe('Smart document not found or invalid token');
    slot.send({ type: 'SLOT.RETRY' });
    expect(slot.getSnapshot().value).toBe('loading');
    expect(boot.calls).toHaveLength(2);
  });

  it('a content failure is kept apart from the boot, and can be tried again', async () => {
    const { slot, boot, content } = startSlot();
    boot.calls[0]!.resolve(docItem({ type: 'md', fileUrl: 'https://docs.example/a.md' }));
    await waitFor(slot, (s) => s.matches({ loaded: 'fetching' }));
    content.calls[0]!.reject(new Error('Failed to load markdown'));
    await waitFor(slot, (s) => s.matches({ loaded: 'failed' }));
    expect(slot.getSnapshot().context.contentError).toBe('Failed to load markdown');
    slot.send({ type: 'SLOT.RETRY' });
    expect(content.calls).toHaveLength(2);
  });

  it.each(['pdf', 'csv', 'other'])('a %s embeds or links its file: nothing to fetch', async (type) => {
    const { slot, boot, content } = startSlot();
    boot.calls[0]!.resolve(docItem({ type }));
    await waitFor(slot, (s) => s.matches({ loaded: 'none' }));
    expect(content.calls).toHaveLength(0);
  });

  it('a token loaded before starts from the cache: no boot call', () => {
    const { slot, boot } = startSlot({ cached: docItem({ type: 'pdf' }) });
    expect(slot.getSnapshot().matches({ loaded: 'none' })).toBe(true);
    expect(boot.calls).toHaveLength(0);
  });
});

describe('the video player (widget-spec §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function startPlayer(play: (media: Playable) => Promise<void>) {
    const copies: string[] = [];
    let gesture: ((e: EventObject) => void) | null = null;
    let listening = 0;
    const player = createActor(
      videoPlayerMachine.provide({
        actors: {
          play: fromPromise<void, { media: Playable }>(({ input }) => play(input.media)),
          gestures: fromCallback<EventObject>(({ sendBack }) => {
            listening++;
            gesture = sendBack;
            return () => {
              listening--;
              gesture = null;
            };
          }),
          copy: fromPromise<void, { text: string }>(async ({ input }) => void copies.push(input.text)),
        },
      }),
    ).start();
    return { player, copies, gesture: () => gesture?.({ type: 'GESTURE' }), listening: () => listening };
  }

  const media = (): Playable => ({ muted: false, play: () => Promise.resolve() });

  it('speed cycles 1x, 1.5x, 2x, 0.5x and back', () => {
    const { player } = startPlayer(async () => undefined);
    const seen = [VIDEO_SPEEDS[player.getSnapshot().context.speed]];
    for (let i = 0; i < 4; i++) {
      player.send({ type: 'SPEED.NEXT' });
      seen.push(VIDEO_SPEEDS[player.getSnapshot().context.speed]);
    }
    expect(seen).toEqual([1, 1.5, 2, 0.5, 1]);
  });

  it('autoplay: a refused attempt is tried again on the next click or touch, then the gestures stop being watched', async () => {
    let allowed = false;
    const attempts: boolean[] = [];
    const { player, gesture, listening } = startPlayer(async (m) => {
      attempts.push(m.muted);
      if (!allowed) throw new Error('NotAllowedError');
    });
    player.send({ type: 'MEDIA.READY', media: media(), autoplay: true });
    await waitFor(player, (s) => s.matches({ playback: 'blocked' }));
    expect(listening()).toBe(1);
    allowed = true;
    gesture();
    await waitFor(player, (s) => s.matches({ playback: 'playing' }));
    expect(attempts).toHaveLength(2);
    expect(listening()).toBe(0);
  });

  it('no autoplay in the settings: no attempt', () => {
    const attempts: number[] = [];
    const { player } = startPlayer(async () => void attempts.push(1));
    player.send({ type: 'MEDIA.READY', media: media(), autoplay: false });
    expect(player.getSnapshot().matches({ playback: 'manual' })).toBe(true);
    expect(attempts).toEqual([]);
  });

  it("Copy link copies the video's URL and shows 'Copied!' for 2 s", async () => {
    const { player, copies } = startPlayer(async () => undefined);
    player.send({ type: 'LINK.COPY', text: 'https://x/v.webm' });
    await waitFor(player, (s) => s.matches({ copy: 'copied' }));
    expect(copies).toEqual(['https://x/v.webm']);
    vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1);
    expect(player.getSnapshot().matches({ copy: 'copied' })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(player.getSnapshot().matches({ copy: 'idle' })).toBe(true);
  });

  it('the Share menu opens, closes, and a media error is kept', () => {
    const { player } = startPlayer(async () => undefined);
    player.send({ type: 'SHARE.TOGGLE' });
    expect(player.getSnapshot().matches({ share: 'open' })).toBe(true);
    player.send({ type: 'SHARE.CLOSE' });
    expect(player.getSnapshot().matches({ share: 'closed' })).toBe(true);
    player.send({ type: 'MEDIA.ERROR' });
    expect(player.getSnapshot().context.mediaFailed).toBe(true);
  });
});

describe('the Ask-question context (widget-spec §3)', () => {
  it('a document comes with every document on the page, itself active and first', () => {
    const asked = askItem(docItem({}, 'tok-a'), [
      { token: 'tok-b', doc: doc({ smartDocId: 'd2', name: 'FSG', type: 'pdf', versionNumber: 3 }) },
      { token: 'tok-a', doc: doc() },
    ]);
    expect(asked).toEqual({
      kind: 'smart-doc',
      token: 'tok-a',
      name: 'Product Disclosure Statement',
      context: {
        smartDocContext: {
          documents: [
            { id: 'd1', name: 'Product Disclosure Statement', type: 'docx', version: 2, embedToken: 'tok-a' },
            { id: 'd2', name: 'FSG', type: 'pdf', version: 3, embedToken: 'tok-b' },
          ],
          totalDocuments: 2,
          activeDocument: 'd1',
        },
        additionalNamespaces: ['d1'],
      },
    });
  });

  it('a video carries its own context', () => {
    const item: SlotItem = {
      kind: 'video',
      token: 'tok-v',
      video: {
        id: 'v1',
        name: 'Welcome',
        description: '',
        videoUrl: 'https://x/v.webm',
        thumbnailUrl: '',
        captionsUrl: '',
        embedSettings: {
          hideVideoHeader: false,
          shareEnabled: true,
          askQuestionEnabled: true,
          embedBrandColor: '',
          controls: true,
          autoplay: false,
          loop: false,
          mute: false,
        },
      },
    };
    expect(askItem(item, [])).toEqual({
      kind: 'video',
      token: 'tok-v',
      name: 'Welcome',
      context: { videoContext: { id: 'v1', name: 'Welcome', embedToken: 'tok-v' } },
    });
  });
});

describe('Ask question (widget-spec §4): the modal, or the chat on a phone', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const item: AskItem = askItem(docItem(), []);

  function startModal(mobile = false) {
    const history = controlled<{ item: AskItem }, ModalHistory>();
    const send = controlled<
      { item: AskItem; message: string; chatSessionId: string | null },
      { response: string; chatSessionId: string }
    >();
    const modal = createActor(
      askModalMachine.provide({ actors: { loadHistory: history.logic, send: send.logic }, guards: { isMobile: () => mobile } }),
    ).start();
    const emitted: AskModalEmitted[] = [];
    modal.on('ask.inChat', (e) => emitted.push(e));
    return { modal, history, send, emitted };
  }

  it('on a phone it asks in the chat instead of opening', () => {
    const { modal, emitted, history } = startModal(true);
    modal.send({ type: 'ASK', item });
    expect(modal.getSnapshot().value).toBe('closed');
    expect(emitted).toEqual([{ type: 'ask.inChat', item }]);
    expect(history.calls).toHaveLength(0);
  });

  it('opens on the item, loads its history, sends only a non-empty message with the answer read from `response`', async () => {
    const { modal, history, send } = startModal();
    modal.send({ type: 'ASK', item });
    expect(modal.getSnapshot().matches({ open: 'loadingHistory' })).toBe(true);
    history.calls[0]!.resolve({ messages: [{ role: 'user', content: 'Earlier?' }], chatSessionId: 'cs-1' });
    await waitFor(modal, (s) => s.matches({ open: { ready: 'idle' } }));

    modal.send({ type: 'DRAFT.CHANGE', text: '   ' });
    expect(modal.getSnapshot().can({ type: 'MESSAGE.SEND' })).toBe(false);
    modal.send({ type: 'DRAFT.CHANGE', text: ' What are the fees? ' });
    modal.send({ type: 'MESSAGE.SEND' });
    expect(send.calls[0]!.input).toEqual({ item, message: 'What are the fees?', chatSessionId: 'cs-1' });
    expect(modal.getSnapshot().context.draft).toBe('');
    send.calls[0]!.resolve({ response: 'According to the PDS…', chatSessionId: 'cs-1' });
    await waitFor(modal, (s) => s.matches({ open: { ready: 'idle' } }));
    expect(modal.getSnapshot().context.messages.map((m) => m.content)).toEqual(['Earlier?', 'What are the fees?', 'According to the PDS…']);
  });

  it('a failed send is a failed AI bubble; a failed history is a flag', async () => {
    const { modal, history, send } = startModal();
    modal.send({ type: 'ASK', item });
    history.calls[0]!.reject(new Error('down'));
    await waitFor(modal, (s) => s.matches({ open: 'ready' }));
    expect(modal.getSnapshot().context.historyFailed).toBe(true);
    modal.send({ type: 'DRAFT.CHANGE', text: 'Hello' });
    modal.send({ type: 'MESSAGE.SEND' });
    send.calls[0]!.reject(new Error('Invalid response from API'));
    await waitFor(modal, (s) => s.matches({ open: { ready: 'idle' } }));
    expect(modal.getSnapshot().context.messages.at(-1)).toEqual({ role: 'ai', content: '', failed: true });
  });

  it('closing keeps the content 300 ms, then clears it; asking again meanwhile reopens', async () => {
    const { modal, history } = startModal();
    modal.send({ type: 'ASK', item });
    history.calls[0]!.resolve({ messages: [{ role: 'ai', content: 'Hi' }], chatSessionId: 'cs-1' });
    await waitFor(modal, (s) => s.matches({ open: 'ready' }));
    modal.send({ type: 'MODAL.CLOSE' });
    expect(modal.getSnapshot().value).toBe('closing');
    expect(modal.getSnapshot().context.item).toEqual(item);
    vi.advanceTimersByTime(MODAL_CLOSE_CLEANUP_MS - 1);
    expect(modal.getSnapshot().context.messages).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(modal.getSnapshot().value).toBe('closed');
    expect(modal.getSnapshot().context).toEqual({ item: null, messages: [], draft: '', chatSessionId: null, historyFailed: false });

    modal.send({ type: 'ASK', item });
    modal.send({ type: 'MODAL.CLOSE' });
    modal.send({ type: 'ASK', item });
    expect(modal.getSnapshot().matches('open')).toBe(true);
  });
});
