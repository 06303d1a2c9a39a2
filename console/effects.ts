/**
 * The console machines' effects in the browser: the address bar (the router's `history`), the clipboard (a Copy
 * button's `write`) and the session's calls (console/api.ts). Tests provide fakes of the same shapes instead.
 */
import { fromCallback, fromPromise } from 'xstate';
import { consoleMachine } from '../machines/console';
import { consoleRouterMachine, type HistoryCommand } from '../machines/console-router';
import { consoleSessionMachine, type SessionData } from '../machines/console-session';
import type { ConsoleApi } from './api';

/** The router's `history` on window.history: PUSH and REPLACE, and popstate reported back. */
export const browserHistory = fromCallback<HistoryCommand>(({ sendBack, receive }) => {
  const onPop = () => sendBack({ type: 'ROUTE.POPPED', path: location.pathname });
  window.addEventListener('popstate', onPop);
  receive((command) => {
    if (location.pathname === command.path) return;
    if (command.type === 'PUSH') history.pushState(null, '', command.path);
    else history.replaceState(null, '', command.path);
  });
  return () => window.removeEventListener('popstate', onPop);
});

/** The clipboard's write, for a Copy button (refused where the browser does not allow it). */
export const clipboardWrite = fromPromise<void, string>(({ input }) => navigator.clipboard.writeText(input));

const sessionData = (s: SessionData): SessionData => ({ account: s.account, sites: s.sites });

/** The console's root machine with the browser's effects around `api`. */
export function browserConsole(api: ConsoleApi) {
  return consoleMachine.provide({
    actors: {
      session: consoleSessionMachine.provide({
        actors: {
          check: fromPromise(() => api.session().then(sessionData)),
          signIn: fromPromise<SessionData, { email: string; password: string }>(({ input }) =>
            api.signIn(input.email, input.password).then(sessionData),
          ),
          acceptInvite: fromPromise<SessionData, { token: string; password: string }>(({ input }) =>
            api.acceptInvite(input.token, input.password).then(sessionData),
          ),
          signOut: fromPromise(() => api.signOut()),
        },
      }),
      router: consoleRouterMachine.provide({ actors: { history: browserHistory } }),
    },
  });
}
