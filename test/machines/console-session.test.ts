/**
 * The console's session (machines/console-session.ts) and its root (machines/console.ts): sign-in, its refusal and
 * throttled wait, the invitation's password, sign-out and an ended session, and the router following them.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { consoleMachine } from '../../machines/console';
import { consoleLoadMachine } from '../../machines/console-load';
import type { HistoryCommand } from '../../machines/console-router';
import { consoleRouterMachine } from '../../machines/console-router';
import { consoleSessionMachine, type SessionData, selectAccepting, selectPhase } from '../../machines/console-session';

const DATA: SessionData = { account: { id: 'a1', email: 'owner@example.com' }, sites: [{ id: 's1', name: 'Shop', role: 'owner' }] };
const refusal = (code: string, more: object = {}) => Object.assign(new Error(code), { code, ...more });

interface Fakes {
  check?: () => Promise<SessionData>;
  signIn?: (input: { email: string; password: string }) => Promise<SessionData>;
  acceptInvite?: (input: { token: string; password: string }) => Promise<SessionData>;
  signOut?: () => Promise<void>;
}

function system(path: string, fakes: Fakes = {}) {
  const commands: HistoryCommand[] = [];
  const signOut = vi.fn(fakes.signOut ?? (() => Promise.resolve()));
  const session = consoleSessionMachine.provide({
    actors: {
      check: fromPromise<SessionData>(fakes.check ?? (() => Promise.reject(refusal('UNAUTHENTICATED')))),
      signIn: fromPromise<SessionData, { email: string; password: string }>(({ input }) =>
        (fakes.signIn ?? (() => Promise.resolve(DATA)))(input),
      ),
      acceptInvite: fromPromise<SessionData, { token: string; password: string }>(({ input }) =>
        (fakes.acceptInvite ?? (() => Promise.resolve(DATA)))(input),
      ),
      signOut: fromPromise<void>(() => signOut()),
    },
    delays: { retryWait: ({ context }) => context.retryAfter },
  });
  const router = consoleRouterMachine.provide({
    actors: { history: fromCallback<HistoryCommand>(({ receive }) => receive((c) => commands.push(c))) },
  });
  const root = createActor(consoleMachine.provide({ actors: { session, router } }), { input: { path } }).start();
  const sessionRef = root.system.get('session') as ReturnType<typeof createActor<typeof session>>;
  const routerRef = root.system.get('router') as ReturnType<typeof createActor<typeof router>>;
  return {
    root,
    session: sessionRef,
    phase: () => selectPhase(sessionRef.getSnapshot()),
    route: () => routerRef.getSnapshot().context.route,
    commands,
    signOut,
  };
}

describe('the session', () => {
  it('a visit without a session lands on sign-in; signing in goes to where the person was going', async () => {
    const signIn = vi.fn(() => Promise.resolve(DATA));
    const s = system('/console/sites/s1', { signIn });
    await waitFor(s.session, (x) => x.matches('signedOut'));
    expect(s.route()).toEqual({ name: 'signIn' });
    s.session.send({ type: 'SIGN_IN.SUBMIT', email: ' owner@example.com ', password: 'correct horse battery' });
    await waitFor(s.session, (x) => x.matches('signedIn'));
    expect(signIn).toHaveBeenCalledWith({ email: 'owner@example.com', password: 'correct horse battery' });
    expect(s.session.getSnapshot().context.account).toEqual(DATA.account);
    expect(s.route()).toEqual({ name: 'overview', siteId: 's1' });
  });

  it('a visit with a session stays where it is', async () => {
    const s = system('/console/sites/s1/members', { check: () => Promise.resolve(DATA) });
    await waitFor(s.session, (x) => x.matches('signedIn'));
    expect(s.route()).toEqual({ name: 'members', siteId: 's1' });
  });

  it('an empty form is refused before any call; a refused sign-in keeps its code', async () => {
    const s = system('/console/sign-in', { signIn: () => Promise.reject(refusal('SIGN_IN_FAILED')) });
    await waitFor(s.session, (x) => x.matches('signedOut'));
    s.session.send({ type: 'SIGN_IN.SUBMIT', email: '', password: 'x' });
    expect(s.session.getSnapshot().context.error).toEqual({ code: 'SIGN_IN_EMPTY' });
    s.session.send({ type: 'SIGN_IN.SUBMIT', email: 'a@b.c', password: 'wrong' });
    await waitFor(s.session, (x) => x.matches('signedOut') && x.context.error?.code === 'SIGN_IN_FAILED');
    expect(s.route()).toEqual({ name: 'signIn' });
  });

  it('throttled: waits as the server says, takes no try meanwhile, then takes one', async () => {
    const signIn = vi.fn(() => Promise.reject(refusal('THROTTLED', { retryAfter: 30 })));
    const s = system('/console/sign-in', { signIn });
    await waitFor(s.session, (x) => x.matches('signedOut'));
    s.session.send({ type: 'SIGN_IN.SUBMIT', email: 'a@b.c', password: 'pw' });
    await waitFor(s.session, (x) => x.matches('throttled'));
    expect(s.session.getSnapshot().context).toMatchObject({ retryAfter: 30, error: { code: 'THROTTLED' } });
    s.session.send({ type: 'SIGN_IN.SUBMIT', email: 'a@b.c', password: 'pw' });
    expect(signIn).toHaveBeenCalledTimes(1);
    // the test's wait is the Retry-After in milliseconds
    await waitFor(s.session, (x) => x.matches('signedOut'));
    expect(s.session.getSnapshot().context.error).toBeNull();
  });

  it('an invitation: a short password is refused at the field before any call; a common one by the server', async () => {
    const acceptInvite = vi.fn(() => Promise.reject(refusal('INVALID', { field: 'password', allowed: 'not a common password' })));
    const s = system('/console/invite/tok', { acceptInvite });
    await waitFor(s.session, (x) => x.matches('signedOut'));
    s.session.send({ type: 'INVITE.ACCEPT', token: 'tok', password: 'short' });
    expect(s.session.getSnapshot().context.error).toEqual({ code: 'PASSWORD_SHORT', field: 'password' });
    expect(acceptInvite).not.toHaveBeenCalled();
    s.session.send({ type: 'INVITE.ACCEPT', token: 'tok', password: 'password1234' });
    await waitFor(s.session, (x) => x.matches('signedOut') && x.context.error !== null);
    expect(s.session.getSnapshot().context.error).toEqual({ code: 'INVALID', field: 'password', allowed: 'not a common password' });
  });

  it('an accepted invitation signs in and leaves for the sites', async () => {
    const s = system('/console/invite/tok');
    await waitFor(s.session, (x) => x.matches('signedOut'));
    s.session.send({ type: 'INVITE.ACCEPT', token: 'tok', password: 'a long enough pass' });
    await waitFor(s.session, (x) => x.matches('signedIn'));
    expect(s.route()).toEqual({ name: 'sites' });
  });

  it('an invitation opened while signed in stays shown; the account’s own password accepts it, and the app leaves for the sites', async () => {
    const acceptInvite = vi.fn((): Promise<SessionData> => Promise.reject(refusal('SIGN_IN_FAILED')));
    const s = system('/console/invite/tok', { check: () => Promise.resolve(DATA), acceptInvite });
    await waitFor(s.session, (x) => x.matches('signedIn'));
    expect(s.route()).toEqual({ name: 'invite', token: 'tok' });
    s.session.send({ type: 'INVITE.ACCEPT', token: 'tok', password: 'short' });
    expect(s.session.getSnapshot().context.error).toEqual({ code: 'PASSWORD_SHORT', field: 'password' });
    // refused (a wrong password, or the server's answer that the invitation is another email's): still signed in, still there
    s.session.send({ type: 'INVITE.ACCEPT', token: 'tok', password: 'not my password' });
    expect(selectAccepting(s.session.getSnapshot())).toBe(true);
    await waitFor(s.session, (x) => x.context.error !== null);
    expect(s.session.getSnapshot().context).toMatchObject({ account: DATA.account, error: { code: 'SIGN_IN_FAILED' } });
    expect(s.phase()).toBe('signedIn');
    expect(s.route()).toEqual({ name: 'invite', token: 'tok' });
    const more = { ...DATA, sites: [...DATA.sites, { id: 's2', name: 'Blog', role: 'editor' as const }] };
    acceptInvite.mockImplementation(() => Promise.resolve(more));
    s.session.send({ type: 'INVITE.ACCEPT', token: 'tok', password: 'my own long password' });
    await waitFor(s.session, (x) => x.context.sites.length === 2);
    expect(s.route()).toEqual({ name: 'sites' });
  });

  it('signing out from an invitation keeps it shown; accepted as the other person, the app leaves for the sites', async () => {
    const s = system('/console/invite/tok', { check: () => Promise.resolve(DATA) });
    await waitFor(s.session, (x) => x.matches('signedIn'));
    s.session.send({ type: 'SIGN_OUT' });
    await waitFor(s.session, (x) => x.matches('signedOut'));
    expect(s.route()).toEqual({ name: 'invite', token: 'tok' });
    s.session.send({ type: 'INVITE.ACCEPT', token: 'tok', password: 'a long enough pass' });
    await waitFor(s.session, (x) => x.matches('signedIn'));
    expect(s.route()).toEqual({ name: 'sites' });
  });

  it('sign-out forgets the account at once, ends the session on the server, and shows sign-in', async () => {
    const s = system('/console/sites/s1', { check: () => Promise.resolve(DATA) });
    await waitFor(s.session, (x) => x.matches('signedIn'));
    s.session.send({ type: 'SIGN_OUT' });
    expect(s.session.getSnapshot().context.account).toBeNull();
    await waitFor(s.session, (x) => x.matches('signedOut'));
    expect(s.signOut).toHaveBeenCalledTimes(1);
    expect(s.route()).toEqual({ name: 'signIn' });
  });

  it('a 401 on any call (SESSION.EXPIRED to the root) clears the session and shows sign-in', async () => {
    const s = system('/console/sites/s1/audit', { check: () => Promise.resolve(DATA) });
    await waitFor(s.session, (x) => x.matches('signedIn'));
    s.root.send({ type: 'SESSION.EXPIRED' });
    expect(s.phase()).toBe('signedOut');
    expect(s.session.getSnapshot().context).toMatchObject({ account: null, sites: [], error: { code: 'UNAUTHENTICATED' } });
    expect(s.route()).toEqual({ name: 'signIn' });
  });

  it('reads the sites again on SESSION.REFRESH', async () => {
    let sites = DATA.sites;
    const s = system('/console/sites', { check: () => Promise.resolve({ ...DATA, sites }) });
    await waitFor(s.session, (x) => x.matches('signedIn'));
    sites = [...sites, { id: 's2', name: 'Blog', role: 'owner' }];
    s.session.send({ type: 'SESSION.REFRESH' });
    await waitFor(s.session, (x) => x.context.sites.length === 2);
    expect(s.phase()).toBe('signedIn');
  });

  it('stopping the root stops everything it started', async () => {
    const s = system('/console/sites');
    s.root.stop();
    expect(s.session.getSnapshot().status).toBe('stopped');
  });
});

describe('the screens’ actors in the root’s system', () => {
  it('a screen’s actor starts with a systemId of its own and stops when the screen goes', async () => {
    const s = system('/console/sites/s1', { check: () => Promise.resolve(DATA) });
    const load = consoleLoadMachine.provide({ actors: { load: fromPromise<unknown>(() => Promise.resolve('site')) } });
    s.root.send({ type: 'SCREEN.START', id: 'screen:a', logic: load });
    const actor = s.root.system.get('screen:a') as ReturnType<typeof createActor<typeof load>>;
    await waitFor(actor, (x) => x.matches('ready'));
    expect(actor.getSnapshot().context.data).toBe('site');
    s.root.send({ type: 'SCREEN.STOP', id: 'screen:a' });
    expect(actor.getSnapshot().status).toBe('stopped');
    expect(s.root.system.get('screen:a')).toBeUndefined();
    expect(s.root.getSnapshot().context.screens).toEqual({});
  });

  it('stopping the root stops the screens’ actors too', () => {
    const s = system('/console/sites/s1');
    s.root.send({
      type: 'SCREEN.START',
      id: 'screen:b',
      logic: consoleLoadMachine.provide({ actors: { load: fromPromise<unknown>(() => new Promise(() => undefined)) } }),
    });
    const actor = s.root.system.get('screen:b')!;
    s.root.stop();
    expect(actor.getSnapshot().status).toBe('stopped');
  });
});
