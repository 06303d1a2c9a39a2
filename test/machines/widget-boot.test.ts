/**
 * A slow session boot in the widget's actor system (machines/widget.ts): the real auth machine with a
 * boot the test answers by hand, the real site machine whose settings wait for the token as the widget's
 * client does (src/api/token-source.ts), and the chat's messages waiting for the settings as the chat
 * window's effects do (src/chat-window/index.tsx `settings`). Fake timers stand in for the clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, waitFor, type AnyEventObject, type NonReducibleUnknown } from 'xstate';
import { DEFAULT_APPEARANCE, mergeAppearance } from '../../contract/appearance';
import { authMachine, type AuthActor, type BootResult } from '../../machines/auth';
import { BOOT_PATIENCE_MS } from '../../machines/constants';
import { selectIsSettled, selectLoadError, siteMachine, type SiteActor, type SiteConfig } from '../../machines/site';
import { widgetMachine, type WidgetFact } from '../../machines/widget';
import type { PresenceBubble, WindowActor } from '../../machines/window';
import { authTokenSource } from '../../src/api/token-source';
import { settingsLoader } from '../../src/effects/site';
import { controlled } from './controlled';

const APPEARANCE = mergeAppearance({ agentName: 'Horizon Assistant' });
const CONFIG: SiteConfig = { agentPageAwareness: true, interactiveAvatarId: '', referenceWebpage: '' };
const T0 = 1_700_000_000_000;
const answer = (authToken: string): BootResult => ({ authToken, lifetimeMs: 30 * 60_000, receivedAt: T0 });

/** A child that records the events it receives. */
const recorder = (received: AnyEventObject[]) => createMachine({ on: { '*': { actions: ({ event }) => void received.push(event) } } });

function start() {
  const boot = controlled<NonReducibleUnknown, BootResult>();
  const chat: AnyEventObject[] = [];
  // the settings calls need a token first, as the widget's client's do
  const tokens = () =>
    authTokenSource(
      () => root.system.get('auth') as AuthActor,
      () => T0,
    );
  const settingsCalls = { count: 0 };
  const root = createActor(
    widgetMachine.provide({
      actors: {
        auth: authMachine.provide({ actors: { boot: boot.logic } }),
        network: createMachine({}) as never,
        site: siteMachine.provide({
          actors: {
            loadSettings: settingsLoader({
              appearance: async () => {
                settingsCalls.count++;
                await tokens().get();
                return APPEARANCE;
              },
              config: async () => {
                await tokens().get();
                return CONFIG;
              },
            }),
            presence: fromPromise<PresenceBubble | null, { path: string }>(async () => null),
            rememberGreeting: fromPromise<void>(async () => undefined),
            pathWatcher: fromCallback(() => undefined),
            viewport: fromCallback(() => undefined),
          },
        }),
        chat: recorder(chat) as never,
        sessions: createMachine({}) as never,
        actionButtons: createMachine({}) as never,
      },
    }),
    {
      input: {
        site: { path: '/', isMobile: false, greeted: true, appearance: DEFAULT_APPEARANCE, config: CONFIG },
        chatSessionId: null,
        // English from every source: the locale machine loads nothing
        locale: { attribute: null, appearance: '', page: '', browser: [] },
      },
    },
  );
  const facts: WidgetFact[] = [];
  root.on('*', (e) => facts.push(e));
  root.start();
  const site = root.system.get('site') as SiteActor;
  return { root, site, boot, chat, facts, settingsCalls, win: root.system.get('window') as WindowActor };
}

