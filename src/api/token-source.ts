/** Connects the API client to the auth machine: the client asks, the machine decides when to boot. */
import { fromPromise, waitFor } from 'xstate';
import { BootError, type AuthActor, type AuthError, type BootResult } from '../../machines/auth';
import { parseDuration } from '../../contract/duration';
import { ApiError, createCoreClient, createHttp, type ClientOptions, type CoreClient, type TokenSource } from './client';
import { SETTINGS_ERROR_TEXT } from '../messages';

/** A lifetime as widget-spec §3 writes it (`30m`), in ms; NaN when it cannot be read (the auth machine refuses it). */
export function lifetimeOf(expiresIn: string): number {
  try {
    return parseDuration(expiresIn);
  } catch {
    return Number.NaN;
  }
}

const toApiError = (code: AuthError | null) =>
  code === 'INVALID_API_KEY' || code === 'INVALID_CONFIGURATION' ? new ApiError(code) : new ApiError('FAILED', SETTINGS_ERROR_TEXT.FAILED);

/** The auth machine's boot actor, calling `POST {base}session/boot`. */
export const bootActor = (client: Pick<CoreClient, 'boot'>, now: () => number = Date.now) =>
  fromPromise<BootResult>(async () => {
    try {
      const r = await client.boot();
      return { authToken: r.authToken, lifetimeMs: lifetimeOf(r.expiresIn), receivedAt: now() };
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 'FAILED';
      throw new BootError(code === 'INVALID_API_KEY' || code === 'INVALID_CONFIGURATION' ? code : 'BOOT_FAILED');
    }
  });

/** A TokenSource over the running auth actor `auth` finds (the root spawns it; a test may give its own). */
export function authTokenSource(auth: () => AuthActor, now: () => number = Date.now): TokenSource {
  return {
    async get() {
      auth().send({ type: 'TOKEN.NEEDED', now: now() });
      // a failed boot, or a late one (machines/auth.ts), fails the call; the late one goes on
      const s = await waitFor(auth(), (x) => x.matches('ready') || !!x.context.error);
      if (!s.matches('ready') || !s.context.token) throw toApiError(s.context.error);
      return s.context.token;
    },
    received(token, expiresIn) {
      auth().send({ type: 'TOKEN.RECEIVED', token, lifetimeMs: lifetimeOf(expiresIn), now: now() });
    },
    rejected() {
      auth().send({ type: 'TOKEN.REJECTED' });
    },
  };
}

/**
 * The API client over the widget's auth machine (the root spawns it as `auth`; `auth` finds it, from
 * the first call on): the client asks, the machine decides when to boot.
 */
export function connect(options: Omit<ClientOptions, 'tokens'> & { auth: () => AuthActor; early?: Promise<Response> }) {
  const http = createHttp({ ...options, tokens: authTokenSource(options.auth) });
  return { http, client: createCoreClient(http, options.early) };
}
