/**
 * The widget's one API client (widget-spec §7): every response is checked before
 * use, and every failure becomes the exact error of widget-spec §8.
 */
import { mergeAppearance, type Appearance } from '../appearance';
import { arr, bool, nullable, num, obj, oneOf, optional, str, type Check } from './schema';

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

const MESSAGE = obj({
  role: str,
  content: str,
  createdAt: optional(str),
  id: optional(str),
  type: optional(str),
  source: optional(nullable(str)),
  triggerEventUrl: optional(nullable(str)),
  showOnVisit: optional(nullable(bool)),
  script: optional(nullable(str)),
  videoUrl: optional(nullable(str)),
  thumbnailUrl: optional(nullable(str)),
  isError: optional(bool),
});

export interface ChatMessage {
  id: string;
  role: 'user' | 'ai';
  content: string;
  /** ISO time; empty when the server sent none. */
  createdAt: string;
  type: 'TEXT' | 'VIDEO';
  source?: string;
  triggerEventUrl?: string;
  showOnVisit?: boolean;
  /** A video's transcript. */
  script?: string;
  videoUrl?: string;
  thumbnailUrl?: string;
  /** An error shown in the conversation (widget-spec §8: a failed send is shown as an error-styled message). */
  isError?: boolean;
}

const BUTTON = obj({
  id: str,
  name: str,
  buttonType: optional(str),
  externalUrl: optional(nullable(str)),
  actionMessage: optional(nullable(str)),
});

/** A response or action button (widget-spec §3): EXTERNAL_LINK opens its URL, any other type sends its message. */
export type ActionButton =
  | { id: string; name: string; kind: 'link'; url: string }
  | { id: string; name: string; kind: 'message'; message: string };

export interface FollowUp {
  id: string;
  text: string;
}

export interface ChatSession {
  id: string;
  /** null when the server has no name: the view shows 'Unnamed Chat'. */
  name: string | null;
  lastMessageTimestamp: string;
  totalMessages: number;
}

export interface SiteConfig {
  agentPageAwareness: boolean;
  interactiveAvatarId: string;
  referenceWebpage: string;
}

export interface SendRequest {
  message: string;
  webPageContent: string;
  userSessionId: string;
  path: string;
  chatSessionId: string | null;
  additionalNamespaces?: string[];
}

export interface SendResult {
  userMessage: ChatMessage;
  aiMessage: ChatMessage;
  chatSessionId: string;
  followUps: FollowUp[];
  responseButtons: ActionButton[];
}

let localIds = 0;
/** A message from the wire, normalised (roles compared in lower case, widget-spec §3). */
export function toMessage(m: unknown): ChatMessage | null {
  if (!MESSAGE(m)) return null;
  const role = m.role.toLowerCase();
  if (role !== 'user' && role !== 'ai') return null;
  const opt = <T>(v: T | null | undefined) => (v === null || v === undefined ? undefined : v);
  return {
    id: m.id ?? `local-${++localIds}`,
    role,
    content: m.content,
    createdAt: m.createdAt ?? '',
    type: m.type?.toUpperCase() === 'VIDEO' ? 'VIDEO' : 'TEXT',
    source: opt(m.source),
    triggerEventUrl: opt(m.triggerEventUrl),
    showOnVisit: opt(m.showOnVisit),
    script: opt(m.script),
    videoUrl: opt(m.videoUrl),
    thumbnailUrl: opt(m.thumbnailUrl),
    isError: m.isError || undefined,
  };
}

/** A button from the wire; EXTERNAL_LINK needs a URL, anything else (default ACTION) a message. */
export function toButton(b: unknown): ActionButton | null {
  if (!BUTTON(b)) return null;
  if (b.buttonType === 'EXTERNAL_LINK') return b.externalUrl ? { id: b.id, name: b.name, kind: 'link', url: b.externalUrl } : null;
  return { id: b.id, name: b.name, kind: 'message', message: b.actionMessage || b.name };
}

const compact = <T>(list: (T | null)[]) => list.filter((x): x is T => x !== null);

