/**
 * A hostile pass over every console API route, on SQLite and PostgreSQL: the routes are read from the running app
 * itself (Fastify's route tree, filtered to /console/api/), so a route added later is covered without editing this
 * file. For each route and method: no session → 401 (but the public ones, listed below); a forged or an expired
 * cookie → 401; a state-changing call without the CSRF token or from a foreign Origin → 403; path parameters
 * replaced by junk and by another site's ids, and junk query strings → never 5xx, never another site's data; a
 * viewer's session on a site's state-changing routes → 403 or 404, never 2xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/admin';
import type { Site } from '../../server/storage/types';
import { BACKEND } from '../support/storages';
import { ORIGIN, startServer, type TestServer } from './harness';

const PASSWORD = 'correct horse battery staple';
/** The routes today (45 with their methods, the advice files' 8 included): a later change may add routes, never lose the enumeration. */
const ROUTES_TODAY = 45;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * The routes callable without a session, and what they answer to an empty body or an unknown invitation. (The
 * session read is not one: without a session it answers 401, which is how the console learns it is signed out.)
 */
const PUBLIC: Record<string, number> = {
  'POST /console/api/sign-in': 400,
  'GET /console/api/invites/:token': 404,
  'POST /console/api/invites/:token': 400,
};

interface Route {
  method: string;
  path: string;
}

/** The console's routes, from the app's route tree (`printRoutes` without common prefixes: one line a path node). */
function consoleRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    const path = stack.join('');
    if (!m[3] || !path.startsWith('/console/api/')) continue;
    for (const method of m[3].split(',').map((x) => x.trim())) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, path });
    }
  }
  return routes;
}

const key = (r: Route) => `${r.method} ${r.path}`;
const paramsOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
const fill = (path: string, value: (param: string) => string) => path.replace(/:(\w+)/g, (_, p: string) => value(p));

/** Path values no route may choke on (each already encoded for the URL). */
const JUNK = [
  '..%2f..%2fsites',
  '..%2f',
  'a'.repeat(10 * 1024),
  '%00',
  'x%00y',
  encodeURIComponent("x' OR '1'='1"),
  encodeURIComponent('1; DROP TABLE messages; --'),
  encodeURIComponent('"fees" NEAR(a b) OR *'),
  encodeURIComponent('-1'),
  '%E2%80%AE%F0%9F%92%A5',
  '%ZZ',
];

/** A query string every route must take without a 5xx. */
const JUNK_QUERY = [
  `from=${encodeURIComponent('..%2f')}`,
  'to=%00',
  `q=${encodeURIComponent('"a" NEAR(b c) OR * AND -x')}`,
  'state=failed,,nope',
  'limit=-1',
  'top=1e309',
  `cursor=${'z'.repeat(10 * 1024)}`,
  'format=..%2fx',
  `before=${encodeURIComponent("' OR 1=1 --")}`,
  'tz=..%2F..%2Fetc%2Fpasswd',
  'path=%00',
  'from=2026-02-30',
  'limit=1&limit=2',
].join('&');

/** A body each site change takes, so that the role, not the body's shape, decides a viewer's call. */
const VALID_BODY: Record<string, unknown> = {
  'POST /console/api/sites/:id/members': { email: 'new@shop.example', role: 'viewer' },
  'PATCH /console/api/sites/:id/members/:accountId': { role: 'owner' },
  'DELETE /console/api/sites/:id/members/:accountId': {},
  'DELETE /console/api/sites/:id/invites/:inviteId': {},
  'PUT /console/api/sites/:id/origins': { origins: ['https://evil.example'] },
  'POST /console/api/sites/:id/origins': { origin: 'https://evil.example' },
  'PATCH /console/api/sites/:id/config': { pageAwareness: false },
  'POST /console/api/sites/:id/key': {},
  'POST /console/api/sites/:id/preview-key': {},
  'PUT /console/api/sites/:id/appearance': { appearance: {}, baseVersion: 0 },
  'POST /console/api/sites/:id/appearance/versions/:n/restore': {},
  'DELETE /console/api/sites/:id/visitors/:visitorId': {},
};

let s: TestServer;
let other: Site;
let routes: Route[];
/** The time the storage sees is now plus this (an expired session is made by moving it). */
let skew = 0;

/** A signed-in console browser: its cookie and CSRF token. */
interface Browser {
  cookie: string;
  csrf: string;
  accountId: string;
}

interface Reply {
  status: number;
  text: string;
}

