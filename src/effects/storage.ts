/**
 * The widget's local storage (widget-spec §3 "Local storage"). Storage may be
 * blocked (privacy modes): every access falls back to memory for this visit.
 */

/** widget-spec §3: the visitor's id, a random UUID created if absent. */
export const USER_SESSION_KEY = 'ai_chat_user_session_id';
/** widget-spec §3: the current chat session. */
export const CHAT_SESSION_KEY = 'ai_chat_session_id';
/** widget-spec §3: a per-user flag that the default message was shown. */
export const defaultMessageKey = (userSessionId: string) => `ai_chat_default_message_shown_${userSessionId}`;

const memory = new Map<string, string>();

function store(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    const s = window.localStorage;
    s.getItem(USER_SESSION_KEY);
    return s;
  } catch {
    return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) };
  }
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export function readItem(key: string): string | null {
  return safe(() => store().getItem(key), memory.get(key) ?? null);
}

export function writeItem(key: string, value: string | null): void {
  safe(() => (value === null ? store().removeItem(key) : store().setItem(key, value)), undefined);
  if (value === null) memory.delete(key);
  else memory.set(key, value);
}

/** A random UUID (also where `crypto.randomUUID` is missing: pages not served over https). */
export const newUuid = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
        (Number(c) ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (Number(c) / 4)))).toString(16),
      );

/** The visitor's id: the stored one when it looks like an id, otherwise a new random UUID (stored). */
export function userSessionId(): string {
  const existing = readItem(USER_SESSION_KEY);
  if (existing && /^[A-Za-z0-9_-]{8,100}$/.test(existing)) return existing;
  const id = newUuid();
  writeItem(USER_SESSION_KEY, id);
  return id;
}

export const readChatSessionId = () => {
  const id = readItem(CHAT_SESSION_KEY);
  return id && id.length <= 100 ? id : null;
};
export const writeChatSessionId = (id: string | null) => writeItem(CHAT_SESSION_KEY, id);
