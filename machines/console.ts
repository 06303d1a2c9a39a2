/**
 * The console's root: one actor system (STYLE.md "Systems of machines"). It starts the session
 * (machines/console-session.ts, systemId `session`) and the router (machines/console-router.ts, systemId `router`),
 * and carries the reactions between them: a session that starts lets the router leave sign-in for where the person
 * was going; one that ends (sign-out, or a 401 on any call) sends every private screen back to sign-in. A screen's
 * own actors (its reads, changes and Copy buttons: console-load, console-task, console-copy, with the screen's
 * effects provided) are spawned here too, each with a systemId, and stopped when the screen goes.
 */
import { type ActorRefFrom, type AnyActorLogic, type AnyActorRef, assign, sendTo, setup, stopChild } from 'xstate';
import { consoleRouterMachine } from './console-router';
import { consoleSessionMachine } from './console-session';

export type ConsoleEvent =
  /** from the session: signed in (a check, a sign-in or an accepted invitation) */
  | { type: 'SESSION.STARTED' }
  /** from the session: signed out, or no session */
  | { type: 'SESSION.ENDED' }
  /** from the API client: a call answered 401 */
  | { type: 'SESSION.EXPIRED' }
  /** from a screen that shows: start one of its actors in this system, as `id` (its systemId too) */
  | { type: 'SCREEN.START'; id: string; logic: AnyActorLogic }
  /** from a screen that goes: stop that actor */
  | { type: 'SCREEN.STOP'; id: string };

export interface ConsoleContext {
  path: string;
  /** the screens' actors now running, by id */
  screens: Record<string, AnyActorRef>;
}

export const consoleMachine = setup({
  types: {} as { context: ConsoleContext; events: ConsoleEvent; input: { path: string } },
  actors: { session: consoleSessionMachine, router: consoleRouterMachine },
}).createMachine({
  id: 'console',
  context: ({ input }) => ({ path: input.path, screens: {} }),
  invoke: [
    { id: 'session', systemId: 'session', src: 'session' },
    { id: 'router', systemId: 'router', src: 'router', input: ({ context }) => ({ path: context.path }) },
  ],
  on: {
    'SESSION.STARTED': { actions: sendTo('router', { type: 'ROUTE.SESSION_STARTED' }) },
    'SESSION.ENDED': { actions: sendTo('router', { type: 'ROUTE.SESSION_ENDED' }) },
    'SESSION.EXPIRED': { actions: sendTo('session', { type: 'SESSION.EXPIRED' }) },
    'SCREEN.START': {
      actions: assign({
        screens: ({ context, event, spawn }) => ({
          ...context.screens,
          [event.id]: spawn(event.logic, { systemId: event.id }),
        }),
      }),
    },
    'SCREEN.STOP': {
      actions: [
        stopChild(({ context, event }) => context.screens[event.id] ?? event.id),
        assign({ screens: ({ context, event }) => Object.fromEntries(Object.entries(context.screens).filter(([id]) => id !== event.id)) }),
      ],
    },
  },
});

export type ConsoleActor = ActorRefFrom<typeof consoleMachine>;
export type SessionActor = ActorRefFrom<typeof consoleSessionMachine>;
export type RouterActor = ActorRefFrom<typeof consoleRouterMachine>;
