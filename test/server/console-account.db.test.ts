/**
 * One's own account in the console (docs/console.md "One's own account"): changing one's password, one's sessions
 * and ending them, re-authentication and the sensitive changes that ask for it, over real HTTP on SQLite and
 * PostgreSQL. The clock moves; nothing sleeps.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/admin';
import { REAUTH_AFTER_MS, THROTTLE } from '../../server/console/limits';
import { hashConsoleToken } from '../../server/storage/records';
import { ConsoleBrowser } from './console-browser';
import { startServer, type TestServer } from './harness';

type Json = Record<string, unknown>;

let s: TestServer;
let t = Date.UTC(2026, 0, 5, 9);
const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a different long passphrase';

/** A browser of the console (console-browser.ts) with `userAgent`; no answer it gets may be a 5xx. */
class Browser extends ConsoleBrowser {
  constructor(userAgent = 'TestBrowser/1.0') {
    super(() => s.base, { userAgent, password: PASSWORD, onStatus: (what, status) => expect(status, what).toBeLessThan(500) });
  }
}

/** A new account with PASSWORD (the CLI's first-owner invitation), signed in on the browser returned. */
async function account(email: string): Promise<{ browser: Browser; id: string }> {
  const browser = new Browser();
  const printed = await runAdmin(s.storage, ['owner:invite', '--email', email], { now: () => t, publicUrl: s.base });
  const token = /\/console\/invite\/([A-Za-z0-9_-]+)/.exec(printed)![1]!;
  const r = await browser.call(`invites/${token}`, { body: { password: PASSWORD } });
  expect(r.status).toBe(200);
  return { browser, id: ((r.body as Json).account as Json).id as string };
}

const failures = async () => (await s.storage.listAudit(null, { limit: 10_000 })).filter((e) => e.action === 'account.sign-in.fail').length;

beforeAll(async () => {
  s = await startServer({ now: () => t, console: { scryptCost: { N: 1024, r: 8, p: 1 } } });
});

afterAll(async () => {
  await s.stop();
  await s.remove();
});

beforeEach(() => {
  t += THROTTLE.windowMs + 30 * 60_000;
});

describe('changing one’s password', () => {
  it('needs the current password (counted), refuses a short or common new one, ends the other sessions, and is audited', async () => {
    const me = await account('change@a.example');
    const other = new Browser('OtherBrowser/2.0');
    expect((await other.signIn('change@a.example')).status).toBe(200);

    const before = await failures();
    const wrong = await me.browser.call('account/password', {
      body: { currentPassword: 'not my password at all', newPassword: NEW_PASSWORD },
    });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'SIGN_IN_FAILED' } });
    expect(await failures()).toBe(before + 1);

    for (const newPassword of ['short pass', 'password1234', 'change12345678']) {
      const r = await me.browser.call('account/password', { body: { currentPassword: PASSWORD, newPassword } });
      expect(r.status, newPassword).toBe(400);
      expect(r.body).toMatchObject({ error: 'INVALID', field: 'newPassword' });
    }
    // CSRF: the token is needed
    expect(
      (await me.browser.call('account/password', { body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, csrf: null })).status,
    ).toBe(403);

    const stolen = { cookie: me.browser.cookie!, csrf: me.browser.csrf! };
    const changed = await me.browser.call('account/password', { body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } });
    // answered as a sign-in: a new session (cookie and CSRF token), so a stolen cookie of this one ends too
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ account: { id: me.id, email: 'change@a.example' }, sites: [] });
    expect(me.browser.cookie).not.toBe(stolen.cookie);
    expect(me.browser.csrf).not.toBe(stolen.csrf);
    const thief = new Browser();
    thief.cookie = stolen.cookie;
    thief.csrf = stolen.csrf;
    expect((await thief.call('session')).status).toBe(401);
    // the new session is re-authenticated and its new token works for the next change
    expect((await me.browser.call('account/sessions', { method: 'DELETE' })).status).toBe(204);
    expect((await other.call('session')).status).toBe(401);
    expect((await me.browser.call('session')).status).toBe(200);
    expect((await new Browser().signIn('change@a.example', PASSWORD)).status).toBe(401);
    expect((await new Browser().signIn('change@a.example', NEW_PASSWORD)).status).toBe(200);

    const entries = (await s.storage.listAudit(null, { limit: 10_000 })).filter((e) => e.action === 'account.password.change');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actor).toMatchObject({ accountId: me.id });
    const logged = JSON.stringify(entries);
    for (const secret of [PASSWORD, NEW_PASSWORD]) expect(logged).not.toContain(secret);
  });
});

