/**
 * HeyGen's Streaming API v2 (the calls of widget-spec §7 "Third-party avatar streaming
 * provider"), made by the server: `streaming.create_token` with the API key, then with
 * the session token `streaming.new` (quality high, version v2, H264, idle timeout 300 s,
 * widget-spec §9) and `streaming.start`, `streaming.task` (repeat: say the text as it
 * is), `streaming.keep_alive` and `streaming.stop`. The room is LiveKit's.
 */
import { field, providerCall, type AvatarProvider } from './types';

export interface HeyGenConfig {
  /** The API key (AVATAR_API_KEY). */
  apiKey: string;
  /** The avatar to stream (AVATAR_ID). */
  avatarId: string;
  /** The API root (AVATAR_API_URL). @default 'https://api.heygen.com' */
  apiUrl?: string;
  /** @default 10000 */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/** widget-spec §9 "Avatar session": idle timeout 300 s, quality high, H264, version v2. */
export const HEYGEN_SESSION_OPTIONS = { quality: 'high', version: 'v2', video_encoding: 'H264', activity_idle_timeout: 300 } as const;

export function createHeyGenProvider(config: HeyGenConfig): AvatarProvider {
  const fetchImpl = config.fetchImpl ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const root = (config.apiUrl ?? 'https://api.heygen.com').replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 10_000;
  const withToken = (path: string, token: string, body: unknown) =>
    providerCall(fetchImpl, `${root}/v1/${path}`, { headers: { authorization: `Bearer ${token}` }, body, timeoutMs });
  return {
    name: 'heygen',
    avatarId: config.avatarId,
    speech: 'server',
    async createSessionToken() {
      return field(
        await providerCall(fetchImpl, `${root}/v1/streaming.create_token`, {
          headers: { 'x-api-key': config.apiKey },
          body: {},
          timeoutMs,
        }),
        'token',
      );
    },
    async startSession(token) {
      const data = await withToken('streaming.new', token, { ...HEYGEN_SESSION_OPTIONS, avatar_name: config.avatarId });
      const session = { sessionId: field(data, 'session_id'), url: field(data, 'url'), accessToken: field(data, 'access_token') };
      await withToken('streaming.start', token, { session_id: session.sessionId });
      return session;
    },
    async speak(token, sessionId, text) {
      await withToken('streaming.task', token, { session_id: sessionId, text, task_type: 'repeat' });
    },
    async keepAlive(token, sessionId) {
      await withToken('streaming.keep_alive', token, { session_id: sessionId });
    },
    async stopSession(token, sessionId) {
      await withToken('streaming.stop', token, { session_id: sessionId });
    },
  };
}