const BOOT = obj({ authToken: str, expiresIn: str });
const CONFIG = obj({ agentPageAwareness: bool, interactiveAvatarId: optional(nullable(str)), referenceWebpage: optional(nullable(str)) });
const APPEARANCE = obj({ appearance: obj({}) });
const HISTORY = obj({ history: arr(obj({})), chatSessionId: optional(nullable(str)) });
const SESSION = obj({ id: str, name: optional(nullable(str)), lastMessageTimestamp: optional(nullable(str)), totalMessages: optional(num) });
const SESSIONS = obj({ sessions: arr(SESSION) });
const UPDATED = obj({ chatSession: SESSION });
const CHAT = obj({
  userMessage: obj({}),
  aiMessage: obj({}),
  chatSession: obj({ id: str }),
  followUpButtons: optional(nullable(arr(obj({ id: optional(str), text: str })))),
  responseButtons: optional(nullable(arr(obj({})))),
});
const TRIGGERS = obj({ actionButtons: arr(obj({})) });

export function createApiClient(options: ClientOptions) {
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

    async history(params: { userSessionId: string; path: string; chatSessionId: string | null }): Promise<{ messages: ChatMessage[]; chatSessionId: string | null }> {
      const h = await call(`${api}/chat/history?${q(params)}`, {}, HISTORY, FAILURE_TEXT.history);
      return { messages: compact(h.history.map(toMessage)), chatSessionId: h.chatSessionId ?? null };
    },

    async sessions(userSessionId: string): Promise<ChatSession[]> {
      const s = await call(`${api}/chat/sessions?${q({ userSessionId })}`, {}, SESSIONS, FAILURE_TEXT.sessions);
      return s.sessions.map((x) => ({
        id: x.id,
        name: x.name ?? null,
        lastMessageTimestamp: x.lastMessageTimestamp ?? '',
        totalMessages: x.totalMessages ?? 0,
      }));
    },

    async renameSession(body: { userSessionId: string; chatSessionId: string; name: string }): Promise<{ id: string; name: string | null }> {
      const u = await call(`${api}/chat/sessions/update`, json('PUT', body), UPDATED, FAILURE_TEXT.rename, { 404: 'SESSION_NOT_FOUND' });
      return { id: u.chatSession.id, name: u.chatSession.name ?? null };
    },

    async send(body: SendRequest): Promise<SendResult> {
      const r = await call(`${api}/chat`, json('POST', body), CHAT, FAILURE_TEXT.chat, { 429: 'RATE_LIMIT_EXCEEDED' });
      const userMessage = toMessage(r.userMessage);
      const aiMessage = toMessage(r.aiMessage);
      if (!userMessage || !aiMessage) throw new ApiError('FAILED', FAILURE_TEXT.chat);
      return {
        userMessage,
        aiMessage,
        chatSessionId: r.chatSession.id,
        followUps: (r.followUpButtons ?? []).map((f, i) => ({ id: f.id ?? `${aiMessage.id}-f${i}`, text: f.text })),
        responseButtons: compact((r.responseButtons ?? []).map(toButton)),
      };
    },

    /** widget-spec §7: an empty list on failure; the failure text is 'HTTP error! status: N'. */
    async actionButtons(path: string): Promise<ActionButton[]> {
      try {
        const res = await authed(`${api}/action-triggers?${q({ path })}`);
        if (!res.ok) throw new ApiError('FAILED', `HTTP error! status: ${res.status}`, res.status);
        const body: unknown = await res.json();
        return TRIGGERS(body) ? compact(body.actionButtons.map(toButton)) : [];
      } catch (err) {
        console.warn(err instanceof Error ? err.message : err);
        return [];
      }
    },

    /** widget-spec §7: a failed report is only logged. */
    async buttonClick(body: { buttonId: string; chatSessionId: string | null; userSessionId: string; pageUrl: string; referrerUrl: string }): Promise<void> {
      try {
        const res = await authed(`${api}/button-click`, json('POST', { ...body, chatLogId: null }));
        if (!res.ok) console.warn(`button-click report failed: HTTP error! status: ${res.status}`);
      } catch (err) {
        console.warn('button-click report failed', err);
      }
    },

    /** POST {api}/enrich: the fields plus sessionId as multipart (widget-spec §7). */
    async enrich(fields: Record<string, string | number | boolean>, userSessionId: string): Promise<void> {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
      form.append('sessionId', userSessionId);
      let res: Response;
      try {
        res = await authed(`${api}/enrich`, { method: 'POST', body: form });
      } catch (err) {
        if (err instanceof ApiError) throw err;
        throw new ApiError('FAILED', FAILURE_TEXT.enrich);
      }
      if (!res.ok) throw new ApiError('FAILED', FAILURE_TEXT.enrich, res.status);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
