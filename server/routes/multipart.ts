/**
 * Reading multipart bodies (`POST api/enrich`, `POST api/transcribe`): a body the parser cannot read
 * (no boundary, cut short, a malformed part header) is the client's mistake, answered 400 with the
 * body of widget-spec §8 (issue 14: busboy's errors carry no status, so they used to become 500s).
 */
import { HttpError } from '../errors';

/** The limits on the profile fields `POST api/enrich` stores (issue 14). */
export const PROFILE_LIMITS = {
  /** The longest value of one field, in bytes of UTF-8 (a longer one is refused, never cut). */
  valueBytes: 4096,
  /** The most fields one visitor's profile holds. */
  fields: 50,
} as const;

/** Runs `read` over a request's multipart body, turning the parser's status-less errors into a 400. */
export async function readMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const e = err as Error & { statusCode?: number };
    // @fastify/multipart's own errors (limits: 413; not multipart: 406/415) keep their status
    if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) throw err;
    throw new HttpError(400, 'BAD_REQUEST', `The multipart body could not be read (${e.message || 'malformed'}).`);
  }
}
