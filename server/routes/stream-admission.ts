/**
 * Fair shedding for answers (docs/server.md "Back-pressure"): an instance writes at most a stated number of answers
 * at once. Past it, a new chat is refused with 503 and a `Retry-After`, before anything of it is stored, while
 * every answer already open goes on to its end: under overload the newest visitor waits a few seconds, and no
 * visitor loses an answer half written.
 *
 * The count is exact: a request takes its slot once it is authenticated and gives it back when its response
 * closes, whatever ends it (the answer is complete, the provider failed or went quiet past its time limit, the
 * visitor left, a slow reader was cut off, a later check refused the request).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

/**
 * MAX_STREAMS when unset. The scale goal is 2,000 streamed answers at once on one instance, with the first word
 * under 300 ms at p99: the limit is a safety valve above that goal, not a throttle under it. 3,000 leaves half the
 * goal again for bursts and for answers that are still being stored as new ones come, while refusing the load at
 * which every visitor's answer would slow down (each open answer holds a socket, a connection to the provider and
 * its text).
 */
export const DEFAULT_MAX_STREAMS = 3000;

/**
 * The `Retry-After` of a refusal, in seconds: about the length of one answer (a provider writing one token every
 * 50 ms takes about 8 s for one), so that by then answers have ended and their slots are free.
 */
export const BUSY_RETRY_AFTER_S = 10;

/** How many answers an instance writes at once, and the hook that admits a new one. */
export interface StreamAdmission {
  /** The answers open now. */
  readonly open: number;
  /** The most open at once; past it, a new one is refused. */
  readonly max: number;
  /** A preHandler: takes a slot for the request until its response closes, or refuses it with 503 SERVER_BUSY. */
  admit(req: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** Counts the answers open on this instance, admitting at most `max` at once. */
export function streamAdmission(max: number): StreamAdmission {
  let open = 0;
  return {
    get open() {
      return open;
    },
    max,
    async admit(_req, reply) {
      if (open >= max) {
        reply.header('Retry-After', String(BUSY_RETRY_AFTER_S));
        throw new HttpError(
          503,
          'SERVER_BUSY',
          `The server is answering as many questions as it can: try again in ${BUSY_RETRY_AFTER_S} seconds.`,
        );
      }
      // a visitor gone already has no response to close: nothing to hold
      if (reply.raw.destroyed) return;
      open++;
      // 'close' comes once for every response: after its last byte is handed over, or when its connection goes
      reply.raw.once('close', () => open--);
    },
  };
}
