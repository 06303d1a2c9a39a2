/**
 * Who is signed in to the console: the `console_session` cookie read and written, the session it names, the CSRF
 * check of state-changing calls, and the role guard other routes use (docs/console.md "HTTP API").
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { headerOf, ownOrigin } from '../routes/origins';
import type { Site, SiteRole, Storage } from '../storage/types';
import { ConsoleError, notFound } from './errors';
import { REAUTH_AFTER_MS, SESSION_COOKIE, SESSION_LIMITS } from './limits';

/** A signed-in request's account and session. */
export interface SignedIn {
  /** The session id, as the cookie carries it. */
  sessionId: string;
  accountId: string;
  email: string;
  csrfToken: string;
  /** Whether the password was given in this session in the last 10 minutes (limits.ts REAUTH_AFTER_MS; REAUTH_AFTER sets another). */
  fresh: boolean;
  /** The account's role on a site, or null. */
  roleOn(siteId: string): Promise<SiteRole | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The console session the request's cookie names, when it is alive; set by the console API's hook. */
    consoleSession?: SignedIn;
  }
  interface FastifyContextConfig {
    /** A console route callable without a session (sign-in, invitations): the Origin check and a JSON body still apply. */
    consolePublic?: boolean;
    /** A sensitive change (docs/console.md "One's own account"): 403 REAUTH_REQUIRED unless the session is fresh. */
    consoleSensitive?: boolean;
  }
}

/** A new random session id or CSRF token: 256 bits, URL-safe (ASVS 3.2.2: at least 64 bits of entropy). */
export const newSecret = () => randomBytes(32).toString('base64url');

/** The values of every console cookie in the request, as sent. */
function sessionCookies(req: FastifyRequest): string[] {
  const found = [];
  for (const part of (headerOf(req, 'cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) found.push(part.slice(eq + 1).trim());
  }
  return found;
}

/**
 * The value of the console's cookie in the request, if there is exactly one (more than one is refused by the request
 * hook: a cookie set by a neighbouring host or for a longer path would otherwise be the one read).
 */
export function sessionCookie(req: FastifyRequest): string | undefined {
  const [value, ...more] = sessionCookies(req);
  // an id this server made is base64url; anything else names no session and is not looked up
  return more.length === 0 && value !== undefined && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}

/** Whether the cookie is `Secure`: when PUBLIC_URL is https, or the request came over https (`TRUST_PROXY` decides whose word counts). */
export const secureFor = (req: FastifyRequest, publicHttps: boolean) => publicHttps || req.protocol === 'https';

/** The Set-Cookie of a session (`id`), or of its end (`null`): HttpOnly, SameSite=Strict, Path=/console, Secure on https. */
export function sessionSetCookie(id: string | null, secure: boolean): string {
  return [
    `${SESSION_COOKIE}=${id ?? ''}`,
    'Path=/console',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${id === null ? 0 : Math.floor(SESSION_LIMITS.absoluteMs / 1000)}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Equality of two strings in time that does not depend on where they differ (a CSRF token, ASVS 13.2.3, is not told apart byte by byte). */
function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The console API's request hook: reads the session the cookie names, and refuses a state-changing call (403 CSRF)
 * whose Origin is not the server's own, or (on a route that needs a session) whose X-CSRF-Token is not the session's;
 * a public state-changing call must send JSON (415). A request with more than one session cookie gets 401, and ours
 * cleared. A sensitive route answers 403 REAUTH_REQUIRED when the password was given more than `reauthAfterMs` ago.
 */
export function consoleRequestHook(storage: Storage, publicHttps: boolean, reauthAfterMs = REAUTH_AFTER_MS) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const changes = !SAFE_METHODS.has(req.method);
    if (changes && headerOf(req, 'origin') !== ownOrigin(req)) {
      throw new ConsoleError(403, 'CSRF', 'This call must come from the console’s own origin.');
    }
    if (sessionCookies(req).length > 1) {
      // cookie tossing: which one is ours cannot be told, so none is used, and ours is cleared
      setSessionCookie(reply, null, secureFor(req, publicHttps));
      throw new ConsoleError(401, 'UNAUTHENTICATED', 'More than one session cookie was sent: sign in again.');
    }
    const id = sessionCookie(req);
    const found = id === undefined ? null : await storage.consoleSession(id, SESSION_LIMITS);
    if (id !== undefined && found) {
      req.consoleSession = {
        sessionId: id,
        accountId: found.accountId,
        email: found.email,
        csrfToken: found.csrfToken,
        // lastSeenAt is the storage's now
        fresh: found.lastSeenAt - found.authAt < reauthAfterMs,
        roleOn: (siteId) => storage.siteRole(found.accountId, siteId),
      };
    }
    if (!changes) return;
    if (req.routeOptions.config?.consolePublic) {
      if (!/^application\/json\s*(;|$)/i.test(headerOf(req, 'content-type') ?? '')) {
        throw new ConsoleError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send JSON (Content-Type: application/json).');
      }
      return;
    }
    const session = signedIn(req);
    if (!sameSecret(headerOf(req, 'x-csrf-token') ?? '', session.csrfToken)) {
      throw new ConsoleError(403, 'CSRF', 'The X-CSRF-Token header is missing or not this session’s.');
    }
    if (req.routeOptions.config?.consoleSensitive && !session.fresh) {
      throw new ConsoleError(403, 'REAUTH_REQUIRED', 'Confirm your password to make this change.');
    }
  };
}

/** The request's session; 401 UNAUTHENTICATED without one. */
export function signedIn(req: FastifyRequest): SignedIn {
  if (!req.consoleSession) throw new ConsoleError(401, 'UNAUTHENTICATED', 'Sign in first.');
  return req.consoleSession;
}

/** What each minimum role lets in: an adviser reads a site as a viewer does, and its own work (advice files) is its own. */
const LETS_IN: Record<SiteRole, readonly SiteRole[]> = {
  viewer: ['viewer', 'adviser', 'editor', 'owner'],
  editor: ['editor', 'owner'],
  owner: ['owner'],
  adviser: ['adviser', 'owner'],
};

/**
 * The guard of every console route about a site: the site and the account's role on it, when that role allows
 * `minimumRole`. 401 without a session; 404 for a site the account has no role on, exactly as for a site that does not
 * exist (nothing of it in the answer); 403 FORBIDDEN for a role too low.
 */
export async function requireSiteRole(
  request: FastifyRequest,
  siteId: string,
  minimumRole: SiteRole,
): Promise<{ site: Site; role: SiteRole }> {
  const session = signedIn(request);
  const role = await session.roleOn(siteId);
  const site = role === null ? null : await request.server.consoleStorage.getSite(siteId);
  if (!site || role === null) throw notFound();
  if (!LETS_IN[minimumRole].includes(role)) throw new ConsoleError(403, 'FORBIDDEN', `A ${role} of this site may not do this.`);
  return { site, role };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The storage the console API runs on (its scope's decoration). */
    consoleStorage: Storage;
  }
}

/** Sets the session cookie on the reply. */
export const setSessionCookie = (reply: FastifyReply, id: string | null, secure: boolean) =>
  reply.header('Set-Cookie', sessionSetCookie(id, secure));
