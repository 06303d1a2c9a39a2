/**
 * The proactive bubble above the launcher (widget-spec §2 "Widget parts"), a chunk of its own loaded as the first
 * bubble shows (the text chat needs neither): its view, drawn by App from the launcher's view model, and its
 * hit-testing over the host page (./hit-test.ts), which keeps it clear of the page's controls.
 */
import { Icon } from '../icons';
import { CAPTIONS_LANGUAGE, DISMISS_MESSAGE, VIDEO_MESSAGE } from '../messages';
import type { LauncherView } from '../view-models/launcher';

export { watchBubble } from './hit-test';

/**
 * The bubble: its close button, the page's video (muted, captioned) when it has one, and its text, which opens the
 * window. `hidden` while it gives way to the host page: hidden with `visibility`, so it keeps its box (the hit-testing
 * measures it) and takes no pointer, focus or reading.
 */
export function Bubble({ view, hidden }: { view: LauncherView; hidden: boolean }) {
  const bubble = view.bubble!;
  return (
    <div data-part="bubble" role="status" style={hidden ? { visibility: 'hidden' } : undefined}>
      <button type="button" data-part="bubble-close" aria-label={DISMISS_MESSAGE} onClick={view.dismissBubble}>
        <Icon name="close" />
      </button>
      {bubble.videoUrl && (
        <video
          data-part="bubble-video"
          src={bubble.videoUrl}
          muted
          autoPlay
          loop
          playsInline
          crossOrigin={bubble.captionsUrl ? 'anonymous' : undefined}
          aria-label={bubble.text || VIDEO_MESSAGE}
        >
          {bubble.captionsUrl && <track kind="captions" src={bubble.captionsUrl} srcLang="en" label={CAPTIONS_LANGUAGE} default />}
        </video>
      )}
      <button type="button" data-part="bubble-text" onClick={view.openWindow}>
        {bubble.text}
      </button>
    </div>
  );
}
