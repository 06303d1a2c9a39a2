/**
 * The advice engine's suitability check (JOURNEY-ENGINE.md "Suitability"), for the screen rules
 * and the autosave, loaded on demand (issue 15): the rules and the assumptions they read are a
 * large part of the journey's code, and the dashboard and the start screens need none of it. The
 * app loads it once the browser is idle after the first page (with the other screens' chunks);
 * until then the screens that need it say they cannot continue, and whatever depends on it
 * re-reads it when it arrives (`subscribe`).
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Answers } from '../machines/journey-answers';
import type { Assessment, UnsuitableReason } from './engine/suitability';
import { wordsReady } from './locale';

/**
 * The engine's check of a set of answers on a date: its suitability (each reason a code and its figures), and whether
 * the goal can be reached; with `problem`, a reason in the catalogue's words, loaded with it (the screens' rules are in
 * the first visit, the catalogue that says the reasons is not: journey/rules.ts `reasonsProblem` says them through it).
 */
export type SuitabilityCheck = ((answers: Answers, asOf: Date) => Assessment) & { problem?: (reason: UnsuitableReason) => string };

/** A check that loads on demand: `get()` is null until `load()` has settled. */
export interface LazySuitability {
  get(): SuitabilityCheck | null;
  /** Loads the check (once; a failed load is tried again on the next call). */
  load(): Promise<SuitabilityCheck>;
  /** Calls `listener` once the check has loaded; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** The engine's check, loaded by `load` (the default: the engine's with the catalogue's words for its reasons, ./worded-check.ts, in a chunk of its own). */
export function lazySuitability(
  // after the on-demand words in the active locale: the check's reasons are said in them
  load: () => Promise<SuitabilityCheck> = () =>
    wordsReady('messages-on-demand')
      .then(() => import('./worded-check'))
      .then((m) => m.wordedCheck),
): LazySuitability {
  let check: SuitabilityCheck | null = null;
  let loading: Promise<SuitabilityCheck> | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => check,
    load: () =>
      (loading ??= load().then(
        (fn) => {
          check = fn;
          for (const l of listeners) l();
          return fn;
        },
        (err: unknown) => {
          loading = null;
          throw err;
        },
      )),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's check, for the screens and the page navigation to read again once it has loaded. */
export const SuitabilityContext = createContext<LazySuitability | null>(null);

const noSubscription = () => () => undefined;

/** The engine's check once it has loaded, null before; the component renders again when it arrives. */
export function useSuitabilityCheck(): SuitabilityCheck | null {
  const suitability = useContext(SuitabilityContext);
  return useSyncExternalStore(suitability?.subscribe ?? noSubscription, () => suitability?.get() ?? null);
}
