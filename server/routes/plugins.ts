/**
 * The API scope's plugins: CORS for the origins some site allows, multipart uploads, and the error handler that turns every failure into the
 * error body of widget-spec §8.
 */
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiLimits } from '../api-services';
import { HttpError, sendError } from '../errors';
import { PROFILE_LIMITS } from './multipart';
import { dropNullOptionals } from './schemas';

/** The headers a browser's fetch may read (widget-spec §4: a fresh token arrives in a response header). */
const EXPOSED_HEADERS = ['X-Auth-Token', 'X-Auth-Expires-In', 'Retry-After'];

type RouteError = Error & { statusCode?: number; code?: string; validation?: unknown };

/** Maps thrown errors, fastify's own included, to widget-spec §8 statuses and codes. */
function apiErrorHandler(error: RouteError, req: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) return sendError(reply, error.status, error.code, error.message);
  if (error.validation) return sendError(reply, 400, 'BAD_REQUEST', `Invalid request: ${error.message}`);
  if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
    return sendError(reply, 413, 'PAYLOAD_TOO_LARGE', 'The request is too large.');
  }
  if (error.statusCode === 415) return sendError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', error.message);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return sendError(reply, error.statusCode, 'BAD_REQUEST', error.message);
  }
  req.log.error(error);
  return sendError(reply, 500, 'INTERNAL_ERROR', 'Something went wrong on the server.');
}

/** Registers the plugins and the error handler on the API's scope. */
export async function registerApiPlugins(api: FastifyInstance, limits: ApiLimits): Promise<void> {
  // Every origin is answered, the preflight included: the routes themselves refuse an origin a site does not
  // allow (403 INVALID_CONFIGURATION), and the browser must be able to read that refusal for the widget to say
  // why (issue 14: a 404 preflight without CORS headers hid it). No cookie is ever used: the key and the bearer
  // token travel in headers, so answering an origin gives it nothing it could not send by itself.
  await api.register(cors, {
    origin: true,
    methods: ['GET', 'POST', 'PUT', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization', 'X-API-Key'],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
  await api.register(multipart, {
    limits: {
      fileSize: limits.maxAudioBytes,
      files: 1,
      fields: PROFILE_LIMITS.fields + 1,
      fieldSize: PROFILE_LIMITS.valueBytes,
      parts: PROFILE_LIMITS.fields + 2,
    },
  });
  // an optional field may come as null (issue 14): it is dropped before the body is validated
  api.addHook('preValidation', async (req) => {
    const schema = req.routeOptions.schema?.body;
    if (schema && req.body && typeof req.body === 'object') dropNullOptionals(req.body, schema);
  });
  api.setErrorHandler(apiErrorHandler);
}
