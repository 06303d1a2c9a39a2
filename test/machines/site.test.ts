/**
 * The site machine (machines/site.ts): the settings policy of widget-spec §8, the
 * bubble's policy (greeting once, presence videos on arrival, path change and close,
 * unless dismissed there), the host page's watchers and their teardown, and the
 * window machine it owns. Every effect is a fake.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { DEFAULT_APPEARANCE, mergeAppearance } from '../../contract/appearance';
import {
  siteMachine,
  selectBanner,
  selectIsShowable,
  settleSettings,
  type SiteEmitted,
  type SiteEvent,
  type SettingsResult,
  type SiteConfig,
} from '../../machines/site';
import type { PresenceBubble } from '../../machines/window';
import { greeting } from '../../src/messages';
import { controlled } from './controlled';
import { windowOverEmptyPage } from '../fixtures/window';
import { SETTINGS_PATIENCE_MS } from '../../machines/constants';

const DEFAULT_CONFIG: SiteConfig = { agentPageAwareness: false, interactiveAvatarId: '', referenceWebpage: '' };
const SITE_APPEARANCE = mergeAppearance({ agentName: 'Ada', agentDescription: 'Here for your super' });
const SITE_CONFIG: SiteConfig = { agentPageAwareness: true, interactiveAvatarId: 'avatar-1', referenceWebpage: '' };
const OK: SettingsResult = { appearance: { ok: true, value: SITE_APPEARANCE }, config: { ok: true, value: SITE_CONFIG } };
const failed = (code: 'INVALID_API_KEY' | 'INVALID_CONFIGURATION' | 'FAILED') => ({ ok: false as const, code, error: new Error(code) });

/** A callback actor that reports what it was given and when it stopped. */
function watcher() {
  const state = { started: 0, stopped: 0, sendBack: null as ((e: SiteEvent) => void) | null };
  const logic = fromCallback<EventObject>(({ sendBack }) => {
    state.started++;
    state.sendBack = sendBack as (e: SiteEvent) => void;
    return () => void state.stopped++;
  });
  return { state, logic };
}

function start(options: { greeted?: boolean; path?: string; stored?: boolean; bannerDismissed?: boolean } = {}) {
  const loadSettings = controlled<unknown, SettingsResult>();
  const presence = controlled<{ path: string }, PresenceBubble | null>();
  const remembered: number[] = [];
  const path = watcher();
  const viewport = watcher();
  const actor = createActor(
    siteMachine.provide({
      actors: {
        loadSettings: loadSettings.logic,
        presence: presence.logic,
        rememberGreeting: fromPromise<void>(async () => void remembered.push(1)),
        pathWatcher: path.logic,
        viewport: viewport.logic,
        window: windowOverEmptyPage,
      },
    }),
    {
      input: {
        path: options.path ?? '/a',
        isMobile: false,
        greeted: options.greeted ?? true,
        appearance: DEFAULT_APPEARANCE,
        config: DEFAULT_CONFIG,
        stored: options.stored,
        bannerDismissed: options.bannerDismissed,
      },
    },
  );
  const emitted: SiteEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as SiteEmitted));
  actor.start();
  const win = actor.getSnapshot().context.window;
  // the window's facts the site acts on, passed on as the widget's root does (machines/widget.ts)
  win.on('window.closed', (e) => actor.send(e));
  win.on('bubble.dismissed', (e) => actor.send(e));
  return { actor, win, loadSettings, presence, remembered, path, viewport, emitted };
}

describe('the settings policy (widget-spec §8)', () => {
  const defaults = { appearance: DEFAULT_APPEARANCE, config: DEFAULT_CONFIG };

  it('both calls answer: the site’s appearance and config, nothing to report', () => {
    expect(settleSettings(defaults, OK)).toEqual({ appearance: SITE_APPEARANCE, config: SITE_CONFIG, loadError: null, failure: null });
  });

  it('a failed appearance is the visitor’s error, whatever the config did', () => {
    const s = settleSettings(defaults, { appearance: failed('FAILED'), config: { ok: true, value: SITE_CONFIG } });
    expect(s).toMatchObject({ appearance: DEFAULT_APPEARANCE, loadError: 'FAILED', failure: { fatal: true } });
    expect(settleSettings(defaults, { appearance: failed('INVALID_API_KEY'), config: failed('INVALID_API_KEY') }).loadError).toBe(
      'INVALID_API_KEY',
    );
  });

  it('a config refused for the key or configuration is the visitor’s error too', () => {
    const s = settleSettings(defaults, { appearance: { ok: true, value: SITE_APPEARANCE }, config: failed('INVALID_CONFIGURATION') });
    expect(s).toMatchObject({ loadError: 'INVALID_CONFIGURATION', failure: { fatal: true } });
  });

  it('a config that fails otherwise leaves the default config under the site’s appearance, reported but not shown', () => {
    const s = settleSettings(defaults, { appearance: { ok: true, value: SITE_APPEARANCE }, config: failed('FAILED') });
    expect(s).toMatchObject({ appearance: SITE_APPEARANCE, config: DEFAULT_CONFIG, loadError: null, failure: { fatal: false } });
  });
});

