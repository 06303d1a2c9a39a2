/**
 * The appearance preview page's script (console/preview/preview.ts): it takes messages only from the page that frames
 * it on its own origin, and turns them into the widget's calls.
 */
import { describe, expect, it } from 'vitest';
import { previewMessage, showInPreview } from '../../console/appearance/preview-protocol';
import { addVideoSlot, apply, fromEditor } from '../../console/preview/preview';

/** A window framed by `parent`, at `origin`. */
const framed = (origin: string, parent: object) => ({ location: { origin }, parent }) as unknown as Window;

describe('the preview page', () => {
  const editor = {};
  const self = framed('https://console.example', editor);

  it('takes messages from its parent on its own origin only', () => {
    expect(fromEditor({ origin: 'https://console.example', source: editor as Window }, self)).toBe(true);
    expect(fromEditor({ origin: 'https://evil.example', source: editor as Window }, self)).toBe(false);
    expect(fromEditor({ origin: 'https://console.example', source: {} as Window }, self)).toBe(false);
    // a page opened on its own (not framed) has no editor
    const alone = { location: { origin: 'https://console.example' } } as unknown as Window & { parent: Window };
    alone.parent = alone;
    expect(fromEditor({ origin: 'https://console.example', source: alone }, alone)).toBe(false);
  });

  it('applies the draft and opens or closes the window', () => {
    const calls: unknown[][] = [];
    const widget = (...args: unknown[]) => void calls.push(args);
    apply(previewMessage.appearance({ agentName: 'Ada' }), widget);
    apply(previewMessage.open(true), widget);
    apply(previewMessage.open(false), widget);
    apply({ kind: 'appearance', appearance: {} }, widget);
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
  const posted = () => {
    const messages: unknown[][] = [];
    return { messages, postMessage: (...args: unknown[]) => void messages.push(args) };
  };

  it('calls the preview page’s widget at once, in the keystroke’s task', () => {
    const calls: unknown[] = [];
    const win = { ...posted(), AIChatWidget: { setAppearance: (a: unknown) => void calls.push(a) } };
    showInPreview(win as unknown as Window, { agentName: 'Ada' });
    expect(calls).toEqual([{ agentName: 'Ada' }]);
    expect(win.messages).toEqual([]);
  });

  it('posts the message where the page’s script has not run yet, or the page cannot be reached', () => {
    const early = posted();
    showInPreview(early as unknown as Window, { agentName: 'Ada' });
    expect(early.messages).toEqual([[previewMessage.appearance({ agentName: 'Ada' }), location.origin]]);
    const elsewhere = posted();
    Object.defineProperty(elsewhere, 'AIChatWidget', {
      get() {
        throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError');
      },
    });
    showInPreview(elsewhere as unknown as Window, { agentName: 'Ada' });
    expect(elsewhere.messages).toEqual([[previewMessage.appearance({ agentName: 'Ada' }), location.origin]]);
    expect(() => showInPreview(null, {})).not.toThrow();
  });
});
