/**
 * The launcher, the proactive bubble, and the chat window (widget-spec §2 "Widget parts"), from the
 * launcher's view model (src/view-models/launcher.ts). The launcher itself is plain DOM drawn by
 * widget.js (src/launcher-frame.ts, issue 13): App paints it with the view and renders the window and
 * the bubble into the frame's layer, reading the machines through narrow selectors.
 */
import { useLayoutEffect, useRef } from 'react';
import { selectAppearance, selectLoadError } from '../machines/site';
import { selectIsReachable } from '../machines/network';
import { directionOf, selectShownLocale } from '../machines/locale';
import { selectBubble, selectIsMobile, selectIsOpen } from '../machines/window';
import { watchOverlap } from './effects/host-page';
import { Icon } from './icons';
import { ChatWindow } from './chat-window/chat-window';
import { RuntimeContext, type Conversation, type Runtime } from './runtime';
import { sameIn, useSelector, whole } from './use-selector';
import { connectLauncher } from './view-models/launcher';
import { CAPTIONS_LANGUAGE, CLOSE_CHAT, DISMISS_MESSAGE, LOADING_TEXT, RETRY, VIDEO_MESSAGE } from './messages';

export function App({ rt }: { rt: Runtime }) {
  const { windowActor, site, launcher } = rt;
  const w = useSelector(windowActor, whole, sameIn(selectIsOpen, selectBubble, selectIsMobile));
  const appearance = useSelector(site, selectAppearance);
  const loadError = useSelector(site, selectLoadError);
  const reachable = useSelector(rt.network, selectIsReachable);
  // the words of the locale shown (src/messages.ts): a change draws everything again in them
  const lang = useSelector(rt.locale, selectShownLocale);
  const view = connectLauncher({
    window: w,
    appearance,
    loadError,
    reachable,
    send: windowActor.send.bind(windowActor),
    // Retry: the site's settings again
    retry: () => site.send({ type: 'SETTINGS.RETRY' }),
  });
  // the chat shows in the open window with usable settings: the conversation the root started on its opening
  // (machines/widget.ts), made once (the runtime keeps it)
  const loaded = useRef<Conversation | null>(null);
  if (!loaded.current && view.open && !loadError) loaded.current = rt.conversation();
  const wasOpen = useRef(view.open);
  useLayoutEffect(() => {
    // the launcher (plain DOM, src/launcher-frame.ts), drawn from the same view
    launcher.onToggle = view.toggle;
    launcher.paint(appearance, view);
    launcher.button.setAttribute('aria-label', view.label);
    // the widget's frame (the window, the bubble and the launcher) reads in the locale's language and direction
    Object.assign(launcher.frame, { lang, dir: directionOf(lang) });
    // the window closed with the focus inside it (Escape, a close button): back to the launcher
    const active = document.activeElement;
    if (wasOpen.current && !view.open && (active === document.body || active === rt.host || active === null)) launcher.button.focus();
    wasOpen.current = view.open;
  });

  const { bubble } = view;
  return (
    <RuntimeContext.Provider value={rt}>
      {view.open &&
        (view.error || !loaded.current ? (
          // the window when the site's settings could not be loaded
          <div data-part="window" role="dialog" aria-label={view.agentName}>
            <p data-part="window-message" role={view.error ? 'alert' : 'status'}>
              {view.error ?? LOADING_TEXT}
            </p>
            {view.retry && (
              <button type="button" data-part="window-retry" onClick={view.retry}>
                {RETRY}
              </button>
            )}
            <button type="button" data-part="placeholder-close" aria-label={CLOSE_CHAT} onClick={view.close}>
              <Icon name="close" />
            </button>
          </div>
        ) : (
          <ChatWindow conversation={loaded.current} />
        ))}
      {bubble && (
        // the bubble gives way to the host page, as if dismissed: it never rests over a control the visitor may need
        <div ref={(box: HTMLDivElement | null) => watchOverlap(box!, view.dismissBubble)} data-part="bubble" role="status">
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
      )}
    </RuntimeContext.Provider>
  );
}
