/** A video of the conversation (widget-spec §3 VIDEO messages, the home video), with its captions when it has them. */
import type { ChatMessage } from '../../machines/chat';
import { CAPTIONS_LANGUAGE, VIDEO_LABEL } from '../messages';

export function VideoPlayer({ m }: { m: ChatMessage }) {
  return (
    <video
      src={m.videoUrl}
      poster={m.thumbnailUrl}
      controls
      playsInline
      preload="metadata"
      // captions from the widget's host need CORS when the page is elsewhere; its files allow any origin
      crossOrigin={m.captionsUrl ? 'anonymous' : undefined}
      aria-label={m.content || VIDEO_LABEL}
    >
      {m.captionsUrl && <track kind="captions" src={m.captionsUrl} srcLang="en" label={CAPTIONS_LANGUAGE} default />}
    </video>
  );
}
