/** The console's router (machines/console-router.ts): routes, the address bar, back/forward, private routes. */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { consoleRouterMachine, type HistoryCommand, parseRoute, pathOf, type Route, selectLeaving } from '../../machines/console-router';

/** An in-memory address bar: the commands the machine gave, and a popstate to send. */
function router(path: string) {
  const commands: HistoryCommand[] = [];
  let pop: (path: string) => void = () => undefined;
  const history = fromCallback<HistoryCommand>(({ receive, sendBack }) => {
    pop = (p) => sendBack({ type: 'ROUTE.POPPED', path: p });
    receive((c) => commands.push(c));
  });
  const actor = createActor(consoleRouterMachine.provide({ actors: { history } }), { input: { path } }).start();
  return { actor, commands, pop: (p: string) => pop(p), route: () => actor.getSnapshot().context.route };
}

describe('routes', () => {
  it.each<[string, Route]>([
    ['/console', { name: 'sites' }],
    ['/console/', { name: 'sites' }],
    ['/console/sign-in', { name: 'signIn' }],
    ['/console/invite/abc-123', { name: 'invite', token: 'abc-123' }],
    ['/console/sites', { name: 'sites' }],
    ['/console/sites/s1', { name: 'overview', siteId: 's1' }],
    ['/console/sites/s1/', { name: 'overview', siteId: 's1' }],
    ['/console/sites/s%201/appearance', { name: 'appearance', siteId: 's 1' }],
    ['/console/sites/s1/members', { name: 'members', siteId: 's1' }],
    ['/console/sites/s1/audit', { name: 'audit', siteId: 's1' }],
    ['/console/sites/s1/analytics', { name: 'analytics', siteId: 's1' }],
    ['/console/sites/s1/nope', { name: 'notFound' }],
    ['/console/sites/s1/inbox', { name: 'inbox', siteId: 's1' }],
    ['/console/sites/s1/inbox/c%2F9', { name: 'conversation', siteId: 's1', conversationId: 'c/9' }],
    ['/console/sites/s1/inbox/c9/more', { name: 'notFound' }],
    ['/console/sites/s1/advice', { name: 'advice', siteId: 's1' }],
    ['/console/sites/s1/advice/f%2F7', { name: 'adviceFile', siteId: 's1', fileId: 'f/7' }],
    ['/console/sites/s1/advice/f7/more', { name: 'notFound' }],
    ['/console/sites/s1/audit/c9', { name: 'notFound' }],
    ['/console/account', { name: 'account' }],
    ['/console/account/', { name: 'account' }],
    ['/console/account/x', { name: 'notFound' }],
    ['/console/invite', { name: 'notFound' }],
    ['/console/sites/%E0%A4%A/audit', { name: 'notFound' }],
    ['/elsewhere', { name: 'notFound' }],
  ])('%s is %o', (path, route) => {
    expect(parseRoute(path)).toEqual(route);
  });

  it('every route’s path parses back to it', () => {
    for (const r of [
      { name: 'signIn' },
      { name: 'invite', token: 't/1' },
      { name: 'sites' },
      { name: 'overview', siteId: 'a b' },
      { name: 'appearance', siteId: 'x' },
      { name: 'members', siteId: 'x' },
      { name: 'audit', siteId: 'x' },
      { name: 'inbox', siteId: 'x' },
      { name: 'conversation', siteId: 'x', conversationId: 'c 1/2' },
      { name: 'adviceFile', siteId: 'x', fileId: 'f 1/2' },
      { name: 'analytics', siteId: 'x' },
      { name: 'account' },
    ] as Route[])
      expect(parseRoute(pathOf(r))).toEqual(r);
  });
});

describe('the router', () => {
  it('shows the canonical address at start, and pushes each route gone to', () => {
    const r = router('/console/');
    expect(r.commands).toEqual([{ type: 'REPLACE', path: '/console/sites' }]);
    r.actor.send({ type: 'ROUTE.SESSION_STARTED' });
    r.actor.send({ type: 'ROUTE.GO', path: '/console/sites/s1/members' });
    expect(r.route()).toEqual({ name: 'members', siteId: 's1' });
    expect(r.commands.at(-1)).toEqual({ type: 'PUSH', path: '/console/sites/s1/members' });
  });

  it('follows back and forward without pushing', () => {
    const r = router('/console/sites/s1');
    r.actor.send({ type: 'ROUTE.SESSION_STARTED' });
    const before = r.commands.length;
    r.pop('/console/sites');
    expect(r.route()).toEqual({ name: 'sites' });
    expect(r.commands.length).toBe(before);
  });

  it('waits for the session check before deciding anything', () => {
    const r = router('/console/sites/s1/audit');
    expect(r.route()).toEqual({ name: 'audit', siteId: 's1' });
  });

  it('sends a private route to sign-in without a session, then to where it was going after it', () => {
    const r = router('/console/sites/s1/audit');
    r.actor.send({ type: 'ROUTE.SESSION_ENDED' });
    expect(r.route()).toEqual({ name: 'signIn' });
    expect(r.commands.at(-1)).toEqual({ type: 'REPLACE', path: '/console/sign-in' });
    r.actor.send({ type: 'ROUTE.SESSION_STARTED' });
    expect(r.route()).toEqual({ name: 'audit', siteId: 's1' });
    expect(r.commands.at(-1)).toEqual({ type: 'REPLACE', path: '/console/sites/s1/audit' });
  });

  it('one’s account is private: sign-in first, then the account', () => {
    const r = router('/console/account');
    r.actor.send({ type: 'ROUTE.SESSION_ENDED' });
    expect(r.route()).toEqual({ name: 'signIn' });
    r.actor.send({ type: 'ROUTE.SESSION_STARTED' });
    expect(r.route()).toEqual({ name: 'account' });
    expect(r.commands.at(-1)).toEqual({ type: 'REPLACE', path: '/console/account' });
  });

  it('after sign-out, Back to a private screen shows sign-in', () => {
    const r = router('/console/sites/s1');
    r.actor.send({ type: 'ROUTE.SESSION_STARTED' });
    r.actor.send({ type: 'ROUTE.SESSION_ENDED' });
    expect(r.route()).toEqual({ name: 'signIn' });
    r.pop('/console/sites/s1');
    expect(r.route()).toEqual({ name: 'signIn' });
  });

  it('leaves sign-in and an invitation for the sites once signed in', () => {
    const r = router('/console/invite/tok');
    r.actor.send({ type: 'ROUTE.SESSION_ENDED' });
    expect(r.route()).toEqual({ name: 'invite', token: 'tok' });
    r.actor.send({ type: 'ROUTE.SESSION_STARTED' });
    expect(r.route()).toEqual({ name: 'sites' });
  });
});

