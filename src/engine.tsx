/**
 * The widget's machinery (started by the core, src/core.tsx, once widget.js has drawn the launcher's
 * first frame): the widget's actor system (machines/widget.ts) provided with the browser's effects,
 * the API client, the launcher, the bubble and the chat window (one file with them: each file of its
 * own would cost the text chat's budget its gzip overhead and import glue, issue 13).
 *
 * `start()` only provides: policy and the reactions between machines live in the machines, effects in
 * src/effects. `destroy()` stops the root, which stops everything it started.
 */
import { render } from 'preact';
import { createActor, fromPromise, waitFor, type InspectionEvent, type Observer } from 'xstate';
import { DEFAULT_APPEARANCE } from '../contract/appearance';
import { authMachine, type AuthActor } from '../machines/auth';
import { siteMachine, selectAppearance, selectIsShowable, type SiteActor, type SiteConfig } from '../machines/site';
import { networkMachine, type NetworkActor } from '../machines/network';
import { localeMachine, type LocaleActor } from '../machines/locale';
import { widgetMachine } from '../machines/widget';
import type { WindowActor } from '../machines/window';
import { bootActor, connect } from './api/token-source';
import { App } from './app';
import { chatWindowPart, windowCss } from './chat-window/index';
import { windowVariables } from './chat-window/theme';
import { isRunning, reportFacts, spawnIn } from './chat-window/conversation';
import type { FirstFrame } from './launcher-frame';
import type { Appearance } from '../contract/appearance';
import { keepBannerChoice, siteEffects, rememberSettings, wasGreeted } from './effects/site';
import { bannerDismissed } from './effects/stored-settings';
import { connectivityWatcher } from './effects/host-page';
import { localeWords, pageLocaleSources } from './effects/locale';
import { SLOT_SELECTOR, slotScanner } from './effects/slot-scanner';
import { readChatSessionId, userSessionId, writeChatSessionId } from './effects/storage';
import type { Conversation, Embeds, Runtime, WidgetEventName } from './runtime';
import { applyTheme, DARK_QUERY, followScheme, frameVariables, inScheme, schemeOf } from './theme';
import { isMobileViewport } from './viewport';
import { EMBEDS_RETRY_MS } from '../machines/constants';

/** widget-spec §3: until the site's config loads (or when it cannot), no page awareness and no voice. */
const DEFAULT_CONFIG: SiteConfig = { agentPageAwareness: false, interactiveAvatarId: '', referenceWebpage: '' };

/** The script tag's options (src/loader.ts), with what widget.js hands over. */
export interface WidgetOptions {
  apiUrl: string;
  apiKey: string;
  baseUrl: string;
  inspect: boolean;
  emit: (event: WidgetEventName, detail?: unknown) => void;
  /** The session boot widget.js started at once: the first boot takes its answer. */
  boot?: Promise<Response>;
  /** The script tag (its `data-locale`), when widget.js was loaded by one. */
  script?: HTMLScriptElement | null;
}

/** What the engine is started with: the options, the element and launcher, and the settings stored on an earlier visit. */
export interface EngineStart extends WidgetOptions, Omit<FirstFrame, 'drawn'> {
  stored: { appearance: Appearance; config: SiteConfig } | null;
}

/** What the programmatic API calls once the widget is ready. */
export interface WidgetImplementation {
  open(): void;
  close(): void;
  toggle(): void;
  send(text: string): void;
  newChat(): void;
  /** Shows the widget in the locale of a BCP 47 tag (docs/embedding.md "Languages"); null goes back to the other sources. */
  setLocale(tag: string | null): void;
  /**
   * Shows these appearance fields over the site's own, on this page only and never stored (the operator
   * console's live preview: docs/embedding.md "Programmatic API"); null goes back to the site's own.
   */
  setAppearance(fields: unknown): void;
  /** Removes the widget from the page and stops everything it started. */
  destroy(): void;
}

