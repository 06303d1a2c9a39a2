/**
 * The console's appearance editor (machines/console-appearance.ts): draft against published, dirty, saving with
 * its base version, the conflict and its reload, discard and restore behind a confirmation, the versions list.
 * Every call is a fake.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  consoleAppearanceMachine,
  fieldAt,
  selectCanSave,
  selectDirty,
  selectPhase,
  withField,
  type Fields,
  type Loaded,
  type Published,
} from '../../machines/console-appearance';

const published = (version: number, appearance: Fields): Published => ({
  version,
  appearance,
  savedAt: '2026-11-26T10:00:00.000Z',
  savedBy: 'owner@example.com',
});

/** A fake server: its versions, newest last; saves refused as a conflict while `conflict` is set. */
function fakeServer(initial: Fields = { agentName: 'Ada' }) {
  const versions: Published[] = [published(1, initial)];
  const calls: string[] = [];
  const state = { conflict: false, refuse: false, forbid: false, failLoad: false };
  const newest = () => versions[versions.length - 1]!;
  const loaded = (): Loaded => ({
    published: newest(),
    versions: [...versions].reverse().map(({ version, savedAt, savedBy }) => ({ version, savedAt: savedAt!, savedBy })),
  });
  const actors = {
    loadAppearance: fromPromise<Loaded, { siteId: string }>(async ({ input }) => {
      calls.push(`load ${input.siteId}`);
      if (state.failLoad) throw { code: 'FAILED' };
      return loaded();
    }),
    saveAppearance: fromPromise<Published, { siteId: string; appearance: Fields; baseVersion: number }>(async ({ input }) => {
      calls.push(`save base ${input.baseVersion}`);
      if (state.refuse) throw { code: 'INVALID', field: 'launcher.backgroundColor' };
      if (state.forbid) throw { code: 'FORBIDDEN' };
      if (state.conflict || input.baseVersion !== newest().version) throw { code: 'CONFLICT' };
      versions.push(published(newest().version + 1, input.appearance));
      return newest();
    }),
    loadVersion: fromPromise<Fields, { siteId: string; version: number }>(async ({ input }) => {
      calls.push(`version ${input.version}`);
      const v = versions.find((p) => p.version === input.version);
      if (!v) throw { code: 'NOT_FOUND' };
      return v.appearance;
    }),
    restoreVersion: fromPromise<unknown, { siteId: string; version: number }>(async ({ input }) => {
      calls.push(`restore ${input.version}`);
      versions.push(published(newest().version + 1, versions.find((p) => p.version === input.version)!.appearance));
      return undefined;
    }),
  };
  return { versions, calls, state, actors, newest };
}

async function start(server = fakeServer(), isValid = (d: Fields) => fieldAt(d, 'launcher.backgroundColor') !== '#e11d4') {
  const actor = createActor(consoleAppearanceMachine.provide({ actors: server.actors }), { input: { siteId: 'site-1', isValid } });
  actor.start();
  await waitFor(actor, (s) => selectPhase(s) === 'editing');
  return actor;
}

describe('fields of a stored appearance', () => {
  it('sets and removes a nested field, dropping a group left empty', () => {
    const set = withField({ agentName: 'Ada' }, 'launcher.size', 72);
    expect(set).toEqual({ agentName: 'Ada', launcher: { size: 72 } });
    expect(fieldAt(set, 'launcher.size')).toBe(72);
    expect(withField(set, 'launcher.size', undefined)).toEqual({ agentName: 'Ada' });
  });
});

