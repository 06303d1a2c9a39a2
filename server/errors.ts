/** The API's error replies: one JSON shape, with the codes of widget-spec §8. */
import type { FastifyReply } from 'fastify';

export type ErrorCode =
  | 'INVALID_API_KEY'
  | 'INVALID_TOKEN'
  | 'INVALID_CONFIGURATION'
  | 'RATE_LIMIT_EXCEEDED'
  | 'SESSION_NOT_FOUND'
  | 'NOT_FOUND'
  | 'BAD_REQUEST'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNPROCESSABLE_AUDIO'
  | 'PROVIDER_ERROR'
  | 'PROVIDER_TIMEOUT'
  | 'SERVER_BUSY'
  | 'TRANSCRIPTION_NOT_CONFIGURED'
  | 'AVATAR_NOT_CONFIGURED'
  | 'INTERNAL_ERROR';

export interface ErrorBody {
  error: ErrorCode;
  message: string;
  [extra: string]: unknown;
}

export function sendError(reply: FastifyReply, status: number, error: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
  return reply.code(status).send({ error, message, ...extra } satisfies ErrorBody);
}

/** An error a handler throws to end the request with a given status and code. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}
