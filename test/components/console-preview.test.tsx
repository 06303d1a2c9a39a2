/**
 * The appearance preview page's script (console/preview/preview.ts): it takes messages only from the page that frames
 * it on its own origin, and turns them into the widget's calls.
 */
import { describe, expect, it } from 'vitest';
import { previewMessage } from '../../console/appearance/preview-protocol';
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
