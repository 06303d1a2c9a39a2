/**
 * The console's HTTP effects: one typed call per route of `/console/api/` (docs/console.md "HTTP API").
 *
 * - Same-origin fetch with the session cookie (`credentials: 'same-origin'`); every state-changing call carries the
 *   session's `X-CSRF-Token` (the browser adds `Origin` itself).
 * - Every JSON answer is checked against the shape it must have before anything uses it; an answer of another
 *   shape is the error `BAD_RESPONSE`, never a half-read object.
 * - A refusal is an `ApiError` with the server's code (and `field`, `allowed`, `retryAfter` where given); the
 *   catalogue (console/messages.ts `errorText`) turns the code into words. Machines keep the code.
 * - A 401 on any call but the session's own reports `onUnauthenticated` once, so the app clears what it shows.
 */
import type { ConsoleErrorCode } from '../contract/console-errors';

/** The server's codes this client tells apart (the others, 5xx and 413/415 among them, read as `SERVER`). */
const KNOWN_CODES = [
  'UNAUTHENTICATED',
  'SIGN_IN_FAILED',
  'FORBIDDEN',
  'CSRF',
  'REAUTH_REQUIRED',
  'NOT_FOUND',
  'INVALID',
  'CONFLICT',
  'THROTTLED',
  'BUSY',
] as const satisfies readonly ConsoleErrorCode[];

/** The codes of docs/console.md's errors this client knows, plus those of the client itself. */
export type ApiErrorCode =
  | (typeof KNOWN_CODES)[number]
  /** the request did not reach the server, or its answer did not arrive */
  | 'NETWORK'
  /** an answer that is not the JSON the route promises */
  | 'BAD_RESPONSE'
  /** a 5xx, or a code this client does not know */
  | 'SERVER';

/** The code a refusal without a known one gets from its status. */
const BY_STATUS: Record<number, ApiErrorCode> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  400: 'INVALID',
  409: 'CONFLICT',
  429: 'THROTTLED',
  503: 'BUSY',
};

/** A refused or failed call. */
export class ApiError extends Error {
  constructor(
    /** what went wrong, as a code */
    readonly code: ApiErrorCode,
    /** the HTTP status (0 when there was no answer) */
    readonly status: number,
    /** the field a 400 `INVALID` names */
    readonly field?: string,
    /** what that field allows, as the server words it */
    readonly allowed?: string,
    /** seconds to wait after a 429 (`Retry-After`) */
    readonly retryAfter?: number,
    /** the server's own message (shown only where the catalogue has no words for the case) */
    readonly serverMessage?: string,
  ) {
    super(`${code} (${status})`);
    this.name = 'ApiError';
  }
}

// --- the shapes answers must have (a tiny checker: no library, the first screen's budget is small) ---

/** Checks `value` and returns it typed, or throws (caught by `request`, reported as `BAD_RESPONSE`). */
export type Check<T> = (value: unknown) => T;
const fail = (): never => {
  throw new ApiError('BAD_RESPONSE', 200);
};
export const str: Check<string> = (v) => (typeof v === 'string' ? v : fail());
export const num: Check<number> = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : fail());
export const bool: Check<boolean> = (v) => (typeof v === 'boolean' ? v : fail());
const strOrNum: Check<string | number> = (v) => (typeof v === 'string' ? v : num(v));
/** An id the server may send as a number: kept as text. */
export const idText: Check<string> = (v) => String(strOrNum(v));
const any: Check<unknown> = (v) => v;
export const optional =
  <T>(c: Check<T>): Check<T | undefined> =>
  (v) =>
    v === undefined || v === null ? undefined : c(v);
export const list =
  <T>(c: Check<T>): Check<T[]> =>
  (v) =>
    Array.isArray(v) ? v.map(c) : fail();
export const oneOf =
  <T extends string>(...values: T[]): Check<T> =>
  (v) =>
    values.includes(v as T) ? (v as T) : fail();
