/**
 * The chat calls of widget-spec §7 (history, sessions, rename, send, buttons),
 * loaded with the chat window; the launcher's calls are in client.ts.
 */
import { arr, bool, nullable, num, obj, optional, str } from './schema';
import type { ActionButton, ChatMessage, SendResult } from '../../machines/chat';
import type { ChatSession } from '../../machines/sessions';
import { ApiError, createCoreClient, createHttp, TIMEOUT_MS, type ClientOptions, type Http, type SendRequest } from './client';
import { FAILURE_TEXT } from '../messages';
import { readEvents } from './event-stream';

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
  captionsUrl: optional(nullable(str)),
  isError: optional(bool),
  incomplete: optional(bool),
});

const BUTTON = obj({
  id: str,
  name: str,
  buttonType: optional(str),
  externalUrl: optional(nullable(str)),
  actionMessage: optional(nullable(str)),
});

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
    captionsUrl: opt(m.captionsUrl),
    isError: m.isError || undefined,
    incomplete: m.incomplete || undefined,
  };
}

/** A button from the wire; EXTERNAL_LINK needs a URL, anything else (default ACTION) a message. */
export function toButton(b: unknown): ActionButton | null {
  if (!BUTTON(b)) return null;
  if (b.buttonType === 'EXTERNAL_LINK') return b.externalUrl ? { id: b.id, name: b.name, kind: 'link', url: b.externalUrl } : null;
  return { id: b.id, name: b.name, kind: 'message', message: b.actionMessage || b.name };
}

const compact = <T>(list: (T | null)[]) => list.filter((x): x is T => x !== null);

const HISTORY = obj({ history: arr(obj({})), chatSessionId: optional(nullable(str)) });
const SESSION = obj({
  id: str,
  name: optional(nullable(str)),
  lastMessageTimestamp: optional(nullable(str)),
  totalMessages: optional(num),
});
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
/** A streamed answer's first event (the session it goes into) and its pieces (issue 16: server/routes/chat.ts). */
const START = obj({ chatSessionId: str });
const DELTA = obj({ text: str });

/** The reply of widget-spec §3, checked and normalised. */
function sendResult(r: unknown): SendResult {
  const userMessage = CHAT(r) && toMessage(r.userMessage);
  const aiMessage = CHAT(r) && toMessage(r.aiMessage);
  if (!CHAT(r) || !userMessage || !aiMessage) throw new ApiError('FAILED', FAILURE_TEXT.chat);
  return {
    userMessage,
    aiMessage,
    chatSessionId: r.chatSession.id,
    followUps: (r.followUpButtons ?? []).map((f, i) => ({ id: f.id ?? `${aiMessage.id}-f${i}`, text: f.text })),
    responseButtons: compact((r.responseButtons ?? []).map(toButton)),
  };
}

export function createChatClient(http: Http) {
  const { api, authed, call, json, q, respond, read } = http;
  return {
    async history(
      params: { userSessionId: string; path: string; chatSessionId: string | null },
      signal?: AbortSignal,
    ): Promise<{ messages: ChatMessage[]; chatSessionId: string | null }> {
      // a session the server does not know (any more) is told apart from a failed load: only it is forgotten
      const h = await call(`${api}/chat/history?${q(params)}`, { signal }, HISTORY, FAILURE_TEXT.history, { 404: 'SESSION_NOT_FOUND' });
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

    async renameSession(body: {
      userSessionId: string;
      chatSessionId: string;
      name: string;
    }): Promise<{ id: string; name: string | null }> {
      const u = await call(`${api}/chat/sessions/update`, json('PUT', body), UPDATED, FAILURE_TEXT.rename, { 404: 'SESSION_NOT_FOUND' });
      return { id: u.chatSession.id, name: u.chatSession.name ?? null };
    },

    /**
     * `signal` cancels it (Stop); an answer may take {@link TIMEOUT_MS}.chat (streamed, that long
     * between its pieces). With `onText`, the answer is asked for as a stream (issue 16) and `onText`
     * gets its text so far as each piece arrives, with the session the server keeps it in; a server
     * that answers JSON anyway is read as such. Once a stream has begun, a failure is FAILED (never
     * NETWORK: the server has the question), with that session.
     */
    async send(body: SendRequest, signal?: AbortSignal, onText?: (soFar: string, chatSessionId?: string) => void): Promise<SendResult> {
      const init = json('POST', body);
      if (onText) init.headers = { ...init.headers, Accept: 'text/event-stream, application/json' };
      const res = await respond(`${api}/chat`, { ...init, timeout: TIMEOUT_MS.chat, signal }, FAILURE_TEXT.chat, {
        429: 'RATE_LIMIT_EXCEEDED',
      });
      if (!onText || !res.body || !/^text\/event-stream/i.test(res.headers.get('Content-Type') ?? ''))
        return sendResult(await read(res, obj({}), FAILURE_TEXT.chat));
      let text = '';
      let session: string | undefined;
      let result: SendResult | undefined;
      await readEvents(
        res.body,
        (event, data) => {
          let d: unknown;
          try {
            d = JSON.parse(data);
          } catch {
            return true;
          }
          if (event === 'start' && START(d)) session = d.chatSessionId;
          else if (event === 'delta' && DELTA(d)) {
            text += d.text;
            onText(text, session);
          } else if (event === 'done') {
            result = sendResult(d);
            return true;
          } else if (event === 'error') return true;
        },
        signal,
        TIMEOUT_MS.chat,
        // the connection broke mid-answer: the failure below, with the §8 text, not the browser's words
      ).catch(() => undefined);
      signal?.throwIfAborted();
      if (result) return result;
      // the server kept the question (and what was written of the answer) in this session
      throw new ApiError('FAILED', FAILURE_TEXT.chat, res.status, undefined, session);
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
    async buttonClick(body: {
      buttonId: string;
      chatSessionId: string | null;
      userSessionId: string;
      pageUrl: string;
      referrerUrl: string;
    }): Promise<void> {
      try {
        const res = await authed(`${api}/button-click`, json('POST', { ...body, chatLogId: null }));
        if (!res.ok) console.warn(`button-click report failed: HTTP error! status: ${res.status}`);
      } catch (err) {
        console.warn('button-click report failed', err);
      }
    },
  };
}

export type ChatClient = ReturnType<typeof createChatClient>;

/** Every call, for tools and tests. */
export function createApiClient(options: ClientOptions) {
  const http = createHttp(options);
  return { ...createCoreClient(http), ...createChatClient(http) };
}
