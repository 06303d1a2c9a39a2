/**
 * The widget's core module (`widget/core-HASH.js`), loaded by widget.js: the custom element
 * with its shadow root and the launcher's first frame, drawn from the settings stored on an
 * earlier visit or from those the session boot carries (issue 13: the launcher shows before
 * xstate and the machines are even evaluated). The machinery (src/engine.tsx) loads once the
 * first frame is drawn and takes over the drawing.
 *
 * The build makes this module one file that also exports the parts of Preact and of the first
 * frame's modules the engine's files use; they import them from it (esbuild.config.mjs
 * `buildLayers`), so those modules ship once and the core is one request.
 */
import { render } from 'preact';
import { mergeAppearance, type Appearance } from '../contract/appearance';
import { storedSettings } from './effects/stored-settings';
import { Preview } from './launcher-preview';
import type { WidgetEventName } from './runtime';
import coreCss from './styles/core.css';
import { applyTheme, launcherVariables } from './theme';
import { isMobileViewport } from './viewport';

export type { WidgetEventName };

export interface StartOptions {
  apiUrl: string;
  apiKey: string;
  baseUrl: string;
  inspect: boolean;
  emit: (event: WidgetEventName, detail?: unknown) => void;
  /** The session boot widget.js started beside the modules: the first boot takes its answer. */
  boot?: Promise<Response>;
  /**
   * Loads the engine (src/engine.tsx) with the files it imports, all at once. widget.js knows their
   * hashed names; this module cannot name them, as the engine's files import this one's.
   */
  loadEngine(): Promise<EngineModule>;
}

/** What src/engine.tsx exports (a type only: the core does not bundle the engine). */
export interface EngineModule {
  startEngine(options: import('./engine').EngineStart): Promise<WidgetImplementation>;
}

/** What the programmatic API calls once the widget is ready. */
export interface WidgetImplementation {
  open(): void;
  close(): void;
  toggle(): void;
  send(text: string): void;
  newChat(): void;
  /** Removes the widget from the page and stops everything it started. */
  destroy(): void;
}

export interface CoreModule {
  start(options: StartOptions): Promise<WidgetImplementation>;
}

export const ELEMENT_NAME = 'ai-chat-widget';

/** On a first visit, how long the engine waits for the boot's answer to draw the first frame before it loads anyway. */
const ENGINE_WAIT_MS = 1000;

class AIChatWidgetElement extends HTMLElement {
  /** Set by start(): `window.enrichUserProfile` calls it (widget-spec §1). */
  enrichUserProfile?: (fields: Record<string, string | number | boolean>) => Promise<void>;
}

function sheet(css: string): CSSStyleSheet {
  const s = new CSSStyleSheet();
  s.replaceSync(css);
  return s;
}

/** The appearance a boot's answer carries (the reference server sends it, issue 13), or null. */
async function bootAppearance(res: Response): Promise<Appearance | null> {
  const body: unknown = await res.json().catch(() => null);
  const a = (body as { appearance?: unknown } | null)?.appearance;
  return res.ok && a && typeof a === 'object' ? mergeAppearance(a) : null;
}

export async function start(options: StartOptions): Promise<WidgetImplementation> {
  if (!customElements.get(ELEMENT_NAME)) customElements.define(ELEMENT_NAME, AIChatWidgetElement);
  const existing = document.querySelector(ELEMENT_NAME) as AIChatWidgetElement | null;
  const host = existing ?? (document.createElement(ELEMENT_NAME) as AIChatWidgetElement);
  if (!existing) document.body.appendChild(host);
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  // All styles live inside the shadow root as adopted sheets: nothing leaks in or out, and no <style> needs a CSP exception.
  shadow.adoptedStyleSheets = [sheet(coreCss)];
  const mount = document.createElement('div');
  mount.setAttribute('data-part', 'root');
  shadow.replaceChildren(mount);

  // The first frame: the launcher in the site's colours, from the settings stored on an earlier visit or, on
  // a first visit, from the boot's answer; a click opens the window's placeholder and is passed on.
  const stored = storedSettings(options.apiKey);
  let opened = false;
  let engineUp = false;
  const draw = (appearance: Appearance) => {
    if (engineUp) return;
    applyTheme(host, launcherVariables(appearance));
    render(<Preview appearance={appearance} mobile={isMobileViewport()} open={opened} onOpen={() => ((opened = true), draw(appearance))} />, mount);
  };
  if (stored) draw(stored.appearance);
  // the boot's answer is read twice: here, and by the engine's client
  let firstFrame: Promise<unknown> = Promise.resolve();
  const boot = options.boot?.then((res) => {
    const copy = res.clone();
    if (!stored) firstFrame = bootAppearance(copy).then((a) => a && draw(a), () => undefined);
    return res;
  });
  boot?.catch(() => undefined);

  // issue 13: the engine (machines, chat window: most of the widget's code) loads once the first frame is
  // drawn (from storage at once; else from the boot's answer, waited for at most ENGINE_WAIT_MS), then a
  // frame later, so that compiling it does not hold the launcher back
  if (!stored) await Promise.race([boot?.then(() => firstFrame), new Promise((resolve) => setTimeout(resolve, ENGINE_WAIT_MS))]).catch(() => undefined);
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const engine = await options.loadEngine();
  const takeOver = () => ((engineUp = true), opened);
  return engine.startEngine({ ...options, boot, host, shadow, mount, existing: !!existing, stored, takeOver, sheet });
}
