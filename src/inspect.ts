/**
 * Connects actors to the XState inspector (`?inspect` on a demo page, or
 * `data-inspect` on the widget's script tag). Loaded on demand only: nothing of
 * @statelyai/inspect ships in a bundle's first load.
 */
import type { InspectionEvent, Observer } from 'xstate';

/** True when the page asks for the inspector. */
export function wantsInspector(search: string, script?: HTMLOrSVGScriptElement | null): boolean {
  return new URLSearchParams(search).has('inspect') || (script instanceof HTMLElement && script.hasAttribute('data-inspect'));
}

/** Opens the inspector and returns the observer to pass as an actor's `inspect` option. */
export async function loadInspector(): Promise<Observer<InspectionEvent>> {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector();
  return inspector.inspect;
}
