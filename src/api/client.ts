/**
 * The widget's one API client (widget-spec §7): every response is checked before
 * use, and every failure becomes the exact error of widget-spec §8.
 */
import { mergeAppearance, type Appearance } from '../../contract/appearance';
import { bool, nullable, obj, optional, str, type Check } from './schema';
import type { SiteConfig } from '../../machines/embed';

/** widget-spec §8 service errors; FAILED carries a 'Failed to …' text as its message. */
export type ApiErrorCode = 'INVALID_API_KEY' | 'INVALID_CONFIGURATION' | 'RATE_LIMIT_EXCEEDED' | 'SESSION_NOT_FOUND' | 'FAILED';

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string = code,
    /** The HTTP status, when there was a response. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** widget-spec §8: the texts of other failures, by call. */
export const FAILURE_TEXT = {
  config: 'Failed to fetch config',
  appearance: 'Failed to fetch appearance',
  history: 'Failed to load chat history',
  sessions: 'Failed to load chat sessions',
  rename: 'Failed to update chat session name',
  chat: 'Failed to get AI response',
  avatarToken: 'Failed to fetch session token',
  enrich: 'Failed to enrich user',
} as const;

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
}

const BOOT = obj({ authToken: str, expiresIn: str });
const CONFIG = obj({ agentPageAwareness: bool, interactiveAvatarId: optional(nullable(str)), referenceWebpage: optional(nullable(str)) });
const APPEARANCE = obj({ appearance: obj({}) });
/** The HTTP layer every call shares: bearer tokens, fresh tokens from headers, one retry on 401, checked JSON. */
export function createHttp(options: ClientOptions) {
  const doFetch = options.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const api = options.apiUrl.replace(/\/+$/, '');
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;

  /** A bearer call; a refused token is replaced once. Resolves with the response, whatever its status. */
  async function authed(url: string, init: RequestInit = {}, retried = false): Promise<Response> {
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

  /** Runs a bearer call and checks its JSON; maps statuses to widget-spec §8. */
  async function call<T>(
    url: string,
    init: RequestInit,
    check: Check<T>,
    failure: string,
    statuses: Partial<Record<number, ApiErrorCode>> = {},
  ): Promise<T> {
    let res: Response;
    try {
      res = await authed(url, init);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw new ApiError('FAILED', failure);
    }
    if (!res.ok) {
      const code = statuses[res.status] ?? (res.status === 401 ? 'INVALID_API_KEY' : res.status === 403 ? 'INVALID_CONFIGURATION' : undefined);
      throw code ? new ApiError(code, code, res.status) : new ApiError('FAILED', failure, res.status);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new ApiError('FAILED', failure, res.status);
    }
    if (!check(body)) throw new ApiError('FAILED', failure, res.status);
    return body;
  }

  const json = (method: string, body: unknown): RequestInit => ({
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const q = (params: Record<string, string | null | undefined>) =>
    new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')).toString();

  return { doFetch, api, base, apiKey: options.apiKey, authed, call, json, q };
}

export type Http = ReturnType<typeof createHttp>;

/** The calls the launcher needs (boot, config, appearance) and the profile helper. */
export function createCoreClient(http: Http) {
  const { doFetch, api, base, call } = http;
  const options = { apiKey: http.apiKey };
  return {
    /** POST {base}session/boot with the API key (widget-spec §7). */
    async boot(): Promise<{ authToken: string; expiresIn: string }> {
      let res: Response;
      try {
        res = await doFetch(`${base}session/boot`, { method: 'POST', headers: { 'X-API-Key': options.apiKey }, credentials: 'omit' });
      } catch {
        throw new ApiError('FAILED', 'Failed to boot session');
      }
      if (res.status === 401) throw new ApiError('INVALID_API_KEY', 'INVALID_API_KEY', 401);
      if (res.status === 403) throw new ApiError('INVALID_CONFIGURATION', 'INVALID_CONFIGURATION', 403);
      const body: unknown = res.ok ? await res.json().catch(() => null) : null;
      if (!BOOT(body)) throw new ApiError('FAILED', 'Failed to boot session', res.status);
      return body;
    },

    async config(): Promise<SiteConfig> {
      const c = await call(`${api}/config`, {}, CONFIG, FAILURE_TEXT.config);
      return { agentPageAwareness: c.agentPageAwareness, interactiveAvatarId: c.interactiveAvatarId ?? '', referenceWebpage: c.referenceWebpage ?? '' };
    },

    async appearance(): Promise<Appearance> {
      const a = await call(`${api}/appearance`, {}, APPEARANCE, FAILURE_TEXT.appearance);
      return mergeAppearance(a.appearance);
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
