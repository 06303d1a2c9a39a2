/** `POST api/enrich` (widget-spec §7): a site's page stores fields about its visitor, sent as multipart/form-data. */
import type { FastifyInstance } from 'fastify';
import { HttpError, sendError } from '../errors';
import { siteOf } from './auth-guard';
import type { RouteContext } from './context';
import { PROFILE_LIMITS, readMultipart } from './multipart';

/** Registers api/enrich. */
export function registerProfileRoutes(api: FastifyInstance, { services, authenticate }: RouteContext): void {
  api.post('/api/enrich', { preHandler: authenticate }, async (req, reply) => {
    if (!req.isMultipart()) return sendError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the fields as multipart/form-data.');
    const fields: Record<string, string> = {};
    // A part that is a file, badly named or too long ends the request at once (the error handler answers it).
    await readMultipart(async () => {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          part.file.resume();
          throw new HttpError(400, 'BAD_REQUEST', 'Profile fields must be text, not files.');
        }
        if (part.fieldnameTruncated || !/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/.test(part.fieldname)) {
          throw new HttpError(400, 'BAD_REQUEST', `"${part.fieldname.slice(0, 64)}" is not a valid field name.`);
        }
        // busboy cuts a value at the limit: a cut value is refused, never stored cut (issue 14)
        if (part.valueTruncated) {
          throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `The field "${part.fieldname}" is longer than ${PROFILE_LIMITS.valueBytes} bytes.`);
        }
        fields[part.fieldname] = String(part.value);
      }
    });
    const { sessionId, ...profile } = fields;
    if (!sessionId || !/^[A-Za-z0-9_-]{8,100}$/.test(sessionId)) {
      return sendError(reply, 400, 'BAD_REQUEST', 'sessionId (the visitor’s user session id) is required.');
    }
    if (Object.keys(profile).length === 0) return sendError(reply, 400, 'BAD_REQUEST', 'Give at least one field to store.');
    // the multipart body is read only here, after the bearer guard: the visitor is claimed now
    await req.claimVisitor?.(sessionId);
    const siteId = siteOf(req).id;
    // the limit is checked in the write's own transaction, so that requests at once cannot pass it together
    const merged = await services.storage.enrichProfile(siteId, sessionId, profile, PROFILE_LIMITS.fields);
    if (!merged) {
      const total = new Set([...Object.keys((await services.storage.getProfile(siteId, sessionId)) ?? {}), ...Object.keys(profile)]).size;
      return sendError(
        reply,
        400,
        'BAD_REQUEST',
        `A visitor's profile holds at most ${PROFILE_LIMITS.fields} fields (this would make ${total}).`,
      );
    }
    return { success: true, profile: merged };
  });
}