describe('site machine', () => {
  it('loads the settings once, then runs with them', async () => {
    const { actor, loadSettings, emitted } = start();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(loadSettings.calls).toHaveLength(1);
    loadSettings.calls[0]!.resolve(OK);
    const s = await waitFor(actor, (x) => !x.matches('loading'));
    expect(s.context).toMatchObject({ appearance: SITE_APPEARANCE, config: SITE_CONFIG, loadError: null });
    // issue 13: what loaded is told, for the next visit to start from
    expect(emitted).toEqual([{ type: 'settings.loaded', appearance: SITE_APPEARANCE, config: SITE_CONFIG }]);
  });

  it('issue 13: the launcher may show at once with stored settings, else after the patience delay; not before', async () => {
    vi.useFakeTimers();
    try {
      expect(selectIsShowable(start({ stored: true }).actor.getSnapshot())).toBe(true);
      const { actor, loadSettings } = start();
      expect(selectIsShowable(actor.getSnapshot())).toBe(false);
      await vi.advanceTimersByTimeAsync(SETTINGS_PATIENCE_MS - 1);
      expect(selectIsShowable(actor.getSnapshot())).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(selectIsShowable(actor.getSnapshot())).toBe(true);
      // still loading: the site's settings apply when they come
      loadSettings.calls[0]!.resolve(OK);
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().context.appearance).toEqual(SITE_APPEARANCE);
    } finally {
      vi.useRealTimers();
    }
  });

  it('issue 13: a failed load is tried again on SETTINGS.RETRY, and then runs with what loads', async () => {
    const { actor, loadSettings } = start();
    loadSettings.calls[0]!.resolve({ appearance: failed('FAILED'), config: failed('FAILED') });
    await waitFor(actor, (x) => x.matches('failed'));
    actor.send({ type: 'SETTINGS.RETRY' });
    expect(actor.getSnapshot().context.loadError).toBeNull();
    expect(loadSettings.calls).toHaveLength(2);
    loadSettings.calls[1]!.resolve(OK);
    const s = await waitFor(actor, (x) => !x.matches('loading'));
    expect(s.matches('failed')).toBe(false);
    expect(s.context.appearance).toEqual(SITE_APPEARANCE);
  });

  it('a load error ends in failed: no bubble, no presence lookup, and the failure is reported', async () => {
    const { actor, win, loadSettings, presence, emitted } = start({ greeted: false });
    loadSettings.calls[0]!.resolve({ appearance: failed('INVALID_API_KEY'), config: failed('INVALID_API_KEY') });
    const s = await waitFor(actor, (x) => x.matches('failed'));
    expect(s.context.loadError).toBe('INVALID_API_KEY');
    expect(win.getSnapshot().context.bubble).toBeNull();
    expect(presence.calls).toHaveLength(0);
    expect(emitted).toEqual([{ type: 'settings.failed', error: new Error('INVALID_API_KEY'), fatal: true }]);
  });

  it('a first visit shows the greeting once and remembers it; no presence video then', async () => {
    const { actor, win, loadSettings, presence, remembered } = start({ greeted: false });
    loadSettings.calls[0]!.resolve(OK);
    await waitFor(actor, (x) => x.matches('idle'));
    // the machine holds the greeting's code, the catalogue its words
    expect(win.getSnapshot().context.bubble).toEqual({ greeting: true });
    expect(greeting(actor.getSnapshot().context.appearance)).toBe("Hi! I'm Ada. Here for your super.");
    expect(remembered).toEqual([1]);
    expect(presence.calls).toHaveLength(0);
  });

  it('a returning visitor gets the page’s presence video; a page without one shows nothing', async () => {
    const { actor, win, loadSettings, presence } = start({ path: '/welcome' });
    loadSettings.calls[0]!.resolve(OK);
    await waitFor(actor, (x) => x.matches('offering'));
    expect(presence.calls.map((c) => c.input)).toEqual([{ path: '/welcome' }]);
    presence.calls[0]!.resolve({ text: 'Welcome', videoUrl: 'https://cdn.test/w.webm' });
    await waitFor(actor, (x) => x.matches('idle'));
    expect(win.getSnapshot().context.bubble).toEqual({ text: 'Welcome', videoUrl: 'https://cdn.test/w.webm' });
  });

  it('a path change reaches the window and looks again; the older page’s late answer is dropped', async () => {
    const { actor, win, loadSettings, presence, path } = start();
    loadSettings.calls[0]!.resolve(OK);
    await waitFor(actor, (x) => x.matches('offering'));
    path.state.sendBack!({ type: 'PATH.CHANGED', path: '/b' });
    expect(actor.getSnapshot().context.path).toBe('/b');
    expect(win.getSnapshot().context.path).toBe('/b');
    expect(presence.calls.map((c) => c.input.path)).toEqual(['/a', '/b']);
    presence.calls[0]!.resolve({ text: 'Old page' });
    presence.calls[1]!.resolve(null);
    await waitFor(actor, (x) => x.matches('idle'));
    expect(win.getSnapshot().context.bubble).toBeNull();
  });

  it('closing the window looks again; a bubble dismissed on a page is not offered there again', async () => {
    const { actor, win, loadSettings, presence } = start();
    loadSettings.calls[0]!.resolve(OK);
    await waitFor(actor, (x) => x.matches('offering'));
    presence.calls[0]!.resolve({ text: 'Video' });
    await waitFor(win, (x) => x.context.bubble !== null);
    win.send({ type: 'WINDOW.OPEN' });
    win.send({ type: 'WINDOW.CLOSE' });
    await waitFor(actor, (x) => x.matches('offering'));
    expect(presence.calls).toHaveLength(2);
    presence.calls[1]!.resolve({ text: 'Video' });
    await waitFor(win, (x) => x.context.bubble !== null);

    win.send({ type: 'BUBBLE.DISMISS' });
    expect(actor.getSnapshot().context.dismissed).toEqual(['/a']);
    win.send({ type: 'WINDOW.OPEN' });
    win.send({ type: 'WINDOW.CLOSE' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(presence.calls).toHaveLength(2);
  });

  it('the viewport’s changes reach the window', () => {
    const { win, viewport } = start();
    viewport.state.sendBack!({ type: 'VIEWPORT.CHANGED', isMobile: true });
    expect(win.getSnapshot().context.isMobile).toBe(true);
  });

  it('stopping it stops the watchers (their listeners go) and the window', () => {
    const { actor, win, path, viewport } = start();
    expect([path.state.started, viewport.state.started]).toEqual([1, 1]);
    actor.stop();
    expect([path.state.stopped, viewport.state.stopped]).toEqual([1, 1]);
    expect(win.getSnapshot().status).toBe('stopped');
  });
});

describe('the page-awareness banner (widget-spec §5)', () => {
  it('is off until the site turns page awareness on, then shown; the visitor hides it and shows it again', async () => {
    const { actor, loadSettings } = start();
    expect(selectBanner(actor.getSnapshot())).toBe('off');
    loadSettings.calls[0]!.resolve(OK);
    await waitFor(actor, (s) => !s.matches('loading'));
    expect(selectBanner(actor.getSnapshot())).toBe('shown');
    actor.send({ type: 'BANNER.DISMISS' });
    expect(selectBanner(actor.getSnapshot())).toBe('hidden');
    actor.send({ type: 'BANNER.RESTORE' });
    expect(selectBanner(actor.getSnapshot())).toBe('shown');
  });

  it('starts hidden when the visitor hid it on an earlier visit, and stays off without page awareness', async () => {
    const { actor, loadSettings } = start({ bannerDismissed: true });
    expect(selectBanner(actor.getSnapshot())).toBe('off');
    loadSettings.calls[0]!.resolve(OK);
    await waitFor(actor, (s) => !s.matches('loading'));
    expect(selectBanner(actor.getSnapshot())).toBe('hidden');
  });
});
