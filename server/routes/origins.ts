/**
 * Which origins may use a site (widget-spec §7): the key and the tokens work only
 * from the site's own origins; `self` stands for the server's own origin.
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import type { Site } from '../storage/types';

/** A request header's (first) value. */
export function headerOf(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The request's own origin (scheme and Host), for the `self` origin entry. */
export function ownOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/** Whether `origin` may use `site` (`self` stands for the server's own origin). */
export function originAllowed(site: Pick<Site, 'origins'>, origin: string, own: string): boolean {
  return site.origins.some((o) => o === '*' || o === origin || (o === 'self' && origin === own));
}

/**
 * Checks the request's Origin against the site: 403 INVALID_CONFIGURATION for an
 * origin the site does not allow (widget-spec §8). A browser always sends one on
 * cross-origin calls, so a missing one passes unless `required`.
 */
export function checkOrigin(req: FastifyRequest, site: Site, required: boolean): void {
  const origin = headerOf(req, 'origin');
  if (origin === undefined) {
    if (required) throw new HttpError(400, 'BAD_REQUEST', 'Invalid request - origin header required');
    return;
  }
  if (!originAllowed(site, origin, ownOrigin(req))) {
    throw new HttpError(403, 'INVALID_CONFIGURATION', `The origin ${origin} is not allowed for this site.`);
  }
}
