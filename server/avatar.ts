/**
 * The interactive avatar's provider (widget-spec §7 "Third-party avatar streaming
 * provider"). The server holds the provider's API key and hands the widget only a
 * short-lived streaming token.
 */
import type { AvatarProvider } from './api-services';

export interface AvatarConfig {
  /** The provider's API key (AVATAR_API_KEY). */
  apiKey: string;
  /** The avatar to stream (AVATAR_ID). */
  avatarId: string;
  /** The provider's API root (AVATAR_API_URL). @default 'https://api.heygen.com' */
  apiUrl: string;
  /** @default 10000 */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/** A streaming-token provider with HeyGen's API shape (`POST /v1/streaming.create_token` → `{ data: { token } }`). */
export function createAvatarProvider(config: AvatarConfig): AvatarProvider {
  const fetchImpl = config.fetchImpl ?? fetch;
  return {
    avatarId: config.avatarId,
    async createSessionToken() {
      const res = await fetchImpl(`${config.apiUrl.replace(/\/+$/, '')}/v1/streaming.create_token`, {
        method: 'POST',
        headers: { 'X-Api-Key': config.apiKey, 'Content-Type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
      if (!res.ok) throw new Error(`the avatar provider answered ${res.status}`);
      const body = (await res.json()) as { data?: { token?: unknown } };
      const token = body?.data?.token;
      if (typeof token !== 'string' || !token) throw new Error('the avatar provider sent no token');
      return token;
    },
  };
}
