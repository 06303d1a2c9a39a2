/**
 * The widget's core module (`widget/core-HASH.js`), loaded by widget.js once it has made the custom
 * element and drawn the launcher's first frame (src/launcher-frame.ts, issue 13): the engine (machines,
 * client, chat window: src/engine.tsx), started with the element, the launcher and the settings stored
 * on an earlier visit.
 *
 * The build makes this module one file with everything it imports statically (Preact and xstate
 * included), exporting the names the parts it loads on demand import from it (esbuild.config.mjs
 * `buildLayers`), so those modules ship once.
 */
import { storedSettings } from './effects/stored-settings';
import { startEngine, type WidgetImplementation, type WidgetOptions } from './engine';
import type { FirstFrame } from './launcher-frame';
import type { WidgetEventName } from './runtime';

export type { WidgetEventName, WidgetImplementation };

/** What widget.js starts the core with: the script tag's options, the boot it sent and the launcher's first frame it drew. */
export interface StartOptions extends WidgetOptions {
  frame: FirstFrame;
}

export interface CoreModule {
  start(options: StartOptions): Promise<WidgetImplementation>;
}

export function start({ frame, ...options }: StartOptions): Promise<WidgetImplementation> {
  return startEngine({ ...options, ...frame, stored: storedSettings(options.apiKey) });
}
