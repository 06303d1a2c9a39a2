/**
 * The widget's core module (`widget/core.js`), loaded by widget.js: the custom
 * element with its shadow root, the auth and embed machines (the embed machine owns
 * the window machine), the launcher and the bubble. The chat window loads on demand.
 *
 * `start()` only assembles: policy lives in the machines, effects in src/effects.
 * Everything it starts, `destroy()` stops.
 */
import { render } from 'preact';
import { createActor, fromPromise, waitFor, type InspectionEvent, type Observer } from 'xstate';
import { DEFAULT_APPEARANCE } from '../contract/appearance';
import { embedMachine, selectAppearance, selectIsShowable, type SiteConfig } from '../machines/embed';
import { networkMachine } from '../machines/network';
import { connect } from './api/token-source';
import { App } from './app';
import { relayAsks } from './asks';
import { embedEffects, rememberSettings, storedSettings, wasGreeted } from './effects/embed';
import { connectivityWatcher, isMobileViewport } from './effects/host-page';
import { SLOT_SELECTOR, slotScanner } from './effects/slot-scanner';
import { userSessionId } from './effects/storage';
import type { Embeds, LoadedWindow, Runtime, WidgetEventName } from './runtime';
import coreCss from './styles/core.css';
import { applyTheme, launcherVariables } from './theme';

export type { WidgetEventName };

export interface StartOptions {
  apiUrl: string;
  apiKey: string;
  baseUrl: string;
  inspect: boolean;
  emit: (event: WidgetEventName, detail?: unknown) => void;
  /** The session boot widget.js started beside the modules: the first boot takes its answer. */
  boot?: Promise<Response>;
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

/** widget-spec §3: until the site's config loads (or when it cannot), no page awareness and no voice. */
const DEFAULT_CONFIG: SiteConfig = { agentPageAwareness: false, interactiveAvatarId: '', referenceWebpage: '' };

class AIChatWidgetElement extends HTMLElement {
  /** Set by start(): `window.enrichUserProfile` calls it (widget-spec §1). */
  enrichUserProfile?: (fields: Record<string, string | number | boolean>) => Promise<void>;
}

function sheet(css: string): CSSStyleSheet {
  const s = new CSSStyleSheet();
  s.replaceSync(css);
  return s;
}

/**
 * Ends the current task, so the host page's own work can run between the boot's steps:
 * issue 4 allows no long task (over 50 ms) during boot at 4x CPU throttling, and module
 * evaluation, creating the actors and starting the first requests together come close.
 */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export async function start(options: StartOptions): Promise<WidgetImplementation> {
  await nextTask();
  if (!customElements.get(ELEMENT_NAME)) customElements.define(ELEMENT_NAME, AIChatWidgetElement);
  const existing = document.querySelector(ELEMENT_NAME) as AIChatWidgetElement | null;
  const host = existing ?? (document.createElement(ELEMENT_NAME) as AIChatWidgetElement);
  if (!existing) document.body.appendChild(host);
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  // All styles live inside the shadow root as adopted sheets: nothing leaks in or out, and no <style> needs a CSP exception.
  shadow.adoptedStyleSheets = [sheet(coreCss)];

  await nextTask();
  let inspect: Observer<InspectionEvent> | undefined;
  if (options.inspect) inspect = await (await import('./inspect')).loadInspector();

  // whether the server answers: every call reports it; while it does not, a probe (this module's own
  // URL, never cached) runs with backoff
  const network = createActor(
    networkMachine.provide({
      actors: {
        probe: fromPromise<void>(async () => void (await fetch(import.meta.url, { method: 'HEAD', cache: 'no-store' }))),
        connectivity: connectivityWatcher(),
      },
    }),
    { inspect },
  ).start();
  const { client, auth, http } = connect({
    early: options.boot,
    apiUrl: options.apiUrl,
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    inspect,
    onReach: (answered) => network.send({ type: answered ? 'NETWORK.BACK' : 'NETWORK.LOST' }),
  });
  const visitor = userSessionId();
  // issue 13: the settings of an earlier visit show the launcher at once; the load revalidates them
  const stored = storedSettings(options.apiKey);
  const embed = createActor(embedMachine.provide({ actors: embedEffects({ client, http, userSessionId: visitor }) }), {
    input: { path: location.pathname, isMobile: isMobileViewport(), greeted: wasGreeted(visitor), appearance: DEFAULT_APPEARANCE, config: DEFAULT_CONFIG, ...stored, stored: !!stored },
    inspect,
  });
  const failures = embed.on('settings.failed', (e) => {
    if (!e.fatal) console.warn('AI chat widget:', e.error instanceof Error ? e.error.message : e.error);
    options.emit('error', e.error);
  });
  const loadedSettings = embed.on('settings.loaded', (e) => rememberSettings(options.apiKey, e));
  embed.start();
  const windowActor = embed.getSnapshot().context.window;

  await nextTask();
  // the launcher shows in the site's colours from its first frame (the stored ones, the loaded ones, or
  // after a while the defaults), and follows them when they change
  await waitFor(embed, selectIsShowable, { timeout: Infinity });
  let theme: unknown;
  const themer = embed.subscribe((s) => {
    const a = selectAppearance(s);
    if (a !== theme) applyTheme(host, launcherVariables((theme = a)));
  });

  let loaded: Promise<LoadedWindow> | null = null;
  const rt: Runtime = {
    embed,
    windowActor,
    network,
    host,
    conversation: () =>
      (loaded ??= import('./chat-window/index').then(
        (m) => {
          shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet(m.windowCss)];
          const conversation = m.startConversation({ embed, windowActor, host, http, userSessionId: visitor, emit: options.emit, inspect });
          return { conversation, ChatWindow: m.ChatWindow };
        },
        (err: unknown) => {
          // issue 13: a chunk that failed to load is asked for again next time
          loaded = null;
          throw err;
        },
      )),
  };

