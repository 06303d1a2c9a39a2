import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine, BootError, refreshMargin, storedToken, type BootResult } from '../../machines/auth';
import { BOOT_LIMIT_MS, BOOT_PATIENCE_MS } from '../../machines/constants';
import { lifetimeOf } from '../../src/api/token-source';

/** A boot actor whose calls the test resolves or rejects by hand. */
function controlledBoot() {
  const calls: { resolve: (r: BootResult) => void; reject: (e: unknown) => void }[] = [];
  const logic = fromPromise<BootResult>(() => new Promise<BootResult>((resolve, reject) => calls.push({ resolve, reject })));
  return { logic, calls };
}

function start() {
  const boot = controlledBoot();
  const actor = createActor(authMachine.provide({ actors: { boot: boot.logic } })).start();
  return { actor, boot };
}

const T0 = 1_700_000_000_000;

describe('the refresh margin', () => {
  it('is 60 s for long lifetimes and half the lifetime for short ones', () => {
    expect(refreshMargin(30 * 60_000)).toBe(60_000);
    expect(refreshMargin(120_000)).toBe(60_000);
    expect(refreshMargin(10_000)).toBe(5_000);
  });
  it('a 10s token is usable for 5 s, not never', () => {
    expect(storedToken('t', lifetimeOf('10s'), T0)).toEqual({ token: 't', lifetimeMs: 10_000, usableUntil: T0 + 5_000 });
    expect(storedToken('t', lifetimeOf('30m'), T0)!.usableUntil).toBe(T0 + 29 * 60_000);
    expect(storedToken('t', lifetimeOf('2h'), T0)!.lifetimeMs).toBe(7_200_000);
    expect(storedToken('t', lifetimeOf('1d'), T0)!.lifetimeMs).toBe(86_400_000);
    expect(storedToken('t', lifetimeOf('soon'), T0)).toBeNull();
  });
});

