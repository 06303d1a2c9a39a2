/**
 * The widget on its host page: the site's settings, the proactive bubble's policy,
 * and the host page's path and viewport (widget-spec §2, §4, §8). It owns the
 * window machine (spawned as `window`) and tells it what the page does.
 *
 * - Settings: the appearance and the config load together. A failed appearance, or
 *   a refused key or configuration, is the visitor-facing error (widget-spec §8); a
 *   config that fails for another reason alone leaves the default config (no page
 *   awareness, no voice) under a good appearance. The launcher may show before they
 *   load (issue 13): at once with the settings stored on an earlier visit (which the
 *   load then revalidates), else after `settingsPatience` with the defaults; a failed
 *   load can be retried (`SETTINGS.RETRY`).
 * - Bubble: the greeting shows once per visitor (the view has its words); after
 *   that, a page with a point-of-presence video offers it in the bubble on arrival,
 *   on a path change and when the window closes, unless the visitor dismissed the
 *   bubble on that page.
 * - The host page: `pathWatcher` and `viewport` report changes for as long as the
 *   widget runs; stopping this actor stops them (and the window).
 *
 * Every effect is an actor provided by the widget (src/effects) or by a test.
 */
import {
  assign,
  emit,
  fromCallback,
  fromPromise,
  raise,
  sendTo,
  setup,
  type ActorRefFrom,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { notProvided } from './not-provided';
import type { Appearance } from '../contract/appearance';
import { windowMachine, type Bubble, type PresenceBubble } from './window';
import { SETTINGS_PATIENCE_MS } from './constants';

/** The site's config (widget-spec §3 "Config"). */
export interface SiteConfig {
  agentPageAwareness: boolean;
  /** '' when the site has no avatar: voice mode is not available. */
  interactiveAvatarId: string;
  /** The site's help page, or ''. */
  referenceWebpage: string;
}

/** The page-awareness banner (widget-spec §5): off without page awareness, hidden by the visitor, or shown. */
export type BannerState = 'off' | 'hidden' | 'shown';

/** Why the site's settings cannot be used: the codes behind widget-spec §8's appearance errors. */
export type SettingsError = 'INVALID_API_KEY' | 'INVALID_CONFIGURATION' | 'FAILED';

/** One settings call's outcome, as `loadSettings` reports it. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; code: SettingsError; error: unknown };

/** What `loadSettings` resolves with: both calls' outcomes (it never rejects). */
export interface SettingsResult {
  appearance: Outcome<Appearance>;
  config: Outcome<SiteConfig>;
}

export interface SiteContext {
  /** The site's appearance; the defaults (input) until it has loaded. */
  appearance: Appearance;
  config: SiteConfig;
  /** Why the settings cannot be used, or null. @default null */
  loadError: SettingsError | null;
  /** The host page's path. */
  path: string;
  /** The greeting was shown to this visitor before (a stored flag, widget-spec §3). */
  greeted: boolean;
  /** Paths where the visitor dismissed the bubble: no presence video is offered there again. @default [] */
  dismissed: string[];
  /** The launcher may show before the settings load: they came from storage, or the load took too long. */
  showable: boolean;
  /** The visitor hid the page-awareness banner on this site (stored per site by the widget). @default false */
  bannerDismissed: boolean;
  window: ActorRefFrom<typeof windowMachine>;
}

export interface SiteInput {
  path: string;
  isMobile: boolean;
  greeted: boolean;
  /** The appearance and config to use until (or unless) the site's load. */
  appearance: Appearance;
  config: SiteConfig;
  /** They are the site's, stored on an earlier visit: the launcher shows at once. @default false */
  stored?: boolean;
  /** The visitor hid the page-awareness banner on an earlier visit. @default false */
  bannerDismissed?: boolean;
}

export type SiteEvent =
  | { type: 'PATH.CHANGED'; path: string }
  | { type: 'VIEWPORT.CHANGED'; isMobile: boolean }
  /** The window's facts, which the widget's root (machines/widget.ts) passes on. */
  | { type: 'window.closed' }
  | { type: 'bubble.dismissed'; path: string }
  /** Look for this page's presence video (internal). */
  | { type: 'PRESENCE.CHECK' }
  /** The visitor asks to load the settings again after a failure. */
  | { type: 'SETTINGS.RETRY' }
  /**
   * The page shows this appearance in place of the site's (a preview: src/preview.ts); it is never stored, as
   * only a load of the settings says `settings.loaded`, which then brings the site's own again.
   */
  | { type: 'SETTINGS.SHOW'; appearance: Appearance }
  /** The visitor hides the page-awareness banner, or shows it again (from Settings). */
  | { type: 'BANNER.DISMISS' }
  | { type: 'BANNER.RESTORE' };

export type SiteEmitted =
  /** A settings call failed; `fatal` when the widget shows the appearance error because of it. */
  | { type: 'settings.failed'; error: unknown; fatal: boolean }
  /** Both settings loaded (the widget stores them for the next visit). */
  | { type: 'settings.loaded'; appearance: Appearance; config: SiteConfig };

/**
 * The settings policy (widget-spec §8): which appearance and config the widget runs with,
 * the visitor-facing error if any, and the failure to report (the appearance's first).
 */
export function settleSettings(
  defaults: Pick<SiteContext, 'appearance' | 'config'>,
  result: SettingsResult,
): Pick<SiteContext, 'appearance' | 'config' | 'loadError'> & { failure: { error: unknown; fatal: boolean } | null } {
  const { appearance, config } = result;
  let loadError: SettingsError | null = null;
  let failure: { error: unknown; fatal: boolean } | null = null;
  if (!appearance.ok) {
    // a refused key or configuration refuses both calls: the appearance's error says it, once
    loadError = appearance.code;
    failure = { error: appearance.error, fatal: true };
  } else if (!config.ok) {
    // a refused key or configuration is the visitor's error; any other config failure leaves the defaults
    const refused = config.code === 'INVALID_API_KEY' || config.code === 'INVALID_CONFIGURATION';
    if (refused) loadError = config.code;
    failure = { error: config.error, fatal: refused };
  }
  return {
    appearance: appearance.ok ? appearance.value : defaults.appearance,
    config: config.ok ? config.value : defaults.config,
    loadError,
    failure,
  };
}

export const siteMachine = setup({
  types: {
    context: {} as SiteContext,
    events: {} as SiteEvent,
    input: {} as SiteInput,
    emitted: {} as SiteEmitted,
  },
  actors: {
    window: windowMachine,
    /** GET {api}/appearance and {api}/config together (widget-spec §7). */
    loadSettings: fromPromise<SettingsResult>(notProvided('loadSettings')),
    /** The page's point-of-presence video as a bubble, or null (it comes first in the page's history). */
    presence: fromPromise<PresenceBubble | null, { path: string }>(notProvided('presence')),
    /** Stores the per-visitor flag that the greeting was shown (widget-spec §3). */
    rememberGreeting: fromPromise<void>(notProvided('rememberGreeting')),
    /** Reports the host page's path changes (history pop events and DOM changes, widget-spec §2). */
    pathWatcher: fromCallback<EventObject>(notProvided('pathWatcher')),
    /** Reports whether the viewport is a phone's (widget-spec §9: 768 px or narrower, or a mobile user agent). */
    viewport: fromCallback<EventObject>(notProvided('viewport')),
  },
  delays: {
    settingsPatience: SETTINGS_PATIENCE_MS,
  },
  guards: {
    isNewPath: ({ context, event }) => event.type === 'PATH.CHANGED' && event.path !== context.path,
    hasLoadError: ({ context }) => context.loadError !== null,
    isFirstVisit: ({ context }) => !context.greeted,
    isDismissedHere: ({ context }) => context.dismissed.includes(context.path),
  },
  actions: {
    applySettings: assign(({ context }, result: SettingsResult) => {
      const { failure: _, ...settled } = settleSettings(context, result);
      return settled;
    }),
    /** After `applySettings`: the failure to report, else the settings loaded (to be stored for the next visit). */
    reportSettings: emit(({ context }, result: SettingsResult) => {
      const { failure } = settleSettings(context, result);
      return failure
        ? { type: 'settings.failed' as const, ...failure }
        : { type: 'settings.loaded' as const, appearance: context.appearance, config: context.config };
    }),
    setPath: assign({ path: ({ context, event }) => (event.type === 'PATH.CHANGED' ? event.path : context.path) }),
    /** PATH.CHANGED and VIEWPORT.CHANGED mean the same to the window. */
    forwardToWindow: sendTo(
      ({ context }) => context.window,
      ({ event }) => event as Extract<SiteEvent, { type: 'PATH.CHANGED' | 'VIEWPORT.CHANGED' }>,
    ),
    checkPresence: raise({ type: 'PRESENCE.CHECK' }),
    showBubble: sendTo(
      ({ context }) => context.window,
      (_, bubble: Bubble) => ({ type: 'BUBBLE.SHOW' as const, bubble }),
    ),
    rememberDismissed: assign({
      dismissed: ({ context, event }) =>
        event.type === 'bubble.dismissed' && !context.dismissed.includes(event.path)
          ? [...context.dismissed, event.path]
          : context.dismissed,
    }),
  },
}).createMachine({
  id: 'site',
  context: ({ input, spawn }) => ({
    appearance: input.appearance,
    config: input.config,
    loadError: null,
    path: input.path,
    greeted: input.greeted,
    dismissed: [],
    showable: input.stored ?? false,
    bannerDismissed: input.bannerDismissed ?? false,
    window: spawn('window', { id: 'window', systemId: 'window', input: { path: input.path, isMobile: input.isMobile } }),
  }),
  invoke: [{ src: 'pathWatcher' }, { src: 'viewport' }],
  on: {
    'PATH.CHANGED': { guard: 'isNewPath', actions: ['setPath', 'forwardToWindow', 'checkPresence'] },
    'VIEWPORT.CHANGED': { actions: 'forwardToWindow' },
    // widget-spec §4: on close a bubble may show
    'window.closed': { actions: 'checkPresence' },
    'bubble.dismissed': { actions: 'rememberDismissed' },
    'SETTINGS.SHOW': { actions: assign({ appearance: ({ event }) => event.appearance }) },
    'BANNER.DISMISS': { actions: assign({ bannerDismissed: true }) },
    'BANNER.RESTORE': { actions: assign({ bannerDismissed: false }) },
  },
  initial: 'loading',
  states: {
    loading: {
      after: { settingsPatience: { actions: assign({ showable: true }) } },
      invoke: {
        src: 'loadSettings',
        // a failed call is reported too (the programmatic API's 'error' event carries it)
        onDone: {
          target: 'settled',
          actions: [
            { type: 'applySettings', params: ({ event }) => event.output },
            { type: 'reportSettings', params: ({ event }) => event.output },
          ],
        },
        // the actor reports failures as outcomes; a throw is a bug in it, shown as 'Unable to load'
        onError: {
          target: 'failed',
          actions: [
            assign({ loadError: 'FAILED' as const }),
            emit(({ event }) => ({ type: 'settings.failed' as const, error: event.error, fatal: true })),
          ],
        },
      },
    },
    settled: {
      always: [{ guard: 'hasLoadError', target: 'failed' }, { guard: 'isFirstVisit', target: 'greeting' }, { target: 'offering' }],
    },
    /** The window shows the error (with Retry); the launcher still opens it. */
    failed: {
      on: { 'SETTINGS.RETRY': { target: 'loading', actions: assign({ loadError: null }) } },
    },
    /** The first visit: the greeting, once. */
    greeting: {
      entry: { type: 'showBubble', params: { greeting: true } },
      invoke: { src: 'rememberGreeting', onDone: 'idle', onError: 'idle' },
      on: { 'PRESENCE.CHECK': 'offering' },
    },
    idle: {
      on: { 'PRESENCE.CHECK': 'offering' },
    },
    /** Looking for the page's presence video; a newer check (another path, a close) starts over. */
    offering: {
      always: { guard: 'isDismissedHere', target: 'idle' },
      invoke: {
        src: 'presence',
        input: ({ context }) => ({ path: context.path }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'idle',
            actions: { type: 'showBubble', params: ({ event }) => event.output! },
          },
          { target: 'idle' },
        ],
        onError: 'idle',
      },
      on: { 'PRESENCE.CHECK': { target: 'offering', reenter: true } },
    },
  },
});

export type SiteActor = ActorRefFrom<typeof siteMachine>;
export type SiteSnapshot = SnapshotFrom<typeof siteMachine>;

export const selectAppearance = (s: SiteSnapshot) => s.context.appearance;
export const selectConfig = (s: SiteSnapshot) => s.context.config;
/**
 * The page-awareness banner (widget-spec §5): 'off' without page awareness, 'hidden' when the visitor
 * dismissed it (Settings still has its note and can show it again), else 'shown'.
 */
export const selectBanner = (s: SiteSnapshot): BannerState =>
  !s.context.config.agentPageAwareness ? 'off' : s.context.bannerDismissed ? 'hidden' : 'shown';
/** The visitor's choice about the banner, which the widget stores per site. */
export const selectBannerDismissed = (s: SiteSnapshot) => s.context.bannerDismissed;
export const selectLoadError = (s: SiteSnapshot) => s.context.loadError;
/** The settings have loaded (or failed): the launcher can show the site's appearance. */
export const selectIsSettled = (s: SiteSnapshot) => !s.matches('loading');
/** The launcher can show: settled, or stored settings, or waited long enough (issue 13). */
export const selectIsShowable = (s: SiteSnapshot) => s.context.showable || selectIsSettled(s);
