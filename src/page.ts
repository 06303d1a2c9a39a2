/** The host page's path, watched through history pop events and DOM changes (widget-spec §2). */

/**
 * Calls `onChange(path)` whenever the page's path changes: on popstate, and on DOM
 * changes (single-page apps change their route with pushState, which fires no event,
 * but always re-render). Returns the stop function.
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
  const observer = new MutationObserver(check);
  observer.observe(win.document.documentElement, { childList: true, subtree: true });
  return () => {
    win.removeEventListener('popstate', check);
    observer.disconnect();
  };
}
