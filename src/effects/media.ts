/**
 * The video viewer's effects (machines/video-player.ts): the muted play attempt, the
 * visitor's next click or touch, and the clipboard.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { Playable } from '../../machines/video-player';

/** widget-spec §4: a muted play attempt (browsers allow muted autoplay more often). */
export const mutedPlay = fromPromise<void, { media: Playable }>(async ({ input }) => {
  input.media.muted = true;
  await input.media.play();
});

/** Reports GESTURE on the next click or touch anywhere on the page; its cleanup removes the listeners. */
export const pageGestures = (doc: Document = document) =>
  fromCallback<EventObject>(({ sendBack }) => {
    const gesture = () => sendBack({ type: 'GESTURE' });
    const options = { capture: true, passive: true };
    doc.addEventListener('click', gesture, options);
    doc.addEventListener('touchstart', gesture, options);
    return () => {
      doc.removeEventListener('click', gesture, options);
      doc.removeEventListener('touchstart', gesture, options);
    };
  });

/** Writes the text to the clipboard; rejects where the browser refuses. */
export const clipboardCopy = fromPromise<void, { text: string }>(({ input }) => navigator.clipboard.writeText(input.text));

/** Every effect of the video player, for `videoPlayerMachine.provide({ actors })`. */
export const videoPlayerEffects = (doc: Document = document) => ({ play: mutedPlay, gestures: pageGestures(doc), copy: clipboardCopy });
