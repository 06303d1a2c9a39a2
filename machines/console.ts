/**
 * The console's root: one actor system (STYLE.md "Systems of machines"). It starts the session
 * (machines/console-session.ts, systemId `session`) and the router (machines/console-router.ts, systemId `router`),
 * and carries the reactions between them: a session that starts lets the router leave sign-in for where the person
 * was going; one that ends (sign-out, or a 401 on any call) sends every private screen back to sign-in.
 */
import { sendTo, setup, type ActorRefFrom } from 'xstate';
import { consoleRouterMachine } from './console-router';
import { consoleSessionMachine } from './console-session';

export type ConsoleEvent =
  /** from the session: signed in (a check, a sign-in or an accepted invitation) */
  | { type: 'SESSION.STARTED' }
  /** from the session: signed out, or no session */
  | { type: 'SESSION.ENDED' }
  /** from the API client: a call answered 401 */
  | { type: 'SESSION.EXPIRED' };

export const consoleMachine = setup({
  types: {} as { context: { path: string }; events: ConsoleEvent; input: { path: string } },
  actors: { session: consoleSessionMachine, router: consoleRouterMachine },
}).createMachine({
  id: 'console',
  context: ({ input }) => ({ path: input.path }),
  invoke: [
    { id: 'session', systemId: 'session', src: 'session' },
    { id: 'router', systemId: 'router', src: 'router', input: ({ context }) => ({ path: context.path }) },
  ],
  on: {
    'SESSION.STARTED': { actions: sendTo('router', { type: 'ROUTE.SESSION_STARTED' }) },
    'SESSION.ENDED': { actions: sendTo('router', { type: 'ROUTE.SESSION_ENDED' }) },
    'SESSION.EXPIRED': { actions: sendTo('session', { type: 'SESSION.EXPIRED' }) },
  },
});

export type ConsoleActor = ActorRefFrom<typeof consoleMachine>;
export type SessionActor = ActorRefFrom<typeof consoleSessionMachine>;
export type RouterActor = ActorRefFrom<typeof consoleRouterMachine>;
