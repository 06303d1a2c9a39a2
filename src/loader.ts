/**
 * `widget.js`: the classic script a site owner pastes (docs/architecture.md "The embed
 * contract"). It reads its own attributes, sets up `window.AIChatWidget` and
 * `window.enrichUserProfile`, and loads the widget's core module from its own
 * folder. It holds nothing else, so it costs the host page almost nothing.
 */
import type { CoreModule, WidgetEventName, WidgetImplementation } from './core';
import { drawFirstFrame } from './launcher-frame';

// Captured at top level: document.currentScript is null once this script has run.
const script = document.currentScript as HTMLScriptElement | null;

/** The core module (one file), relative to this script (written in by the build: esbuild.config.mjs `coreManifest`). */
declare const __WIDGET_CORE__: { core: string };

/** On a first visit, how long the launcher's first frame waits for the boot's answer before the engine loads anyway. */
const FIRST_FRAME_PATIENCE_MS = 1000;

/** widget-spec §5: the three missing-value errors, in its order. */
export function readScriptOptions(el: HTMLScriptElement | null) {
  const apiUrl = el?.getAttribute('data-api-url')?.trim();
  const apiKey = el?.getAttribute('data-api-key')?.trim();
  const baseUrl = el?.getAttribute('data-base-url')?.trim();
  if (!apiUrl) throw Error('API URL is not provided');
  if (!apiKey) throw Error('API KEY is not provided');
  if (!baseUrl) throw Error('Base URL is not provided');
  const base = document.baseURI;
  return {
    apiUrl: new URL(apiUrl, base).href.replace(/\/+$/, ''),
    apiKey,
    baseUrl: new URL(baseUrl, base).href.replace(/\/*$/, '/'),
    inspect: el?.hasAttribute('data-inspect') || new URLSearchParams(location.search).has('inspect'),
  };
}

type Call = [method: string, ...args: unknown[]];
type Listener = (detail?: unknown) => void;

interface Stub {
  q?: Call[];
}

declare global {
  interface Window {
    AIChatWidget?: Stub & Partial<PublicApi>;
    enrichUserProfile?: (fields: Record<string, string | number | boolean>) => Promise<void>;
  }
}

/** The programmatic API (README "Programmatic API"). */
export interface PublicApi extends Omit<WidgetImplementation, 'destroy'> {
  /**
   * Removes the widget from the page and stops everything it started (its actors, listeners and
   * requests). Calls made afterwards are queued for the next widget.js to start on the page.
   */
  destroy(): void;
  on(event: WidgetEventName, fn: Listener): void;
  off(event: WidgetEventName, fn: Listener): void;
}

function install() {
  const options = readScriptOptions(script);
  // the session boot goes out at once, first of all (not after the page's load event, nor after the API is set up):
  // it carries the appearance the launcher's first frame is drawn from on a first visit, and the engine takes its
  // answer (issue 13); on a first visit the launcher waits for it
  const boot = fetch(`${options.baseUrl}session/boot`, {
    method: 'POST',
    headers: { 'X-API-Key': options.apiKey },
    credentials: 'omit',
  });
  boot.catch(() => undefined); // the engine reports it
  const queued: Call[] = [...(window.AIChatWidget?.q ?? [])];
  const listeners = new Map<string, Set<Listener>>();
  let impl: WidgetImplementation | null = null;
  let destroyed = false;
  const call = (method: Exclude<keyof WidgetImplementation, 'destroy'>, ...args: unknown[]) => {
    if (impl) (impl[method] as (...a: unknown[]) => void)(...args);
    else queued.push([method, ...args]);
  };
  const api = {
    q: queued,
    send: (text: string) => call('send', String(text)),
    destroy() {
      destroyed = true;
      impl?.destroy();
      impl = null;
      listeners.clear();
    },
    on(event, fn) {
      if (destroyed) return void queued.push(['on', event, fn]);
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(fn);
    },
    off(event, fn) {
      if (destroyed) return void queued.push(['off', event, fn]);
      listeners.get(event)?.delete(fn);
    },
  } as PublicApi & Stub;
  // the calls that pass their arguments on as they are: now, or once the widget is ready
  for (const method of ['open', 'close', 'toggle', 'newChat', 'setLocale', 'setAppearance'] as const)
    (api as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => call(method, ...args);
  window.AIChatWidget = api;
  // listeners queued by the stub are attached at once, so they also hear an early 'error'
  for (const [method, ...args] of queued.splice(0)) {
    if (method === 'on' || method === 'off') api[method](args[0] as WidgetEventName, args[1] as Listener);
    else queued.push([method, ...args]);
  }
  const emit = (event: WidgetEventName, detail?: unknown) => {
    for (const fn of listeners.get(event) ?? []) {
      try {
        fn(detail);
      } catch (err) {
        console.error(err);
      }
    }
  };

  // widget-spec §1: the helper throws if the widget or its method is missing
  window.enrichUserProfile = (fields) => {
    const el = document.querySelector('ai-chat-widget') as (Element & { enrichUserProfile?: (f: typeof fields) => Promise<void> }) | null;
    if (!el) throw Error('AI chat widget is not on this page');
    if (typeof el.enrichUserProfile !== 'function') throw Error('AI chat widget has no enrichUserProfile method');
    return el.enrichUserProfile(fields);
  };

  // The widget's machinery (the core: one file) loads once the first frame is drawn (or given up on), a
  // frame later, so that fetching and evaluating it does not hold the launcher back.
  const load = () => {
    // the launcher's first frame, drawn here (src/launcher-frame.ts), from the stored settings or the boot's answer
    const frame = drawFirstFrame(options.apiKey, boot, FIRST_FRAME_PATIENCE_MS);
    return frame.drawn
      .then(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))))
      .then(() => import(/* @vite-ignore */ new URL(__WIDGET_CORE__.core, script?.src || document.baseURI).href) as Promise<CoreModule>)
      .then((m) => m.start({ ...options, emit, boot, frame, script }))
      .then((ready) => {
        // destroyed while it was starting: it goes at once
        if (destroyed) return ready.destroy();
        impl = ready;
        // queued calls run in order once the widget is ready (the stub's listeners were attached at once, and
        // only a destroyed widget queues more)
        for (const [method, ...args] of queued.splice(0))
          if (method in ready && method !== 'destroy') (ready[method as keyof WidgetImplementation] as (...a: unknown[]) => void)(...args);
        emit('ready');
      })
      .catch((err: unknown) => {
        console.error('AI chat widget failed to load:', err);
        emit('error', err);
      });
  };
  // docs/architecture.md: the element goes into <body>, so the widget starts once the document is parsed;
  // in a task of its own, not in this script's or the parser's (issue 13: no long task on the host page)
  const later = () => setTimeout(load);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', later, { once: true });
  else later();
}

install();
