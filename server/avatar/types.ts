/**
 * One shape for every avatar provider (widget-spec §7 "Third-party avatar streaming
 * provider"): the widget speaks to our server only, and the server to the provider
 * with a key the widget never sees. A session is a LiveKit room the widget joins.
 */

/** A started session (widget-spec §3 "Avatar session": session_id, url, access_token). */
export interface ProviderSession {
  sessionId: string;
  /** The LiveKit server's URL. */
  url: string;
  /** The token that joins the room. */
  accessToken: string;
}

/**
 * How the avatar is made to say a text: our server asks the provider (HeyGen's
 * streaming.task), or the widget publishes it on the room's data channel (LiveAvatar,
 * and the built-in fake).
 */
export type SpeechChannel = 'server' | 'data-channel';

export interface AvatarProvider {
  /** Which provider, for the start-up line and the widget ('heygen', 'liveavatar', 'fake'). */
  name: string;
  /** The avatar id config reports (widget-spec §3 interactiveAvatarId). */
  avatarId: string;
  speech: SpeechChannel;
  /** A short-lived token for one session (GET api/interactive-avatar/get-session-token). */
  createSessionToken(): Promise<string>;
  /** Creates and starts the session the token is for. */
  startSession(token: string): Promise<ProviderSession>;
  /** Makes the avatar say `text` as it is (only where `speech` is 'server'). */
  speak(token: string, sessionId: string, text: string): Promise<void>;
  keepAlive(token: string, sessionId: string): Promise<void>;
  stopSession(token: string, sessionId: string): Promise<void>;
}

/** A provider's call failed; `status` is its HTTP status when it answered. */
export class AvatarProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AvatarProviderError';
  }
}

/** A JSON call to a provider: its `data` (or the body) back, or AvatarProviderError. */
export async function providerCall(
  fetchImpl: typeof fetch,
  url: string,
  init: { method?: string; headers: Record<string, string>; body?: unknown; timeoutMs: number },
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetchImpl(url, {
      method: init.method ?? 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (err) {
    throw new AvatarProviderError(`the avatar provider could not be reached (${err instanceof Error ? err.message : String(err)})`);
  }
  const text = await res.text();
  if (!res.ok) throw new AvatarProviderError(`the avatar provider answered ${res.status}: ${text.slice(0, 300)}`, res.status);
  if (!text) return null;
  try {
    const body = JSON.parse(text) as { data?: unknown };
    return body && typeof body === 'object' && 'data' in body ? body.data : body;
  } catch {
    throw new AvatarProviderError('the avatar provider sent something that is not JSON', res.status);
  }
}

/** A non-empty string field of a provider's answer, or AvatarProviderError. */
export function field(data: unknown, name: string): string {
  const value = (data as Record<string, unknown> | null)?.[name];
  if (typeof value !== 'string' || !value) throw new AvatarProviderError(`the avatar provider sent no ${name}`);
  return value;
}