describe('a sign-in with the old password racing a password change', () => {
  it('makes no session when the change commits between its password check and its session', async () => {
    const me = await account('race@a.example');
    const late = new Browser('Late/1.0');
    // the sign-in's password check has passed (its failures are being cleared) when the change commits
    const clear = s.storage.clearSignInFailures;
    let changed: Promise<{ status: number }> | undefined;
    s.storage.clearSignInFailures = async (key) => {
      await clear.call(s.storage, key);
      if (changed || !key.includes('race@a.example')) return;
      changed = me.browser.call('account/password', { body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } });
      await changed;
    };
    try {
      const r = await late.signIn('race@a.example', PASSWORD);
      expect((await changed!).status).toBe(200);
      expect(r).toMatchObject({ status: 401, body: { error: 'SIGN_IN_FAILED' } });
    } finally {
      s.storage.clearSignInFailures = clear;
    }
    expect(late.cookie).toBeUndefined();
    expect((await late.call('session')).status).toBe(401);
    const sessions = (await me.browser.call('account/sessions')).body as unknown as Json[];
    expect(sessions.map((x) => x.userAgent)).toEqual(['TestBrowser/1.0']);
    expect((await new Browser().signIn('race@a.example', NEW_PASSWORD)).status).toBe(200);
  });

  it('storage: a session is started only while the password is the one checked', async () => {
    const me = await account('race-storage@a.example');
    const { passwordHash } = (await s.storage.getAccount(me.id))!;
    const input = { accountId: me.id, csrfToken: 'token', limits: { idleMs: 3600_000, absoluteMs: 7200_000, touchAfterMs: 60_000 } };
    expect(await s.storage.startConsoleSession({ ...input, id: 'session-before', passwordHash })).toBe(true);
    await s.storage.changeConsolePassword(me.id, `${passwordHash}-changed`, me.browser.cookie!);
    expect(await s.storage.consoleSession('session-before', input.limits)).toBeNull();
    expect(await s.storage.startConsoleSession({ ...input, id: 'session-after', passwordHash, replaces: me.browser.cookie! })).toBe(false);
    // nothing done: no session, and the one it would replace is still there
    expect(await s.storage.consoleSession('session-after', input.limits)).toBeNull();
    expect(await s.storage.consoleSession(me.browser.cookie!, input.limits)).not.toBeNull();
  });
});