const record: Check<Record<string, unknown>> = (v) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : fail();
/** An object with these fields checked; other fields are dropped. */
export const object =
  <T>(fields: { [K in keyof T]: Check<T[K]> }): Check<T> =>
  (v) => {
    const o = record(v);
    const out = {} as T;
    for (const key of Object.keys(fields) as (keyof T)[]) {
      const value = fields[key](o[key as string]);
      if (value !== undefined) out[key] = value;
    }
    return out;
  };

// --- the API's shapes ---

/** A role on a site (docs/console.md "People, roles"). */
/** `adviser` reads a site as a viewer does (advice files come later). */
export type Role = 'owner' | 'editor' | 'viewer' | 'adviser';
export const ROLES: readonly Role[] = ['owner', 'editor', 'viewer', 'adviser'];
const role = oneOf<Role>(...ROLES);

export interface SiteSummary {
  id: string;
  name: string;
  /** the signed-in account's role on the site */
  role: Role;
}
const siteSummary = object<SiteSummary>({ id: idText, name: str, role });

export interface Session {
  account: { id: string; email: string };
  csrfToken: string;
  sites: SiteSummary[];
}
export const session = object<Session>({ account: object({ id: idText, email: str }), csrfToken: str, sites: list(siteSummary) });

export interface Invite {
  email: string;
  /** the email has an account already: the invitation takes its password, and sets none */
  hasAccount?: boolean;
  siteName?: string;
  role?: Role;
  expiresAt: string;
}
const invite = object<Invite>({ email: str, hasAccount: optional(bool), siteName: optional(str), role: optional(role), expiresAt: str });

/** A site's config (widget-spec §3 "Config"), as `PATCH sites/:id/config` takes it. */
export interface SiteConfig {
  pageAwareness?: boolean;
  avatarId?: string;
  referenceWebpage?: string;
}
const siteConfig = object<SiteConfig>({ pageAwareness: optional(bool), avatarId: optional(str), referenceWebpage: optional(str) });

export interface SiteDetail extends SiteSummary {
  origins: string[];
  config: SiteConfig;
  /** absent for a key made before keys were kept (only its hash is known) until it is rotated */
  apiKey?: string;
  /** the key replaced by the last rotation, while it still works */
  previousKey?: { validUntil: string };
  /** how long a replaced key keeps working, in seconds, when the server says (shown before rotating) */
  keyGraceSeconds?: number;
  /** the script tag to paste (exactly the README's, for this site) */
  snippet: string;
  appearanceVersion: number;
}
const siteDetail = object<SiteDetail>({
  id: idText,
  name: str,
  role,
  origins: list(str),
  config: siteConfig,
  apiKey: optional(str),
  previousKey: optional(object({ validUntil: str })),
  keyGraceSeconds: optional(num),
  snippet: str,
  appearanceVersion: num,
});

export interface OriginsResult {
  origins: string[];
  /** `SELF_REMOVED` when the server's own origin is no longer allowed, `NO_ORIGINS` when none is */
  warnings: string[];
}
const originsResult = object<OriginsResult>({ origins: list(str), warnings: (v) => optional(list(str))(v) ?? [] });

export interface RefusedOrigin {
  origin: string;
  lastSeenAt: string;
  count: number;
}
const refusedOrigin = object<RefusedOrigin>({ origin: str, lastSeenAt: str, count: num });

export interface KeyRotation {
  apiKey: string;
  previousKey: { validUntil: string };
}
const keyRotation = object<KeyRotation>({ apiKey: str, previousKey: object({ validUntil: str }) });

export interface AppearanceRecord {
  version: number;
  /** the stored fields (not the defaults) */
  appearance: Record<string, unknown>;
  savedAt?: string;
  savedBy?: string;
}
const appearanceRecord = object<AppearanceRecord>({ version: num, appearance: record, savedAt: optional(str), savedBy: optional(str) });

export interface AppearanceVersion {
  version: number;
  savedAt: string;
  savedBy?: string;
  restoredFrom?: number;
}
const appearanceVersion = object<AppearanceVersion>({ version: num, savedAt: str, savedBy: optional(str), restoredFrom: optional(num) });

export interface PreviewKey {
  apiKey: string;
  expiresAt: string;
}
/** What a save or a restore answers: the version it published. */
const published = object<{ version: number }>({ version: num });

