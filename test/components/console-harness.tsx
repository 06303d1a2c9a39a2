/**
 * The console rendered in happy-dom: its root machine with fake effects (an in-memory address bar, the session's
 * calls answered by the fake API) and a fake API client whose calls each test may replace.
 */
import { render } from '@testing-library/preact';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { type createActor, fromCallback, fromPromise } from 'xstate';
import type { ConsoleApi, SiteDetail } from '../../console/api';
import { App } from '../../console/app';
import { ApiContext, ConsoleActorContext } from '../../console/context';
import { consoleMachine } from '../../machines/console';
import { consoleRouterMachine, type HistoryCommand } from '../../machines/console-router';
import { consoleSessionMachine, type SessionData } from '../../machines/console-session';

export const SESSION = {
  account: { id: 'acc-1', email: 'owner@example.com' },
  csrfToken: 'csrf',
  sites: [{ id: 's1', name: 'Shop', role: 'owner' as const }],
};

export const SITE: SiteDetail = {
  id: 's1',
  name: 'Shop',
  role: 'owner',
  origins: ['self', 'https://shop.example'],
  config: { pageAwareness: false, avatarId: '', referenceWebpage: '' },
  apiKey: 'pk_1',
  keyGraceSeconds: 86_400,
  snippet: '<script src="http://h/widget.js" data-api-key="pk_1" data-api-url="http://h/api" data-base-url="http://h/" defer></script>',
  appearanceVersion: 1,
};

export const refusal = (code: string, more: object = {}) => Object.assign(new Error(code), { code, ...more });

/** A fake API: every call resolves with contract-shaped data; pass replacements. */
export function fakeApi(over: Partial<ConsoleApi> = {}): ConsoleApi {
  const api: ConsoleApi = {
    /** the account calls (console/account-api.ts) go through it: answer them with a replacement */
    request: vi.fn(async () => undefined) as unknown as ConsoleApi['request'],
    withSession: vi.fn((s) => s),
    session: vi.fn(async () => SESSION),
    signIn: vi.fn(async () => SESSION),
    signOut: vi.fn(async () => undefined),
    invite: vi.fn(async () => ({ email: 'new@example.com', siteName: 'Shop', role: 'editor' as const, expiresAt: '2026-11-27T10:00:00Z' })),
    acceptInvite: vi.fn(async () => SESSION),
    sites: vi.fn(async () => SESSION.sites),
    createSite: vi.fn(async () => ({ id: 's2' })),
    site: vi.fn(async () => SITE),
    updateConfig: vi.fn(async () => undefined),
    setOrigins: vi.fn(async (_id: string, origins: string[]) => ({ origins, warnings: [] })),
    allowOrigin: vi.fn(async (_id: string, origin: string) => ({ origins: [...SITE.origins, origin], warnings: [] })),
    refusedOrigins: vi.fn(async () => [{ origin: 'https://blog.example', lastSeenAt: '2026-11-26T09:00:00Z', count: 3 }]),
    rotateKey: vi.fn(async () => ({ apiKey: 'pk_2', previousKey: { validUntil: '2026-11-27T10:00:00Z' } })),
    appearance: vi.fn(async () => ({ version: 1, appearance: {} })),
    saveAppearance: vi.fn(async () => ({ version: 2 })),
    appearanceVersions: vi.fn(async () => []),
    appearanceVersion: vi.fn(async () => ({ version: 1, appearance: {} })),
    restoreAppearance: vi.fn(async () => ({ version: 2 })),
    previewKey: vi.fn(async () => ({ apiKey: 'pv', expiresAt: '2026-11-26T12:00:00Z' })),
    members: vi.fn(async () => [
      { accountId: 'acc-1', email: 'owner@example.com', role: 'owner' as const, invitePending: false },
      { accountId: 'acc-2', email: 'ed@example.com', role: 'editor' as const, invitePending: false },
    ]),
    inviteMember: vi.fn(async () => ({ inviteLink: 'http://h/console/invite/abc', expiresAt: '2026-11-27T10:00:00Z' })),
    changeRole: vi.fn(async () => undefined),
    removeMember: vi.fn(async () => undefined),
    withdrawInvite: vi.fn(async () => undefined),
    audit: vi.fn(async () => []),
    ...over,
  };
  return api;
}

const data = (s: SessionData) => ({ account: s.account, sites: s.sites });

/**
 * Renders the console at `path` with `api` (and `after` the frame, inside its providers, as console/main.tsx draws
 * the password dialog's place); returns the address bar's commands and the root actor.
 */
export function renderConsole(path: string, api: ConsoleApi = fakeApi(), after?: ReactNode) {
  const commands: HistoryCommand[] = [];
  const logic = consoleMachine.provide({
    actors: {
      session: consoleSessionMachine.provide({
        actors: {
          check: fromPromise(() => api.session().then(data)),
          signIn: fromPromise<SessionData, { email: string; password: string }>(({ input }) =>
            api.signIn(input.email, input.password).then(data),
          ),
          acceptInvite: fromPromise<SessionData, { token: string; password: string }>(({ input }) =>
            api.acceptInvite(input.token, input.password).then(data),
          ),
          signOut: fromPromise(() => api.signOut()),
        },
      }),
      router: consoleRouterMachine.provide({
        actors: { history: fromCallback<HistoryCommand>(({ receive }) => receive((c) => commands.push(c))) },
      }),
    },
  });
  let root: ReturnType<typeof createActor<typeof logic>> | undefined;
  function Grab() {
    root = ConsoleActorContext.useActorRef() as typeof root;
    return null;
  }
  const view = render(
    <ApiContext.Provider value={api}>
      <ConsoleActorContext.Provider logic={logic} options={{ input: { path } }}>
        <Grab />
        <App />
        {after}
      </ConsoleActorContext.Provider>
    </ApiContext.Provider>,
  );
  return { ...view, api, commands, root: () => root! };
}
