/**
 * The API client with an auth machine of its own behind it, for tests of the client alone (in the
 * widget, the root spawns the auth machine and `connect` finds it in the system).
 */
import { createActor } from 'xstate';
import { authMachine, type AuthActor } from '../../machines/auth';
import { bootActor, connect } from '../../src/api/token-source';

export function connectWithAuth(options: Omit<Parameters<typeof connect>[0], 'auth'>) {
  let auth: AuthActor | undefined;
  const c = connect({ ...options, auth: () => auth! });
  auth = createActor(authMachine.provide({ actors: { boot: bootActor(c.client) } })).start();
  return { ...c, auth };
}
