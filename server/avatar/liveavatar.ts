/**
 * HeyGen's LiveAvatar API, which replaces its Streaming API: the server mints a session
 * token with the API key (`POST /v1/sessions/token`, FULL mode), then with that token
 * starts the session (`POST /v1/sessions/start` → LiveKit URL and client token), keeps
 * it alive (`POST /v1/sessions/keep-alive`) and stops it (`POST /v1/sessions/stop`, reason
 * USER_CLOSED); answers come wrapped as `{ code, data, message }`. What the avatar says is
 * sent by the widget on the room's data channel (topic `agent-control`, event
 * `avatar.speak_text`, LiveAvatar's equivalent of HeyGen's repeat task), so `speak` is not
 * the server's here.
 */
import { AvatarProviderError, field, providerCall, type AvatarProvider } from './types';

export interface LiveAvatarConfig {
  /** The API key (AVATAR_API_KEY). */
  apiKey: string;
  /** The avatar (AVATAR_ID). */
  avatarId: string;
  /** The API root (AVATAR_API_URL). @default 'https://api.liveavatar.com' */
  apiUrl?: string;
  /** @default 10000 */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export function createLiveAvatarProvider(config: LiveAvatarConfig): AvatarProvider {
  const fetchImpl = config.fetchImpl ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const root = (config.apiUrl ?? 'https://api.liveavatar.com').replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 10_000;
  const withToken = (path: string, token: string, body: unknown) =>
    providerCall(fetchImpl, `${root}/v1/sessions/${path}`, { headers: { authorization: `Bearer ${token}` }, body, timeoutMs });
  return {
    name: 'liveavatar',
    avatarId: config.avatarId,
    speech: 'data-channel',
    async createSessionToken() {
      const data = await providerCall(fetchImpl, `${root}/v1/sessions/token`, {
        headers: { 'x-api-key': config.apiKey },
        body: { mode: 'FULL', avatar_id: config.avatarId, avatar_persona: { language: 'en' } },
        timeoutMs,
      });
      return field(data, 'session_token');
    },
    async startSession(token) {
      const data = await withToken('start', token, {});
      return { sessionId: field(data, 'session_id'), url: field(data, 'livekit_url'), accessToken: field(data, 'livekit_client_token') };
    },
    async speak() {
      throw new AvatarProviderError('LiveAvatar takes what to say on the room data channel, from the widget');
    },
    async keepAlive(token, sessionId) {
      await withToken('keep-alive', token, { session_id: sessionId });
    },
    async stopSession(token, sessionId) {
      await withToken('stop', token, { session_id: sessionId, reason: 'USER_CLOSED' });
    },
  };
}
