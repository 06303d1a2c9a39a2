/**
 * The console's router: the address bar as a state (docs/console.md "The page itself"). It parses the path into a
 * route, pushes the routes the app goes to, follows back/forward, and keeps the private routes behind a session:
 * the root (machines/console.ts) tells it when a session starts or ends. A screen with unsaved changes guards the way
 * out: while it does, going elsewhere (a link, a tab, the site switcher, Back) waits for the person's answer.
 *
 * The address is an effect: a `history` actor carries out `PUSH`/`REPLACE` and reports `ROUTE.POPPED`.
 */
import { assign, fromCallback, sendTo, setup, type SnapshotFrom } from 'xstate';
import { notProvided } from './not-provided';

/** The console's screens, as codes. */
export type RouteName =
  | 'signIn'
  | 'invite'
  | 'sites'
  | 'overview'
  | 'appearance'
  | 'members'
  | 'audit'
  | 'inbox'
  | 'conversation'
  | 'analytics'
  | 'account'
  | 'documents'
  | 'videos'
  | 'buttons'
  | 'advice'
  | 'adviceFile'
  | 'notFound';

/** A parsed address. */
export interface Route {
  name: RouteName;
  /** the site of a site's screens */
  siteId?: string;
  /** the invitation of `/console/invite/:token` */
  token?: string;
  /** the conversation of `/console/sites/:id/inbox/:conversationId` (its transcript) */
  conversationId?: string;
  /** the advice file of `/console/sites/:id/advice/:fileId` */
  fileId?: string;
}

/** The screens one sees without a session. */
const PUBLIC: readonly RouteName[] = ['signIn', 'invite'];
export const isPublic = (route: Route) => PUBLIC.includes(route.name);

export const CONSOLE_ROOT = '/console';
export const SIGN_IN_PATH = `${CONSOLE_ROOT}/sign-in`;
export const SITES_PATH = `${CONSOLE_ROOT}/sites`;
/** One's own account (password, sessions): private, and not a site's screen. */
export const ACCOUNT_PATH = `${CONSOLE_ROOT}/account`;

const SITE_SCREENS: Record<string, RouteName> = {
  '': 'overview',
  appearance: 'appearance',
  members: 'members',
  audit: 'audit',
  inbox: 'inbox',
  analytics: 'analytics',
  documents: 'documents',
  videos: 'videos',
  buttons: 'buttons',
  advice: 'advice',
};

/** The route of a path (a trailing slash is the same route; `/console` itself is the sites list). */
export function parseRoute(path: string): Route {
  const parts = path.replace(/\/+$/, '').split('/').slice(1);
  if (parts[0] !== 'console') return { name: 'notFound' };
  let decoded: string[];
  try {
    decoded = parts.map((p) => decodeURIComponent(p));
  } catch {
    return { name: 'notFound' };
  }
  const [, first, second, third, ...rest] = decoded;
  if (first === undefined) return { name: 'sites' };
  if (first === 'sign-in' && second === undefined) return { name: 'signIn' };
  if (first === 'invite' && second && third === undefined) return { name: 'invite', token: second };
  if (first === 'sites' && second === undefined) return { name: 'sites' };
  if (first === 'account' && second === undefined) return { name: 'account' };
  if (first === 'sites' && second && rest.length === 0) {
    const name = SITE_SCREENS[third ?? ''];
    if (name) return { name, siteId: second };
  }
  if (first === 'sites' && second && third === 'inbox' && rest.length === 1 && rest[0])
    return { name: 'conversation', siteId: second, conversationId: rest[0] };
  if (first === 'sites' && second && third === 'advice' && rest.length === 1 && rest[0])
    return { name: 'adviceFile', siteId: second, fileId: rest[0] };
  return { name: 'notFound' };
}

/** The path of a route (its canonical form). */
export function pathOf(route: Route): string {
  const site = `${SITES_PATH}/${encodeURIComponent(route.siteId ?? '')}`;
  switch (route.name) {
    case 'signIn':
      return SIGN_IN_PATH;
    case 'invite':
      return `${CONSOLE_ROOT}/invite/${encodeURIComponent(route.token ?? '')}`;
    case 'sites':
    case 'notFound':
      return SITES_PATH;
    case 'overview':
      return site;
    case 'conversation':
      return `${site}/inbox/${encodeURIComponent(route.conversationId ?? '')}`;
    case 'adviceFile':
      return `${site}/advice/${encodeURIComponent(route.fileId ?? '')}`;
    case 'account':
      return ACCOUNT_PATH;
    default:
      return `${site}/${route.name}`;
  }
}

/** Commands the machine sends to the history actor. */
export type HistoryCommand = { type: 'PUSH'; path: string } | { type: 'REPLACE'; path: string };

export type RouterEvent =
  /** a link or a button goes to a path of the console */
  | { type: 'ROUTE.GO'; path: string }
  /** the browser's back or forward button */
  | { type: 'ROUTE.POPPED'; path: string }
  /**
   * from the root: a session started; a public screen gives way to where the person was going (an invitation only
   * to a session started on it: one found there at load lets the person see whose invitation it is)
   */
  | { type: 'ROUTE.SESSION_STARTED' }
  /** from the root: no session; a private screen gives way to sign-in */
  | { type: 'ROUTE.SESSION_ENDED' }
  /** a screen has unsaved changes: going elsewhere asks first */
  | { type: 'ROUTE.GUARD' }
  /** the screen's changes are saved, dropped, or the screen is gone */
  | { type: 'ROUTE.UNGUARD' }
  /** the answer to the question: go where the person was going (the changes are lost) */
  | { type: 'ROUTE.LEAVE' }
  /** the answer to the question: stay on this screen */
  | { type: 'ROUTE.STAY' };

