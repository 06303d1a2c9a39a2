/** The console API's error replies (docs/console.md "HTTP API"): `{ error, message, field?, allowed? }`. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConsoleErrorCode } from '../../contract/console-errors';
import { OperationError } from '../operations';

/** An error a console route throws to end the request with its status and body. */
export class ConsoleError extends Error {
  constructor(
    readonly status: number,
    readonly code: ConsoleErrorCode,
    message: string,
    readonly extra: { field?: string; allowed?: string | readonly string[]; retryAfterS?: number } = {},
  ) {
    super(message);
  }
}

/** 404 NOT_FOUND, the one answer for what does not exist and what the caller may not see (it names nothing). */
export const notFound = () => new ConsoleError(404, 'NOT_FOUND', 'Not found.');

/** 400 INVALID for a field. */
export const invalid = (field: string, message: string, allowed?: string | readonly string[]) =>
  new ConsoleError(400, 'INVALID', message, { field, allowed });

type RouteError = Error & { statusCode?: number; code?: string; validation?: unknown };

/** Every failure of a console route as the console's error body; a 5xx only for what the server did wrong. */
export function consoleErrorHandler(error: RouteError, req: FastifyRequest, reply: FastifyReply) {
  const send = (status: number, code: ConsoleErrorCode, message: string, extra: Record<string, unknown> = {}) =>
    reply.code(status).send({ error: code, message, ...extra });
  if (error instanceof ConsoleError) {
    const { retryAfterS, ...extra } = error.extra;
    if (retryAfterS !== undefined) reply.header('Retry-After', String(retryAfterS));
    return send(error.status, error.code, error.message, extra);
  }
  if (error instanceof OperationError) {
    // a site one may not see is answered as one that does not exist, with nothing of what was asked
    if (error.code === 'NOT_FOUND') return send(404, 'NOT_FOUND', 'Not found.');
    if (error.code === 'FORBIDDEN') return send(403, 'FORBIDDEN', error.message);
    if (error.code === 'CONFLICT') return send(409, 'CONFLICT', error.message);
    if (error.code === 'TOO_LARGE') return send(413, 'TOO_LARGE', error.message, { field: error.field });
    if (error.code === 'UNSUPPORTED_MEDIA_TYPE')
      return send(415, 'UNSUPPORTED_MEDIA_TYPE', error.message, { field: error.field, allowed: error.allowed });
    return send(400, 'INVALID', error.message, { field: error.field, allowed: error.allowed });
  }
  if (error.validation) return send(400, 'INVALID', `Invalid request: ${error.message}`);
  if (error.statusCode === 413) return send(413, 'TOO_LARGE', 'The request is too large.');
  if (error.statusCode === 415) return send(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send JSON (Content-Type: application/json).');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return send(400, 'INVALID', error.message);
  req.log.error(error);
  return send(500, 'INTERNAL_ERROR', 'Something went wrong on the server.');
}