describe('an invitation with a session', () => {
  it('found at load, stays (to be accepted or signed out of); sign-in found at load gives way', () => {
    const r = router('/console/invite/tok');
    r.actor.send({ type: 'ROUTE.SESSION_STARTED' });
    expect(r.route()).toEqual({ name: 'invite', token: 'tok' });
    // accepted: the session starts anew, and the invitation gives way
    r.actor.send({ type: 'ROUTE.SESSION_STARTED' });
    expect(r.route()).toEqual({ name: 'sites' });
    const s = router('/console/sign-in');
    s.actor.send({ type: 'ROUTE.SESSION_STARTED' });
    expect(s.route()).toEqual({ name: 'sites' });
  });
});

describe('the router’s leave guard (a screen with unsaved changes)', () => {
  /** Signed in on the appearance screen, its changes unsaved. */
  function guarded() {
    const r = router('/console/sites/s1/appearance');
    r.actor.send({ type: 'ROUTE.SESSION_STARTED' });
    r.actor.send({ type: 'ROUTE.GUARD' });
    return { ...r, leaving: () => selectLeaving(r.actor.getSnapshot()) };
  }

  it('without a guard, goes at once', () => {
    const r = router('/console/sites/s1/appearance');
    r.actor.send({ type: 'ROUTE.SESSION_STARTED' });
    r.actor.send({ type: 'ROUTE.GUARD' });
    r.actor.send({ type: 'ROUTE.UNGUARD' });
    r.actor.send({ type: 'ROUTE.GO', path: '/console/sites/s1' });
    expect(r.route()).toEqual({ name: 'overview', siteId: 's1' });
    expect(selectLeaving(r.actor.getSnapshot())).toBe(false);
  });

  it('a link asks first: Cancel stays, the address untouched', () => {
    const r = guarded();
    const before = r.commands.length;
    r.actor.send({ type: 'ROUTE.GO', path: '/console/sites/s1/members' });
    expect(r.leaving()).toBe(true);
    expect(r.route()).toEqual({ name: 'appearance', siteId: 's1' });
    r.actor.send({ type: 'ROUTE.STAY' });
    expect(r.leaving()).toBe(false);
    expect(r.route()).toEqual({ name: 'appearance', siteId: 's1' });
    expect(r.commands.length).toBe(before);
    // still guarded: the next way out asks again
    r.actor.send({ type: 'ROUTE.GO', path: '/console/sites' });
    expect(r.leaving()).toBe(true);
  });

  it('a link asks first: Leave goes there, and the next screen is not guarded', () => {
    const r = guarded();
    r.actor.send({ type: 'ROUTE.GO', path: '/console/sites/s2/appearance' });
    r.actor.send({ type: 'ROUTE.LEAVE' });
    expect(r.route()).toEqual({ name: 'appearance', siteId: 's2' });
    expect(r.commands.at(-1)).toEqual({ type: 'PUSH', path: '/console/sites/s2/appearance' });
    expect(r.leaving()).toBe(false);
    r.actor.send({ type: 'ROUTE.GO', path: '/console/sites' });
    expect(r.route()).toEqual({ name: 'sites' });
  });

  it('Back asks first: Cancel puts this screen’s address back; Leave shows where Back went, without pushing', () => {
    const r = guarded();
    r.pop('/console/sites/s1');
    expect(r.leaving()).toBe(true);
    expect(r.route()).toEqual({ name: 'appearance', siteId: 's1' });
    r.actor.send({ type: 'ROUTE.STAY' });
    expect(r.commands.at(-1)).toEqual({ type: 'PUSH', path: '/console/sites/s1/appearance' });
    const before = r.commands.length;
    r.pop('/console/sites/s1');
    r.actor.send({ type: 'ROUTE.LEAVE' });
    expect(r.route()).toEqual({ name: 'overview', siteId: 's1' });
    expect(r.commands.length).toBe(before);
  });

  it('an answer with nothing asked does nothing; a session that ends drops the question', () => {
    const r = guarded();
    r.actor.send({ type: 'ROUTE.LEAVE' });
    expect(r.route()).toEqual({ name: 'appearance', siteId: 's1' });
    r.actor.send({ type: 'ROUTE.GO', path: '/console/sites' });
    r.actor.send({ type: 'ROUTE.SESSION_ENDED' });
    expect(r.route()).toEqual({ name: 'signIn' });
    expect(r.leaving()).toBe(false);
  });
});
