/** The chat's rate limits (widget-spec §8 429 RATE_LIMIT_EXCEEDED): per visitor and per site. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiLimits } from '../api-services';
import { HttpError } from '../errors';
import { siteOf } from './auth-guard';

/** Default per-address limits (a page load boots once; an office behind one address holds many visitors). */
export const DEFAULT_PER_IP = { chat: 60, boot: 60 } as const;

/**
 * A preHandler, after the bearer guard, that counts a chat message against every limit; 429 with Retry-After
 * past any. Issue 14: a client chooses its `userSessionId`, so rotating ids must not escape the visitor's limit:
 * a message counts for the token's family (one boot and its renewals), for the visitor id it names, and for the
 * client's address (behind a proxy only when TRUST_PROXY says which to believe), as well as for the site.
 */
export function chatRateLimit(api: FastifyInstance, limits: ApiLimits): (req: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const perVisitor = (key: (req: FastifyRequest) => string) => api.createRateLimit({ max: limits.chatPerVisitor, timeWindow: limits.windowMs, keyGenerator: key });
  const checks = [
    perVisitor((req) => `family:${siteOf(req).id}:${req.tokenFamily}`),
    perVisitor((req) => `visitor:${siteOf(req).id}:${(req.body as { userSessionId?: string }).userSessionId}`),
    api.createRateLimit({ max: limits.chatPerIp ?? DEFAULT_PER_IP.chat, timeWindow: limits.windowMs, keyGenerator: (req) => `ip:${req.ip}` }),
    api.createRateLimit({ max: limits.chatPerSite, timeWindow: limits.windowMs, keyGenerator: (req) => `site:${siteOf(req).id}` }),
  ];
  return async (req, reply) => {
    for (const limit of checks) {
      const result = await limit(req);
      // the limiter reports isAllowed only for allow-listed keys; the count decides the rest
      if (!result.isAllowed && result.isExceeded) {
        reply.header('Retry-After', String(result.ttlInSeconds));
        throw new HttpError(429, 'RATE_LIMIT_EXCEEDED', `Too many messages: try again in ${result.ttlInSeconds} seconds.`);
      }
    }
  };
}

/** A preHandler for the session boots: per client address (issue 14: each boot is a new token family). */
export function bootRateLimit(api: FastifyInstance, limits: ApiLimits): (req: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const limit = api.createRateLimit({ max: limits.bootPerIp ?? DEFAULT_PER_IP.boot, timeWindow: limits.windowMs, keyGenerator: (req) => `boot:${req.ip}` });
  return async (req, reply) => {
    const result = await limit(req);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('Retry-After', String(result.ttlInSeconds));
      throw new HttpError(429, 'RATE_LIMIT_EXCEEDED', `Too many sessions started: try again in ${result.ttlInSeconds} seconds.`);
    }
  };
}
