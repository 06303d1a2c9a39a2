/**
 * Who is calling: the site's publishable API key (`X-API-Key`) on the boot calls,
 * a bearer token everywhere else (widget-spec §4 "Auth token", §7).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenSigner } from '../auth';
import { HttpError } from '../errors';
import type { Site, Storage } from '../storage/types';
import { checkOrigin, checkSelfOrigin, headerOf } from './origins';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site a bearer token named, set by the bearer guard. */
    site?: Site;
    /** The family of the bearer token (auth.ts `TokenClaims.fam`), set by the bearer guard. */
    tokenFamily?: string;
    /**
     * Binds the request's token to a visitor id on its first use; throws 403 when the token is another
     * visitor's. The bearer guard calls it for a `userSessionId` in the body or query; set by the guard.
     */
    claimVisitor?: (userSessionId: string) => Promise<void>;
  }
}

/** A preHandler that authenticates the request with its bearer token. */
export type BearerGuard = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

const bearerOf = (req: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];

/** The site whose API key the request carries; 401 INVALID_API_KEY without a valid one. */
export async function siteFromKey(storage: Storage, req: FastifyRequest): Promise<Site> {
  const key = headerOf(req, 'x-api-key');
  const site = key ? await storage.findSiteByApiKey(key) : null;
  if (!site) throw new HttpError(401, 'INVALID_API_KEY', 'The API key is missing or not valid.');
  return site;
}

/** The visitor id a request names in its JSON body or its query, if any. */
function namedVisitor(req: FastifyRequest): string | undefined {
  for (const source of [req.body, req.query]) {
    const id = source && typeof source === 'object' ? (source as { userSessionId?: unknown }).userSessionId : undefined;
    if (typeof id === 'string') return id;
  }
  return undefined;
}

/**
 * Bearer authentication: the token must be valid, its site must exist and allow
 * the request's origin, and the visitor it names must be the token's: the first visitor id a token family is used with
 * is its own, for as long as the family lives, and another id with the same token is refused (issue 14), so that a
 * client cannot act as many visitors under one session (kept in the storage's shared state: every instance sees it). A response to a token past half its life carries a fresh
 * one in `X-Auth-Token` / `X-Auth-Expires-In` (widget-spec §4).
 */
export function bearerGuard(storage: Storage, tokens: TokenSigner): BearerGuard {
  return async (req, reply) => {
    const token = bearerOf(req);
    if (!token) throw new HttpError(401, 'INVALID_TOKEN', 'A bearer token is required: boot a session first.');
    const verified = tokens.verify(token);
    if (!verified.ok) {
      throw new HttpError(
        401,
        'INVALID_TOKEN',
        verified.reason === 'expired' ? 'The token has expired: boot a new session.' : 'The token is not valid.',
      );
    }
    const site = await storage.getSite(verified.claims.site);
    if (!site) throw new HttpError(401, 'INVALID_TOKEN', 'The token’s site no longer exists.');
    // a preview session works only from this server's own pages (the console's preview)
    if (verified.claims.pv) checkSelfOrigin(req);
    else checkOrigin(req, site, false);
    req.site = site;
    req.tokenFamily = verified.claims.fam;
    const { claims } = verified;
    req.claimVisitor = async (visitor) => {
      if (!(await storage.claimTokenFamily(claims.fam, visitor, claims.born + tokens.familyLifeMs))) {
        throw new HttpError(403, 'INVALID_TOKEN', 'This session belongs to another visitor: boot a session of your own.');
      }
    };
    const visitor = namedVisitor(req);
    if (visitor !== undefined) await req.claimVisitor(visitor);
    // a renewal keeps the family, and is sent only while it still lengthens the token's life (issue 14: a family
    // ends TOKEN_MAX_LIFE after its boot; the widget then boots again)
    if (!claims.pv && tokens.isNearExpiry(claims) && claims.born + tokens.familyLifeMs > claims.exp) {
      const fresh = tokens.issue(site.id, Date.now(), claims);
      reply.header('X-Auth-Token', fresh.authToken).header('X-Auth-Expires-In', fresh.expiresIn);
    }
  };
}

/** The site of a request the bearer guard let through. */
export const siteOf = (req: FastifyRequest): Site => req.site!;
