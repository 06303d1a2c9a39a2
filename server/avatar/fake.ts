/**
 * The built-in fake provider (AVATAR_PROVIDER=fake): for development and the tests,
 * never chosen by default. It mints random tokens and session ids and answers every
 * call; its rooms are not real LiveKit rooms (`url` is `fake:` + the session id): the
 * widget recognises the scheme and plays a local stand-in instead (an animated canvas
 * and a tone while it "speaks" what it is sent on the data channel). It remembers what
 * it was asked, so tests can check the loop.
 */
import { randomBytes } from 'node:crypto';
import { AvatarProviderError, type AvatarProvider } from './types';

export interface FakeAvatarProvider extends AvatarProvider {
  /** Sessions started and whether they were stopped, newest last. */
  readonly sessions: { sessionId: string; token: string; keepAlives: number; stopped: boolean }[];
}

const id = () => randomBytes(12).toString('base64url');

/**
 * `idleMs`: its rooms end after that long without speech (AVATAR_FAKE_IDLE_TIMEOUT, server/config.ts),
 * as a real provider's do after 300 s (LiveKit reason 5, shown as 'Room disconnected: Idle timeout', widget-spec
 * §4); by default they do not. The widget's stand-in room keeps the clock (src/effects/fake-avatar-room.ts).
 */
export function createFakeAvatarProvider(avatarId = 'fake-avatar', idleMs?: number): FakeAvatarProvider {
  const tokens = new Set<string>();
  const sessions: FakeAvatarProvider['sessions'] = [];
  const session = (token: string, sessionId: string) => {
    const s = sessions.find((x) => x.sessionId === sessionId && x.token === token && !x.stopped);
    if (!s) throw new AvatarProviderError('no such session', 404);
    return s;
  };
  return {
    name: 'fake',
    avatarId,
    speech: 'data-channel',
    sessions,
    async createSessionToken() {
      const token = `fake-${id()}`;
      tokens.add(token);
      return token;
    },
    async startSession(token) {
      if (!tokens.delete(token)) throw new AvatarProviderError('unknown session token', 401);
      const sessionId = id();
      sessions.push({ sessionId, token, keepAlives: 0, stopped: false });
      return { sessionId, url: `fake:${sessionId}${idleMs ? `?idle=${idleMs}` : ''}`, accessToken: `fake-room-${id()}` };
    },
    async speak(token, sessionId) {
      session(token, sessionId);
    },
    async keepAlive(token, sessionId) {
      session(token, sessionId).keepAlives++;
    },
    async stopSession(token, sessionId) {
      session(token, sessionId).stopped = true;
    },
  };
}