/** A way out held back by a guard: where it goes, and whether Back or Forward has already moved the address. */
export interface Leaving {
  path: string;
  popped: boolean;
}

export interface RouterContext {
  route: Route;
  /** the private path asked for before signing in, gone to after it */
  next: string | null;
  /** whether a session is on, as the root last said; null until the first check answers */
  signedIn: boolean | null;
  /**
   * whether the session started on the screen shown (a sign-in, an accepted invitation), rather than being found
   * there when the app loaded: an invitation opened while signed in stays, to be accepted or signed out of
   * @default false
   */
  startedHere: boolean;
  /** whether the screen shown has unsaved changes (ROUTE.GUARD) @default false */
  guarded: boolean;
  /** the way out waiting for the person's answer; null when none is */
  leaving: Leaving | null;
}

export const consoleRouterMachine = setup({
  types: {} as { context: RouterContext; events: RouterEvent; input: { path: string } },
  actors: { history: fromCallback<HistoryCommand>(notProvided('history')) },
  actions: {
    show: assign({ route: (_, params: { path: string }) => parseRoute(params.path), startedHere: false }),
    push: sendTo('history', ({ context }) => ({ type: 'PUSH', path: pathOf(context.route) }) satisfies HistoryCommand),
    replace: sendTo('history', ({ context }) => ({ type: 'REPLACE', path: pathOf(context.route) }) satisfies HistoryCommand),
    /** Sign-in first; the path asked for is kept for after it. */
    toSignIn: assign(({ context }) => ({ next: pathOf(context.route), route: { name: 'signIn' } as Route, leaving: null, guarded: false })),
    /** Holds a way out until the person answers. */
    ask: assign({ leaving: (_, params: Leaving) => params }),
    /** Where the person was going before signing in, or the sites list. */
    toNext: assign(({ context }) => ({ route: parseRoute(context.next ?? SITES_PATH), next: null })),
  },
  guards: {
    isPrivateWithoutSession: ({ context }) => context.signedIn === false && !isPublic(context.route),
    isPublicWithSession: ({ context }) =>
      context.signedIn === true && isPublic(context.route) && (context.route.name !== 'invite' || context.startedHere),
    isGuarded: ({ context }) => context.guarded,
    hasPoppedLeaving: ({ context }) => context.leaving?.popped === true,
    hasLeaving: ({ context }) => context.leaving !== null,
  },
}).createMachine({
  id: 'consoleRouter',
  context: ({ input }) => ({
    route: parseRoute(input.path),
    next: null,
    signedIn: null,
    startedHere: false,
    guarded: false,
    leaving: null,
  }),
  invoke: { id: 'history', src: 'history' },
  initial: 'showing',
  states: {
    showing: {
      // `/console` and a trailing slash show the canonical address
      entry: 'replace',
      // checked after every event: a private screen needs a session, a public one gives way once there is one
      always: [
        { guard: 'isPrivateWithoutSession', actions: ['toSignIn', 'replace'] },
        { guard: 'isPublicWithSession', actions: ['toNext', 'replace'] },
      ],
      on: {
        'ROUTE.GO': [
          { guard: 'isGuarded', actions: { type: 'ask', params: ({ event }) => ({ path: event.path, popped: false }) } },
          { actions: [{ type: 'show', params: ({ event }) => ({ path: event.path }) }, 'push'] },
        ],
        'ROUTE.POPPED': [
          { guard: 'isGuarded', actions: { type: 'ask', params: ({ event }) => ({ path: event.path, popped: true }) } },
          { actions: { type: 'show', params: ({ event }) => ({ path: event.path }) } },
        ],
        'ROUTE.GUARD': { actions: assign({ guarded: true }) },
        'ROUTE.UNGUARD': { actions: assign({ guarded: false }) },
        // Back or Forward has moved the address already: it is the one left to go to
        'ROUTE.LEAVE': [
          {
            guard: 'hasPoppedLeaving',
            actions: [
              { type: 'show', params: ({ context }) => ({ path: context.leaving!.path }) },
              assign({ leaving: null, guarded: false }),
            ],
          },
          {
            guard: 'hasLeaving',
            actions: [
              { type: 'show', params: ({ context }) => ({ path: context.leaving!.path }) },
              'push',
              assign({ leaving: null, guarded: false }),
            ],
          },
        ],
        // after Back or Forward, the address shows this screen's again
        'ROUTE.STAY': [{ guard: 'hasPoppedLeaving', actions: ['push', assign({ leaving: null })] }, { actions: assign({ leaving: null }) }],
        'ROUTE.SESSION_STARTED': { actions: assign({ startedHere: ({ context }) => context.signedIn !== null, signedIn: true }) },
        'ROUTE.SESSION_ENDED': { actions: assign({ signedIn: false }) },
      },
    },
  },
});

export type ConsoleRouterSnapshot = SnapshotFrom<typeof consoleRouterMachine>;
export const selectRoute = (s: ConsoleRouterSnapshot) => s.context.route;
/** Whether a way out waits for the person's answer (the frame asks: Leave or Cancel). */
export const selectLeaving = (s: ConsoleRouterSnapshot) => s.context.leaving !== null;
