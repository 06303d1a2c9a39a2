/**
 * The launcher, the proactive bubble, and the chat window (widget-spec §2 "Widget parts"), from the
 * launcher's view model (src/view-models/launcher.ts). The launcher itself is plain DOM drawn by
 * widget.js (src/launcher-frame.ts, issue 13): App paints it with the view and renders the window and
 * the bubble into the frame's layer, reading the machines through narrow selectors.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { selectAppearance, selectLoadError } from '../machines/site';
import { selectIsReachable } from '../machines/network';
import { directionOf, selectShownLocale } from '../machines/locale';
import { selectBubble, selectBubbleGivesWay, selectIsMobile, selectIsOpen } from '../machines/window';
import { Icon } from './icons';
import { ChatWindow } from './chat-window/chat-window';
import { RuntimeContext, type Conversation, type Runtime } from './runtime';
import { sameIn, useSelector, whole } from './use-selector';
import { connectLauncher } from './view-models/launcher';
import { CLOSE_CHAT, LOADING_TEXT, RETRY } from './messages';

/** The bubble (src/bubble/), once its chunk has loaded: it loads as the first bubble shows. */
let Bubble: typeof import('./bubble/index').Bubble | undefined;

export function App({ rt }: { rt: Runtime }) {
  const { windowActor, site, launcher } = rt;
  const w = useSelector(windowActor, whole, sameIn(selectIsOpen, selectBubble, selectIsMobile, selectBubbleGivesWay));
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

  const redraw = useState(0)[1];
  const hasBubble = !!view.bubble;
  useEffect(() => {
    // (a chunk that could not load is asked for again with the next bubble)
    if (hasBubble && !Bubble)
      import('./bubble/index').then((m) => {
        Bubble = m.Bubble;
        redraw(1);
      }, console.error);
  }, [hasBubble]);
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
      {hasBubble && Bubble && <Bubble view={view} hidden={selectBubbleGivesWay(w)} />}
    </RuntimeContext.Provider>
  );
}
