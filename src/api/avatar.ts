/**
 * Voice mode's calls to our server (widget-spec §7, README "Voice mode's calls"): the
 * session token, then the session, its keep-alive and its end. Every answer is checked;
 * failures reject with Error (the avatar machine words them as widget-spec §8 does).
 */
import type { AvatarSession } from '../../machines/avatar';
import type { Http } from './client';

const str = (v: unknown): v is string => typeof v === 'string' && v !== '';

export function createAvatarClient(http: Http) {
  const { api, authed, json } = http;
  const post = async (path: string, body: unknown) => {
    const res = await authed(`${api}/interactive-avatar/${path}`, json('POST', body));
    if (!res.ok) throw new Error(`HTTP error! status: ${res.status}`);
    return res.status === 204 ? null : ((await res.json().catch(() => null)) as Record<string, unknown> | null);
  };
  return {
    /** GET {api}/interactive-avatar/get-session-token → the provider's session token. */
    async sessionToken(): Promise<string> {
      const res = await authed(`${api}/interactive-avatar/get-session-token`);
      if (!res.ok) throw new Error(`HTTP error! status: ${res.status}`);
      const body = (await res.json().catch(() => null)) as { token?: unknown } | null;
      if (!str(body?.token)) throw new Error('Invalid response from API');
      return body.token;
    },
    /** POST …/sessions → the LiveKit room (widget-spec §3 "Avatar session": session_id, url, access_token). */
    async startSession(token: string): Promise<AvatarSession> {
      const b = await post('sessions', { token });
      if (!b || !str(b.session_id) || !str(b.url) || !str(b.access_token)) throw new Error('Invalid response from API');
      return {
        sessionId: b.session_id,
        url: b.url,
        accessToken: b.access_token,
        speech: b.speech === 'server' ? 'server' : 'data-channel',
      };
    },
    async keepAlive(token: string, sessionId: string): Promise<void> {
      await post('sessions/keep-alive', { token, session_id: sessionId });
    },
    async stopSession(token: string, sessionId: string): Promise<void> {
      await post('sessions/stop', { token, session_id: sessionId });
    },
  };
}