const previewKey = object<PreviewKey>({ apiKey: str, expiresAt: str });

export interface Member {
  /** absent while the invitation is pending and nobody has an account yet */
  accountId?: string;
  /** a pending invitation's id, to withdraw it */
  inviteId?: string;
  email: string;
  role: Role;
  invitePending: boolean;
}
const member = object<Member>({ accountId: optional(idText), inviteId: optional(idText), email: str, role, invitePending: bool });

export interface MemberInvite {
  inviteLink: string;
  expiresAt: string;
}
const memberInvite = object<MemberInvite>({ inviteLink: str, expiresAt: str });

export interface AuditEntry {
  id: string | number;
  at: string;
  who: string;
  what: string;
  before: unknown;
  after: unknown;
}
const auditEntry = object<AuditEntry>({ id: strOrNum, at: str, who: str, what: str, before: any, after: any });

// --- the client ---

/** How the client reaches the server. */
export interface ApiOptions {
  /** @default '/console/api/' */
  base?: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Called when a call other than the session's own answers 401: the session has ended. */
  onUnauthenticated?: () => void;
  /**
   * Called when a call answers 403 `REAUTH_REQUIRED`: asks for the password (`POST reauth`) and resolves true once the
   * session is re-authenticated, false when the person cancels. On true the refused call is made again, once; on
   * false (or without this option) the call fails with `REAUTH_REQUIRED` and nothing changed.
   */
  reauth?: () => Promise<boolean>;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every call of the console's API. */
export function createApi(options: ApiOptions = {}) {
  const base = options.base ?? '/console/api/';
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let csrfToken = '';

  /** One call: sends, checks the status, parses and checks the answer. */
  async function request<T>(
    method: string,
    path: string,
    check: Check<T> | null,
    body?: unknown,
    /** the session's own call: a 401 is its answer, not the end of a session */
    sessionCall?: boolean,
    /** the call is made again after re-authentication: a second 403 `REAUTH_REQUIRED` is final */
    again?: boolean,
    /** aborts the call (a screen's read that is not wanted any more) */
    signal?: AbortSignal,
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (STATE_CHANGING.has(method) && csrfToken) headers['X-CSRF-Token'] = csrfToken;
    let res: Response;
    try {
      res = await doFetch(base + path, {
        method,
        credentials: 'same-origin',
        cache: 'no-store',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch {
      throw new ApiError('NETWORK', 0);
    }
    if (!res.ok) {
      const error = await refusal(res);
      // a wrong password where one is confirmed (401 SIGN_IN_FAILED at reauth or a password change) ends nothing
      if (error.code === 'UNAUTHENTICATED') {
        csrfToken = '';
        if (!sessionCall) options.onUnauthenticated?.();
      }
      if (error.code === 'REAUTH_REQUIRED' && !again && (await options.reauth?.()))
        return request(method, path, check, body, sessionCall, true, signal);
      throw error;
    }
    if (check === null || res.status === 204) return undefined as T;
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new ApiError('BAD_RESPONSE', res.status);
    }
    try {
      return check(json);
    } catch {
      throw new ApiError('BAD_RESPONSE', res.status);
    }
  }

  /** Reads a session answer and keeps its CSRF token for later changes. */
  const withSession = (s: Session) => {
    csrfToken = s.csrfToken;
    return s;
  };
  const site = (id: string) => `sites/${encodeURIComponent(id)}`;

  return {
    /** Any call of the API (the account screen's calls are built on it, in their own chunk: console/account-api.ts). */
    request,
    /** Keeps the CSRF token of a session answer that is not the calls' own (a password change's new session). */
    withSession,
    /** The signed-in session, or `ApiError('UNAUTHENTICATED')`. */
    session: () => request('GET', 'session', session, undefined, true).then(withSession),
    signIn: (email: string, password: string) => request('POST', 'sign-in', session, { email, password }, true).then(withSession),
    signOut: async () => {
      try {
        await request('POST', 'sign-out', null, undefined, true);
      } finally {
        csrfToken = '';
      }
    },
    invite: (token: string) => request('GET', `invites/${encodeURIComponent(token)}`, invite, undefined, true),
    acceptInvite: (token: string, password: string) =>
      request('POST', `invites/${encodeURIComponent(token)}`, session, { password }, true).then(withSession),

    sites: () => request('GET', 'sites', list(siteSummary)),
    createSite: (name: string, origins: string[]) => request('POST', 'sites', object<{ id: string }>({ id: idText }), { name, origins }),
    site: (id: string) => request('GET', site(id), siteDetail),
    updateConfig: (id: string, config: SiteConfig) => request('PATCH', `${site(id)}/config`, null, config),
    setOrigins: (id: string, origins: string[]) => request('PUT', `${site(id)}/origins`, originsResult, { origins }),
    /** Allows one more origin (the Allow button beside a refused one); answers as `setOrigins`. */
    allowOrigin: (id: string, origin: string) => request('POST', `${site(id)}/origins`, originsResult, { origin }),
    refusedOrigins: (id: string) => request('GET', `${site(id)}/refused-origins`, list(refusedOrigin)),
    rotateKey: (id: string) => request('POST', `${site(id)}/key`, keyRotation),

    appearance: (id: string) => request('GET', `${site(id)}/appearance`, appearanceRecord),
    saveAppearance: (id: string, appearance: Record<string, unknown>, baseVersion: number) =>
      request('PUT', `${site(id)}/appearance`, published, { appearance, baseVersion }),
    appearanceVersions: (id: string) => request('GET', `${site(id)}/appearance/versions`, list(appearanceVersion)),
    appearanceVersion: (id: string, n: number) => request('GET', `${site(id)}/appearance/versions/${n}`, appearanceRecord),
    restoreAppearance: (id: string, n: number) => request('POST', `${site(id)}/appearance/versions/${n}/restore`, published),
    previewKey: (id: string) => request('POST', `${site(id)}/preview-key`, previewKey),

    members: (id: string) => request('GET', `${site(id)}/members`, list(member)),
    inviteMember: (id: string, email: string, memberRole: Role) =>
      request('POST', `${site(id)}/members`, memberInvite, { email, role: memberRole }),
    changeRole: (id: string, accountId: string, memberRole: Role) =>
      request('PATCH', `${site(id)}/members/${encodeURIComponent(accountId)}`, null, { role: memberRole }),
    removeMember: (id: string, accountId: string) => request('DELETE', `${site(id)}/members/${encodeURIComponent(accountId)}`, null),
    withdrawInvite: (id: string, inviteId: string) => request('DELETE', `${site(id)}/invites/${encodeURIComponent(inviteId)}`, null),

    /** One page of the audit log, newest first: entries older than `before` (an entry's id), `limit` of them. */
    audit: (id: string, page: { before?: string | number; limit: number }) => {
      const query = new URLSearchParams({ limit: String(page.limit) });
      if (page.before !== undefined) query.set('before', String(page.before));
      return request('GET', `${site(id)}/audit?${query}`, list(auditEntry));
    },
  };
}

/** The console's API client (what screens and effects receive). */
export type ConsoleApi = ReturnType<typeof createApi>;

/** The `ApiError` of a refused answer: its code, field and what is allowed, and the wait after a 429. */
async function refusal(res: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    body = record(await res.json());
  } catch {
    // an answer without a JSON body: its status decides
  }
  const given = typeof body.error === 'string' ? body.error : '';
  const code: ApiErrorCode = (KNOWN_CODES as readonly string[]).includes(given)
    ? (given as ApiErrorCode)
    : (BY_STATUS[res.status] ?? 'SERVER');
  const wait = Number(res.headers.get('Retry-After'));
  return new ApiError(
    code,
    res.status,
    typeof body.field === 'string' ? body.field : undefined,
    typeof body.allowed === 'string' ? body.allowed : Array.isArray(body.allowed) ? body.allowed.join(', ') : undefined,
    Number.isFinite(wait) && wait > 0 ? wait : undefined,
    typeof body.message === 'string' ? body.message : undefined,
  );
}