describe('the appearance editor', () => {
  it('loads the published appearance as the draft, clean', async () => {
    const actor = await start();
    expect(actor.getSnapshot().context.draft).toEqual({ agentName: 'Ada' });
    expect(selectDirty(actor.getSnapshot())).toBe(false);
    expect(selectCanSave(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.versions.map((v) => v.version)).toEqual([1]);
  });

  it('a change makes it dirty; setting it back makes it clean again', async () => {
    const actor = await start();
    actor.send({ type: 'FIELD.SET', path: 'agentName', value: 'Bea' });
    expect(selectDirty(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'FIELD.SET', path: 'agentName', value: 'Ada' });
    expect(selectDirty(actor.getSnapshot())).toBe(false);
  });

  it('Reset to default removes the field from the draft', async () => {
    const actor = await start();
    actor.send({ type: 'FIELD.RESET', path: 'agentName' });
    expect(actor.getSnapshot().context.draft).toEqual({});
    expect(selectDirty(actor.getSnapshot())).toBe(true);
  });

  it('an invalid draft cannot be saved', async () => {
    const server = fakeServer();
    const actor = await start(server);
    actor.send({ type: 'FIELD.SET', path: 'launcher.backgroundColor', value: '#e11d4' });
    expect(selectCanSave(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'DRAFT.SAVE' });
    expect(selectPhase(actor.getSnapshot())).toBe('editing');
    expect(server.calls).not.toContain('save base 1');
  });

  it('Save publishes the draft on its base version, then lists the new version', async () => {
    const server = fakeServer();
    const actor = await start(server);
    actor.send({ type: 'FIELD.SET', path: 'launcher.backgroundColor', value: '#e11d48' });
    actor.send({ type: 'DRAFT.SAVE' });
    expect(selectPhase(actor.getSnapshot())).toBe('saving');
    await waitFor(actor, (s) => s.matches('editing'));
    expect(server.calls).toContain('save base 1');
    const s = actor.getSnapshot();
    expect(s.context.published?.version).toBe(2);
    expect(s.context.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(selectDirty(s)).toBe(false);
  });

  it('a version saved elsewhere is a conflict; reload keeps the draft over the newest version', async () => {
    const server = fakeServer();
    const actor = await start(server);
    server.versions.push(published(2, { agentName: 'Elsewhere' }));
    actor.send({ type: 'FIELD.SET', path: 'agentName', value: 'Mine' });
    actor.send({ type: 'DRAFT.SAVE' });
    await waitFor(actor, (s) => s.matches('conflict'));
    expect(actor.getSnapshot().context.error).toBe('CONFLICT');
    actor.send({ type: 'EDITOR.RELOAD' });
    await waitFor(actor, (s) => s.matches('editing'));
    const s = actor.getSnapshot();
    expect(s.context.published?.version).toBe(2);
    expect(s.context.draft).toEqual({ agentName: 'Mine' });
    expect(s.context.error).toBeNull();
    actor.send({ type: 'DRAFT.SAVE' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.published?.version === 3);
    expect(server.calls).toContain('save base 2');
  });

  it('a save the server refuses says so and keeps the draft', async () => {
    const server = fakeServer();
    server.state.refuse = true;
    const actor = await start(server);
    actor.send({ type: 'FIELD.SET', path: 'agentName', value: 'Bea' });
    actor.send({ type: 'DRAFT.SAVE' });
    await waitFor(actor, (s) => s.context.error === 'SAVE_REFUSED');
    expect(actor.getSnapshot().context.draft).toEqual({ agentName: 'Bea' });
  });

  it('a save the role does not allow says so', async () => {
    const server = fakeServer();
    server.state.forbid = true;
    const actor = await start(server);
    actor.send({ type: 'FIELD.SET', path: 'agentName', value: 'Bea' });
    actor.send({ type: 'DRAFT.SAVE' });
    await waitFor(actor, (s) => s.context.error === 'FORBIDDEN');
    expect(selectPhase(actor.getSnapshot())).toBe('editing');
  });

  it('Discard of a clean draft needs no confirmation; of a dirty one asks first', async () => {
    const actor = await start();
    actor.send({ type: 'DRAFT.DISCARD' });
    expect(selectPhase(actor.getSnapshot())).toBe('editing');
    actor.send({ type: 'FIELD.SET', path: 'agentName', value: 'Bea' });
    actor.send({ type: 'DRAFT.DISCARD' });
    expect(actor.getSnapshot().context.confirm).toEqual({ kind: 'discard' });
    actor.send({ type: 'CONFIRM.NO' });
    expect(actor.getSnapshot().context.draft).toEqual({ agentName: 'Bea' });
    actor.send({ type: 'DRAFT.DISCARD' });
    actor.send({ type: 'CONFIRM.YES' });
    expect(actor.getSnapshot().context.draft).toEqual({ agentName: 'Ada' });
    expect(selectDirty(actor.getSnapshot())).toBe(false);
  });

  it('views a version, then restores it (after confirming) as the newest, and the draft becomes it', async () => {
    const server = fakeServer();
    const actor = await start(server);
    actor.send({ type: 'FIELD.SET', path: 'agentName', value: 'Bea' });
    actor.send({ type: 'DRAFT.SAVE' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.published?.version === 2);

    actor.send({ type: 'VERSION.VIEW', version: 1 });
    await waitFor(actor, (s) => s.matches({ viewing: 'shown' }));
    expect(actor.getSnapshot().context.viewing).toEqual({ version: 1, appearance: { agentName: 'Ada' } });

    actor.send({ type: 'VERSION.RESTORE', version: 1 });
    expect(selectPhase(actor.getSnapshot())).toBe('confirming');
    actor.send({ type: 'CONFIRM.YES' });
    await waitFor(actor, (s) => s.matches('editing'));
    const s = actor.getSnapshot();
    expect(server.calls).toContain('restore 1');
    expect(s.context.published?.version).toBe(3);
    expect(s.context.draft).toEqual({ agentName: 'Ada' });
    expect(s.context.versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(s.context.viewing).toBeNull();
  });

  it('a version that fails to load goes back to editing with its error', async () => {
    const actor = await start();
    actor.send({ type: 'VERSION.VIEW', version: 9 });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.error).toBe('VERSION_FAILED');
    actor.send({ type: 'VERSION.VIEW', version: 1 });
    actor.send({ type: 'VERSION.CLOSE' });
    expect(actor.getSnapshot().context.viewing).toBeNull();
  });

  it('a failed load can be retried', async () => {
    const server = fakeServer();
    server.state.failLoad = true;
    const actor = createActor(consoleAppearanceMachine.provide({ actors: server.actors }), { input: { siteId: 's', isValid: () => true } });
    actor.start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('LOAD_FAILED');
    server.state.failLoad = false;
    actor.send({ type: 'EDITOR.RELOAD' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