  host.enrichUserProfile = (fields) => client.enrich(fields, visitor);

  const mount = document.createElement('div');
  mount.setAttribute('data-part', 'root');
  shadow.replaceChildren(mount);
  render(<App rt={rt} />, mount);

  const subscriptions = [
    failures,
    loadedSettings,
    themer,
    windowActor.on('window.opened', () => options.emit('open')),
    windowActor.on('window.closed', () => options.emit('close')),
  ];
  const stopAsks = relayAsks(windowActor, () => rt.conversation().then((l) => l.conversation));

  // widget-spec §2: the page's slots get their viewers, whose chunk loads once a page has one (a chunk
  // that failed to load is asked for again on a later change of the page, not more than every 10 s)
  let embeds: Promise<Embeds> | undefined;
  let failedAt = -1e5;
  const scan = () =>
    (embeds || (document.querySelector(SLOT_SELECTOR) && Date.now() - failedAt > 1e4)) &&
    (embeds ??= import('./embeds/index').then((m) => m.startEmbeds({ ...rt, http, userSessionId: visitor, inspect }))).then(
      (e) => e.sync(),
      (err: unknown) => {
        embeds = undefined;
        failedAt = Date.now();
        console.error(err);
      },
    );
  const scanner = createActor(slotScanner(scan)).start();

  const withChat = (fn: (l: LoadedWindow) => void) => void rt.conversation().then(fn, () => undefined);
  return {
    open: () => windowActor.send({ type: 'WINDOW.OPEN' }),
    close: () => windowActor.send({ type: 'WINDOW.CLOSE' }),
    toggle: () => windowActor.send({ type: 'WINDOW.TOGGLE' }),
    send: (text) => windowActor.send({ type: 'WINDOW.ASK', text }),
    newChat: () => withChat(({ conversation }) => conversation.chat.send({ type: 'CHAT.NEW' })),
    destroy() {
      stopAsks();
      scanner.stop();
      void embeds?.then((e) => e.stop(), () => undefined);
      subscriptions.forEach((s) => s.unsubscribe());
      render(null, mount);
      void loaded?.then((l) => l.conversation.stop(), () => undefined);
      embed.stop();
      auth.stop();
      network.stop();
      delete host.enrichUserProfile;
      // an element the page wrote itself stays (empty); the one the widget added goes
      if (existing) shadow.replaceChildren();
      else host.remove();
    },
  };
}