describe('a slow session boot', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("that answers after the boot's patience: the window's error shows at the patience, then gives way to the site's settings", async () => {
    const { site, boot, facts, settingsCalls } = start();
    await vi.advanceTimersByTimeAsync(BOOT_PATIENCE_MS - 1);
    expect(selectIsSettled(site.getSnapshot())).toBe(false);
    expect(boot.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    // widget-spec §8 'Unable to load chat widget' (the view's words for FAILED), reported to the page
    expect(selectLoadError(site.getSnapshot())).toBe('FAILED');
    expect(facts).toContainEqual(expect.objectContaining({ type: 'settings.failed', fatal: true }));

    // the same boot answers late: the settings load again with its token, and the error is gone
    boot.calls[0]!.resolve(answer('late'));
    await waitFor(site, (s) => s.matches('idle'));
    expect(selectLoadError(site.getSnapshot())).toBeNull();
    expect(site.getSnapshot().context.appearance.agentName).toBe('Horizon Assistant');
    expect(settingsCalls.count).toBe(2);
    expect(boot.calls).toHaveLength(1);
    expect(facts.map((f) => f.type)).toContain('settings.loaded');
  });

  it("that failed: the visitor's Retry boots again and loads the settings", async () => {
    const { site, boot } = start();
    boot.calls[0]!.reject(new TypeError('Failed to fetch'));
    await waitFor(site, (s) => s.matches('failed'));
    site.send({ type: 'SETTINGS.RETRY' });
    await vi.advanceTimersByTimeAsync(0);
    expect(boot.calls).toHaveLength(2);
    boot.calls[1]!.resolve(answer('again'));
    await waitFor(site, (s) => s.matches('idle'));
    expect(selectLoadError(site.getSnapshot())).toBeNull();
  });

  it("a Retry while the boot is late waits for the same boot (the settings load again, with the boot's patience again); its answer loads them", async () => {
    const { site, boot, facts } = start();
    await vi.advanceTimersByTimeAsync(BOOT_PATIENCE_MS);
    expect(site.getSnapshot().matches('failed')).toBe(true);
    site.send({ type: 'SETTINGS.RETRY' });
    await vi.advanceTimersByTimeAsync(0);
    // the boot in flight is kept (it may be about to answer), and the window shows the loading state
    expect(boot.calls).toHaveLength(1);
    expect(site.getSnapshot().matches('loading')).toBe(true);
    expect(selectLoadError(site.getSnapshot())).toBeNull();
    // still no answer after the patience again: the error again, with Retry
    await vi.advanceTimersByTimeAsync(BOOT_PATIENCE_MS - 1);
    expect(selectLoadError(site.getSnapshot())).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(selectLoadError(site.getSnapshot())).toBe('FAILED');
    // Retry again; the first boot answers during the wait
    site.send({ type: 'SETTINGS.RETRY' });
    await vi.advanceTimersByTimeAsync(3_000);
    boot.calls[0]!.resolve(answer('late'));
    await waitFor(site, (s) => s.matches('idle'));
    expect(selectLoadError(site.getSnapshot())).toBeNull();
    expect(site.getSnapshot().context.appearance.agentName).toBe('Horizon Assistant');
    expect(boot.calls).toHaveLength(1);
    expect(facts.map((f) => f.type)).toContain('settings.loaded');
  });

  it('a Retry after the late boot failed (a network error) boots anew', async () => {
    const { site, boot } = start();
    await vi.advanceTimersByTimeAsync(BOOT_PATIENCE_MS);
    expect(site.getSnapshot().matches('failed')).toBe(true);
    boot.calls[0]!.reject(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(0);
    site.send({ type: 'SETTINGS.RETRY' });
    await vi.advanceTimersByTimeAsync(0);
    expect(boot.calls).toHaveLength(2);
    expect(selectLoadError(site.getSnapshot())).toBeNull();
    boot.calls[1]!.resolve(answer('second'));
    await waitFor(site, (s) => s.matches('idle'));
  });

  it('the window opening while the settings load starts the conversation; an ask goes to the chat once it is due', async () => {
    const { root, win, chat } = start();
    win.send({ type: 'WINDOW.ASK', text: 'What are the fees?' });
    expect(root.getSnapshot().matches('talking')).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    // the chat's message waits for the settings in its effect (src/chat-window/index.tsx), not here
    expect(chat).toEqual([{ type: 'CHAT.SEND', text: 'What are the fees?' }]);
  });
});
