/**
 * The avatar provider chosen by the environment (README "Configuration"):
 *
 * - `AVATAR_PROVIDER=heygen` (the default when `AVATAR_API_KEY` is set): HeyGen's Streaming API;
 * - `AVATAR_PROVIDER=liveavatar`: HeyGen's LiveAvatar API;
 * - `AVATAR_PROVIDER=fake`: the built-in fake, for development and tests (never the default);
 * - otherwise none: voice mode is off (config reports no avatar id).
 *
 * `AVATAR_ID` names the avatar, `AVATAR_API_URL` overrides the provider's API root;
 * `AVATAR_FAKE_IDLE_TIMEOUT` (`10s`, `5m`) gives the fake's rooms an idle timeout (server/config.ts).
 */
import { fakeAvatarIdleFromEnv } from '../config';
import { createFakeAvatarProvider } from './fake';
import { createHeyGenProvider } from './heygen';
import { createLiveAvatarProvider } from './liveavatar';
import type { AvatarProvider } from './types';

export function avatarProviderFromEnv(env: NodeJS.ProcessEnv): AvatarProvider | null {
  const kind = (env.AVATAR_PROVIDER || (env.AVATAR_API_KEY ? 'heygen' : '')).toLowerCase();
  if (!kind) return null;
  if (kind === 'fake') return createFakeAvatarProvider(env.AVATAR_ID || 'fake-avatar', fakeAvatarIdleFromEnv(env) ?? undefined);
  if (kind !== 'heygen' && kind !== 'liveavatar')
    throw new Error(`AVATAR_PROVIDER must be heygen, liveavatar or fake, not "${env.AVATAR_PROVIDER}"`);
  if (!env.AVATAR_API_KEY) throw new Error(`AVATAR_PROVIDER=${kind} needs AVATAR_API_KEY`);
  const config = { apiKey: env.AVATAR_API_KEY, avatarId: env.AVATAR_ID || '', apiUrl: env.AVATAR_API_URL || undefined };
  return kind === 'heygen' ? createHeyGenProvider(config) : createLiveAvatarProvider(config);
}
