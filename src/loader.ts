/**
 * `widget.js`: the classic script a site owner pastes (docs/architecture.md "The embed
 * contract"). It reads its own attributes, sets up `window.AIChatWidget` and
 * `window.enrichUserProfile`, and loads the widget's core module from its own
 * folder. It holds nothing else, so it costs the host page almost nothing.
 */
import type { CoreModule, EngineModule, WidgetEventName, WidgetImplementation } from './core';

// Captured at top level: document.currentScript is null once this script has run.
const script = document.currentScript as HTMLScriptElement | null;

/**
 * The core module (one file), then the engine and the files it imports (the engine first), relative
 * to this script (written in by the build: esbuild.config.mjs `coreManifest`).
 */
declare const __WIDGET_CORE__: { core: string; engine: string[] };

/** widget-spec §5: the three missing-value errors, in its order. */
export function readScriptOptions(el: HTMLScriptElement | null) {
  const apiUrl = el?.getAttribute('data-api-url')?.trim();
  const apiKey = el?.getAttribute('data-api-key')?.trim();
  const baseUrl = el?.getAttribute('data-base-url')?.trim();
  if (!apiUrl) throw new Error('API URL is not provided');
  if (!apiKey) throw new Error('API KEY is not provided');
  if (!baseUrl) throw new Error('Base URL is not provided');
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
export interface PublicApi {
  open(): void;
  close(): void;
  toggle(): void;
  send(text: string): void;
  newChat(): void;
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
  const queued: Call[] = [...(window.AIChatWidget?.q ?? [])];
  const listeners = new Map<string, Set<Listener>>();
  let impl: WidgetImplementation | null = null;
  let destroyed = false;
  const call = (method: Exclude<keyof WidgetImplementation, 'destroy'>, ...args: unknown[]) => {
    if (impl) (impl[method] as (...a: unknown[]) => void)(...args);
    else queued.push([method, ...args]);
  };
  const api: PublicApi & Stub = {
    q: queued,
    open: () => call('open'),
    close: () => call('close'),
    toggle: () => call('toggle'),
    send: (text) => call('send', String(text)),
    newChat: () => call('newChat'),
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
  };
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
    if (!el) throw new Error('AI chat widget is not on this page');
    if (typeof el.enrichUserProfile !== 'function') throw new Error('AI chat widget has no enrichUserProfile method');
    return el.enrichUserProfile(fields);
  };

  const src = script?.src || document.baseURI;
  const url = (file: string) => new URL(file, src).href;
  // issue 13: the core is fetched now (not after the page's load event); the engine's files all at once
  // when the core asks for them (after the launcher's first frame), not one after the other as each is
  // parsed. The module map fetches each only once; a failed import is tried again on the next call.
  const loadEngine = () =>
    Promise.all(__WIDGET_CORE__.engine.map((f) => import(/* @vite-ignore */ url(f)))).then(([engine]) => engine as EngineModule);
  const core = import(/* @vite-ignore */ url(__WIDGET_CORE__.core)) as Promise<CoreModule>;
  core.catch(() => undefined); // reported by load() below
  // the session boot goes out now too, beside the modules: the core takes its answer (issue 13)
  const boot = fetch(`${options.baseUrl}session/boot`, { method: 'POST', headers: { 'X-API-Key': options.apiKey }, credentials: 'omit', signal: AbortSignal.timeout?.(1e4) });
  boot.catch(() => undefined); // the core reports it
  const load = () =>
    core
      .then((m) => m.start({ ...options, emit, boot, loadEngine }))
      .then((ready) => {
        // destroyed while it was starting: it goes at once
        if (destroyed) return ready.destroy();
        impl = ready;
        // queued calls run in order once the widget is ready
        for (const [method, ...args] of queued.splice(0)) {
          if (method === 'on' || method === 'off') api[method](args[0] as WidgetEventName, args[1] as Listener);
          else if (method in ready && method !== 'destroy') (ready[method as keyof WidgetImplementation] as (...a: unknown[]) => void)(...args);
        }
        emit('ready');
      })
      .catch((err: unknown) => {
        console.error('AI chat widget failed to load:', err);
        emit('error', err);
      });
  // docs/architecture.md: the element goes into <body>, so the widget starts once the document is parsed
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => void load(), { once: true });
  else void load();
}

install();
