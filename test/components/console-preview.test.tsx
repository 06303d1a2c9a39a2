/**
 * The appearance preview (docs/console.md "The appearance preview"): the editor calls the widget of its preview page
 * (console/appearance/preview-widget.ts), a page on its own origin only; the page (console/preview/preview.ts) puts a
 * video's slot where a site's page would.
 */
import { describe, expect, it } from 'vitest';
import { callPreview, showDraft } from '../../console/appearance/preview-widget';
import { addVideoSlot } from '../../console/preview/preview';

/** A preview page's window whose widget records its calls, and which records any message posted to it. */
const page = () => {
  const calls: unknown[][] = [];
  const messages: unknown[][] = [];
  const AIChatWidget = Object.fromEntries(
    ['setAppearance', 'open', 'close'].map((m) => [m, (...args: unknown[]) => void calls.push([m, ...args])]),
  );
  return { calls, messages, win: { AIChatWidget, postMessage: (...args: unknown[]) => void messages.push(args) } as unknown as Window };
};

describe('the preview page', () => {
  it('reaches only a window on its own origin: another origin’s is neither called nor posted to', () => {
    const elsewhere = page();
    Object.defineProperty(elsewhere.win, 'AIChatWidget', {
      get() {
        throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError');
      },
    });
    expect(() => callPreview(elsewhere.win, 'setAppearance', { agentName: 'Ada' })).not.toThrow();
    expect(() => showDraft(elsewhere.win, { agentName: 'Ada' }, true)).not.toThrow();
    expect(elsewhere.calls).toEqual([]);
    expect(elsewhere.messages).toEqual([]);
  });

  it('applies the draft and opens or closes the window', () => {
    const { calls, win } = page();
    callPreview(win, 'setAppearance', { agentName: 'Ada' });
    callPreview(win, 'open');
    callPreview(win, 'close');
    expect(calls).toEqual([['setAppearance', { agentName: 'Ada' }], ['open'], ['close']]);
  });

  it('puts the video asked for (the Videos screen’s preview) in the page as a site’s slot, for the real widget to find', () => {
    document.body.innerHTML = '<main><h1>A sample page</h1></main>';
    addVideoSlot('vtok-1');
    const slot = document.querySelector('main > .video-embedding-slot') as HTMLElement;
    expect(slot.dataset.embedToken).toBe('vtok-1');
    expect(document.querySelector('main')!.firstElementChild).toBe(slot);
  });
});

describe('the editor showing a draft in its preview', () => {
  it('calls the preview page’s widget at once, in the keystroke’s task', () => {
    const { calls, messages, win } = page();
    callPreview(win, 'setAppearance', { agentName: 'Ada' });
    expect(calls).toEqual([['setAppearance', { agentName: 'Ada' }]]);
    expect(messages).toEqual([]);
  });

  it('calls nothing where the page’s script has not run yet: the frame’s load then shows the whole draft, open or closed', () => {
    const early = { postMessage: () => undefined } as unknown as Window;
    expect(() => callPreview(early, 'setAppearance', { agentName: 'Ada' })).not.toThrow();
    expect(() => callPreview(null, 'open')).not.toThrow();
    const loaded = page();
    showDraft(loaded.win, { agentName: 'Ada' }, true);
    showDraft(loaded.win, { agentName: 'Ada' }, false);
    expect(loaded.calls).toEqual([['setAppearance', { agentName: 'Ada' }], ['open'], ['setAppearance', { agentName: 'Ada' }], ['close']]);
    expect(loaded.messages).toEqual([]);
  });
});
