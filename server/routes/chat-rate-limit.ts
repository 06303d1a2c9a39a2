/** The chat's rate limits (widget-spec §8 429 RATE_LIMIT_EXCEEDED): per visitor and per site. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiLimits } from '../api-services';
import { HttpError } from '../errors';
import { siteOf } from './auth-guard';

/** A preHandler, after the bearer guard, that counts a chat message against both limits; 429 with Retry-After past either. */
export function chatRateLimit(api: FastifyInstance, limits: ApiLimits): (req: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const visitorLimit = api.createRateLimit({
    max: limits.chatPerVisitor,
    timeWindow: limits.windowMs,
    keyGenerator: (req) => `visitor:${siteOf(req).id}:${(req.body as { userSessionId?: string }).userSessionId}`,
  });
  const siteLimit = api.createRateLimit({
    max: limits.chatPerSite,
    timeWindow: limits.windowMs,
    keyGenerator: (req) => `site:${siteOf(req).id}`,
  });
  return async (req, reply) => {
    for (const limit of [visitorLimit, siteLimit]) {
      const result = await limit(req);
      // the limiter reports isAllowed only for allow-listed keys; the count decides the rest
      if (!result.isAllowed && result.isExceeded) {
        reply.header('Retry-After', String(result.ttlInSeconds));
        throw new HttpError(429, 'RATE_LIMIT_EXCEEDED', `Too many messages: try again in ${result.ttlInSeconds} seconds.`);
      }
    }
  };
}
