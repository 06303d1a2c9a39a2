/**
 * How many uploads are read and stored at once (docs/console.md "Documents and uploads"): each holds its file in memory
 * (up to its kind's limit: 200 MB for a video), so at most {@link UPLOADS_AT_ONCE}.perProcess run in a process and
 * {@link UPLOADS_AT_ONCE}.perAccount for one account. Past the account's, 429 `THROTTLED`; past the process's, 503
 * `BUSY`; both with `Retry-After` and `Connection: close` (the body is not read). A slot is taken when the body starts being read (once the account may upload) and
 * given back when the route ends, whatever its answer.
 */
import type { FastifyReply } from 'fastify';
import type { AuditActor } from '../storage/types';
import { ConsoleError } from './errors';

export const UPLOADS_AT_ONCE = {
  perProcess: 4,
  perAccount: 2,
  /** The Retry-After of either refusal: an upload takes seconds. */
  retryAfterS: 5,
} as const;

let running = 0;
const byAccount = new Map<string, number>();

/** How many uploads run now in this process. */
export const uploadsRunning = () => running;

/** Takes a slot for `accountId`, or throws 429 THROTTLED / 503 BUSY; the function returned gives it back (once). */
function takeUploadSlot(accountId: string): () => void {
  const own = byAccount.get(accountId) ?? 0;
  const { perProcess, perAccount, retryAfterS } = UPLOADS_AT_ONCE;
  if (own >= perAccount)
    throw new ConsoleError(429, 'THROTTLED', `You already have ${perAccount} uploads running: wait for one to finish and try again.`, {
      retryAfterS,
    });
  if (running >= perProcess)
    throw new ConsoleError(503, 'BUSY', 'The server is busy with other uploads: try again in a few seconds.', { retryAfterS });
  running++;
  byAccount.set(accountId, own + 1);
  let given = false;
  return () => {
    if (given) return;
    given = true;
    running--;
    const left = (byAccount.get(accountId) ?? 1) - 1;
    if (left > 0) byAccount.set(accountId, left);
    else byAccount.delete(accountId);
  };
}

/**
 * Runs a route that uploads: `run` calls `take()` when it starts reading the body (a slot for the actor's account, or
 * the refusal thrown), and the slot is given back when `run` settles.
 */
export async function withUploadSlot<T>(actor: AuditActor, reply: FastifyReply, run: (take: () => void) => Promise<T>): Promise<T> {
  let release: (() => void) | undefined;
  try {
    return await run(() => {
      try {
        release ??= takeUploadSlot(actor.kind === 'account' ? actor.accountId : actor.kind);
      } catch (err) {
        // the body refused is not read: the connection ends with the answer
        reply.header('Connection', 'close');
        throw err;
      }
    });
  } finally {
    release?.();
  }
}
