/**
 * The operator console's sign-in, sessions, CSRF protection, throttling and members (docs/console.md), over real HTTP
 * on SQLite and PostgreSQL: tried as its users would, and as an attacker would.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runAdmin, UsageError } from '../../server/admin';
import { SESSION_LIMITS, THROTTLE } from '../../server/console/limits';
import { hashPassword } from '../../server/console/passwords';
import { sql } from '../../server/storage/postgres/db';
import type { Site } from '../../server/storage/types';
import { ConsoleBrowser } from './console-browser';
import { API_KEY, startServer, type TestServer, VISITOR_A } from './harness';

type Json = Record<string, unknown>;

let s: TestServer;
/** The clock of the storage and the console: tests move it, nothing sleeps. */
let t = Date.UTC(2026, 0, 5, 9);
/** Every status seen, checked at the end: none is 5xx. */
const statuses: { what: string; status: number }[] = [];
const PASSWORD = 'correct horse battery staple';

/** A browser of the console (console-browser.ts) from `address`; every status it sees is kept, to check at the end. */
class Browser extends ConsoleBrowser {
  constructor(address = '127.0.0.1') {
    super(() => s.base, { address, password: PASSWORD, onStatus: (what, status) => statuses.push({ what, status }) });
  }
}

/** The invitation token of a link the CLI printed. */
const tokenOf = (printed: string) => /\/console\/invite\/([A-Za-z0-9_-]+)/.exec(printed)![1]!;

/** A new account with PASSWORD, through the CLI's first-owner invitation; signed in on the browser returned. */
async function account(email: string): Promise<{ browser: Browser; id: string }> {
  const browser = new Browser();
  const token = tokenOf(await runAdmin(s.storage, ['owner:invite', '--email', email], { now: () => t, publicUrl: s.base }));
  const r = await browser.call(`invites/${token}`, { body: { password: PASSWORD } });
  expect(r.status).toBe(200);
  return { browser, id: ((r.body as Json).account as Json).id as string };
}

beforeAll(async () => {
  s = await startServer({
    now: () => t,
    // X-Forwarded-For from the test stands for the client's address (the per-address throttle)
    trustProxy: true,
    console: { scryptCost: { N: 1024, r: 8, p: 1 } },
  });
});

afterAll(async () => {
  await s.stop();
  await s.remove();
});

beforeEach(() => {
  // each test starts an hour and a half later: the last one's throttle window has ended
  t += THROTTLE.windowMs + 30 * 60_000;
});

