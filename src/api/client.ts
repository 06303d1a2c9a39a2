/**
 * The widget's one API client (widget-spec §7): every response is checked before
 * use, and every failure becomes the exact error of widget-spec §8.
 */
import { mergeAppearance, type Appearance } from '../../contract/appearance';
import { bool, nullable, obj, optional, str, type Check } from './schema';
import { FAILURE_TEXT } from '../messages';
import type { SiteConfig } from '../../machines/site';

/**
 * widget-spec §8 service errors; FAILED carries a 'Failed to …' text as its message, and so does
 * NETWORK: no answer at all (offline, refused, or over its time limit), which may be tried again.
 */
export type ApiErrorCode = 'INVALID_API_KEY' | 'INVALID_CONFIGURATION' | 'RATE_LIMIT_EXCEEDED' | 'SESSION_NOT_FOUND' | 'FAILED' | 'NETWORK';

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string = code,
    /** The HTTP status, when there was a response. */
    readonly status?: number,
    /** A 429's `Retry-After`, in seconds, when it had one. */
    readonly retryAfter?: number,
    /** The chat session the server kept a failed question in, when it said (issue 16). */
    readonly chatSessionId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * How long each call may take before it is given up (ms): the one place they are named. A call
 * past its limit fails like a network failure (code NETWORK), with its §8 text.
 */
export const TIMEOUT_MS = {
  /**
   * The boot and the settings: the launcher shows without them, from the stored or default appearance. (The
   * first boot, sent by widget.js, has no limit of its own here: the widget stops waiting for it after
   * machines/constants.ts BOOT_PATIENCE_MS, and still takes a late answer until BOOT_LIMIT_MS.)
   */
  boot: 10_000,
  settings: 10_000,
  /** An answer: the engine may take a while (the server gives its provider 30 s). */
  chat: 45_000,
  /** Everything else: history, sessions, rename, buttons, profile, transcription's upload. */
  other: 20_000,
} as const;

/** Request options with a time limit (default {@link TIMEOUT_MS}.other); `signal` cancels as well. */
export type TimedInit = RequestInit & { timeout?: number };

/** The seconds of a `Retry-After` header (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const s = /^\s*\d+\s*$/.test(value) ? Number(value) : (Date.parse(value) - now) / 1000;
  return Number.isFinite(s) ? Math.max(0, Math.ceil(s)) : undefined;
}

/** The token source the client uses: the auth machine in the widget, a fake in tests. */
export interface TokenSource {
  /** A usable token (boots when needed); rejects with the boot's ApiError. */
  get(): Promise<string>;
  /** A response carried a fresh token. */
  received(token: string, expiresIn: string): void;
  /** The server refused the token (401). */
  rejected(): void;
}

export interface ClientOptions {
  /** `{api}`: the API URL, no trailing slash needed. */
  apiUrl: string;
  /** `{base}`: the base URL. */
  baseUrl: string;
  apiKey: string;
  tokens: TokenSource;
  fetch?: typeof fetch;
  /** Told after every call whether the server answered (any status) or not (the network machine). */
  onReach?: (answered: boolean) => void;
}

export interface SendRequest {
  message: string;
  webPageContent: string;
  userSessionId: string;
  path: string;
  chatSessionId: string | null;
  additionalNamespaces?: string[];
  /** Ask question: the smart doc or video context (widget-spec §3). */
  smartDocContext?: object;
  videoContext?: object;
  /**
   * Beside widget-spec §3: the question's own random id, the same each time an unanswered question
   * is sent again, so that a server which did receive it answers with what it stored rather than
   * storing it twice (issue 13: delivered once). The reference server honours it; others ignore it.
   */
  clientMessageId?: string;
}

