/**
 * `AIChatWidget.setAppearance` (src/preview.ts) on the site machine (machines/site.ts): the page's fields, checked
 * as the site's appearance is, are laid over the site's own appearance and shown; invalid ones are dropped; null
 * shows the site's own again; a load of the settings stores the site's own only, and the preview is laid over it.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { DEFAULT_APPEARANCE, mergeAppearance } from '../../contract/appearance';
import { siteMachine, selectAppearance, type SettingsResult, type SiteConfig, type SiteEmitted } from '../../machines/site';
import type { PresenceBubble } from '../../machines/window';
import { overlay, preview } from '../../src/preview';
import { controlled } from './controlled';

const CONFIG: SiteConfig = { agentPageAwareness: false, interactiveAvatarId: '', referenceWebpage: '' };
const OWN = mergeAppearance({ agentName: 'Ada', launcher: { backgroundColor: '#112233', size: 60 } });

function start(appearance = OWN) {
  const loadSettings = controlled<unknown, SettingsResult>();
  const actor = createActor(
    siteMachine.provide({
      actors: {
        loadSettings: loadSettings.logic,
        presence: fromPromise<PresenceBubble | null, { path: string }>(async () => null),
        rememberGreeting: fromPromise<void>(async () => undefined),
        pathWatcher: fromCallback<EventObject>(() => undefined),
        viewport: fromCallback<EventObject>(() => undefined),
      },
    }),
    { input: { path: '/', isMobile: false, greeted: true, appearance, config: CONFIG, stored: true } },
  );
  const emitted: SiteEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as SiteEmitted));
  actor.start();
  return { actor, loadSettings, emitted };
}

const shown = (actor: ReturnType<typeof start>['actor']) => selectAppearance(actor.getSnapshot());

describe('laying a preview over the site’s appearance', () => {
  it('keeps the site’s own fields the preview does not name, and drops the invalid ones', () => {
    const a = overlay(OWN, {
      agentDescription: 'Previewed',
      launcher: { borderColor: '#445566', size: 'big', alignment: 'middle' },
      colorScheme: 'dark',
      nonsense: 1,
      home: 'not an object',
    });
    expect(a.agentName).toBe('Ada');
    expect(a.agentDescription).toBe('Previewed');
    expect(a.launcher).toEqual({ ...OWN.launcher, borderColor: '#445566' });
    expect(a.colorScheme).toBe('dark');
    expect(a.home).toEqual(OWN.home);
    expect('nonsense' in a).toBe(false);
    // the site's own is left as it was
    expect(OWN).toEqual(mergeAppearance({ agentName: 'Ada', launcher: { backgroundColor: '#112233', size: 60 } }));
  });
});

describe('AIChatWidget.setAppearance on the site machine', () => {
  it('shows the fields over the site’s own, and null the site’s own again', () => {
    const { actor } = start();
    preview(actor, { agentName: 'Preview', launcher: { backgroundColor: '#ff0000' } });
    expect(shown(actor).agentName).toBe('Preview');
    expect(shown(actor).launcher).toMatchObject({ backgroundColor: '#ff0000', size: 60 });
    // a second call replaces the first (it is not laid over it)
    preview(actor, { agentDescription: 'Second' });
    expect(shown(actor)).toEqual({ ...OWN, agentDescription: 'Second' });
    preview(actor, null);
    expect(shown(actor)).toBe(OWN);
    // anything but an object is the same as null
    preview(actor, { agentName: 'Again' });
    preview(actor, 'nonsense');
    expect(shown(actor)).toBe(OWN);
  });

  it('is never stored: a load of the settings reports the site’s own, and the preview stays over it', async () => {
    const { actor, loadSettings, emitted } = start(DEFAULT_APPEARANCE);
    preview(actor, { agentName: 'Preview' });
    expect(shown(actor).agentName).toBe('Preview');
    loadSettings.calls[0]!.resolve({ appearance: { ok: true, value: OWN }, config: { ok: true, value: CONFIG } });
    await waitFor(actor, (s) => !s.matches('loading'));
    expect(emitted.filter((e) => e.type === 'settings.loaded')).toEqual([{ type: 'settings.loaded', appearance: OWN, config: CONFIG }]);
    // the site's loaded appearance, with the preview laid over it
    expect(shown(actor)).toEqual({ ...OWN, agentName: 'Preview' });
    preview(actor, null);
    expect(shown(actor)).toBe(OWN);
  });
});
