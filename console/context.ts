/** The console's actor system and API client, as the views reach them. */
import { createActorContext, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useId, useState } from 'react';
import type { ActorRefFrom, AnyActorLogic } from 'xstate';
import { type ConsoleActor, consoleMachine, type RouterActor, type SessionActor } from '../machines/console';
import type { ConsoleRouterSnapshot } from '../machines/console-router';
import type { ConsoleSessionSnapshot } from '../machines/console-session';
import type { ConsoleApi } from './api';

/** The root machine; main.tsx provides it with the browser's effects, tests with fakes. */
export const ConsoleActorContext = createActorContext(consoleMachine);

/** The API client the screens call (console/api.ts; a fake in tests). */
export const ApiContext = createContext<ConsoleApi>(null as unknown as ConsoleApi);
export const useApi = () => useContext(ApiContext);

const sessionOf = (root: ConsoleActor) => root.system.get('session') as SessionActor;
const routerOf = (root: ConsoleActor) => root.system.get('router') as RouterActor;

/** The session actor (systemId `session`). */
export const useSessionActor = () => sessionOf(ConsoleActorContext.useActorRef());
/** The router actor (systemId `router`). */
export const useRouterActor = () => routerOf(ConsoleActorContext.useActorRef());

/** One narrow slice of the session's state. */
export const useSession = <T>(selector: (s: ConsoleSessionSnapshot) => T, compare?: (a: T, b: T) => boolean) =>
  useSelector(useSessionActor(), selector, compare);
/** One narrow slice of the router's state. */
export const useRouter = <T>(selector: (s: ConsoleRouterSnapshot) => T, compare?: (a: T, b: T) => boolean) =>
  useSelector(useRouterActor(), selector, compare);

/**
 * One of a screen's actors (a read, a change, a Copy button), started in the root's system as the screen shows, with
 * a systemId of its own, and stopped as it goes (STYLE.md "Systems of machines").
 */
export function useScreenActor<T extends AnyActorLogic>(logic: T): ActorRefFrom<T> {
  const root = ConsoleActorContext.useActorRef();
  const id = `screen${useId()}`;
  const [actor] = useState(() => {
    root.send({ type: 'SCREEN.START', id, logic });
    return root.system.get(id) as ActorRefFrom<T>;
  });
  useEffect(() => () => root.send({ type: 'SCREEN.STOP', id }), [root, id]);
  return actor;
}
