/**
 * The console's session (issue 32 §2): checking → signedOut ⇄ signingIn → signedIn → signingOut → signedOut, the
 * throttled wait after a 429, and the invitation's password that ends signed in. It holds codes (the view words
 * them) and tells its parent (machines/console.ts) each time a session starts or ends.
 *
 * Effects come in as actors: `check` (GET session), `signIn`, `acceptInvite`, `signOut`; each rejects with an error
 * carrying a `code` (console/api.ts `ApiError`), and `retryAfter` on a 429.
 */
import { assign, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate';
import { DEFAULT_SIGN_IN_WAIT_S, MIN_PASSWORD_LENGTH } from './console-constants';
import { notProvided } from './not-provided';

/** A site as the session lists it, with the account's role there. */
export interface SessionSite {
  id: string;
  name: string;
  role: 'owner' | 'editor' | 'viewer' | 'adviser';
}

/** What a started session gives (GET session). */
export interface SessionData {
  account: { id: string; email: string };
  sites: SessionSite[];
}

/** A refusal, as a code: the server's (console/api.ts `ApiErrorCode`) or the machine's own `PASSWORD_SHORT`. */
export interface SessionError {
  code: string;
  /** the field it belongs to (`password`), shown there */
  field?: string;
  /** what the field allows, as the server says */
  allowed?: string;
}

export type SessionEvent =
  | { type: 'SIGN_IN.SUBMIT'; email: string; password: string }
  | { type: 'INVITE.ACCEPT'; token: string; password: string }
  | { type: 'SIGN_OUT' }
  /** a call answered 401: the session ended elsewhere (expired, signed out in another tab) */
  | { type: 'SESSION.EXPIRED' }
  /** the sites changed (one was created): read the session again */
  | { type: 'SESSION.REFRESH' };

export interface SessionContext {
  account: SessionData['account'] | null;
  sites: SessionSite[];
  error: SessionError | null;
  /** seconds to wait before the next sign-in, after a 429 */
  retryAfter: number;
}

/** The code, field and wait of an effect's rejection (anything without a code is `NETWORK`). */
export function refusalOf(error: unknown): SessionError & { retryAfter?: number } {
  const e = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  return {
    code: typeof e.code === 'string' ? e.code : 'NETWORK',
    ...(typeof e.field === 'string' ? { field: e.field } : {}),
    ...(typeof e.allowed === 'string' ? { allowed: e.allowed } : {}),
    ...(typeof e.retryAfter === 'number' ? { retryAfter: e.retryAfter } : {}),
  };
}

/** The password rule the browser checks before sending (the server checks it again, and the common passwords). */
export const isPasswordLongEnough = (password: string) => [...password].length >= MIN_PASSWORD_LENGTH;

const EMPTY = { account: null, sites: [] };

type InviteAccept = Extract<SessionEvent, { type: 'INVITE.ACCEPT' }>;
/** What an invitation's acceptance sends, signed out or in: the token and the password typed. */
const invitation = ({ event }: { event: SessionEvent }) => {
  const { token, password } = event as InviteAccept;
  return { token, password };
};
/** An invitation taken, signed out or in, once its password is long enough (the server checks the rest). */
const acceptIfLongEnough = [
  { guard: { type: 'isLongEnough', params: ({ event }: { event: InviteAccept }) => event.password }, target: 'accepting' },
  { actions: { type: 'refuse', params: { code: 'PASSWORD_SHORT', field: 'password' } } },
] as const;

export const consoleSessionMachine = setup({
  types: {} as { context: SessionContext; events: SessionEvent },
  actors: {
    check: fromPromise<SessionData>(notProvided('check')),
    signIn: fromPromise<SessionData, { email: string; password: string }>(notProvided('signIn')),
    acceptInvite: fromPromise<SessionData, { token: string; password: string }>(notProvided('acceptInvite')),
    signOut: fromPromise<void>(notProvided('signOut')),
  },
  delays: {
    /** the 429's Retry-After, or a default when it has none */
    retryWait: ({ context }) => context.retryAfter * 1000,
  },
  actions: {
    keep: assign((_, data: SessionData) => ({ account: data.account, sites: data.sites, error: null })),
    forget: assign(EMPTY),
    refuse: assign({ error: (_, error: SessionError | null) => error }),
    clearError: assign({ error: null }),
    reportStarted: sendParent({ type: 'SESSION.STARTED' }),
    reportEnded: sendParent({ type: 'SESSION.ENDED' }),
  },
  guards: {
    hasCredentials: (_, event: { email: string; password: string }) => event.email.trim() !== '' && event.password !== '',
    isLongEnough: (_, password: string) => isPasswordLongEnough(password),
    isThrottled: ({ event }) => refusalOf((event as { error?: unknown }).error).code === 'THROTTLED',
  },
}).createMachine({
  id: 'consoleSession',
  context: { ...EMPTY, error: null, retryAfter: 0 },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'check',
        onDone: { target: 'signedIn', actions: { type: 'keep', params: ({ event }) => event.output } },
        // no session (401): the sign-in form as it is; no answer: the form says why
        onError: {
          target: 'signedOut',
          actions: {
            type: 'refuse',
            params: ({ event }) => (refusalOf(event.error).code === 'UNAUTHENTICATED' ? null : refusalOf(event.error)),
          },
        },
      },
    },
    signedOut: {
      entry: ['forget', 'reportEnded'],
      on: {
        'SIGN_IN.SUBMIT': [
          { guard: { type: 'hasCredentials', params: ({ event }) => event }, target: 'signingIn' },
          { actions: { type: 'refuse', params: { code: 'SIGN_IN_EMPTY' } } },
        ],
        'INVITE.ACCEPT': acceptIfLongEnough,
      },
    },
    signingIn: {
      entry: 'clearError',
      invoke: {
        src: 'signIn',
        input: ({ event }) => {
          const { email, password } = event as Extract<SessionEvent, { type: 'SIGN_IN.SUBMIT' }>;
          return { email: email.trim(), password };
        },
        onDone: { target: 'signedIn', actions: { type: 'keep', params: ({ event }) => event.output } },
        onError: [
          {
            guard: 'isThrottled',
            target: 'throttled',
            actions: assign({
              error: { code: 'THROTTLED' },
              retryAfter: ({ event }) => refusalOf(event.error).retryAfter ?? DEFAULT_SIGN_IN_WAIT_S,
            }),
          },
          { target: 'signedOut', actions: { type: 'refuse', params: ({ event }) => refusalOf(event.error) } },
        ],
      },
    },
    // issue 32 §2 "Throttling": the form waits as the server says, then takes another try
    throttled: {
      after: { retryWait: { target: 'signedOut', actions: 'clearError' } },
    },
    accepting: {
      entry: 'clearError',
      invoke: {
        src: 'acceptInvite',
        input: invitation,
        onDone: { target: 'signedIn', actions: { type: 'keep', params: ({ event }) => event.output } },
        onError: { target: 'signedOut', actions: { type: 'refuse', params: ({ event }) => refusalOf(event.error) } },
      },
    },
    signedIn: {
      entry: 'reportStarted',
      on: {
        SIGN_OUT: 'signingOut',
        'SESSION.EXPIRED': { target: 'signedOut', actions: { type: 'refuse', params: { code: 'UNAUTHENTICATED' } } },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'SESSION.REFRESH': 'refreshing',
            // an invitation opened while signed in, taken by this account with its own password (the server checks
            // that the invitation is this account's email)
            'INVITE.ACCEPT': acceptIfLongEnough,
          },
        },
        accepting: {
          entry: 'clearError',
          invoke: {
            src: 'acceptInvite',
            input: invitation,
            // a session that starts anew (the server renews it): the router leaves the invitation
            onDone: { target: 'idle', actions: [{ type: 'keep', params: ({ event }) => event.output }, 'reportStarted'] },
            // refused: still signed in as before, the refusal shown at the form
            onError: { target: 'idle', actions: { type: 'refuse', params: ({ event }) => refusalOf(event.error) } },
          },
        },
        refreshing: {
          invoke: {
            src: 'check',
            onDone: { target: 'idle', actions: { type: 'keep', params: ({ event }) => event.output } },
            onError: { target: '#consoleSession.signedOut' },
          },
        },
      },
    },
    // what the app shows is cleared at once; the server's answer is not waited for to forget it
    signingOut: {
      entry: 'forget',
      invoke: { src: 'signOut', onDone: 'signedOut', onError: 'signedOut' },
    },
  },
});

export type ConsoleSessionSnapshot = SnapshotFrom<typeof consoleSessionMachine>;
export type SessionPhase = 'checking' | 'signedOut' | 'signingIn' | 'throttled' | 'accepting' | 'signedIn' | 'signingOut';
export const selectPhase = (s: ConsoleSessionSnapshot): SessionPhase =>
  (typeof s.value === 'string' ? s.value : 'signedIn') as SessionPhase;
export const selectAccount = (s: ConsoleSessionSnapshot) => s.context.account;
export const selectSites = (s: ConsoleSessionSnapshot) => s.context.sites;
export const selectError = (s: ConsoleSessionSnapshot) => s.context.error;
/** Whether an invitation is being accepted, signed out or in. */
export const selectAccepting = (s: ConsoleSessionSnapshot) => s.matches('accepting') || s.matches({ signedIn: 'accepting' });
export const selectRetryAfter = (s: ConsoleSessionSnapshot) => s.context.retryAfter;
