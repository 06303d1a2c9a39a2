/**
 * The host page as the widget watches it: its path (history pop events and DOM
 * changes, widget-spec §2) and whether its viewport is a phone's (§9). Each watcher
 * is a callback actor whose cleanup removes its listeners.
 */
import { fromCallback, type EventObject } from 'xstate';
import { isMobileViewport, MOBILE_QUERY } from '../viewport';

/** The Navigation API, where the browser has it: it reports pushState and replaceState too. */
interface NavigationLike {
  addEventListener(type: 'currententrychange', fn: () => void): void;
  removeEventListener(type: 'currententrychange', fn: () => void): void;
}

/**
 * Calls `onChange(path)` whenever the page's path changes: on popstate, on the Navigation
 * API's `currententrychange` where the browser has it (it also sees pushState), and on DOM
 * changes (single-page apps change their route with pushState, which fires no event
 * elsewhere, but always re-render). Returns the stop function.
 */
export function watchPath(onChange: (path: string) => void): () => void {
  let last = location.pathname;
  const check = () => {
    const now = location.pathname;
    if (now !== last) {
      last = now;
      onChange(now);
    }
  };
  addEventListener('popstate', check);
  const navigation = (window as Window & { navigation?: NavigationLike }).navigation;
  navigation?.addEventListener('currententrychange', check);
  const observer = new MutationObserver(check);
  observer.observe(document.documentElement, { childList: true, subtree: true });
  return () => {
    removeEventListener('popstate', check);
    navigation?.removeEventListener('currententrychange', check);
    observer.disconnect();
  };
}

/** Reports `PATH.CHANGED` for as long as it runs. */
export const pathWatcher = () => fromCallback<EventObject>(({ sendBack }) => watchPath((path) => sendBack({ type: 'PATH.CHANGED', path })));

/** Reports `VIEWPORT.CHANGED` whenever the viewport crosses the mobile breakpoint. */
export const viewportWatcher = () =>
  fromCallback<EventObject>(({ sendBack }) => {
    const query = matchMedia(MOBILE_QUERY);
    const report = () => sendBack({ type: 'VIEWPORT.CHANGED', isMobile: isMobileViewport() });
    query.addEventListener('change', report);
    return () => query.removeEventListener('change', report);
  });

/** The browser's connectivity for the network machine: `offline` (or offline at start) as NETWORK.LOST, `online` as NETWORK.ONLINE. */
export const connectivityWatcher = () =>
  fromCallback<EventObject>(({ sendBack }) => {
    const lost = () => sendBack({ type: 'NETWORK.LOST' });
    const online = () => sendBack({ type: 'NETWORK.ONLINE' });
    if (!navigator.onLine) lost();
    addEventListener('offline', lost);
    addEventListener('online', online);
    return () => {
      removeEventListener('offline', lost);
      removeEventListener('online', online);
    };
  });

/**
 * Whether the proactive bubble lies over a control of the host page, for as long as it runs (while the bubble is up,
 * machines/window.ts): BUBBLE.OVERLAPS or BUBBLE.CLEAR first, then each change. The hit-testing is in the bubble's
 * chunk (src/bubble/hit-test.ts), loaded as the first bubble shows: until it has checked, the bubble stays hidden (and
 * if it cannot load, the bubble is not shown). `widget` is the widget's element: its parts are drawn in its shadow root
 * (or in it, in tests).
 */
export const bubbleWatcher = (widget: Element) =>
  fromCallback<EventObject>(({ sendBack }) => {
    const stop = import('../bubble/index').then(
      (m) => m.watchBubble(widget, sendBack),
      () => () => undefined,
    );
    return () => void stop.then((f) => f());
  });