describe('the auth machine', () => {
  it('boots on the first request and stores the token', async () => {
    const { actor, boot } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'TOKEN.NEEDED', now: T0 });
    expect(actor.getSnapshot().matches('booting')).toBe(true);
    boot.calls[0]!.resolve({ authToken: 'tok-1', lifetimeMs: 30 * 60_000, receivedAt: T0 });
    const s = await waitFor(actor, (x) => x.matches('ready'));
    expect(s.context).toMatchObject({ token: 'tok-1', usableUntil: T0 + 29 * 60_000, error: null });
  });

  it('concurrent requests share one in-flight boot', async () => {
    const { actor, boot } = start();
    actor.send({ type: 'TOKEN.NEEDED', now: T0 });
    actor.send({ type: 'TOKEN.NEEDED', now: T0 });
    actor.send({ type: 'TOKEN.NEEDED', now: T0 });
    expect(boot.calls).toHaveLength(1);
    boot.calls[0]!.resolve({ authToken: 'tok', lifetimeMs: 30 * 60_000, receivedAt: T0 });
    await waitFor(actor, (x) => x.matches('ready'));
    actor.send({ type: 'TOKEN.NEEDED', now: T0 + 1000 });
    expect(boot.calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('checks the wall clock on every request: a token past its usable time boots again (a laptop that slept)', async () => {
    const { actor, boot } = start();
    actor.send({ type: 'TOKEN.NEEDED', now: T0 });
    boot.calls[0]!.resolve({ authToken: 'old', lifetimeMs: 30 * 60_000, receivedAt: T0 });
    await waitFor(actor, (x) => x.matches('ready'));
    actor.send({ type: 'TOKEN.NEEDED', now: T0 + 29 * 60_000 - 1 });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'TOKEN.NEEDED', now: T0 + 29 * 60_000 });
    expect(actor.getSnapshot().matches('booting')).toBe(true);
    expect(actor.getSnapshot().context.token).toBeNull();
    boot.calls[1]!.resolve({ authToken: 'new', lifetimeMs: 30 * 60_000, receivedAt: T0 + 29 * 60_000 });
    expect((await waitFor(actor, (x) => x.matches('ready'))).context.token).toBe('new');
  });

  it('a token from a response header replaces the stored one', async () => {
    const { actor, boot } = start();
    actor.send({ type: 'TOKEN.NEEDED', now: T0 });
    boot.calls[0]!.resolve({ authToken: 'first', lifetimeMs: 10_000, receivedAt: T0 });
    await waitFor(actor, (x) => x.matches('ready'));
    actor.send({ type: 'TOKEN.RECEIVED', token: 'second', lifetimeMs: 30 * 60_000, now: T0 + 3000 });
    expect(actor.getSnapshot().context).toMatchObject({ token: 'second', usableUntil: T0 + 3000 + 29 * 60_000 });
    // a header with an unreadable lifetime is ignored
    actor.send({ type: 'TOKEN.RECEIVED', token: 'third', lifetimeMs: Number.NaN, now: T0 + 4000 });
    expect(actor.getSnapshot().context.token).toBe('second');
  });

  it('a rejected token (401) is dropped and a new one booted', async () => {
    const { actor, boot } = start();
    actor.send({ type: 'TOKEN.NEEDED', now: T0 });
    boot.calls[0]!.resolve({ authToken: 'revoked', lifetimeMs: 30 * 60_000, receivedAt: T0 });
    await waitFor(actor, (x) => x.matches('ready'));
    actor.send({ type: 'TOKEN.REJECTED' });
    expect(actor.getSnapshot().matches('booting')).toBe(true);
    expect(boot.calls).toHaveLength(2);
  });

  it.each([
    [new BootError('INVALID_API_KEY'), 'INVALID_API_KEY'],
    [new BootError('INVALID_CONFIGURATION'), 'INVALID_CONFIGURATION'],
    [new TypeError('Failed to fetch'), 'BOOT_FAILED'],
  ] as const)('a failed boot surfaces %s as %s, and a later request tries again', async (error, code) => {
    const { actor, boot } = start();
    actor.send({ type: 'TOKEN.NEEDED', now: T0 });
    boot.calls[0]!.reject(error);
    const s = await waitFor(actor, (x) => x.matches('failed'));
    expect(s.context).toMatchObject({ token: null, error: code });
    actor.send({ type: 'TOKEN.NEEDED', now: T0 });
    expect(actor.getSnapshot().matches('booting')).toBe(true);
    boot.calls[1]!.resolve({ authToken: 'ok', lifetimeMs: 86_400_000, receivedAt: T0 });
    expect((await waitFor(actor, (x) => x.matches('ready'))).context.error).toBeNull();
  });

  it('a boot answer with an unreadable lifetime fails rather than storing a token of unknown life', async () => {
    const { actor, boot } = start();
    actor.send({ type: 'TOKEN.NEEDED', now: T0 });
    boot.calls[0]!.resolve({ authToken: 'tok', lifetimeMs: Number.NaN, receivedAt: T0 });
    expect((await waitFor(actor, (x) => x.matches('failed'))).context.error).toBe('BOOT_FAILED');
  });

  describe("the boot's patience", () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('a boot past its patience fails its callers but goes on: its late answer is stored, and reported', async () => {
      const { actor, boot } = start();
      const booted = vi.fn();
      actor.on('booted', booted);
      actor.send({ type: 'TOKEN.NEEDED', now: T0 });
      vi.advanceTimersByTime(BOOT_PATIENCE_MS - 1);
      expect(actor.getSnapshot().context.error).toBeNull();
      vi.advanceTimersByTime(1);
      // the callers' answer: it failed (the widget says it cannot load); the boot itself is still awaited
      expect(actor.getSnapshot().matches('booting')).toBe(true);
      expect(actor.getSnapshot().context.error).toBe('BOOT_FAILED');
      boot.calls[0]!.resolve({ authToken: 'late', lifetimeMs: 30 * 60_000, receivedAt: T0 + BOOT_PATIENCE_MS + 2_000 });
      const s = await waitFor(actor, (x) => x.matches('ready'));
      expect(s.context).toMatchObject({ token: 'late', error: null });
      expect(boot.calls).toHaveLength(1);
      expect(booted).toHaveBeenCalledTimes(1);
    });

    it('a request while the boot is late (Retry) waits for the same boot, with its patience again; its answer counts', async () => {
      const { actor, boot } = start();
      const booted = vi.fn();
      actor.on('booted', booted);
      actor.send({ type: 'TOKEN.NEEDED', now: T0 });
      // within the patience, a request waits for the same boot
      actor.send({ type: 'TOKEN.NEEDED', now: T0 });
      expect(boot.calls).toHaveLength(1);
      vi.advanceTimersByTime(BOOT_PATIENCE_MS);
      expect(actor.getSnapshot().context.error).toBe('BOOT_FAILED');
      // Retry while late: no new request (the one in flight may be about to answer), and the wait starts again
      actor.send({ type: 'TOKEN.NEEDED', now: T0 + BOOT_PATIENCE_MS });
      expect(boot.calls).toHaveLength(1);
      expect(actor.getSnapshot().matches('booting')).toBe(true);
      expect(actor.getSnapshot().context.error).toBeNull();
      vi.advanceTimersByTime(BOOT_PATIENCE_MS - 1);
      expect(actor.getSnapshot().context.error).toBeNull();
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot().context.error).toBe('BOOT_FAILED');
      // a second Retry, and the first boot answers during its wait
      actor.send({ type: 'TOKEN.NEEDED', now: T0 + 2 * BOOT_PATIENCE_MS });
      vi.advanceTimersByTime(5_000);
      boot.calls[0]!.resolve({ authToken: 'late', lifetimeMs: 30 * 60_000, receivedAt: T0 + 2 * BOOT_PATIENCE_MS + 5_000 });
      const s = await waitFor(actor, (x) => x.matches('ready'));
      expect(s.context).toMatchObject({ token: 'late', error: null });
      expect(boot.calls).toHaveLength(1);
      expect(booted).toHaveBeenCalledTimes(1);
      // the patience ended with the boot: nothing fails later
      vi.advanceTimersByTime(BOOT_PATIENCE_MS);
      expect(actor.getSnapshot().context.error).toBeNull();
    });

    it.each([
      ['an error answer', new BootError('INVALID_API_KEY'), 'INVALID_API_KEY'],
      ['a network error', new BootError('BOOT_FAILED'), 'BOOT_FAILED'],
    ] as const)('a late boot that then fails (%s): the next request (Retry) boots with a new request', async (_, error, code) => {
      const { actor, boot } = start();
      actor.send({ type: 'TOKEN.NEEDED', now: T0 });
      vi.advanceTimersByTime(BOOT_PATIENCE_MS);
      expect(actor.getSnapshot().context.error).toBe('BOOT_FAILED');
      boot.calls[0]!.reject(error);
      expect((await waitFor(actor, (x) => x.matches('failed'))).context.error).toBe(code);
      actor.send({ type: 'TOKEN.NEEDED', now: T0 + BOOT_PATIENCE_MS + 1_000 });
      expect(boot.calls).toHaveLength(2);
      expect(actor.getSnapshot().context.error).toBeNull();
      boot.calls[1]!.resolve({ authToken: 'second', lifetimeMs: 30 * 60_000, receivedAt: T0 + BOOT_PATIENCE_MS + 2_000 });
      expect((await waitFor(actor, (x) => x.matches('ready'))).context.token).toBe('second');
      vi.advanceTimersByTime(BOOT_PATIENCE_MS);
      expect(actor.getSnapshot().context.error).toBeNull();
    });
    it('a boot with no answer by its limit has failed, however often it was waited for again; the next request boots anew', async () => {
      const { actor, boot } = start();
      actor.send({ type: 'TOKEN.NEEDED', now: T0 });
      // Retry after each patience, until the limit
      let elapsed = 0;
      while (elapsed + BOOT_PATIENCE_MS < BOOT_LIMIT_MS) {
        vi.advanceTimersByTime(BOOT_PATIENCE_MS);
        elapsed += BOOT_PATIENCE_MS;
        expect(actor.getSnapshot().matches({ booting: 'late' })).toBe(true);
        actor.send({ type: 'TOKEN.NEEDED', now: T0 + elapsed });
      }
      expect(boot.calls).toHaveLength(1);
      vi.advanceTimersByTime(BOOT_LIMIT_MS - elapsed - 1);
      expect(actor.getSnapshot().matches('booting')).toBe(true);
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot()).toMatchObject({ value: 'failed', context: { error: 'BOOT_FAILED' } });
      // its answer after the limit no longer counts; the next request is a new boot
      boot.calls[0]!.resolve({ authToken: 'too-late', lifetimeMs: 30 * 60_000, receivedAt: T0 + BOOT_LIMIT_MS });
      await Promise.resolve();
      expect(actor.getSnapshot().context.token).toBeNull();
      actor.send({ type: 'TOKEN.NEEDED', now: T0 + BOOT_LIMIT_MS });
      expect(boot.calls).toHaveLength(2);
    });
  });

  describe('the refresh timer', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('drops the token at expiry minus the margin, so the next request boots', async () => {
      const { actor, boot } = start();
      actor.send({ type: 'TOKEN.NEEDED', now: T0 });
      boot.calls[0]!.resolve({ authToken: 'tok', lifetimeMs: 10_000, receivedAt: T0 });
      await waitFor(actor, (x) => x.matches('ready'));
      vi.advanceTimersByTime(4_999);
      expect(actor.getSnapshot().value).toBe('ready');
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot().value).toBe('stale');
      expect(actor.getSnapshot().context.token).toBeNull();
      actor.send({ type: 'TOKEN.NEEDED', now: T0 + 5_000 });
      expect(boot.calls).toHaveLength(2);
    });
  });
});
