/** `POST api/enrich` (widget-spec §7): a site's page stores fields about its visitor, sent as multipart/form-data. */
import type { FastifyInstance } from 'fastify';
import { sendError } from '../errors';
import { siteOf } from './auth-guard';
import type { RouteContext } from './context';

/** Registers api/enrich. */
export function registerProfileRoutes(api: FastifyInstance, { services, authenticate }: RouteContext): void {
  api.post('/api/enrich', { preHandler: authenticate }, async (req, reply) => {
    if (!req.isMultipart()) return sendError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the fields as multipart/form-data.');
    const fields: Record<string, string> = {};
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        part.file.resume();
        return sendError(reply, 400, 'BAD_REQUEST', 'Profile fields must be text, not files.');
      }
      if (!/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/.test(part.fieldname)) {
        return sendError(reply, 400, 'BAD_REQUEST', `"${part.fieldname.slice(0, 64)}" is not a valid field name.`);
      }
      fields[part.fieldname] = String(part.value);
    }
    const { sessionId, ...profile } = fields;
    if (!sessionId || !/^[A-Za-z0-9_-]{8,100}$/.test(sessionId)) {
      return sendError(reply, 400, 'BAD_REQUEST', 'sessionId (the visitor’s user session id) is required.');
    }
    if (Object.keys(profile).length === 0) return sendError(reply, 400, 'BAD_REQUEST', 'Give at least one field to store.');
    return { success: true, profile: services.storage.enrichProfile(siteOf(req).id, sessionId, profile) };
  });
}
