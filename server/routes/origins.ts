/**
 * Which origins may use a site (widget-spec §7): the key and the tokens work only
 * from the site's own origins; `self` stands for the server's own origin.
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import type { Site, Storage } from '../storage/types';

/** A request header's (first) value. */
export function headerOf(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The server's own origin for this request: PUBLIC_URL's, else scheme and (allowed) Host; set by the app. */
    selfOrigin: string;
    /** Where the API notes the origins it refuses (the console lists them); set by the API's scope. */
    refusedOrigins: RefusedOriginLog | null;
  }
}

/** How many refused origins a site keeps (the latest). */
export const REFUSED_ORIGINS_KEPT = 20;

/** A site and origin pair is noted at most once in this time by one instance: a page refused on every load writes once a minute. */
const NOTE_INTERVAL_MS = 60_000;

/** Notes the origins the API refuses, in the storage every instance shares (docs/console.md `GET sites/:id/refused-origins`). */
export interface RefusedOriginLog {
  note(site: Site, origin: string): void;
}

/** The log of refused origins on `storage`: in the background, never failing or delaying the refusal itself. */
export function refusedOriginLog(storage: Storage, now: () => number = Date.now): RefusedOriginLog {
  const noted = new Map<string, number>();
  return {
    note(site, origin) {
      // an origin is what a browser sends: a longer one is not a page an owner would allow
      if (origin.length > 300) return;
      const key = `${site.id} ${origin}`;
      const t = now();
      if ((noted.get(key) ?? Number.NEGATIVE_INFINITY) > t - NOTE_INTERVAL_MS) return;
      if (noted.size >= MAX_WARNED) noted.clear();
      noted.set(key, t);
      storage.noteRefusedOrigin(site.id, origin, new Date(t).toISOString(), REFUSED_ORIGINS_KEPT).catch(() => undefined);
    },
  };
}

/** The server's own origin, for the `self` origin entry: PUBLIC_URL's when set (issue 14), else the request's scheme and Host. */
export function ownOrigin(req: FastifyRequest): string {
  return req.selfOrigin || `${req.protocol}://${req.host}`;
}

/** Whether `origin` may use `site` (`self` stands for the server's own origin). */
export function originAllowed(site: Pick<Site, 'origins'>, origin: string, own: string): boolean {
  return site.origins.some((o) => o === '*' || o === origin || (o === 'self' && origin === own));
}

/** The origin (scheme, host, port) of a URL; undefined when it is not a URL or has an opaque origin. */
function originOfUrl(url: string): string | undefined {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * The origin of a call that must name one (the smart-doc and video boots, widget-spec
 * §8: without one it is a 400), in this order:
 * 1. the Origin header;
 * 2. else, with `Sec-Fetch-Site: same-origin`, the server's own origin ({@link ownOrigin});
 * 3. else, when the request has no Sec-Fetch-Site, a Referer whose origin is the server's own.
 *
 * Undefined when none applies. The result is still to be checked against the site's
 * origins ({@link originAllowed}): a same-origin call passes only where the site allows `self`.
 */
export function requestOrigin(req: FastifyRequest): string | undefined {
  const origin = headerOf(req, 'origin');
  if (origin !== undefined) return origin;
  // widget-spec §8 asks for an origin, but the Fetch spec ("append a request `Origin` header")
  // has a browser send Origin only on a CORS request or a method other than GET and HEAD: the
  // demo page's own GET of a boot call, served by this server, arrives without one. The
  // browser-set Sec-Fetch-Site says where it came from.
  const own = ownOrigin(req);
  const fetchSite = headerOf(req, 'sec-fetch-site');
  if (fetchSite !== undefined) return fetchSite === 'same-origin' ? own : undefined;
  // Safari before 16.4 (the widget supports 15.4) sends no Sec-Fetch-Site; the page's
  // Referrer-Policy (strict-origin-when-cross-origin) still gives a same-origin call its Referer.
  const referer = headerOf(req, 'referer');
  const refererOrigin = referer === undefined ? undefined : originOfUrl(referer);
  return refererOrigin !== undefined && refererOrigin === originOfUrl(own) ? own : undefined;
}

/** Site and origin pairs already reported, so that a page refused on every load does not flood the log. */
const warned = new Set<string>();
const MAX_WARNED = 1000;

/**
 * Tells the server's operator, once per site and origin, that an origin was refused and how to allow it
 * (issue 14: the site owner otherwise sees only the widget's "Invalid configuration").
 */
function warnRefusedOrigin(site: Site, origin: string): void {
  const key = `${site.id} ${origin}`;
  if (warned.has(key) || warned.size >= MAX_WARNED) return;
  warned.add(key);
  // the origin is the caller's text: printed JSON-quoted, so it cannot forge a log line
  console.warn(
    `Refused origin ${JSON.stringify(origin)} for site "${site.name}" (${site.id}). If it is the site's own, allow it with: npm run admin -- site:origins:add ${site.id} --origin ${JSON.stringify(origin)}`,
  );
}

/**
 * Checks the request's origin against the site: 403 INVALID_CONFIGURATION for an
 * origin the site does not allow (widget-spec §8). A browser always sends Origin on
 * cross-origin calls, so a missing one passes unless `required`; a `required` origin
 * may also come from a same-origin call's other headers ({@link requestOrigin}).
 */
export function checkOrigin(req: FastifyRequest, site: Site, required: boolean): void {
  const origin = required ? requestOrigin(req) : headerOf(req, 'origin');
  if (origin === undefined) {
    if (required) throw new HttpError(400, 'BAD_REQUEST', 'Invalid request - origin header required');
    return;
  }
  if (!originAllowed(site, origin, ownOrigin(req))) {
    warnRefusedOrigin(site, origin);
    req.refusedOrigins?.note(site, origin);
    throw new HttpError(403, 'INVALID_CONFIGURATION', `The origin ${origin} is not allowed for this site.`);
  }
}

/**
 * A preview session's origin check: a call that names an origin must come from this server's own; a boot must name
 * one, or be same-origin ({@link requestOrigin}). Refused as a wrong key is (401 INVALID_API_KEY) at the boot, and as
 * an origin not allowed (403 INVALID_CONFIGURATION) after it.
 */
export function checkSelfOrigin(req: FastifyRequest, boot = false): void {
  const origin = boot ? requestOrigin(req) : headerOf(req, 'origin');
  if (origin === undefined && !boot) return;
  if (origin === ownOrigin(req)) return;
  if (boot) throw new HttpError(401, 'INVALID_API_KEY', 'The API key is missing or not valid.');
  throw new HttpError(403, 'INVALID_CONFIGURATION', `The origin ${origin} is not allowed for this session.`);
}
