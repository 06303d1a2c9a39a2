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
export function watchPath(onChange: (path: string) => void, win: Window = window): () => void {
  let last = win.location.pathname;
  const check = () => {
    const now = win.location.pathname;
    if (now !== last) {
      last = now;
      onChange(now);
    }
  };
  win.addEventListener('popstate', check);
  const navigation = (win as Window & { navigation?: NavigationLike }).navigation;
  navigation?.addEventListener('currententrychange', check);
  const observer = new MutationObserver(check);
  observer.observe(win.document.documentElement, { childList: true, subtree: true });
  return () => {
    win.removeEventListener('popstate', check);
    navigation?.removeEventListener('currententrychange', check);
    observer.disconnect();
  };
}

/** Reports `PATH.CHANGED` for as long as it runs. */
export const pathWatcher = (win: Window = window) =>
  fromCallback<EventObject>(({ sendBack }) => watchPath((path) => sendBack({ type: 'PATH.CHANGED', path }), win));

/** Reports `VIEWPORT.CHANGED` whenever the viewport crosses the mobile breakpoint. */
export const viewportWatcher = (win: Window = window) =>
  fromCallback<EventObject>(({ sendBack }) => {
    const query = win.matchMedia(MOBILE_QUERY);
    const report = () => sendBack({ type: 'VIEWPORT.CHANGED', isMobile: isMobileViewport(win) });
    query.addEventListener('change', report);
    return () => query.removeEventListener('change', report);
  });

/** The browser's connectivity for the network machine: `offline` (or offline at start) as NETWORK.LOST, `online` as NETWORK.ONLINE. */
export const connectivityWatcher = (win: Window = window) =>
  fromCallback<EventObject>(({ sendBack }) => {
    const lost = () => sendBack({ type: 'NETWORK.LOST' });
    const online = () => sendBack({ type: 'NETWORK.ONLINE' });
    if (!win.navigator.onLine) lost();
    win.addEventListener('offline', lost);
    win.addEventListener('online', online);
    return () => {
      win.removeEventListener('offline', lost);
      win.removeEventListener('online', online);
    };
  });

/** What the visitor operates on the host page: the bubble never rests over one of them. */
const CONTROLS = 'a,button,input,select,textarea,label';

/**
 * Calls `onOverlap` whenever `box` (the proactive bubble) rests over a control of the host page: once it is laid out,
 * whenever it or the page's body changes size (a section opens, a route changes, the viewport turns), and whenever the
 * page or a part of it scrolls. So a control the focus or a pointer reaches is never under it. Returns the stop function.
 */
export function watchOverlap(box: Element, onOverlap: () => void): () => void {
  const check = () => {
    const b = box.getBoundingClientRect();
    for (const c of document.querySelectorAll(CONTROLS)) {
      const r = c.getBoundingClientRect();
      if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) onOverlap();
    }
  };
  const sizes = new ResizeObserver(check);
  sizes.observe(box);
  sizes.observe(document.body);
  addEventListener('scroll', check, true);
  return () => {
    sizes.disconnect();
    removeEventListener('scroll', check, true);
  };
}
