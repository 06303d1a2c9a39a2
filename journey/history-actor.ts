/**
 * The journey machine's `history` actor: the browser's address bar and its
 * back/forward buttons. It reports `URL.CHANGED` on popstate and carries out the
 * machine's `SYNC` and `BACK` commands.
 *
 * It works on a small `HistoryPort` so that the browser (window.history) and the
 * tests (an in-memory stack) share this one implementation.
 */
import { fromCallback } from 'xstate';
import type { HistoryCommand } from '../machines/journey';
import { normalizePath } from '../machines/journey-flow';

/** The slice of the History API the actor needs. */
export interface HistoryPort {
  /** The current path. */
  path(): string;
  /** How many in-app entries lie behind the current one (0 on the entry the app was loaded at). */
  depth(): number;
  push(path: string): void;
  back(): void;
  /** Subscribes to back/forward navigation; returns the unsubscribe function. */
  onPop(listener: () => void): () => void;
}

export const historyActor = (port: HistoryPort) =>
  fromCallback<HistoryCommand>(({ sendBack, receive }) => {
    const stop = port.onPop(() => sendBack({ type: 'URL.CHANGED', path: port.path() }));
    receive((command) => {
      if (command.type === 'SYNC') {
        // Idempotent: a screen entered because of a popstate finds the URL already right.
        if (normalizePath(port.path()) !== command.path) port.push(command.path);
      } else if (port.depth() > 0) {
        port.back();
      } else {
        // No in-app entry behind this one (a deep link): show the fallback instead of leaving the site.
        sendBack({ type: 'URL.CHANGED', path: command.fallbackPath });
      }
    });
    return stop;
  });

/** The browser's History API as a HistoryPort; entries carry their depth in `history.state`. */
export function browserHistoryPort(win: Window = window): HistoryPort {
  const depthOf = (state: unknown) =>
    typeof state === 'object' && state !== null && typeof (state as { depth?: unknown }).depth === 'number'
      ? (state as { depth: number }).depth
      : 0;
  if (win.history.state === null) win.history.replaceState({ depth: 0 }, '');
  return {
    path: () => win.location.pathname,
    depth: () => depthOf(win.history.state),
    push: (path) => win.history.pushState({ depth: depthOf(win.history.state) + 1 }, '', path),
    back: () => win.history.back(),
    onPop(listener) {
      win.addEventListener('popstate', listener);
      return () => win.removeEventListener('popstate', listener);
    },
  };
}

/** An in-memory HistoryPort with back/forward, for tests and non-browser hosts. */
export function memoryHistoryPort(initialPath: string) {
  const entries = [initialPath];
  let index = 0;
  const listeners = new Set<() => void>();
  const pop = () => {
    for (const l of listeners) l();
  };
  return {
    entries,
    path: () => entries[index]!,
    depth: () => index,
    push(path: string) {
      entries.splice(index + 1, entries.length, path);
      index = entries.length - 1;
    },
    back() {
      if (index === 0) return;
      index -= 1;
      pop();
    },
    forward() {
      if (index >= entries.length - 1) return;
      index += 1;
      pop();
    },
    onPop(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } satisfies HistoryPort & Record<string, unknown>;
}