/**
 * Ends the current task, so the host page's own work can run between the boot's steps:
 * issue 4 allows no long task (over 50 ms) during boot at 4x CPU throttling.
 */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export async function startEngine(options: EngineStart): Promise<WidgetImplementation> {
  const { host, shadow, launcher, stored, sheet } = options;
  await nextTask();
  let inspect: Observer<InspectionEvent> | undefined;
  if (options.inspect) inspect = await (await import('./inspect')).loadInspector();

  const visitor = userSessionId();
  const { client, http } = connect({
    early: options.boot,
    apiUrl: options.apiUrl,
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    auth: () => root.system.get('auth') as AuthActor,
    // (a call still in flight when the widget is removed reports to no one)
    onReach: (answered) => isRunning(root) && network.send({ type: answered ? 'NETWORK.BACK' : 'NETWORK.LOST' }),
  });
  const part = chatWindowPart({ http, userSessionId: visitor, inspect, site: () => site, windowActor: () => windowActor });
  // issue 4: no long task during boot at 4x CPU throttling: the first actors of a page are the slowest
  // (xstate's code runs for the first time), so the system starts in a task of its own
  await nextTask();
  const root = createActor(
    widgetMachine.provide({
      actors: {
        auth: authMachine.provide({ actors: { boot: bootActor(client) } }),
        // whether the server answers: every call reports it; while it does not, a probe (this module's own
        // URL, never cached) runs with backoff
        network: networkMachine.provide({
          actors: {
            probe: fromPromise<void>(async () => void (await fetch(import.meta.url, { method: 'HEAD', cache: 'no-store' }))),
            connectivity: connectivityWatcher(),
          },
        }),
        site: siteMachine.provide({ actors: siteEffects({ client, http, userSessionId: visitor, widget: host }) }),
        locale: localeMachine.provide({ actors: { words: localeWords() } }),
        ...part.actors,
      },
    }),
    {
      input: {
        site: {
          path: location.pathname,
          isMobile: isMobileViewport(),
          greeted: wasGreeted(visitor),
          appearance: DEFAULT_APPEARANCE,
          config: DEFAULT_CONFIG,
          ...stored,
          stored: !!stored,
          bannerDismissed: bannerDismissed(options.apiKey),
        },
        chatSessionId: readChatSessionId(),
        locale: pageLocaleSources(options.script, stored?.appearance.locale),
      },
      inspect,
    },
  );
  root.on('settings.failed', (e) => {
    if (!e.fatal) console.warn('AI chat widget:', e.error instanceof Error ? e.error.message : e.error);
    options.emit('error', e.error);
  });
  root.on('settings.loaded', (e) => rememberSettings(options.apiKey, e));
  reportFacts(root, options.emit, writeChatSessionId);
  root.start();
  const site = root.system.get('site') as SiteActor;
  const windowActor = root.system.get('window') as WindowActor;
  const network = root.system.get('network') as NetworkActor;
  const locale = root.system.get('locale') as LocaleActor;

  await nextTask();
  // the launcher shows in the site's colours from its first frame (the stored ones, the loaded ones, or
  // after a while the defaults), and follows them when they change (App paints it; the bubble's and the
  // window's variables are set here)
  await waitFor(site, selectIsShowable, { timeout: Infinity });
  let theme: unknown;
  // appearance colorScheme (src/theme.ts followScheme)
  const adopt = (css: string) => {
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet(css)];
  };
  const query = matchMedia(DARK_QUERY);
  const scheme = followScheme(host, query, () => import('./styles/dark.css').then((m) => adopt(m.default)));
  const followSystem = () => scheme(schemeOf(selectAppearance(site.getSnapshot())));
  const paint = (a: Appearance) => {
    if (a !== theme) {
      theme = a;
      scheme(schemeOf(a));
      applyTheme(host, inScheme(frameVariables, a));
      // the window's too (before it loads, they are read by nothing): a preview changes them live
      applyTheme(host, inScheme(windowVariables, a));
    }
  };
  // (now, as subscribe reports only later snapshots)
  paint(selectAppearance(site.getSnapshot()));
  site.subscribe((s) => paint(selectAppearance(s)));
  query.addEventListener('change', followSystem);

  keepBannerChoice(site, options.apiKey);

  let loaded: Conversation | null = null;
  const rt: Runtime = {
    site,
    windowActor,
    network,
    locale,
    host,
    launcher,
    conversation() {
      if (!loaded) {
        adopt(windowCss);
        loaded = part.start(root);
      }
      return loaded;
    },
  };

  host.enrichUserProfile = (fields) => client.enrich(fields, visitor);

  // App takes the launcher over from the first frame (the same button, so its focus stays); a click on
  // it before now opens the window
  await nextTask();
  const opened = options.takeOver();
  launcher.layer.replaceChildren();
  render(<App rt={rt} />, launcher.layer);
  if (opened) windowActor.send({ type: 'WINDOW.OPEN' });

  // widget-spec §2: the page's slots get their viewers, whose chunk loads once a page has one (a chunk
  // that failed to load is asked for again on a later change of the page, not more than every EMBEDS_RETRY_MS)
  let embeds: Promise<Embeds> | undefined;
  let failedAt = -EMBEDS_RETRY_MS;
  const scan = () => {
    if (!embeds && !(document.querySelector(SLOT_SELECTOR) && Date.now() - failedAt > EMBEDS_RETRY_MS)) return;
    embeds ??= import('./embeds/index').then((m) => m.startEmbeds({ ...rt, http, userSessionId: visitor, spawn: spawnIn(root) }));
    embeds.then(
      (e) => e.sync(),
      (err: unknown) => {
        embeds = undefined;
        failedAt = Date.now();
        if (isRunning(root)) console.error(err);
      },
    );
  };
  // the watcher runs in the widget's system: stopping the root stops it, and its viewers with it
  spawnIn(root)(
    'slots',
    slotScanner(scan, document, () =>
      embeds?.then(
        (e) => e.stop(),
        () => undefined,
      ),
    ),
  );

  let shown: typeof import('./preview') | undefined;
  // the last call's fields: calls made while the chunk loads each wait for their own import(), and Chromium settles
  // concurrent import()s of one module in no set order, so each shows the last call's fields, not its own (a keystroke
  // in the console's editor would otherwise be undone by an earlier one that settled late)
  let latest: unknown;
  return {
    open: () => windowActor.send({ type: 'WINDOW.OPEN' }),
    close: () => windowActor.send({ type: 'WINDOW.CLOSE' }),
    toggle: () => windowActor.send({ type: 'WINDOW.TOGGLE' }),
    send: (text) => windowActor.send({ type: 'WINDOW.ASK', text }),
    newChat: () => rt.conversation().chat.send({ type: 'CHAT.NEW' }),
    setLocale: (tag) => locale.send({ type: 'LOCALE.CHOOSE', tag }),
    // a chunk of its own (src/preview.ts): the text chat carries only this call. Once loaded the chunk is kept and
    // called at once, in the caller's own task: an import() answers a task later even once loaded, and the console's
    // preview would paint each keystroke a frame after the field shows it (docs/benchmarks.md "The console's speed")
    setAppearance(fields) {
      latest = fields;
      if (shown) shown.preview(site, fields);
      else
        import('./preview').then((m) => {
          shown = m;
          m.preview(site, latest);
        });
    },
    destroy() {
      root.stop();
      query.removeEventListener('change', followSystem);
      render(null, launcher.layer);
      delete host.enrichUserProfile;
      // an element the page wrote itself stays (empty); the one the widget added goes
      if (options.existing) shadow.replaceChildren();
      else host.remove();
    },
  };
}