describe('one’s sessions', () => {
  it('lists one’s own, newest first, the current flagged, by a handle that is neither the cookie nor its hash', async () => {
    const me = await account('list@a.example');
    t += 60_000;
    const phone = new Browser('Phone/3.0');
    await phone.signIn('list@a.example');
    const stranger = await account('stranger@a.example');

    const r = await phone.call('account/sessions');
    expect(r.status).toBe(200);
    const list = r.body as unknown as Json[];
    expect(list.map((x) => [x.current, x.userAgent])).toEqual([
      [true, 'Phone/3.0'],
      [false, 'TestBrowser/1.0'],
    ]);
    expect(list[0]).toMatchObject({ createdAt: new Date(t).toISOString(), lastSeenAt: new Date(t).toISOString() });
    const text = JSON.stringify(list);
    for (const cookie of [phone.cookie!, me.browser.cookie!, stranger.browser.cookie!]) {
      expect(text).not.toContain(cookie);
      expect(text).not.toContain(hashConsoleToken(cookie));
    }
    expect((await stranger.browser.call('account/sessions')).body).toHaveLength(1);
  });

  it('ends one of one’s own (404 for another account’s), then all the others, CSRF-protected', async () => {
    const me = await account('end@a.example');
    const second = new Browser('Second/1.0');
    await second.signIn('end@a.example');
    const third = new Browser('Third/1.0');
    await third.signIn('end@a.example');
    const stranger = await account('stranger2@a.example');

    const mine = (await me.browser.call('account/sessions')).body as unknown as Json[];
    const secondId = mine.find((x) => x.userAgent === 'Second/1.0')!.id as string;
    const strangers = (await stranger.browser.call('account/sessions')).body as unknown as Json[];

    expect((await me.browser.call(`account/sessions/${strangers[0]!.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await stranger.browser.call('session')).status).toBe(200);
    expect((await me.browser.call('account/sessions/not-a-handle', { method: 'DELETE' })).status).toBe(404);
    expect((await me.browser.call(`account/sessions/${secondId}`, { method: 'DELETE', csrf: null })).status).toBe(403);

    expect((await me.browser.call(`account/sessions/${secondId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await second.call('session')).status).toBe(401);
    expect((await third.call('session')).status).toBe(200);
    const ended = (await s.storage.listAudit(null, { limit: 10_000 })).filter((e) => e.action === 'account.session.end');
    expect(ended.some((e) => e.actor.kind === 'account' && e.actor.accountId === me.id)).toBe(true);

    expect((await me.browser.call('account/sessions', { method: 'DELETE', csrf: null })).status).toBe(403);
    expect((await me.browser.call('account/sessions', { method: 'DELETE' })).status).toBe(204);
    expect((await third.call('session')).status).toBe(401);
    expect((await me.browser.call('session')).status).toBe(200);
    expect((await stranger.browser.call('session')).status).toBe(200);
    expect((await me.browser.call('account/sessions')).body).toHaveLength(1);
  });
});

describe('re-authentication', () => {
  it('sensitive changes answer 403 REAUTH_REQUIRED 10 minutes after sign-in, and succeed after POST reauth', async () => {
    const owner = await account('reauth@a.example');
    const created = await owner.browser.call('sites', { body: { name: 'Reauth shop', origins: ['https://reauth.example'] } });
    expect(created.status).toBe(201);
    const siteId = (created.body as Json).id as string;
    const editor = await account('reauth-editor@a.example');
    await s.storage.addMember(siteId, editor.id, 'editor');
    const viewer = await account('reauth-viewer@a.example');
    await s.storage.addMember(siteId, viewer.id, 'viewer');
    const invited = await owner.browser.call(`sites/${siteId}/members`, { body: { email: 'pending@a.example', role: 'viewer' } });
    expect(invited.status).toBe(201);
    const members = (await owner.browser.call(`sites/${siteId}/members`)).body as unknown as Json[];
    const inviteId = members.find((m) => m.invitePending)!.inviteId as string;

    const sensitive: [string, { method?: string; body?: unknown }][] = [
      [`sites/${siteId}/key`, { method: 'POST' }],
      [`sites/${siteId}/members`, { body: { email: 'later@a.example', role: 'viewer' } }],
      [`sites/${siteId}/members/${editor.id}`, { method: 'PATCH', body: { role: 'viewer' } }],
      [`sites/${siteId}/members/${viewer.id}`, { method: 'DELETE' }],
      [`sites/${siteId}/origins`, { method: 'PUT', body: { origins: ['https://reauth.example', 'https://two.example'] } }],
      [`sites/${siteId}/origins`, { body: { origin: 'https://three.example' } }],
      [`sites/${siteId}/invites/${inviteId}`, { method: 'DELETE' }],
    ];

    t += REAUTH_AFTER_MS + 60_000;
    for (const [path, init] of sensitive) {
      const r = await owner.browser.call(path, init);
      expect(r, `${init.method ?? 'POST'} ${path}`).toMatchObject({ status: 403, body: { error: 'REAUTH_REQUIRED' } });
    }
    // a change that is not sensitive still goes through
    expect((await owner.browser.call(`sites/${siteId}/config`, { method: 'PATCH', body: { pageAwareness: true } })).status).toBe(200);

    const before = await failures();
    expect((await owner.browser.call('reauth', { body: { password: 'not my password at all' } })).status).toBe(401);
    expect(await failures()).toBe(before + 1);
    expect((await owner.browser.call('reauth', { body: { password: PASSWORD }, csrf: null })).status).toBe(403);
    expect((await owner.browser.call('reauth', { body: { password: PASSWORD } })).status).toBe(204);
    for (const [path, init] of sensitive) {
      const r = await owner.browser.call(path, init);
      expect(r.status, `${init.method ?? 'POST'} ${path}`).toBeLessThan(300);
    }

    // fresh again for 10 minutes only
    t += REAUTH_AFTER_MS + 60_000;
    expect((await owner.browser.call(`sites/${siteId}/key`, { method: 'POST' })).body).toMatchObject({ error: 'REAUTH_REQUIRED' });
  });
});
