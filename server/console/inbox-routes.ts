/**
 * The conversations inbox's routes (docs/console.md "The conversations inbox"): thin calls of the operations
 * (server/operations/conversations.ts), with the signed-in account as the actor. Exports are written as the
 * operation reads them, a page of rows at a time.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createOperations } from '../operations';
import type { ExportFile, InboxQuery } from '../operations/conversations';
import type { ConsoleServices } from './context';
import { actorOfRequest, consoleMemberships } from './site-routes';

const siteParams = { type: 'object', properties: { id: { type: 'string', maxLength: 100 } } } as const;
const conversationParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 100 }, conversationId: { type: 'string', maxLength: 100 } },
} as const;
const visitorParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 100 }, visitorId: { type: 'string', maxLength: 200 } },
} as const;

/** Sends an export as a download, written piece by piece as its rows are read. */
function sendFile(reply: FastifyReply, file: ExportFile) {
  const filename = file.filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(file.body, { objectMode: false }));
}

export function registerInboxRoutes(api: FastifyInstance, services: ConsoleServices): void {
  const ops = createOperations(services.storage, {
    now: services.now,
    publicUrl: services.publicUrl,
    keyGraceMs: services.keyGraceMs,
    memberships: consoleMemberships(services.storage),
  });

  api.get<{ Params: { id: string }; Querystring: InboxQuery }>(
    '/sites/:id/conversations',
    { schema: { params: siteParams } },
    async (req) => ops.listConversations(actorOfRequest(req), req.params.id, req.query),
  );

  api.get<{ Params: { id: string }; Querystring: InboxQuery }>(
    '/sites/:id/conversations/export',
    { schema: { params: siteParams } },
    async (req, reply) => sendFile(reply, await ops.exportConversations(actorOfRequest(req), req.params.id, req.query)),
  );

  api.get<{ Params: { id: string; conversationId: string } }>(
    '/sites/:id/conversations/:conversationId',
    { schema: { params: conversationParams } },
    async (req) => ops.getTranscript(actorOfRequest(req), req.params.id, req.params.conversationId),
  );

  api.get<{ Params: { id: string; conversationId: string }; Querystring: InboxQuery }>(
    '/sites/:id/conversations/:conversationId/export',
    { schema: { params: conversationParams } },
    async (req, reply) =>
      sendFile(reply, await ops.exportConversation(actorOfRequest(req), req.params.id, req.params.conversationId, req.query)),
  );

  api.get<{ Params: { id: string; visitorId: string } }>(
    '/sites/:id/visitors/:visitorId/export',
    { schema: { params: visitorParams } },
    async (req, reply) => {
      const data = await ops.exportVisitor(actorOfRequest(req), req.params.id, req.params.visitorId);
      return reply
        .header('Content-Disposition', `attachment; filename="visitor-${data.visitorId}.json"`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  api.delete<{ Params: { id: string; visitorId: string } }>(
    '/sites/:id/visitors/:visitorId',
    { schema: { params: visitorParams } },
    async (req) => ({ deleted: await ops.deleteVisitor(actorOfRequest(req), req.params.id, req.params.visitorId) }),
  );
}
