/**
 * A site's advice files in the console (docs/advice-records.md "Console API"): thin calls of the advice operations
 * (server/operations/advice.ts) with the signed-in account as the actor. An adviser or an owner reads and reviews;
 * only an owner changes the settings; editors and viewers get 403, and another site's file ids 404.
 */
import type { FastifyInstance } from 'fastify';
import { adviceVersionsCsv, createAdviceOperations } from '../operations/advice';
import type { ConsoleServices } from './context';
import { actorOfRequest, consoleMemberships } from './site-routes';

const siteParams = { type: 'object', properties: { id: { type: 'string', maxLength: 100 } } } as const;
const fileParams = {
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 100 },
    fileId: { type: 'string', maxLength: 100 },
    statementId: { type: 'string', maxLength: 100 },
  },
} as const;

type FileParams = { id: string; fileId: string };

export function registerAdviceRoutes(api: FastifyInstance, services: ConsoleServices): void {
  const ops = createAdviceOperations(services.storage, {
    now: services.now,
    publicUrl: services.publicUrl,
    memberships: consoleMemberships(services.storage),
  });

  api.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/sites/:id/advice-files',
    { schema: { params: siteParams } },
    async (req) => ops.listAdviceFiles(actorOfRequest(req), req.params.id, req.query ?? {}),
  );

  api.get<{ Params: FileParams }>('/sites/:id/advice-files/:fileId', { schema: { params: fileParams } }, async (req) =>
    ops.getAdviceFile(actorOfRequest(req), req.params.id, req.params.fileId),
  );

  api.get<{ Params: FileParams & { statementId: string } }>(
    '/sites/:id/advice-files/:fileId/statements/:statementId',
    { schema: { params: fileParams } },
    async (req, reply) => {
      const file = await ops.adviceStatementFile(actorOfRequest(req), req.params.id, req.params.fileId, req.params.statementId);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
        .send(Buffer.from(file.pdf));
    },
  );

  api.post<{ Params: FileParams }>('/sites/:id/advice-files/:fileId/replay', { schema: { params: fileParams } }, async (req) =>
    ops.replayAdvice(actorOfRequest(req), req.params.id, req.params.fileId),
  );

  api.post<{ Params: FileParams; Body: Record<string, unknown> }>(
    '/sites/:id/advice-files/:fileId/reviews',
    { schema: { params: fileParams, body: { type: 'object' } } },
    async (req, reply) => reply.code(201).send(await ops.reviewAdvice(actorOfRequest(req), req.params.id, req.params.fileId, req.body)),
  );

  api.get<{ Params: { id: string } }>('/sites/:id/advice-settings', { schema: { params: siteParams } }, async (req) =>
    ops.getAdviceSettings(actorOfRequest(req), req.params.id),
  );

  api.put<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/sites/:id/advice-settings',
    { schema: { params: siteParams, body: { type: 'object' } } },
    async (req) => ops.setAdviceSettings(actorOfRequest(req), req.params.id, req.body),
  );

  api.get<{ Params: { id: string }; Querystring: { format?: unknown } }>(
    '/sites/:id/advice-versions',
    { schema: { params: siteParams } },
    async (req, reply) => {
      const versions = await ops.adviceVersions(actorOfRequest(req), req.params.id);
      if (req.query?.format !== 'csv') return versions;
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="advice-versions.csv"')
        .send(adviceVersionsCsv(versions.versions));
    },
  );
}