const BOOT = obj({ authToken: str, expiresIn: str });
/** The settings a boot may carry beside the spec's fields (the reference server sends them, issue 13). */
const BOOT_SETTINGS = obj({ appearance: obj({}), config: obj({}) });
const CONFIG = obj({ agentPageAwareness: bool, interactiveAvatarId: optional(nullable(str)), referenceWebpage: optional(nullable(str)) });
const APPEARANCE = obj({ appearance: obj({}) });
/** The HTTP layer every call shares: bearer tokens, fresh tokens from headers, one retry on 401, checked JSON. */
export function createHttp(options: ClientOptions) {
  const rawFetch = options.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  /** A fetch given up after its time limit or when its `signal` aborts (AbortSignal.any is newer than the browsers we support). */
  const doFetch = (url: string, { timeout = TIMEOUT_MS.other, signal, ...init }: TimedInit = {}): Promise<Response> => {
    const limit = new AbortController();
    const stop = () => limit.abort();
    const timer = setTimeout(stop, timeout);
    if (signal?.aborted) stop();
    signal?.addEventListener('abort', stop);
    return rawFetch(url, { ...init, signal: limit.signal })
      .then(
        (res) => {
          options.onReach?.(true);
          return res;
        },
        (err: unknown) => {
          // a call the caller cancelled says nothing about the network
          if (!signal?.aborted) options.onReach?.(false);
          throw err;
        },
      )
      .finally(() => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', stop);
      });
  };
  const api = options.apiUrl.replace(/\/+$/, '');
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;

  /** A bearer call; a refused token is replaced once. Resolves with the response, whatever its status. */
  async function authed(url: string, init: TimedInit = {}, retried = false): Promise<Response> {
    const token = await options.tokens.get();
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${token}`);
    const res = await doFetch(url, { ...init, headers, credentials: 'omit' });
    const fresh = res.headers.get('X-Auth-Token');
    const freshLife = res.headers.get('X-Auth-Expires-In');
    if (fresh && freshLife) options.tokens.received(fresh, freshLife);
    if (res.status === 401 && !retried) {
      options.tokens.rejected();
      return authed(url, init, true);
    }
    return res;
  }

  /** Runs a bearer call; resolves with a 2xx response, else rejects with widget-spec §8's error for its status. */
  async function respond(
    url: string,
    init: TimedInit,
    failure: string,
    statuses: Partial<Record<number, ApiErrorCode>> = {},
  ): Promise<Response> {
    let res: Response;
    try {
      res = await authed(url, init);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw new ApiError('NETWORK', failure);
    }
    if (!res.ok) {
      const code =
        statuses[res.status] ?? (res.status === 401 ? 'INVALID_API_KEY' : res.status === 403 ? 'INVALID_CONFIGURATION' : undefined);
      throw code
        ? new ApiError(code, code, res.status, retryAfterSeconds(res.headers.get('Retry-After')))
        : new ApiError('FAILED', failure, res.status);
    }
    return res;
  }

  /** A response's JSON, checked; widget-spec §8's `failure` when it is not what `check` expects. */
  async function read<T>(res: Response, check: Check<T>, failure: string): Promise<T> {
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new ApiError('FAILED', failure, res.status);
    }
    if (!check(body)) throw new ApiError('FAILED', failure, res.status);
    return body;
  }

  /** Runs a bearer call and checks its JSON; maps statuses to widget-spec §8. */
  const call = async <T>(
    url: string,
    init: TimedInit,
    check: Check<T>,
    failure: string,
    statuses: Partial<Record<number, ApiErrorCode>> = {},
  ): Promise<T> => read(await respond(url, init, failure, statuses), check, failure);

  const json = (method: string, body: unknown): RequestInit => ({
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const q = (params: Record<string, string | null | undefined>) =>
    new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')).toString();

  return { doFetch, api, base, apiKey: options.apiKey, tokens: options.tokens, authed, respond, read, call, json, q };
}

export type Http = ReturnType<typeof createHttp>;

/** The calls the launcher needs (boot, config, appearance) and the profile helper. */
export function createCoreClient(http: Http, early?: Promise<Response>) {
  const { doFetch, api, base, call } = http;
  /** The settings the last boot carried, if it did and they are readable. */
  let booted: { appearance?: Appearance; config?: SiteConfig } = {};
  const readConfig = (c: unknown): SiteConfig | undefined =>
    CONFIG(c)
      ? {
          agentPageAwareness: c.agentPageAwareness,
          interactiveAvatarId: c.interactiveAvatarId ?? '',
          referenceWebpage: c.referenceWebpage ?? '',
        }
      : undefined;
  return {
    /** POST {base}session/boot with the API key (widget-spec §7). */
    async boot(): Promise<{ authToken: string; expiresIn: string }> {
      let res: Response;
      try {
        // the first boot is the one widget.js started beside the modules, when it did
        const first = early;
        early = undefined;
        res = await (first ??
          doFetch(`${base}session/boot`, {
            method: 'POST',
            headers: { 'X-API-Key': http.apiKey },
            credentials: 'omit',
            timeout: TIMEOUT_MS.boot,
          }));
      } catch {
        throw new ApiError('FAILED', 'Failed to boot session');
      }
      if (res.status === 401) throw new ApiError('INVALID_API_KEY', 'INVALID_API_KEY', 401);
      if (res.status === 403) throw new ApiError('INVALID_CONFIGURATION', 'INVALID_CONFIGURATION', 403);
      const body: unknown = res.ok ? await res.json().catch(() => null) : null;
      if (!BOOT(body)) throw new ApiError('FAILED', 'Failed to boot session', res.status);
      booted = BOOT_SETTINGS(body) ? { appearance: mergeAppearance(body.appearance), config: readConfig(body.config) } : {};
      return body;
    },

    /** GET {api}/config, or what the boot carried (one round trip instead of two in a row). */
    async config(): Promise<SiteConfig> {
      await http.tokens.get();
      return booted.config ?? readConfig(await call(`${api}/config`, { timeout: TIMEOUT_MS.settings }, CONFIG, FAILURE_TEXT.config))!;
    },

    /** GET {api}/appearance, or what the boot carried. */
    async appearance(): Promise<Appearance> {
      await http.tokens.get();
      return (
        booted.appearance ??
        mergeAppearance((await call(`${api}/appearance`, { timeout: TIMEOUT_MS.settings }, APPEARANCE, FAILURE_TEXT.appearance)).appearance)
      );
    },

    /** POST {api}/enrich: the fields plus sessionId as multipart (widget-spec §7). */
    async enrich(fields: Record<string, string | number | boolean>, userSessionId: string): Promise<void> {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
      form.append('sessionId', userSessionId);
      let res: Response;
      try {
        res = await http.authed(`${api}/enrich`, { method: 'POST', body: form });
      } catch (err) {
        if (err instanceof ApiError) throw err;
        throw new ApiError('FAILED', FAILURE_TEXT.enrich);
      }
      if (!res.ok) throw new ApiError('FAILED', FAILURE_TEXT.enrich, res.status);
    },
  };
}

export type CoreClient = ReturnType<typeof createCoreClient>;
