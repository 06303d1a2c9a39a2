/**
 * The Ask-question modal's chat (machines/ask-modal.ts): one chat session per item,
 * remembered in local storage, its history, and messages sent with the item's context
 * (widget-spec §3 "Smart doc context sent with messages"). The modal reads `response`
 * and `chatSessionId` from the chat's answer (widget-spec §3); an answer without them is
 * 'Invalid response from API' (§8).
 */
import { fromPromise } from 'xstate';
import type { AskItem, ModalHistory } from '../../machines/ask-modal';
import type { Http } from '../api/client';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The local storage key of the item's chat session in the modal. */
export const modalSessionKey = (token: string) => `ai_chat_embed_session_id:${token}`;

function remembered(token: string): string | null {
  try {
    return localStorage.getItem(modalSessionKey(token));
  } catch {
    return null;
  }
}

function remember(token: string, chatSessionId: string | null) {
  try {
    if (chatSessionId) localStorage.setItem(modalSessionKey(token), chatSessionId);
    else localStorage.removeItem(modalSessionKey(token));
  } catch {
    // storage refused (private mode): the session lasts as long as the page
  }
}

/** widget-spec §3 "Chat history response", as the modal's messages. */
export function readModalHistory(v: unknown, fallbackId: string): ModalHistory | null {
  if (!isObject(v) || !Array.isArray(v.history)) return null;
  const messages = v.history.flatMap((m): ModalHistory['messages'] =>
    isObject(m) && typeof m.content === 'string' && typeof m.role === 'string' && (m.type === undefined || m.type === 'TEXT') && !m.isError
      ? [{ role: m.role.toLowerCase() === 'user' ? 'user' : 'ai', content: m.content }]
      : [],
  );
  return { messages, chatSessionId: typeof v.chatSessionId === 'string' && v.chatSessionId ? v.chatSessionId : fallbackId };
}

export interface ModalEffectDeps {
  http: Http;
  userSessionId: string;
  /** The host page's path now. */
  path: () => string;
}

/** The modal's effects, for `askModalMachine.provide({ actors })`. */
export function askModalEffects({ http, userSessionId, path }: ModalEffectDeps) {
  return {
    loadHistory: fromPromise<ModalHistory, { item: AskItem }>(async ({ input }) => {
      const id = remembered(input.item.token);
      if (!id) return { messages: [], chatSessionId: null };
      // a network failure is a failure like the others: widget-spec §8's text
      const res = await http
        .authed(`${http.api}/chat/history?${http.q({ userSessionId, path: path(), chatSessionId: id })}`)
        .catch(() => null);
      // the session is gone (or not this visitor's): the next question starts a new one
      if (res?.status === 404) {
        remember(input.item.token, null);
        return { messages: [], chatSessionId: null };
      }
      const history = res?.ok ? readModalHistory(await res.json().catch(() => null), id) : null;
      if (!history) throw new Error('Unable to load chat history');
      return history;
    }),
    send: fromPromise<{ response: string; chatSessionId: string }, { item: AskItem; message: string; chatSessionId: string | null }>(
      async ({ input }) => {
        const res = await http
          .authed(
            `${http.api}/chat`,
            http.json('POST', {
              message: input.message,
              webPageContent: '',
              userSessionId,
              path: path(),
              chatSessionId: input.chatSessionId,
              ...input.item.context,
            }),
          )
          .catch(() => null);
        if (!res?.ok) throw new Error(`Failed to get AI response${res ? ` (${res.status})` : ''}`);
        const body: unknown = await res.json().catch(() => null);
        if (!isObject(body) || typeof body.response !== 'string' || typeof body.chatSessionId !== 'string') {
          // widget-spec §8: the visitor sees the modal's error bubble; the site owner, this
          console.warn('AI chat widget: Invalid response from API');
          throw new Error('Invalid response from API');
        }
        remember(input.item.token, body.chatSessionId);
        return { response: body.response, chatSessionId: body.chatSessionId };
      },
    ),
  };
}
