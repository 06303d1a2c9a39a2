/**
 * The API's rate limits (widget-spec §8 429 RATE_LIMIT_EXCEEDED, with Retry-After): a chat message per token
 * family, visitor id, client address and site; a session boot per client address. The counts are the storage's
 * shared state (issue 17): every instance of the server counts into the same ones.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiLimits } from '../api-services';
import { DEFAULT_PER_IP } from '../config';
import { HttpError } from '../errors';
import type { SharedState } from '../storage/types';
import { siteOf } from './auth-guard';

type Limit = { max: number; key: (req: FastifyRequest) => string };

/**
 * A preHandler that counts the request against each limit in turn (fixed windows that start at a key's first
 * request); past any, 429 with Retry-After, naming `what`. A request refused by one limit is not counted by the next.
 */
function enforce(
  counts: Pick<SharedState, 'countRequest'>,
  windowMs: number,
  limits: Limit[],
  what: string,
): (req: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (req, reply) => {
    for (const { max, key } of limits) {
      const { count, resetInMs } = await counts.countRequest(key(req), windowMs);
      if (count > max) {
        const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
        reply.header('Retry-After', String(seconds));
        throw new HttpError(429, 'RATE_LIMIT_EXCEEDED', `Too many ${what}: try again in ${seconds} seconds.`);
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
export const chatRateLimit = (counts: Pick<SharedState, 'countRequest'>, limits: ApiLimits) =>
  enforce(
    counts,
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
export const bootRateLimit = (counts: Pick<SharedState, 'countRequest'>, limits: ApiLimits) =>
  enforce(counts, limits.windowMs, [{ max: limits.bootPerIp ?? DEFAULT_PER_IP.boot, key: (req) => `boot:${req.ip}` }], 'sessions started');