/** One call: `as` signed in (or not), `origin` (the server's own unless given), the CSRF token unless `csrf` false. */
async function call(
  method: string,
  pathname: string,
  opts: { as?: Browser; cookie?: string; origin?: string; csrf?: boolean; body?: unknown } = {},
): Promise<Reply> {
  const headers = new Headers();
  headers.set('Origin', opts.origin ?? s.base);
  const cookie = opts.cookie ?? opts.as?.cookie;
  if (cookie !== undefined) headers.set('Cookie', `console_session=${cookie}`);
  if (opts.as && opts.csrf !== false && !SAFE.has(method)) headers.set('X-CSRF-Token', opts.as.csrf);
  let body: string | undefined;
  if (!SAFE.has(method)) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(opts.body ?? {});
  }
  const res = await fetch(s.base + pathname, { method, headers, body });
  const text = await res.text();
  expect(res.status, `${method} ${pathname.slice(0, 200)}`).toBeLessThan(500);
  return { status: res.status, text };
}

/** A new account with `role` on `site`, signed in. */
async function account(email: string, role: 'owner' | 'viewer', site: string): Promise<Browser> {
  const printed = await runAdmin(s.storage, ['owner:invite', '--email', email], { publicUrl: s.base });
  const token = /\/console\/invite\/([A-Za-z0-9_-]+)/.exec(printed)![1]!;
  const res = await fetch(`${s.base}/console/api/invites/${token}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: s.base },
    body: JSON.stringify({ password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { account: { id: string }; csrfToken: string };
  const cookie = /^console_session=([^;]*)/.exec(res.headers.getSetCookie().find((c) => c.startsWith('console_session='))!)![1]!;
  await s.storage.addMember(site, body.account.id, role);
  return { cookie, csrf: body.csrfToken, accountId: body.account.id };
}

let owner: Browser;
let viewer: Browser;
let otherOwner: Browser;
/** Valid values of each path parameter: on the test site, and on the other site. */
const mine: Record<string, string> = {};
const theirs: Record<string, string> = {};
/**
 * The parameters that name a thing of one site (or one account): the other site's in a call of the test site's owner
 * is refused. A visitor id or a version number is not a site's own (the same value may be on both: the call reads
 * or deletes the test site's), and an invitation's token is the invitation itself (whoever holds it may read it).
 */
const OWNED = ['id', 'conversationId', 'accountId', 'inviteId', 'sessionId', 'fileId'];
/** Words only the other site's data holds: none may appear in an answer to the test site's accounts. */
const THEIR_MARKS = ['Zanzibar Holdings', 'quokkaword', 'visitor-theirs-0001', 'owner@theirs.example', 'theirs.example'];

async function inviteOn(site: string, as: Browser, email: string): Promise<{ inviteId: string; token: string }> {
  const res = await call('POST', `/console/api/sites/${site}/members`, { as, body: { email, role: 'viewer' } });
  expect(res.status).toBe(201);
  const token = /\/console\/invite\/([A-Za-z0-9_-]+)/.exec(JSON.parse(res.text).inviteLink)![1]!;
  const members = JSON.parse((await call('GET', `/console/api/sites/${site}/members`, { as })).text) as {
    inviteId?: string;
    email: string;
  }[];
  return { inviteId: members.find((m) => m.email === email)!.inviteId!, token };
}

beforeAll(async () => {
  s = await startServer({ console: { scryptCost: { N: 1024, r: 8, p: 1 } }, now: () => Date.now() + skew });
  other = await s.storage.createSite({
    name: 'Zanzibar Holdings',
    apiKey: 'pk_test_theirs_0123456789abcdefghij',
    origins: ['https://theirs.example'],
  });
  owner = await account('owner@shop.example', 'owner', s.site.id);
  viewer = await account('viewer@shop.example', 'viewer', s.site.id);
  otherOwner = await account('owner@theirs.example', 'owner', other.id);

  const stored = async (site: string, visitor: string, word: string) =>
    (
      await s.storage.appendMessages({
        siteId: site,
        userSessionId: visitor,
        chatSessionId: null,
        newSessionName: word,
        path: '/',
        messages: [
          { role: 'user', content: `Tell me about ${word}`, createdAt: new Date().toISOString() },
          { role: 'ai', content: `Nothing on ${word}.`, createdAt: new Date().toISOString() },
        ],
      })
    ).chatSession.id;
  mine.conversationId = await stored(s.site.id, 'visitor-mine-0001', 'wombatword');
  theirs.conversationId = await stored(other.id, 'visitor-theirs-0001', 'quokkaword');
  mine.visitorId = 'visitor-mine-0001';
  theirs.visitorId = 'visitor-theirs-0001';
  mine.id = s.site.id;
  theirs.id = other.id;
  mine.accountId = viewer.accountId;
  theirs.accountId = otherOwner.accountId;
  mine.n = '1';
  theirs.n = '1';
  const myInvite = await inviteOn(s.site.id, owner, 'pending@shop.example');
  const theirInvite = await inviteOn(other.id, otherOwner, 'pending@theirs.example');
  mine.inviteId = myInvite.inviteId;
  theirs.inviteId = theirInvite.inviteId;
  mine.token = myInvite.token;
  expect(theirInvite.token).not.toBe(myInvite.token);
  const sessions = JSON.parse((await call('GET', '/console/api/account/sessions', { as: otherOwner })).text) as { id: string }[];
  theirs.sessionId = sessions[0]!.id;
  // an advice file on each site (docs/advice-records.md), named with each site's own word
  const adviceFile = (site: string, name: string) =>
    s.storage.createAdviceFile({
      id: `advice-${site}`,
      siteId: site,
      at: new Date().toISOString(),
      tokenHash: `advice-token-${site}`,
      clientName: name,
      clientEmail: null,
      sampled: true,
      consent: { data: { kind: 'consent', name, email: null, wording: 'consent' }, by: { kind: 'client' } },
    });
  mine.fileId = (await adviceFile(s.site.id, 'wombatword Client')).id;
  theirs.fileId = (await adviceFile(other.id, 'quokkaword Client')).id;

  routes = consoleRoutes(s.app.printRoutes({ commonPrefix: false }));
});

afterAll(async () => {
  await s.stop();
  await s.remove();
});

// hundreds of calls a test (every route, many ways): more time than a test's default on a busy machine
describe(`every console route on ${BACKEND}`, { timeout: 60_000 }, () => {
  it('reads the routes from the app', () => {
    // the count covered, printed so a change in it shows in the run
    console.info(`console routes covered: ${routes.length}`);
    expect(routes.length).toBeGreaterThanOrEqual(ROUTES_TODAY);
    for (const known of [
      'GET /console/api/session',
      'DELETE /console/api/sites/:id/visitors/:visitorId',
      'GET /console/api/sites/:id/advice-files/:fileId',
      'POST /console/api/sites/:id/advice-files/:fileId/reviews',
      'PUT /console/api/sites/:id/advice-settings',
      ...Object.keys(PUBLIC),
    ]) {
      expect(routes.map(key)).toContain(known);
    }
  });

  it('answers 401 without a session, but for the public routes', async () => {
    for (const r of routes) {
      const pathname = fill(r.path, (p) => mine[p] ?? 'x');
      const res = await call(r.method, pathname.replace(/\/invites\/[^/]+$/, '/invites/unknown-token'));
      expect(res.status, key(r)).toBe(PUBLIC[key(r)] ?? 401);
    }
  });

  it('answers 401 to a forged cookie, an ended one and an expired one', async () => {
    const ended = await account('ended@shop.example', 'owner', s.site.id);
    expect((await call('POST', '/console/api/sign-out', { as: ended })).status).toBe(204);
    const expired = await account('expired@shop.example', 'owner', s.site.id);
    const forged = ['A'.repeat(43), 'x', owner.cookie.slice(0, -1) + (owner.cookie.endsWith('A') ? 'B' : 'A'), '%00', "' OR 1=1 --"];
    for (const r of routes.filter((r) => !(key(r) in PUBLIC))) {
      const pathname = fill(r.path, (p) => mine[p] ?? 'x');
      for (const cookie of [...forged, ended.cookie]) {
        const res = await call(r.method, pathname, { cookie, csrf: false });
        expect(res.status, `${key(r)} with ${cookie.slice(0, 10)}`).toBe(401);
      }
    }
    // past the idle limit (12 hours) the session is gone; the clock comes back for the others
    skew = 13 * 3600_000;
    try {
      for (const r of routes.filter((r) => !(key(r) in PUBLIC))) {
        const res = await call(
          r.method,
          fill(r.path, (p) => mine[p] ?? 'x'),
          { as: expired },
        );
        expect(res.status, `${key(r)} expired`).toBe(401);
      }
    } finally {
      skew = 0;
    }
    // the forged ones ended nobody's session
    expect((await call('GET', '/console/api/session', { as: owner })).status).toBe(200);
  });

  it('answers 403 to a state-changing call without the CSRF token, or from a foreign Origin', async () => {
    const changing = routes.filter((r) => !SAFE.has(r.method));
    expect(changing.length).toBeGreaterThan(0);
    for (const r of changing) {
      const pathname = fill(r.path, (p) => mine[p] ?? 'x');
      for (const origin of [ORIGIN, 'https://theirs.example', 'null', `${s.base}.evil.example`]) {
        expect((await call(r.method, pathname, { as: owner, origin })).status, `${key(r)} from ${origin}`).toBe(403);
      }
      if (key(r) in PUBLIC) continue;
      expect((await call(r.method, pathname, { as: owner, csrf: false })).status, `${key(r)} without the token`).toBe(403);
      const wrong = { ...owner, csrf: viewer.csrf };
      expect((await call(r.method, pathname, { as: wrong })).status, `${key(r)} with another's token`).toBe(403);
    }
    expect((await call('GET', '/console/api/session', { as: owner })).status).toBe(200);
  });

  it('takes junk and another site’s ids in every path parameter: never a 5xx, never the other site’s data', async () => {
    const withParams = routes.filter((r) => paramsOf(r.path).length > 0);
    for (const r of withParams) {
      const attempts = [
        // every parameter junk
        ...JUNK.map((junk) => fill(r.path, () => junk)),
        // every parameter the other site's (its site id included)
        fill(r.path, (p) => theirs[p] ?? 'x'),
        // one parameter at a time the other site's, the rest the test site's
        ...paramsOf(r.path).map((one) => fill(r.path, (p) => (p === one ? (theirs[p] ?? 'x') : (mine[p] ?? 'x')))),
      ];
      for (const pathname of attempts) {
        const res = await call(r.method, pathname, { as: owner });
        if (OWNED.some((p) => pathname.includes(theirs[p]!))) {
          // another site's, or a thing of another site's: refused, not done
          expect(res.status, `${key(r)} ${pathname.slice(0, 120)}`).toBeGreaterThanOrEqual(400);
        }
        for (const mark of THEIR_MARKS) expect(res.text, `${key(r)} ${pathname.slice(0, 120)}`).not.toContain(mark);
      }
    }
    // the other site's data is all there: its conversation, its invitation, its owner's session, its origins
    const transcript = await call('GET', `/console/api/sites/${other.id}/conversations/${theirs.conversationId}`, { as: otherOwner });
    expect(transcript.status).toBe(200);
    expect(transcript.text).toContain('quokkaword');
    const members = await call('GET', `/console/api/sites/${other.id}/members`, { as: otherOwner });
    expect(members.text).toContain('pending@theirs.example');
    const site = JSON.parse((await call('GET', `/console/api/sites/${other.id}`, { as: otherOwner })).text) as { origins: string[] };
    expect(site.origins).toEqual(['https://theirs.example']);
  });

  it('takes junk query strings on every route: never a 5xx, never the other site’s data', async () => {
    for (const r of routes) {
      // a change is sent with junk parameters too, so that none is made
      const pathname = fill(r.path, (p) => (SAFE.has(r.method) ? (mine[p] ?? 'x') : 'x'));
      if (!SAFE.has(r.method) && paramsOf(r.path).length === 0) continue;
      const res = await call(r.method, `${pathname}?${JUNK_QUERY}`, { as: owner });
      for (const mark of THEIR_MARKS) expect(res.text, key(r)).not.toContain(mark);
    }
  });

  it('refuses a viewer every change of the site: 403 or 404, never 2xx', async () => {
    const siteChanges = routes.filter((r) => !SAFE.has(r.method) && r.path.startsWith('/console/api/sites/:id'));
    expect(siteChanges.length).toBeGreaterThan(0);
    for (const r of siteChanges) {
      const known = key(r) in VALID_BODY;
      const res = await call(
        r.method,
        fill(r.path, (p) => mine[p] ?? 'x'),
        { as: viewer, body: VALID_BODY[key(r)] },
      );
      // a route added later, whose body this file does not know, may refuse the empty one first (400)
      expect(known ? [403, 404] : [400, 403, 404], `${key(r)}: ${res.status}`).toContain(res.status);
    }
    // nothing of the test site was changed: its conversation and its pending invitation are still there
    expect((await call('GET', `/console/api/sites/${s.site.id}/conversations/${mine.conversationId}`, { as: owner })).status).toBe(200);
    expect((await call('GET', `/console/api/sites/${s.site.id}/members`, { as: owner })).text).toContain('pending@shop.example');
  });
});
