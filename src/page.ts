/** The host page's path, watched through history pop events and DOM changes (widget-spec §2). */

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
