/**
 * The API's rate limits (widget-spec §8 429 RATE_LIMIT_EXCEEDED, with Retry-After): a chat message per token
 * family, visitor id, client address and site; a session boot per client address.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiLimits } from '../api-services';
import { DEFAULT_PER_IP } from '../config';
import { HttpError } from '../errors';
import { siteOf } from './auth-guard';

type Limit = { max: number; key: (req: FastifyRequest) => string };

/** A preHandler that counts the request against each limit in turn; past any, 429 with Retry-After, naming `what`. */
function enforce(api: FastifyInstance, windowMs: number, limits: Limit[], what: string): (req: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const checks = limits.map(({ max, key }) => api.createRateLimit({ max, timeWindow: windowMs, keyGenerator: key }));
  return async (req, reply) => {
    for (const check of checks) {
      const result = await check(req);
      // the limiter reports isAllowed only for allow-listed keys; the count decides the rest
      if (!result.isAllowed && result.isExceeded) {
        reply.header('Retry-After', String(result.ttlInSeconds));
        throw new HttpError(429, 'RATE_LIMIT_EXCEEDED', `Too many ${what}: try again in ${result.ttlInSeconds} seconds.`);
      }
    }
  };
}

/**
 * The chat's limits, after the bearer guard. Issue 14: a client chooses its `userSessionId`, so rotating ids must
 * not escape the visitor's limit: a message counts for the token's family (one boot and its renewals), for the
 * visitor id it names, and for the client's address (behind a proxy only when TRUST_PROXY says which to believe),
 * as well as for the site.
 */
export const chatRateLimit = (api: FastifyInstance, limits: ApiLimits) =>
  enforce(
    api,
    limits.windowMs,
    [
      { max: limits.chatPerVisitor, key: (req) => `family:${siteOf(req).id}:${req.tokenFamily}` },
      { max: limits.chatPerVisitor, key: (req) => `visitor:${siteOf(req).id}:${(req.body as { userSessionId?: string }).userSessionId}` },
      { max: limits.chatPerIp ?? DEFAULT_PER_IP.chat, key: (req) => `ip:${req.ip}` },
      { max: limits.chatPerSite, key: (req) => `site:${siteOf(req).id}` },
    ],
    'messages',
  );

/** The session boots' limit: per client address (issue 14: each boot is a new token family). */
export const bootRateLimit = (api: FastifyInstance, limits: ApiLimits) =>
  enforce(api, limits.windowMs, [{ max: limits.bootPerIp ?? DEFAULT_PER_IP.boot, key: (req) => `boot:${req.ip}` }], 'sessions started');
