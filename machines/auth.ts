/**
 * The widget's session token (widget-spec §4 "Auth token").
 *
 * - A token is valid until its expiry minus a margin, then fetched anew. The spec's
 *   margin is 60 s, but with its own example lifetime `10s` that margin would make a
 *   token that is never valid, so the margin is min(60 s, half the lifetime).
 * - Timers do not fire while a laptop sleeps, so every request for a token
 *   (`TOKEN.NEEDED`) carries the wall-clock time and is checked against the expiry;
 *   the refresh timer is only a head start.
 * - Concurrent callers share one in-flight boot: while `booting`, further requests
 *   just wait for its outcome.
 * - A boot that takes longer than `bootPatience` is late: its callers are told it failed
 *   (the widget says it cannot load), but it goes on, and a late answer is stored like any
 *   other (`booted` tells the widget, which loads what failed again). A request made while
 *   it is late (the visitor's Retry) waits for the same boot, with its patience again: a boot
 *   about to answer is never thrown away. Only a boot that failed (an error answer, a network
 *   error, or no answer within `bootLimit`) is followed by a new one.
 * - A token that arrives in a response header (`TOKEN.RECEIVED`) replaces the stored one.
 * - The token lives in this machine's context only: never in storage or a URL.
 */
import { assign, emit, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { notProvided } from './not-provided';
import { BOOT_LIMIT_MS, BOOT_PATIENCE_MS, TOKEN_REFRESH_MARGIN_MS } from './constants';

/** The margin before expiry at which a token stops being used: min(60 s, half its lifetime). */
export const refreshMargin = (lifetimeMs: number) => Math.min(TOKEN_REFRESH_MARGIN_MS, lifetimeMs / 2);

/** Why a boot failed: the error codes of widget-spec §8, or a network/server failure. */
export type AuthError = 'INVALID_API_KEY' | 'INVALID_CONFIGURATION' | 'BOOT_FAILED';

/** What the boot actor resolves with. */
export interface BootResult {
  authToken: string;
  /** The token's lifetime in ms, read from its `expiresIn` (widget-spec §3: `30m`, `2h`, …); NaN when unreadable. */
  lifetimeMs: number;
  /** The wall-clock time the token was received, ms since the epoch. */
  receivedAt: number;
}

export interface AuthContext {
  /** @default null */
  token: string | null;
  /** When the token stops being used (expiry minus the margin), ms since the epoch. @default 0 */
  usableUntil: number;
  /** The token's lifetime, for the refresh timer. @default 0 */
  lifetimeMs: number;
  /** Why the last boot failed, or BOOT_FAILED while one is late. @default null */
  error: AuthError | null;
}

export type AuthEvent =
  /** A caller needs a valid token; `now` is the wall clock at the time of asking. */
  | { type: 'TOKEN.NEEDED'; now: number }
  /** A response carried a fresh token (X-Auth-Token / X-Auth-Expires-In). */
  | { type: 'TOKEN.RECEIVED'; token: string; lifetimeMs: number; now: number }
  /** The server rejected the token (401): it is dropped and a new one booted. */
  | { type: 'TOKEN.REJECTED' };

/** A boot succeeded (the widget reloads the settings that failed meanwhile). */
export type AuthEmitted = { type: 'booted' };

/** A boot failure carrying its code; the boot actor throws these. */
export class BootError extends Error {
  constructor(readonly code: AuthError) {
    super(code);
  }
}

type Stored = Pick<AuthContext, 'token' | 'usableUntil' | 'lifetimeMs'>;

/** The stored form of a token, or null when its lifetime is not a positive number of ms. */
export function storedToken(token: string, lifetimeMs: number, receivedAt: number): Stored | null {
  if (!Number.isFinite(lifetimeMs) || lifetimeMs <= 0) return null;
  return { token, lifetimeMs, usableUntil: receivedAt + lifetimeMs - refreshMargin(lifetimeMs) };
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    emitted: {} as AuthEmitted,
  },
  actors: {
    boot: fromPromise<BootResult>(notProvided('boot')),
  },
  delays: {
    bootPatience: BOOT_PATIENCE_MS,
    bootLimit: BOOT_LIMIT_MS,
    /** When the token becomes unusable, counted from when it was stored. */
    refreshDelay: ({ context }) => Math.max(0, context.lifetimeMs - refreshMargin(context.lifetimeMs)),
  },
  guards: {
    isUsableAt: ({ context }, params: { now: number }) => context.token !== null && params.now < context.usableUntil,
    isReadableToken: (_, params: { token: string; lifetimeMs: number; now: number }) =>
      params.token !== '' && storedToken(params.token, params.lifetimeMs, params.now) !== null,
  },
  actions: {
    store: assign((_, params: { token: string; lifetimeMs: number; now: number }) => ({
      ...storedToken(params.token, params.lifetimeMs, params.now)!,
      error: null,
    })),
    drop: assign({ token: null, usableUntil: 0, lifetimeMs: 0 }),
    fail: assign((_, params: { error: AuthError }) => ({ token: null, usableUntil: 0, lifetimeMs: 0, error: params.error })),
  },
}).createMachine({
  id: 'auth',
  context: { token: null, usableUntil: 0, lifetimeMs: 0, error: null },
  initial: 'idle',
  on: {
    'TOKEN.RECEIVED': {
      guard: { type: 'isReadableToken', params: ({ event }) => event },
      target: '.ready',
      reenter: true,
      actions: { type: 'store', params: ({ event }) => event },
    },
  },
  states: {
    /** No token yet: the first request boots. */
    idle: {
      on: { 'TOKEN.NEEDED': 'booting' },
    },
    /**
     * One boot in flight; every request meanwhile waits for it. Past its patience its callers are told it failed,
     * and a request then (Retry) waits for the same boot again, with its patience again.
     */
    booting: {
      // the patience is a state of its own, so that a request while late starts it again without leaving
      // `booting`, which would stop the boot in flight
      initial: 'patient',
      states: {
        /** Waiting for the boot, `bootPatience` from the boot or from the latest request while late. */
        patient: {
          entry: assign({ error: null }),
          after: { bootPatience: { target: 'late', actions: { type: 'fail', params: { error: 'BOOT_FAILED' } } } },
        },
        /** Its callers were told it failed; it goes on. */
        late: {
          on: { 'TOKEN.NEEDED': 'patient' },
        },
      },
      // a boot with no answer by then has failed (the first one has no time limit of its own: src/api/client.ts)
      after: { bootLimit: { target: 'failed', actions: { type: 'fail', params: { error: 'BOOT_FAILED' } } } },
      invoke: {
        src: 'boot',
        onDone: [
          {
            guard: {
              type: 'isReadableToken',
              params: ({ event }) => ({ token: event.output.authToken, lifetimeMs: event.output.lifetimeMs, now: event.output.receivedAt }),
            },
            target: 'ready',
            actions: [
              {
                type: 'store',
                params: ({ event }) => ({
                  token: event.output.authToken,
                  lifetimeMs: event.output.lifetimeMs,
                  now: event.output.receivedAt,
                }),
              },
              emit({ type: 'booted' }),
            ],
          },
          // widget-spec §3: expiresIn is a number with a unit; anything else cannot be used safely.
          { target: 'failed', actions: { type: 'fail', params: { error: 'BOOT_FAILED' } } },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ error: event.error instanceof BootError ? event.error.code : 'BOOT_FAILED' }),
          },
        },
      },
    },
    /** A usable token; requests are answered at once while the wall clock says it is still usable. */
    ready: {
      after: { refreshDelay: { target: 'stale', actions: 'drop' } },
      on: {
        'TOKEN.NEEDED': [
          { guard: { type: 'isUsableAt', params: ({ event }) => ({ now: event.now }) } },
          { target: 'booting', actions: 'drop' },
        ],
        'TOKEN.REJECTED': { target: 'booting', actions: 'drop' },
      },
    },
    /** The refresh timer ran out: the next request boots. */
    stale: {
      on: { 'TOKEN.NEEDED': 'booting' },
    },
    /** The last boot failed; the error stays until a later request boots again. */
    failed: {
      on: { 'TOKEN.NEEDED': 'booting' },
    },
  },
});

export type AuthActor = ActorRefFrom<typeof authMachine>;
