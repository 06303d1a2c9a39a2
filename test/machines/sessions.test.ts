/**
 * The sessions machine's list (issue 13): a load that fails is told apart from an empty
 * list, Retry (SESSIONS.LOAD) loads again, a failed reload keeps the sessions it had, and
 * a rename failure is unaffected by the list's failure.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  selectSessions,
  selectSessionsFailed,
  selectSessionsLoaded,
  selectSessionsLoadFailed,
  sessionsMachine,
  type ChatSession,
  type SessionsSnapshot,
} from '../../machines/sessions';
import { ApiError } from '../../src/api/client';
import { controlled } from './controlled';
import { RENAME_ERROR_HINT_MS } from '../../machines/constants';

const SESSIONS: ChatSession[] = [{ id: 'a', name: 'Fees', lastMessageTimestamp: '2026-01-01T00:00:00Z', totalMessages: 2 }];

function start() {
  const load = controlled<unknown, ChatSession[]>();
  const rename = controlled<{ id: string; name: string }, { id: string; name: string | null }>();
  const actor = createActor(sessionsMachine.provide({ actors: { loadSessions: load.logic, renameSession: rename.logic } })).start();
  return { actor, load, rename };
}

const state = (s: SessionsSnapshot) => ({
  loaded: selectSessionsLoaded(s),
  failed: selectSessionsFailed(s),
  loadFailed: selectSessionsLoadFailed(s),
  sessions: selectSessions(s),
});

describe('sessions machine: a list that could not load (issue 13)', () => {
  it('is not loaded before the first load, so nothing may claim it is empty', () => {
    const { actor } = start();
    expect(state(actor.getSnapshot())).toEqual({ loaded: false, failed: false, loadFailed: false, sessions: [] });
  });

  it('an empty answer from the server is loaded and empty', async () => {
    const { actor, load } = start();
    actor.send({ type: 'SESSIONS.LOAD' });
    load.calls[0]!.resolve([]);
    expect(state(await waitFor(actor, selectSessionsLoaded))).toEqual({ loaded: true, failed: false, loadFailed: false, sessions: [] });
  });

  it.each([
    ['no answer (NETWORK)', new ApiError('NETWORK', 'Failed to load chat sessions')],
    ['a 500 (FAILED)', new ApiError('FAILED', 'Failed to load chat sessions', 500)],
  ])('%s is failed, not loaded', async (_why, error) => {
    const { actor, load } = start();
    actor.send({ type: 'SESSIONS.LOAD' });
    load.calls[0]!.reject(error);
    expect(state(await waitFor(actor, selectSessionsFailed))).toEqual({ loaded: false, failed: true, loadFailed: true, sessions: [] });
  });

  it('Retry loads again: while it loads the failure is remembered, not shown; success clears it', async () => {
    const { actor, load } = start();
    actor.send({ type: 'SESSIONS.LOAD' });
    load.calls[0]!.reject(new ApiError('NETWORK'));
    await waitFor(actor, selectSessionsFailed);

    actor.send({ type: 'SESSIONS.LOAD' });
    expect(load.calls).toHaveLength(2);
    expect(state(actor.getSnapshot())).toMatchObject({ loaded: false, failed: false, loadFailed: true });
    // a second Retry while it loads does not start another call
    actor.send({ type: 'SESSIONS.LOAD' });
    expect(load.calls).toHaveLength(2);

    load.calls[1]!.resolve(SESSIONS);
    expect(state(await waitFor(actor, selectSessionsLoaded))).toEqual({
      loaded: true,
      failed: false,
      loadFailed: false,
      sessions: SESSIONS,
    });
  });

  it('the server answering again (NETWORK.BACK) loads a failed list again; a loaded or never-loaded one stays as it is', async () => {
    const { actor, load } = start();
    actor.send({ type: 'NETWORK.BACK' });
    expect(load.calls).toHaveLength(0);
    actor.send({ type: 'SESSIONS.LOAD' });
    load.calls[0]!.reject(new ApiError('NETWORK'));
    await waitFor(actor, selectSessionsFailed);
    actor.send({ type: 'NETWORK.BACK' });
    expect(load.calls).toHaveLength(2);
    load.calls[1]!.resolve(SESSIONS);
    await waitFor(actor, selectSessionsLoaded);
    actor.send({ type: 'NETWORK.BACK' });
    expect(load.calls).toHaveLength(2);
  });

  it('a Retry that fails again is failed again', async () => {
    const { actor, load } = start();
    actor.send({ type: 'SESSIONS.LOAD' });
    load.calls[0]!.reject(new ApiError('NETWORK'));
    await waitFor(actor, selectSessionsFailed);
    actor.send({ type: 'SESSIONS.LOAD' });
    load.calls[1]!.reject(new ApiError('NETWORK'));
    expect(state(await waitFor(actor, selectSessionsFailed))).toMatchObject({ failed: true, loadFailed: true });
  });

  it('a reload that fails keeps the sessions loaded before (they are still true, only maybe stale)', async () => {
    const { actor, load } = start();
    actor.send({ type: 'SESSIONS.LOAD' });
    load.calls[0]!.resolve(SESSIONS);
    await waitFor(actor, selectSessionsLoaded);
    actor.send({ type: 'SESSIONS.LOAD' });
    load.calls[1]!.reject(new ApiError('NETWORK'));
    expect(state(await waitFor(actor, selectSessionsFailed))).toEqual({
      loaded: false,
      failed: true,
      loadFailed: true,
      sessions: SESSIONS,
    });
  });

  describe('rename while the list failed to reload', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it("a rename failure still gives its 3 s hint and keeps the name ('Failed to update chat session name' from the client)", async () => {
      const { actor, load, rename } = start();
      actor.send({ type: 'SESSIONS.LOAD' });
      load.calls[0]!.resolve(SESSIONS);
      await vi.waitFor(() => expect(selectSessionsLoaded(actor.getSnapshot())).toBe(true));
      actor.send({ type: 'SESSIONS.LOAD' });
      load.calls[1]!.reject(new ApiError('NETWORK'));
      await vi.waitFor(() => expect(selectSessionsFailed(actor.getSnapshot())).toBe(true));

      actor.send({ type: 'RENAME.START', id: 'a' });
      actor.send({ type: 'RENAME.CHANGE', draft: 'Pension fees' });
      actor.send({ type: 'RENAME.COMMIT' });
      rename.calls[0]!.reject(new ApiError('NETWORK', 'Failed to update chat session name'));
      await vi.waitFor(() => expect(actor.getSnapshot().context.failedId).toBe('a'));
      expect(actor.getSnapshot().context.sessions[0]!.name).toBe('Fees');
      vi.advanceTimersByTime(RENAME_ERROR_HINT_MS);
      expect(actor.getSnapshot().context.failedId).toBeNull();
      // the list's failure is untouched by the rename
      expect(selectSessionsFailed(actor.getSnapshot())).toBe(true);
    });
  });
});