describe('first owner: invitation, password, sign-in', () => {
  it('the CLI prints a one-time link on PUBLIC_URL; a short or common password is refused; then the account signs in', async () => {
    const printed = await runAdmin(s.storage, ['owner:invite', '--email', 'Owner@Shop.example'], {
      now: () => t,
      publicUrl: 'https://console.shop.example/',
    });
    expect(printed).toMatch(/^https:\/\/console\.shop\.example\/console\/invite\/[A-Za-z0-9_-]{43}\n/);
    const token = tokenOf(printed);
    const b = new Browser();

    const shown = await b.call(`invites/${token}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ email: 'Owner@Shop.example', expiresAt: new Date(t + 24 * 3600_000).toISOString(), hasAccount: false });

    for (const password of ['short pass', 'password1234', 'iloveyou2024!!', '123456789012345', 'aaaaaaaaaaaaaaa', 'owner12345678']) {
      const r = await b.call(`invites/${token}`, { body: { password } });
      expect(r.status, password).toBe(400);
      expect(r.body).toMatchObject({ error: 'INVALID', field: 'password' });
      expect(JSON.stringify(r.body)).not.toContain(password);
    }
    expect(b.cookie).toBeUndefined();

    const accepted = await b.call(`invites/${token}`, { body: { password: PASSWORD } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ account: { email: 'Owner@Shop.example' }, sites: [] });
    const setCookie = accepted.res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/^console_session=[A-Za-z0-9_-]{43}; Path=\/console; HttpOnly; SameSite=Strict; Max-Age=604800$/);
    expect(accepted.res.headers.get('cache-control')).toBe('no-store');

    // single use
    expect((await new Browser().call(`invites/${token}`)).status).toBe(404);
    expect((await new Browser().call(`invites/${token}`, { body: { password: 'another long password' } })).status).toBe(404);

    // the email is the account's whatever its case
    const again = await new Browser().signIn('owner@shop.EXAMPLE');
    expect(again.status).toBe(200);
    expect((await again.res.headers.getSetCookie()).length).toBe(1);
  });

  it('an invitation expires after 24 hours', async () => {
    const token = tokenOf(await runAdmin(s.storage, ['owner:invite', '--email', 'late@shop.example'], { now: () => t }));
    t += 24 * 3600_000;
    expect((await new Browser().call(`invites/${token}`)).status).toBe(404);
    expect((await new Browser().call(`invites/${token}`, { body: { password: PASSWORD } })).status).toBe(404);
  });

  it('the cookie is Secure when PUBLIC_URL is https', async () => {
    const https = await startServer({
      publicUrl: 'https://console.example/',
      console: { scryptCost: { N: 1024, r: 8, p: 1 } },
    });
    try {
      const token = tokenOf(await runAdmin(https.storage, ['owner:invite', '--email', 'a@console.example']));
      const res = await fetch(`${https.base}/console/api/invites/${token}`, {
        method: 'POST',
        headers: { Origin: 'https://console.example', 'Content-Type': 'application/json' },
        body: JSON.stringify({ password: PASSWORD }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()[0]).toMatch(/; HttpOnly; SameSite=Strict; Max-Age=604800; Secure$/);
      // the request's own http origin is not the server's (PUBLIC_URL's) origin
      const wrong = await fetch(`${https.base}/console/api/sign-in`, {
        method: 'POST',
        headers: { Origin: https.base, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'a@console.example', password: PASSWORD }),
      });
      expect(wrong.status).toBe(403);
    } finally {
      await https.stop();
      await https.remove();
    }
  });
});

describe('sign-in', () => {
  it('answers an unknown email and a wrong password alike', async () => {
    await account('known@shop.example');
    const unknown = await new Browser().signIn('nobody@shop.example', 'whatever password');
    const wrong = await new Browser().signIn('known@shop.example', 'whatever password');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body).toEqual({ error: 'SIGN_IN_FAILED', message: 'The email or the password is not right.' });
    expect(unknown.res.headers.getSetCookie()).toEqual([]);
  });

  it('takes as long for an unknown email as for a wrong password (a dummy hash is checked)', async () => {
    // a cost at which a hash takes tens of milliseconds, so that a sign-in without one would stand out
    const timed = await startServer({ seed: true, console: { scryptCost: { N: 2 ** 14, r: 8, p: 1 } } });
    try {
      const token = tokenOf(await runAdmin(timed.storage, ['owner:invite', '--email', 'timed@shop.example']));
      const send = (path: string, body: unknown) =>
        fetch(`${timed.base}/console/api/${path}`, {
          method: 'POST',
          headers: { Origin: timed.base, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await send(`invites/${token}`, { password: PASSWORD })).status).toBe(200);
      // the quickest of five each (the most an account takes before its throttle), taken in turns: a loaded machine only ever adds time, and a busy spell then slows
      // both kinds alike instead of all of one kind's tries
      const timeOf = async (email: string) => {
        const start = performance.now();
        expect((await send('sign-in', { email, password: 'not the password' })).status).toBe(401);
        return performance.now() - start;
      };
      let wrong = Number.POSITIVE_INFINITY;
      let unknown = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 5; i++) {
        wrong = Math.min(wrong, await timeOf('timed@shop.example'));
        unknown = Math.min(unknown, await timeOf('nobody-at-all@shop.example'));
      }
      // without the dummy hash an unknown email answers in about 2% of a wrong password's time
      expect(unknown).toBeGreaterThan(wrong / 3);
    } finally {
      await timed.stop();
      await timed.remove();
    }
    // a server of its own on a new database and eleven hashes at a real cost: on a loaded machine, longer than 5 s
  }, 30_000);

  it('throttles one account from one address after 5 failures, with growing waits, and forgets them when the window ends', async () => {
    await account('target@shop.example');
    const attempt = (password = 'wrong password!') => new Browser('10.0.1.1').signIn('target@shop.example', password);
    for (let i = 0; i < THROTTLE.pairFree; i++) expect((await attempt()).status).toBe(401);
    let r = await attempt(PASSWORD);
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ error: 'THROTTLED' });
    expect(r.res.headers.get('retry-after')).toBe('30');
    // an unknown email is throttled alike (nothing tells the two apart)
    for (let i = 0; i < THROTTLE.pairFree; i++) expect((await new Browser('10.0.2.1').signIn('ghost@shop.example', 'x')).status).toBe(401);
    expect((await new Browser('10.0.2.1').signIn('ghost@shop.example', 'x')).res.headers.get('retry-after')).toBe('30');

    t += 30_000;
    expect((await attempt()).status).toBe(401);
    r = await attempt(PASSWORD);
    expect(r.status).toBe(429);
    expect(r.res.headers.get('retry-after')).toBe('60');
    t += 60_000;
    expect((await attempt()).status).toBe(401);
    expect((await attempt(PASSWORD)).res.headers.get('retry-after')).toBe('120');
    // never longer than 15 minutes, and forgotten an hour after the first failure
    t += THROTTLE.windowMs;
    r = await attempt(PASSWORD);
    expect(r.status).toBe(200);
    // a success clears the pair's count
    for (let i = 0; i < THROTTLE.pairFree - 1; i++) expect((await attempt()).status).toBe(401);
    expect((await attempt(PASSWORD)).status).toBe(200);
    expect((await attempt()).status).toBe(401);
  });

  it('holds the owner, from their own address, off only past the account’s looser cap of failures from elsewhere', async () => {
    await account('kept@shop.example');
    const from = (address: string, password = 'wrong password!') => new Browser(address).signIn('kept@shop.example', password);
    // someone else, from one address, every 15 minutes: stopped by the pair's steep limit, never the owner
    for (let i = 0; i < THROTTLE.pairFree; i++) expect((await from('203.0.113.9')).status).toBe(401);
    expect((await from('203.0.113.9')).status).toBe(429);
    expect((await from('198.51.100.1', PASSWORD)).status).toBe(200);
    // from many addresses, the account's cap: then the owner waits too (at most 15 minutes, as any throttle)
    for (let i = 0; i < THROTTLE.accountFree - THROTTLE.pairFree; i++) expect((await from(`10.9.${i >> 8}.${i & 255}`)).status).toBe(401);
    const r = await from('198.51.100.1', PASSWORD);
    expect(r.status).toBe(429);
    expect(r.res.headers.get('retry-after')).toBe('30');
    t += 30_000;
    expect((await from('198.51.100.1', PASSWORD)).status).toBe(200);
  });

  it('counts attempts made at once before checking any: of 60 wrong passwords at once, 5 are checked, the rest 429', async () => {
    await account('rushed@shop.example');
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => new Browser('10.0.3.1').signIn('rushed@shop.example', 'wrong password!')),
    );
    const count = (status: number) => answers.filter((r) => r.status === status).length;
    expect([count(401), count(429)]).toEqual([THROTTLE.pairFree, 60 - THROTTLE.pairFree]);
    const fails = (await s.storage.listAudit(null, { limit: 10_000 })).filter(
      (e) => e.action === 'account.sign-in.fail' && (e.after as Json).email === 'rushed@shop.example',
    );
    expect(fails).toHaveLength(THROTTLE.pairFree);
  });

  it('hashes a password stored with older parameters again at a successful sign-in (and only then)', async () => {
    const { id } = await account('older@shop.example');
    const current = (await s.storage.getAccount(id))!.passwordHash;
    const older = await hashPassword(PASSWORD, { N: 2048, r: 8, p: 1 });
    await s.storage.rehashPassword(id, current, older);
    expect((await new Browser().signIn('older@shop.example', 'not the password')).status).toBe(401);
    expect((await s.storage.getAccount(id))!.passwordHash).toBe(older);
    expect((await new Browser().signIn('older@shop.example')).status).toBe(200);
    const now = (await s.storage.getAccount(id))!.passwordHash;
    expect(now.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect((await new Browser().signIn('older@shop.example')).status).toBe(200);
  });

  it('answers 503 with Retry-After past the process’s limit of password checks at once, and counts none of those', async () => {
    // a cost at which a check takes milliseconds, one running and none waiting: of twenty at once, most are refused
    const busy = await startServer({
      trustProxy: true,
      console: { scryptCost: { N: 2 ** 14, r: 8, p: 1 }, hashing: { running: 1, waiting: 0 } },
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fetch(`${busy.base}/console/api/sign-in`, {
            method: 'POST',
            headers: { Origin: busy.base, 'Content-Type': 'application/json', 'X-Forwarded-For': `10.7.0.${i}` },
            body: JSON.stringify({ email: `busy${i}@shop.example`, password: 'not the password' }),
          }),
        ),
      );
      const refused = answers.filter((r) => r.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(answers.every((r) => r.status === 401 || r.status === 503)).toBe(true);
      expect(refused[0]!.headers.get('retry-after')).toBe('1');
      expect(await refused[0]!.json()).toMatchObject({ error: 'BUSY' });
      const fails = (await busy.storage.listAudit(null, { limit: 100 })).filter((e) => e.action === 'account.sign-in.fail');
      expect(fails).toHaveLength(20 - refused.length);
    } finally {
      await busy.stop();
      await busy.remove();
    }
  });

  it('throttles one address after 20 failures, whatever the emails, and releases it when the window ends', async () => {
    await account('office@shop.example');
    const office = (email: string, password = 'wrong password!') => new Browser('192.0.2.7').signIn(email, password);
    for (let i = 0; i < THROTTLE.addressFree; i++) expect((await office(`guess${i}@shop.example`)).status).toBe(401);
    const r = await office('office@shop.example', PASSWORD);
    expect(r.status).toBe(429);
    expect(r.res.headers.get('retry-after')).toBe('30');
    // another address is not held up
    expect((await new Browser('192.0.2.8').signIn('office@shop.example')).status).toBe(200);
    t += 30_000;
    expect((await office('office@shop.example', PASSWORD)).status).toBe(200);
    t += THROTTLE.windowMs;
    expect((await office('office@shop.example', PASSWORD)).status).toBe(200);
  });
});

describe('sessions', () => {
  it('end after 12 hours idle, and last while used', async () => {
    const { browser } = await account('idle@shop.example');
    t += SESSION_LIMITS.idleMs - 60_000;
    expect((await browser.call('session')).status).toBe(200);
    t += SESSION_LIMITS.idleMs - 60_000;
    expect((await browser.call('session')).status).toBe(200);
    t += SESSION_LIMITS.idleMs;
    const r = await browser.call('session');
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ error: 'UNAUTHENTICATED' });
  });

  it('end 7 days after sign-in however busy', async () => {
    const { browser } = await account('busy@shop.example');
    for (let used = 0; used + 11 * 3600_000 < SESSION_LIMITS.absoluteMs; used += 11 * 3600_000) {
      t += 11 * 3600_000;
      expect((await browser.call('session')).status).toBe(200);
    }
    t += 11 * 3600_000;
    expect((await browser.call('session')).status).toBe(401);
    expect((await browser.signIn('busy@shop.example')).status).toBe(200);
  });

  it('are new at sign-in: the id from before no longer works (no fixation), nor one an attacker planted', async () => {
    const { browser } = await account('fix@shop.example');
    const before = browser.cookie!;
    expect((await browser.signIn('fix@shop.example')).status).toBe(200);
    expect(browser.cookie).not.toBe(before);
    const old = await browser.call('session', { headers: { Cookie: `console_session=${before}` } });
    expect(old.status).toBe(401);

    const planted = 'AttackerChosenSessionId_0123456789abcdefghijk';
    const victim = new Browser();
    victim.cookie = planted;
    expect((await victim.signIn('fix@shop.example')).status).toBe(200);
    expect(victim.cookie).not.toBe(planted);
    expect((await victim.call('session', { headers: { Cookie: `console_session=${planted}` } })).status).toBe(401);
  });

  it('refuse a request with more than one session cookie (cookie tossing) and clear ours, whatever the order', async () => {
    const { browser } = await account('tossed@shop.example');
    const { browser: attacker } = await account('tosser@shop.example');
    for (const cookies of [
      [browser.cookie, attacker.cookie],
      [attacker.cookie, browser.cookie],
    ]) {
      const r = await browser.call('session', { headers: { Cookie: cookies.map((c) => `console_session=${c}`).join('; ') } });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ error: 'UNAUTHENTICATED' });
      expect(r.res.headers.getSetCookie()[0]).toMatch(/^console_session=; Path=\/console; HttpOnly; SameSite=Strict; Max-Age=0/);
      browser.cookie = cookies.find((c) => c !== attacker.cookie);
    }
    expect((await browser.call('session')).body).toMatchObject({ account: { email: 'tossed@shop.example' } });
  });

  it('set the cookie Secure when the request came over https (behind a trusted proxy), without PUBLIC_URL', async () => {
    await account('proxied@shop.example');
    const own = `https://${new URL(s.base).host}`;
    const res = await fetch(`${s.base}/console/api/sign-in`, {
      method: 'POST',
      headers: { Origin: own, 'Content-Type': 'application/json', 'X-Forwarded-Proto': 'https' },
      body: JSON.stringify({ email: 'proxied@shop.example', password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()[0]).toMatch(/; Secure$/);
    const plain = await new Browser().signIn('proxied@shop.example');
    expect(plain.res.headers.getSetCookie()[0]).not.toMatch(/Secure/);
  });

  it('end on the server at sign-out: the old cookie gets 401', async () => {
    const { browser } = await account('out@shop.example');
    const cookie = browser.cookie!;
    const csrf = browser.csrf!;
    const r = await browser.call('sign-out', { method: 'POST' });
    expect(r.status).toBe(204);
    expect(r.res.headers.getSetCookie()[0]).toMatch(/^console_session=; Path=\/console; HttpOnly; SameSite=Strict; Max-Age=0$/);
    const replay = new Browser();
    replay.cookie = cookie;
    replay.csrf = csrf;
    expect((await replay.call('session')).status).toBe(401);
    expect((await replay.call('sign-out', { method: 'POST' })).status).toBe(401);
  });

  it('survive a restart of the server, and are one for several instances, as the throttle is (they live in the database)', async () => {
    const { browser } = await account('restart@shop.example');
    const other = await startServer({ dir: s.dir, database: s.database, seed: false, now: () => t, console: {} });
    try {
      const res = await fetch(`${other.base}/console/api/session`, { headers: { Cookie: `console_session=${browser.cookie}` } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Json).account).toMatchObject({ email: 'restart@shop.example' });
      // failures on this instance hold the account back on the other
      for (let i = 0; i < THROTTLE.pairFree; i++) expect((await browser.signIn('restart@shop.example', 'not it at all')).status).toBe(401);
      const there = await fetch(`${other.base}/console/api/sign-in`, {
        method: 'POST',
        headers: { Origin: other.base, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'restart@shop.example', password: PASSWORD }),
      });
      expect(there.status).toBe(429);
    } finally {
      await other.stop();
    }
  });
});

describe('CSRF', () => {
  it('refuses a state-changing call without Origin, from another origin, without or with a wrong token', async () => {
    const { browser } = await account('csrf@shop.example');
    for (const [what, init] of [
      ['no Origin', { origin: null }],
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['a look-alike Origin', { origin: `${s.base}.evil.example` }],
      ['no token', { csrf: null }],
      ['a wrong token', { csrf: `${browser.csrf!.slice(0, -1)}${browser.csrf!.endsWith('A') ? 'B' : 'A'}` }],
      ['a token of the wrong length', { csrf: 'x' }],
    ] as const) {
      const r = await browser.call('sign-out', { method: 'POST', ...init });
      expect(r.status, what).toBe(403);
      expect(r.body, what).toMatchObject({ error: 'CSRF' });
    }
    // none of them ended the session
    expect((await browser.call('session')).status).toBe(200);
  });

  it('sign-in and invitations need the Origin check and a JSON body', async () => {
    await account('form@shop.example');
    const b = new Browser();
    expect((await b.call('sign-in', { body: { email: 'form@shop.example', password: PASSWORD }, origin: null })).status).toBe(403);
    expect(
      (await b.call('sign-in', { body: { email: 'form@shop.example', password: PASSWORD }, origin: 'https://evil.example' })).status,
    ).toBe(403);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const r = await b.call('sign-in', {
        raw: JSON.stringify({ email: 'form@shop.example', password: PASSWORD }),
        headers: { 'Content-Type': type },
      });
      expect(r.status, type).toBe(415);
    }
    expect(b.cookie).toBeUndefined();
  });
});

describe('members and roles', () => {
  let siteA: Site;
  let siteB: Site;
  const people: Record<'owner' | 'editor' | 'viewer' | 'adviser' | 'ownerB', { browser: Browser; id: string }> = {} as never;

  beforeAll(async () => {
    siteA = s.site;
    siteB = await s.storage.createSite({
      name: 'Secret Bakery',
      apiKey: 'pk_test_bakery_0123456789abcdef',
      origins: ['https://bakery.example'],
    });
    for (const role of ['owner', 'editor', 'viewer', 'adviser'] as const) {
      people[role] = await account(`${role}@a.example`);
      await s.storage.addMember(siteA.id, people[role].id, role);
    }
    people.ownerB = await account('owner@b.example');
    await s.storage.addMember(siteB.id, people.ownerB.id, 'owner');
    for (const p of Object.values(people)) await p.browser.signIn((await s.storage.getAccount(p.id))!.email);
  });

  beforeEach(async () => {
    // each test starts hours after these sign-ins: sensitive changes need the password again
    for (const p of Object.values(people)) expect((await p.browser.reauth()).status).toBe(204);
  });

  it('GET session lists the sites with one’s role', async () => {
    expect((await people.editor.browser.call('session')).body).toMatchObject({
      sites: [{ id: siteA.id, name: siteA.name, role: 'editor' }],
    });
  });

  it('owners list, invite, change and remove members; editors, viewers and advisers get 403', async () => {
    const list = await people.owner.browser.call(`sites/${siteA.id}/members`);
    expect(list.status).toBe(200);
    expect((list.body as Json[]).map((m) => [m.email, m.role])).toEqual([
      ['adviser@a.example', 'adviser'],
      ['editor@a.example', 'editor'],
      ['owner@a.example', 'owner'],
      ['viewer@a.example', 'viewer'],
    ]);
    for (const role of ['editor', 'viewer', 'adviser'] as const) {
      const b = people[role].browser;
      expect((await b.call(`sites/${siteA.id}/members`)).status, role).toBe(403);
      expect((await b.call(`sites/${siteA.id}/members`, { body: { email: 'x@a.example', role: 'viewer' } })).status, role).toBe(403);
      expect(
        (await b.call(`sites/${siteA.id}/members/${people.viewer.id}`, { method: 'PATCH', body: { role: 'owner' } })).status,
        role,
      ).toBe(403);
      expect((await b.call(`sites/${siteA.id}/members/${people.viewer.id}`, { method: 'DELETE' })).status, role).toBe(403);
    }

    const invited = await people.owner.browser.call(`sites/${siteA.id}/members`, { body: { email: 'New@A.example', role: 'editor' } });
    expect(invited.status).toBe(201);
    const link = (invited.body as Json).inviteLink as string;
    expect(link.startsWith(`${s.base}/console/invite/`)).toBe(true);
    expect((await people.owner.browser.call(`sites/${siteA.id}/members`)).body).toContainEqual(
      expect.objectContaining({ email: 'New@A.example', role: 'editor', invitePending: true }),
    );
    const newcomer = new Browser();
    const shown = await newcomer.call(`invites/${tokenOf(link)}`);
    expect(shown.body).toMatchObject({ email: 'New@A.example', siteName: siteA.name, role: 'editor', hasAccount: false });
    const joined = await newcomer.call(`invites/${tokenOf(link)}`, { body: { password: 'a new long password' } });
    expect(joined.body).toMatchObject({ sites: [{ id: siteA.id, role: 'editor' }] });

    const patched = await people.owner.browser.call(`sites/${siteA.id}/members/${people.viewer.id}`, {
      method: 'PATCH',
      body: { role: 'editor' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ accountId: people.viewer.id, email: 'viewer@a.example', role: 'editor' });
    const wrongRole = await people.owner.browser.call(`sites/${siteA.id}/members/${people.viewer.id}`, {
      method: 'PATCH',
      body: { role: 'admin' },
    });
    expect(wrongRole.body).toMatchObject({ error: 'INVALID', field: 'role', allowed: ['owner', 'editor', 'viewer', 'adviser'] });
    expect((await people.owner.browser.call(`sites/${siteA.id}/members/${people.viewer.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await people.viewer.browser.call('session')).body).toMatchObject({ sites: [] });
  });

  it('a site keeps at least one owner', async () => {
    const owner = people.owner.browser;
    expect(
      (await owner.call(`sites/${siteA.id}/members/${people.owner.id}`, { method: 'PATCH', body: { role: 'editor' } })).body,
    ).toMatchObject({
      error: 'CONFLICT',
    });
    expect((await owner.call(`sites/${siteA.id}/members/${people.owner.id}`, { method: 'DELETE' })).status).toBe(409);
    expect((await owner.call(`sites/${siteA.id}/members/${people.editor.id}`, { method: 'PATCH', body: { role: 'owner' } })).status).toBe(
      200,
    );
    expect((await owner.call(`sites/${siteA.id}/members/${people.owner.id}`, { method: 'PATCH', body: { role: 'viewer' } })).status).toBe(
      200,
    );
    expect((await owner.call(`sites/${siteA.id}/members`)).status).toBe(403);
    // the new owner puts it back
    expect(
      (await people.editor.browser.call(`sites/${siteA.id}/members/${people.owner.id}`, { method: 'PATCH', body: { role: 'owner' } }))
        .status,
    ).toBe(200);
  });

  it('a member’s pending invitations end when they are removed or stop being an owner', async () => {
    const { browser: departing, id } = await account('departing@a.example');
    await s.storage.addMember(siteA.id, id, 'owner');
    await departing.signIn('departing@a.example');
    const links = [];
    for (const email of ['left1@a.example', 'left2@a.example']) {
      const invited = await departing.call(`sites/${siteA.id}/members`, { body: { email, role: 'viewer' } });
      links.push(tokenOf((invited.body as Json).inviteLink as string));
    }
    const kept = await people.owner.browser.call(`sites/${siteA.id}/members`, { body: { email: 'kept@a.example', role: 'viewer' } });
    // by the storage, as the route does (no audit entry here: the audit log's test counts the routes' own)
    expect(await s.storage.changeMember(siteA.id, id, 'editor')).toEqual({ before: 'owner' });
    for (const token of links) expect((await new Browser().call(`invites/${token}`)).status).toBe(404);
    expect((await new Browser().call(`invites/${tokenOf((kept.body as Json).inviteLink as string)}`)).status).toBe(200);
    expect((await people.owner.browser.call(`sites/${siteA.id}/members`)).body).not.toContainEqual(
      expect.objectContaining({ email: 'left1@a.example' }),
    );
    expect(await s.storage.changeMember(siteA.id, id, null)).toEqual({ before: 'editor' });
  });

  it('owners withdraw a pending invitation by its inviteId: its link ends, audited; another site’s gets 404 with nothing of it', async () => {
    const owner = people.owner.browser;
    const invited = await owner.call(`sites/${siteA.id}/members`, { body: { email: 'withdrawn@a.example', role: 'editor' } });
    const token = tokenOf((invited.body as Json).inviteLink as string);
    const pending = ((await owner.call(`sites/${siteA.id}/members`)).body as Json[]).find((m) => m.email === 'withdrawn@a.example')!;
    expect(pending).toMatchObject({ invitePending: true, role: 'editor', inviteId: expect.stringMatching(/^inv_/) });
    const inviteId = pending.inviteId as string;
    expect(JSON.stringify(pending)).not.toContain(token);
    // (the earlier tests made this suite's editor an owner: a fresh editor here)
    const editor = await account('withdraw-editor@a.example');
    await s.storage.addMember(siteA.id, editor.id, 'editor');
    await editor.browser.signIn('withdraw-editor@a.example');
    for (const browser of [editor.browser, people.adviser.browser])
      expect((await browser.call(`sites/${siteA.id}/invites/${inviteId}`, { method: 'DELETE' })).status).toBe(403);
    // through another site, one's own or not, it is not found, and nothing of it shows
    for (const [browser, site] of [
      [people.ownerB.browser, siteB.id],
      [owner, siteB.id],
      [people.ownerB.browser, siteA.id],
    ] as const) {
      const r = await browser.call(`sites/${site}/invites/${inviteId}`, { method: 'DELETE' });
      expect([403, 404]).toContain(r.status);
      expect(JSON.stringify(r.body)).not.toContain('withdrawn@a.example');
    }
    expect((await people.ownerB.browser.call(`sites/${siteB.id}/invites/${inviteId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await new Browser().call(`invites/${token}`)).status).toBe(200);

    expect((await owner.call(`sites/${siteA.id}/invites/${inviteId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await new Browser().call(`invites/${token}`)).status).toBe(404);
    expect((await owner.call(`sites/${siteA.id}/members`)).body).not.toContainEqual(
      expect.objectContaining({ email: 'withdrawn@a.example' }),
    );
    expect((await owner.call(`sites/${siteA.id}/invites/${inviteId}`, { method: 'DELETE' })).body).toEqual({
      error: 'NOT_FOUND',
      message: 'Not found.',
    });
    const [entry] = (await owner.call(`sites/${siteA.id}/audit?limit=1`)).body as Json[];
    expect(entry).toMatchObject({
      who: 'owner@a.example',
      what: 'member.invite.withdraw',
      before: { email: 'withdrawn@a.example', role: 'editor' },
      after: null,
    });
  });

  it('an account of site A guessing site B’s ids gets 404, as for a site that does not exist, with nothing of B', async () => {
    const a = people.owner.browser;
    const answers = [];
    for (const id of [siteB.id, 'site_doesnotexist']) {
      answers.push(await a.call(`sites/${id}/members`));
      answers.push(await a.call(`sites/${id}/members`, { body: { email: 'spy@a.example', role: 'owner' } }));
      answers.push(await a.call(`sites/${id}/members/${people.ownerB.id}`, { method: 'PATCH', body: { role: 'viewer' } }));
      answers.push(await a.call(`sites/${id}/members/${people.ownerB.id}`, { method: 'DELETE' }));
    }
    for (const r of answers) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: 'NOT_FOUND', message: 'Not found.' });
      const text = JSON.stringify(r.body) + [...r.res.headers].join();
      for (const secret of [siteB.id, siteB.name, people.ownerB.id, 'owner@b.example']) expect(text).not.toContain(secret);
    }
    // a member of A who is not a member of B: 404 too, in A
    expect((await a.call(`sites/${siteA.id}/members/${people.ownerB.id}`, { method: 'PATCH', body: { role: 'viewer' } })).status).toBe(404);
    expect((await people.ownerB.browser.call('session')).body).toMatchObject({ sites: [{ id: siteB.id, role: 'owner' }] });
  });

  it('a site invitation for an existing account takes its own password, and leaves the password as it was', async () => {
    const invited = await people.owner.browser.call(`sites/${siteA.id}/members`, { body: { email: 'OWNER@b.example', role: 'viewer' } });
    const token = tokenOf((invited.body as Json).inviteLink as string);
    const holder = new Browser();
    expect((await holder.call(`invites/${token}`)).body).toMatchObject({ hasAccount: true });
    const taken = await holder.call(`invites/${token}`, { body: { password: 'an attacker password' } });
    expect(taken.status).toBe(401);
    expect(taken.body).toMatchObject({ error: 'SIGN_IN_FAILED' });
    expect((await new Browser().signIn('owner@b.example')).status).toBe(200);
    const accepted = await holder.call(`invites/${token}`, { body: { password: PASSWORD } });
    expect(accepted.body).toMatchObject({ account: { id: people.ownerB.id } });
    expect((accepted.body as Json).sites).toHaveLength(2);
  });

  it('guesses through a site invitation are logged and throttled as sign-ins, and its success clears them', async () => {
    const invited = await people.owner.browser.call(`sites/${siteA.id}/members`, { body: { email: 'owner@b.example', role: 'editor' } });
    const token = tokenOf((invited.body as Json).inviteLink as string);
    const holder = new Browser('10.0.4.1');
    const before = (await s.storage.listAudit(null, { limit: 10_000 })).filter((e) => e.action === 'account.sign-in.fail').length;
    for (let i = 0; i < THROTTLE.pairFree; i++)
      expect((await holder.call(`invites/${token}`, { body: { password: 'a guessed password' } })).status).toBe(401);
    const fails = (await s.storage.listAudit(null, { limit: 10_000 })).filter((e) => e.action === 'account.sign-in.fail');
    expect(fails.length - before).toBe(THROTTLE.pairFree);
    expect(fails).toContainEqual(
      expect.objectContaining({
        actor: expect.objectContaining({ accountId: people.ownerB.id }),
        after: { email: 'owner@b.example', address: '10.0.4.1', known: true },
      }),
    );
    // the same count as a sign-in's, both ways
    expect((await holder.call(`invites/${token}`, { body: { password: PASSWORD } })).status).toBe(429);
    expect((await holder.signIn('owner@b.example')).status).toBe(429);
    t += 30_000;
    expect((await holder.call(`invites/${token}`, { body: { password: PASSWORD } })).status).toBe(200);
    expect((await new Browser('10.0.4.1').signIn('owner@b.example', 'a guessed password')).status).toBe(401);
  });
  it('two site invitations of one new email accepted at once: one sets the password, the other is refused and sets none', async () => {
    const links = [];
    for (const role of ['viewer', 'editor'] as const) {
      const invited = await people.owner.browser.call(`sites/${siteA.id}/members`, { body: { email: 'twice@a.example', role } });
      links.push(tokenOf((invited.body as Json).inviteLink as string));
    }
    const passwords = ['the first long password', 'the second long password'];
    const answers = await Promise.all(
      links.map((token, i) => new Browser().call(`invites/${token}`, { body: { password: passwords[i] } })),
    );
    const ok = answers.findIndex((r) => r.status === 200);
    // the other: 409 when its route looked before the account was made, or the account's password checked (401) after
    expect(answers[1 - ok]!.body).toMatchObject({ error: expect.stringMatching(/^(CONFLICT|SIGN_IN_FAILED)$/) });
    // the password of whoever made the account holds; the other link still works, with that password
    expect((await new Browser().signIn('twice@a.example', passwords[1 - ok])).status).toBe(401);
    expect((await new Browser().signIn('twice@a.example', passwords[ok])).status).toBe(200);
    expect((await new Browser().call(`invites/${links[1 - ok]}`, { body: { password: passwords[ok] } })).status).toBe(200);
    // the storage decides in its transaction, whatever the route saw before it: a site's invitation given a hash for
    // an email with an account sets nothing and leaves the invitation unused
    const token = 'a-site-invitation-token-0123456789';
    await s.storage.createInvite({
      token,
      email: 'TWICE@a.example',
      siteId: siteA.id,
      role: 'viewer',
      createdBy: null,
      expiresAt: t + 60_000,
    });
    expect(await s.storage.acceptInvite(token, 'scrypt$1024$8$1$c2FsdA$aGFzaA')).toBe('ACCOUNT_EXISTS');
    expect(await s.storage.findInvite(token)).not.toBeNull();
    expect((await new Browser().signIn('twice@a.example', passwords[ok])).status).toBe(200);
  });
});

describe('site routes, through the operations', () => {
  it('an account creates a site and owns it; viewers read it, only owners change origins and read the audit log', async () => {
    const { browser: owner } = await account('creator@c.example');
    const created = await owner.call('sites', { body: { name: 'Corner Café', origins: ['https://cafe.example', 'self'] } });
    expect(created.status).toBe(201);
    const site = created.body as Json;
    expect(site).toMatchObject({ name: 'Corner Café', role: 'owner', origins: ['https://cafe.example', 'self'] });
    expect(site.snippet).toContain(`data-api-key="${site.apiKey as string}"`);
    expect((await owner.call('sites')).body).toEqual([expect.objectContaining({ id: site.id, role: 'owner' })]);
    expect((await owner.call('session')).body).toMatchObject({ sites: [{ id: site.id, role: 'owner' }] });

    const { browser: viewer, id: viewerId } = await account('reader@c.example');
    const { browser: editor, id: editorId } = await account('writer@c.example');
    const { browser: adviser, id: adviserId } = await account('adviser@c.example');
    await s.storage.addMember(site.id as string, viewerId, 'viewer');
    await s.storage.addMember(site.id as string, editorId, 'editor');
    await s.storage.addMember(site.id as string, adviserId, 'adviser');
    for (const b of [viewer, editor, adviser]) expect((await b.call(`sites/${site.id}`)).status).toBe(200);
    for (const b of [viewer, editor, adviser]) {
      const r = await b.call(`sites/${site.id}/origins`, { method: 'PUT', body: { origins: ['*'] } });
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ error: 'FORBIDDEN' });
      expect((await b.call(`sites/${site.id}/audit`)).status).toBe(403);
    }

    const bad = await owner.call(`sites/${site.id}/origins`, { method: 'PUT', body: { origins: ['https://cafe.example/menu'] } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'INVALID', field: 'origins' });
    const changed = await owner.call(`sites/${site.id}/origins`, { method: 'PUT', body: { origins: ['https://cafe.example'] } });
    expect(changed.body).toEqual({ origins: ['https://cafe.example'], warnings: ['SELF_REMOVED'] });

    const audit = await owner.call(`sites/${site.id}/audit?limit=10`);
    expect(audit.status).toBe(200);
    expect((audit.body as Json[]).map((e) => e.what)).toEqual(['site.origins', 'site.create']);
    expect((audit.body as Json[])[0]).toMatchObject({ who: 'creator@c.example', before: { origins: ['https://cafe.example', 'self'] } });
  });

  it('editors change the config and the appearance (with its versions); owners rotate the key; viewers only read', async () => {
    const { browser: owner } = await account('owner@d.example');
    const site = (await owner.call('sites', { body: { name: 'Deli', origins: ['https://deli.example'] } })).body as Json;
    const id = site.id as string;
    const { browser: editor, id: editorId } = await account('editor@d.example');
    const { browser: viewer, id: viewerId } = await account('viewer@d.example');
    await s.storage.addMember(id, editorId, 'editor');
    await s.storage.addMember(id, viewerId, 'viewer');

    const config = await editor.call(`sites/${id}/config`, { method: 'PATCH', body: { pageAwareness: false, avatarId: 'Anna' } });
    expect(config.status).toBe(200);
    expect(config.body).toEqual({ pageAwareness: false, avatarId: 'Anna', referenceWebpage: '' });
    expect(
      (await editor.call(`sites/${id}/config`, { method: 'PATCH', body: { referenceWebpage: 'javascript:alert(1)' } })).body,
    ).toMatchObject({
      error: 'INVALID',
      field: 'referenceWebpage',
    });
    expect((await viewer.call(`sites/${id}/config`, { method: 'PATCH', body: { pageAwareness: true } })).status).toBe(403);

    const first = (await viewer.call(`sites/${id}/appearance`)).body as Json;
    const saved = await editor.call(`sites/${id}/appearance`, {
      method: 'PUT',
      body: { appearance: { agentName: 'Deli Bot' }, baseVersion: first.version },
    });
    expect(saved.status).toBe(200);
    const stale = await editor.call(`sites/${id}/appearance`, {
      method: 'PUT',
      body: { appearance: { agentName: 'Late' }, baseVersion: first.version },
    });
    expect(stale.status).toBe(409);
    const typo = await editor.call(`sites/${id}/appearance`, {
      method: 'PUT',
      body: { appearance: { launcher: { backgroundColor: '#e11d4' } }, baseVersion: (first.version as number) + 1 },
    });
    expect(typo.status).toBe(400);
    expect(typo.body).toMatchObject({ error: 'INVALID', field: 'appearance.launcher.backgroundColor' });
    expect((await viewer.call(`sites/${id}/appearance`, { method: 'PUT', body: { appearance: {}, baseVersion: 2 } })).status).toBe(403);
    const versions = (await viewer.call(`sites/${id}/appearance/versions`)).body as Json[];
    expect(versions.map((v) => v.version)).toEqual([(first.version as number) + 1, first.version]);
    expect((await viewer.call(`sites/${id}/appearance/versions/${first.version}`)).status).toBe(200);
    expect((await viewer.call(`sites/${id}/appearance/versions/99`)).body).toEqual({ error: 'NOT_FOUND', message: 'Not found.' });
    expect((await viewer.call(`sites/${id}/appearance/versions/x`)).status).toBe(400);
    expect((await viewer.call(`sites/${id}/appearance/versions/${first.version}/restore`, { method: 'POST' })).status).toBe(403);
    expect((await editor.call(`sites/${id}/appearance/versions/${first.version}/restore`, { method: 'POST' })).status).toBe(200);
    expect(((await viewer.call(`sites/${id}/appearance`)).body as Json).appearance).toEqual(first.appearance);

    expect((await editor.call(`sites/${id}/key`, { method: 'POST' })).status).toBe(403);
    const rotated = await owner.call(`sites/${id}/key`, { method: 'POST' });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ apiKey: expect.any(String), previousKey: { validUntil: expect.any(String) } });
    expect((rotated.body as Json).apiKey).not.toBe(site.apiKey);

    // another site's owner guessing this one's ids: 404 on every route, nothing of it in the answer
    const { browser: stranger } = await account('stranger@d.example');
    for (const r of [
      await stranger.call(`sites/${id}/config`, { method: 'PATCH', body: { pageAwareness: true } }),
      await stranger.call(`sites/${id}/key`, { method: 'POST' }),
      await stranger.call(`sites/${id}/appearance`),
      await stranger.call(`sites/${id}/appearance`, { method: 'PUT', body: { appearance: {}, baseVersion: 1 } }),
      await stranger.call(`sites/${id}/appearance/versions`),
      await stranger.call(`sites/${id}/appearance/versions/1`),
      await stranger.call(`sites/${id}/appearance/versions/1/restore`, { method: 'POST' }),
      await stranger.call(`sites/${id}/members`),
      await stranger.call(`sites/${id}/audit`),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: 'NOT_FOUND', message: 'Not found.' });
    }
  });

  it('owners see the origins the server refused and allow one; editors get preview keys that boot only on this server', async () => {
    const { browser: owner } = await account('owner@e.example');
    const site = (await owner.call('sites', { body: { name: 'Eatery', origins: ['https://eatery.example'] } })).body as Json;
    const id = site.id as string;
    const { browser: editor, id: editorId } = await account('editor@e.example');
    await s.storage.addMember(id, editorId, 'editor');

    const boot = (key: string, origin: string) => s.call('/session/boot', { method: 'POST', headers: { 'X-API-Key': key }, origin });
    expect((await boot(site.apiKey as string, 'https://new.eatery.example')).status).toBe(403);
    // the refusal is noted in the background (it never delays the answer): wait until the note is written
    await vi.waitFor(async () => {
      const refused = await owner.call(`sites/${id}/refused-origins`);
      expect(refused.status).toBe(200);
      expect(refused.body).toEqual([expect.objectContaining({ origin: 'https://new.eatery.example', count: 1 })]);
    });
    expect((await editor.call(`sites/${id}/refused-origins`)).status).toBe(403);
    expect((await editor.call(`sites/${id}/origins`, { body: { origin: 'https://new.eatery.example' } })).status).toBe(403);
    const allowed = await owner.call(`sites/${id}/origins`, { body: { origin: 'https://new.eatery.example' } });
    expect(allowed.body).toEqual({ origins: ['https://eatery.example', 'https://new.eatery.example'], warnings: [] });
    expect((await owner.call(`sites/${id}/refused-origins`)).body).toEqual([]);
    expect((await boot(site.apiKey as string, 'https://new.eatery.example')).status).toBe(200);

    const preview = await editor.call(`sites/${id}/preview-key`, { method: 'POST' });
    expect(preview.status).toBe(200);
    const key = (preview.body as Json).apiKey as string;
    expect((await boot(key, s.base)).status).toBe(200);
    expect((await boot(key, 'https://eatery.example')).status).not.toBe(200);
    const { browser: viewer, id: viewerId } = await account('viewer@e.example');
    await s.storage.addMember(id, viewerId, 'viewer');
    expect((await viewer.call(`sites/${id}/preview-key`, { method: 'POST' })).status).toBe(403);
    const { browser: stranger } = await account('stranger@e.example');
    for (const r of [
      await stranger.call(`sites/${id}/refused-origins`),
      await stranger.call(`sites/${id}/preview-key`, { method: 'POST' }),
    ]) {
      expect(r.body).toEqual({ error: 'NOT_FOUND', message: 'Not found.' });
    }
  });

  it('refuses a malformed site and guessed ids alike: 400 for the values, 404 with nothing of another site', async () => {
    const { browser } = await account('guesser@c.example');
    for (const body of [
      { name: '', origins: [] },
      { name: 'x', origins: 'https://a.example' },
      { name: 'x'.repeat(101), origins: [] },
      { origins: [] },
    ]) {
      expect((await browser.call('sites', { body })).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    const other = s.site;
    for (const id of [other.id, 'site_nothere', "x' OR '1'='1"]) {
      const path = encodeURIComponent(id);
      for (const r of [
        await browser.call(`sites/${path}`),
        await browser.call(`sites/${path}/origins`, { method: 'PUT', body: { origins: ['*'] } }),
        await browser.call(`sites/${path}/audit`),
      ]) {
        expect(r.status).toBe(404);
        expect(r.body).toEqual({ error: 'NOT_FOUND', message: 'Not found.' });
        expect(JSON.stringify(r.body)).not.toContain(other.name);
      }
    }
    expect((await browser.call(`sites/${s.site.id}/audit?limit=-1`)).status).toBe(400);
    expect((await new Browser().call('sites')).status).toBe(401);
  });
});

describe('the CLI’s invitations', () => {
  it('owner:invite and member:invite need an email (and a role, and a site), and print a link that gives that role', async () => {
    await expect(runAdmin(s.storage, ['owner:invite'])).rejects.toThrow(UsageError);
    await expect(runAdmin(s.storage, ['owner:invite', '--email', 'not an email'])).rejects.toThrow(/--email takes an email address/);
    await expect(runAdmin(s.storage, ['member:invite', s.site.id, '--email', 'x@shop.example', '--role', 'admin'])).rejects.toThrow(
      /--role takes owner, editor, viewer, adviser/,
    );
    await expect(runAdmin(s.storage, ['member:invite', 'site_nothere', '--email', 'x@shop.example', '--role', 'viewer'])).rejects.toThrow(
      UsageError,
    );
    const printed = await runAdmin(s.storage, ['member:invite', s.site.id, '--email', 'cli-viewer@shop.example', '--role', 'viewer'], {
      now: () => t,
      publicUrl: s.base,
    });
    const b = new Browser();
    expect((await b.call(`invites/${tokenOf(printed)}`)).body).toMatchObject({ siteName: s.site.name, role: 'viewer', hasAccount: false });
    expect((await b.call(`invites/${tokenOf(printed)}`, { body: { password: PASSWORD } })).body).toMatchObject({
      sites: [{ id: s.site.id, role: 'viewer' }],
    }); // both written to the audit log, by the command line
    await runAdmin(s.storage, ['owner:invite', '--email', 'cli-owner@shop.example'], { now: () => t });
    const entries = await s.storage.listAudit(null, { limit: 10_000 });
    expect(entries).toContainEqual(
      expect.objectContaining({
        siteId: s.site.id,
        actor: { kind: 'cli' },
        action: 'member.invite',
        after: { email: 'cli-viewer@shop.example', role: 'viewer' },
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        siteId: null,
        actor: { kind: 'cli' },
        action: 'owner.invite',
        after: { email: 'cli-owner@shop.example', role: 'owner' },
      }),
    );
  });
});

describe('apart from the widget API', () => {
  it('no console route accepts a widget token or key, and no widget route accepts the console cookie', async () => {
    const { browser } = await account('apart@shop.example');
    const widgetToken = await s.tokenFor(VISITOR_A);
    const withToken = await fetch(`${s.base}/console/api/session`, {
      headers: { Authorization: `Bearer ${widgetToken}`, 'X-API-Key': API_KEY },
    });
    expect(withToken.status).toBe(401);
    const withCookie = await s.call(`/api/chat/sessions?userSessionId=${VISITOR_A}`, {
      headers: { Cookie: `console_session=${browser.cookie}` },
    });
    expect(withCookie.status).toBe(401);
    const boot = await s.call('/session/boot', { method: 'POST', headers: { Cookie: `console_session=${browser.cookie}` } });
    expect(boot.status).toBe(401);
  });
});

describe('a hostile pass', () => {
  it('malformed JSON, huge bodies, wrong types, forged cookies and SQL-ish strings: refused, never a 5xx, nothing readable', async () => {
    const { browser } = await account('hostile@shop.example');
    const anonymous = new Browser();
    // a site of the hostile account's own, whose routes it may call
    const own = (await browser.call('sites', { body: { name: 'Hostile Own', origins: [] } })).body as Json;
    const mine = Object.assign(browser, { site: own.id as string });
    const deep = (n: number): unknown => (n === 0 ? {} : { agentName: deep(n - 1) });
    const cases: [string, Promise<{ status: number }>, number][] = [
      [
        'malformed JSON',
        anonymous.call('sign-in', { raw: '{"email": "a@b.c", "password": ', headers: { 'Content-Type': 'application/json' } }),
        400,
      ],
      ['a huge body', anonymous.call('sign-in', { body: { email: 'a@b.c', password: 'x'.repeat(100_000) } }), 413],
      [
        'a huge JSON body when signed in',
        browser.call(`sites/${s.site.id}/members`, { body: { email: 'x'.repeat(2_000_000), role: 'viewer' } }),
        413,
      ],
      ['a number for the email', anonymous.call('sign-in', { body: { email: 5, password: PASSWORD } }), 400],
      ['an array body', anonymous.call('sign-in', { body: [1, 2] }), 400],
      ['null body', anonymous.call('sign-in', { raw: 'null', headers: { 'Content-Type': 'application/json' } }), 400],
      ['a password of 2000 characters', anonymous.call('sign-in', { body: { email: 'a@b.c', password: 'y'.repeat(2000) } }), 400],
      ['SQL in the email', anonymous.call('sign-in', { body: { email: "' OR 1=1 --", password: "' OR '1'='1" } }), 401],
      ['a NUL in the email', anonymous.call('sign-in', { body: { email: 'a\u0000b@x', password: PASSWORD } }), 400],
      ['a control character in the email', anonymous.call('sign-in', { body: { email: 'a\u001bb@x.example', password: PASSWORD } }), 400],
      [
        'a NUL in an invited email',
        mine.call(`sites/${mine.site}/members`, { body: { email: 'a\u0000b@x.example', role: 'viewer' } }),
        400,
      ],
      ['SQL in an invitation id', mine.call(`sites/${mine.site}/invites/${encodeURIComponent("' OR 1=1 --")}`, { method: 'DELETE' }), 404],
      ['a 200-character invitation id', mine.call(`sites/${mine.site}/invites/${'i'.repeat(200)}`, { method: 'DELETE' }), 414],
      [
        'a control character in an invited email',
        mine.call(`sites/${mine.site}/members`, { body: { email: 'a@x.exa\u0007mple', role: 'viewer' } }),
        400,
      ],
      ['SQL in a site id', browser.call(`sites/${encodeURIComponent("x' OR '1'='1")}/members`), 404],
      ['SQL in an invitation token', anonymous.call(`invites/${encodeURIComponent("' OR 1=1 --")}`), 404],
      ['a NUL in a token', anonymous.call(`invites/a%00b`), 404],
      ['a token too long', anonymous.call(`invites/${'a'.repeat(500)}`), 414],
      [
        'a forged cookie',
        anonymous.call('session', { headers: { Cookie: 'console_session=forged0000000000000000000000000000000000000' } }),
        401,
      ],
      ['a cookie with odd characters', anonymous.call('session', { headers: { Cookie: "console_session=';DROP TABLE accounts;--" } }), 401],
      ['a huge cookie', anonymous.call('session', { headers: { Cookie: `console_session=${'A'.repeat(8000)}` } }), 401],
      ['two cookies', anonymous.call('session', { headers: { Cookie: `console_session=x; console_session=${browser.cookie}` } }), 401],
      ['an unknown route', browser.call('nothing/here'), 404],
      ['an unknown route, changing', browser.call('nothing/here', { method: 'DELETE' }), 404],
      ['members without a session', anonymous.call(`sites/${s.site.id}/members`), 401],
      ['every site route without a session', anonymous.call(`sites/${s.site.id}/appearance/versions`), 401],
      ['a site made of a number', browser.call('sites', { body: { name: 42, origins: [] } }), 400],
      ['a site with origins of objects', browser.call('sites', { body: { name: 'x', origins: [{ a: 1 }] } }), 400],
      [
        'a config of strings',
        mine.call(`sites/${mine.site}/config`, { method: 'PATCH', body: { pageAwareness: 'yes', avatarId: 7 } }),
        400,
      ],
      ['a config that is a list', mine.call(`sites/${mine.site}/config`, { method: 'PATCH', body: [] }), 400],
      [
        'an appearance that is text',
        mine.call(`sites/${mine.site}/appearance`, { method: 'PUT', body: { appearance: 'red', baseVersion: 1 } }),
        400,
      ],
      [
        'a base version of text',
        mine.call(`sites/${mine.site}/appearance`, { method: 'PUT', body: { appearance: {}, baseVersion: '1' } }),
        400,
      ],
      [
        'a deep appearance',
        mine.call(`sites/${mine.site}/appearance`, { method: 'PUT', body: { appearance: deep(2000), baseVersion: 1 } }),
        400,
      ],
      ['a huge version number', mine.call(`sites/${mine.site}/appearance/versions/99999999999999999999`), 400],
      ['an audit page of text', mine.call(`sites/${mine.site}/audit?before=abc`), 400],
      ['origins that are not a list', mine.call(`sites/${mine.site}/origins`, { method: 'PUT', body: { origins: 'self' } }), 400],
      ['sign-out without a session', anonymous.call('sign-out', { method: 'POST' }), 401],
    ];
    for (const [what, pending, status] of cases) expect((await pending).status, what).toBe(status);
    expect(statuses.filter((x) => x.status >= 500)).toEqual([]);
    await expect(runAdmin(s.storage, ['owner:invite', '--email', 'a\u0000b@x.example'])).rejects.toThrow(UsageError);
    // PostgreSQL's statements take a NUL inside a list as they do in a text
    expect(sql('x', 'SELECT 1')(['a\0b', ['c\0d', 'e']]).values).toEqual(['a\uFFFDb', ['c\uFFFDd', 'e']]);
  });
});

describe('the audit log', () => {
  it('records sign-ins, failures, sign-outs, invitations and member changes, and never a password', async () => {
    const audits = await s.storage.listAudit(null, { limit: 10_000 });
    const actions = new Set(audits.map((a) => a.action));
    for (const action of [
      'account.sign-in',
      'account.sign-in.fail',
      'account.sign-out',
      'invite.accept',
      'member.invite',
      'member.role',
      'member.remove',
    ]) {
      expect(actions, action).toContain(action);
    }
    const text = JSON.stringify(audits);
    for (const password of [PASSWORD, 'wrong password!', 'an attacker password', 'a new long password'])
      expect(text).not.toContain(password);
    // written with each change, in its transaction: the refused ones (the last owner's) left none
    expect(audits.filter((a) => a.action === 'member.role')).toHaveLength(4);
    expect(audits.filter((a) => a.action === 'member.remove')).toHaveLength(1);
    // newest first: the last is the first role change of the members test
    expect(audits.filter((a) => a.action === 'member.role').at(-1)).toMatchObject({
      siteId: s.site.id,
      actor: { kind: 'account', email: 'owner@a.example' },
      before: { email: 'viewer@a.example', role: 'viewer' },
      after: { email: 'viewer@a.example', role: 'editor' },
    });
  });
});
