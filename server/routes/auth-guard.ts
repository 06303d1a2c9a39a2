/**
 * Who is calling: the site's publishable API key (`X-API-Key`) on the boot calls,
 * a bearer token everywhere else (widget-spec §4 "Auth token", §7).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenSigner } from '../auth';
import { HttpError } from '../errors';
import type { Site, Storage } from '../storage/types';
import { checkOrigin, headerOf } from './origins';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site a bearer token named, set by the bearer guard. */
    site?: Site;
    /** The family of the bearer token (auth.ts `TokenClaims.fam`), set by the bearer guard. */
    tokenFamily?: string;
  }
}

/** A preHandler that authenticates the request with its bearer token. */
export type BearerGuard = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

const bearerOf = (req: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];

/** The site whose API key the request carries; 401 INVALID_API_KEY without a valid one. */
export function siteFromKey(storage: Storage, req: FastifyRequest): Site {
  const key = headerOf(req, 'x-api-key');
  const site = key ? storage.findSiteByApiKey(key) : null;
  if (!site) throw new HttpError(401, 'INVALID_API_KEY', 'The API key is missing or not valid.');
  return site;
}

/**
 * Bearer authentication: the token must be valid, its site must exist and allow
 * the request's origin. A response to a token past half its life carries a fresh
 * one in `X-Auth-Token` / `X-Auth-Expires-In` (widget-spec §4).
 */
export function bearerGuard(storage: Storage, tokens: TokenSigner): BearerGuard {
  return async (req, reply) => {
    const token = bearerOf(req);
    if (!token) throw new HttpError(401, 'INVALID_TOKEN', 'A bearer token is required: boot a session first.');
    const verified = tokens.verify(token);
    if (!verified.ok) {
      throw new HttpError(401, 'INVALID_TOKEN', verified.reason === 'expired' ? 'The token has expired: boot a new session.' : 'The token is not valid.');
    }
    const site = storage.getSite(verified.claims.site);
    if (!site) throw new HttpError(401, 'INVALID_TOKEN', 'The token’s site no longer exists.');
    checkOrigin(req, site, false);
    req.site = site;
    req.tokenFamily = verified.claims.fam;
    const { claims } = verified;
    // a renewal keeps the family, and is sent only while it still lengthens the token's life (issue 14: a family
    // ends TOKEN_MAX_LIFE after its boot; the widget then boots again)
    if (tokens.isNearExpiry(claims) && claims.born + tokens.familyLifeMs > claims.exp) {
      const fresh = tokens.issue(site.id, Date.now(), claims);
      reply.header('X-Auth-Token', fresh.authToken).header('X-Auth-Expires-In', fresh.expiresIn);
    }
  };
}

/** The site of a request the bearer guard let through. */
export const siteOf = (req: FastifyRequest): Site => req.site!;
