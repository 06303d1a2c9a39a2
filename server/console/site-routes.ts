/**
 * A site's routes (docs/console.md "HTTP API"): each a thin call of the one module of operations (server/operations),
 * with the signed-in account as its actor, so that the console and `npm run admin` share every rule.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Memberships, Operations, SiteRole as OperationsRole } from '../operations';
import type { AuditActor, SiteRole, Storage } from '../storage/types';
import { signedIn } from './session';

const siteParams = { type: 'object', properties: { id: { type: 'string', maxLength: 100 } } } as const;
const versionParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 100 }, n: { type: 'string', pattern: '^[0-9]{1,9}$' } },
} as const;

/** The actor of a signed-in request. */
export function actorOfRequest(req: FastifyRequest): AuditActor {
  const session = signedIn(req);
  return { kind: 'account', accountId: session.accountId, email: session.email };
}

/**
 * The operations' view of accounts' roles, from the console's members: an adviser reads a site's settings as a viewer
 * does, and its advice files (server/operations/context.ts). Creating a site makes its creator its owner in the
 * storage's own transaction (Storage.createSite's `owner`).
 */
export function consoleMemberships(storage: Storage): Memberships {
  const asOperations = (role: SiteRole): OperationsRole => role;
  return {
    async roleOf(accountId, siteId) {
      const role = await storage.siteRole(accountId, siteId);
      return role === null ? null : asOperations(role);
    },
    sitesOf: async (accountId) => (await storage.siteRoles(accountId)).map((m) => ({ siteId: m.siteId, role: asOperations(m.role) })),
  };
}

export function registerSiteRoutes(api: FastifyInstance, ops: Operations): void {
  api.get('/sites', async (req) => ops.listSites(actorOfRequest(req)));

  api.post<{ Body: { name: unknown; origins: unknown } }>(
    '/sites',
    { schema: { body: { type: 'object', required: ['name', 'origins'], properties: { name: { type: 'string', maxLength: 1000 } } } } },
    async (req, reply) => reply.code(201).send(await ops.createSite(actorOfRequest(req), req.body)),
  );

  api.get<{ Params: { id: string } }>('/sites/:id', { schema: { params: siteParams } }, async (req) =>
    ops.getSite(actorOfRequest(req), req.params.id),
  );

  api.put<{ Params: { id: string }; Body: { origins: unknown } }>(
    '/sites/:id/origins',
    { schema: { params: siteParams, body: { type: 'object', required: ['origins'] } }, config: { consoleSensitive: true } },
    async (req) => ops.setOrigins(actorOfRequest(req), req.params.id, req.body.origins),
  );

  api.patch<{ Params: { id: string }; Body: { pageAwareness?: unknown; avatarId?: unknown; referenceWebpage?: unknown } }>(
    '/sites/:id/config',
    { schema: { params: siteParams, body: { type: 'object' } } },
    async (req) => {
      // the console's three fields; the server's own switch (adviceTools) stays the command line's
      const { pageAwareness, avatarId, referenceWebpage } = req.body;
      const config = await ops.setConfig(actorOfRequest(req), req.params.id, { pageAwareness, avatarId, referenceWebpage });
      return { pageAwareness: config.agentPageAwareness, avatarId: config.interactiveAvatarId, referenceWebpage: config.referenceWebpage };
    },
  );

  api.post<{ Params: { id: string } }>(
    '/sites/:id/key',
    { schema: { params: siteParams }, config: { consoleSensitive: true } },
    async (req) => ops.rotateKey(actorOfRequest(req), req.params.id),
  );

  api.post<{ Params: { id: string }; Body: { origin: unknown } }>(
    '/sites/:id/origins',
    { schema: { params: siteParams, body: { type: 'object', required: ['origin'] } }, config: { consoleSensitive: true } },
    async (req) => ops.allowOrigin(actorOfRequest(req), req.params.id, req.body.origin),
  );

  api.get<{ Params: { id: string } }>('/sites/:id/refused-origins', { schema: { params: siteParams } }, async (req) =>
    ops.refusedOrigins(actorOfRequest(req), req.params.id),
  );

  api.post<{ Params: { id: string } }>('/sites/:id/preview-key', { schema: { params: siteParams } }, async (req) =>
    ops.previewKey(actorOfRequest(req), req.params.id),
  );

  api.get<{ Params: { id: string } }>('/sites/:id/appearance', { schema: { params: siteParams } }, async (req) =>
    ops.getAppearance(actorOfRequest(req), req.params.id),
  );

  api.put<{ Params: { id: string }; Body: { appearance: unknown; baseVersion: unknown } }>(
    '/sites/:id/appearance',
    { schema: { params: siteParams, body: { type: 'object', required: ['appearance', 'baseVersion'] } } },
    async (req) => ops.saveAppearance(actorOfRequest(req), req.params.id, req.body),
  );

  api.get<{ Params: { id: string } }>('/sites/:id/appearance/versions', { schema: { params: siteParams } }, async (req) =>
    ops.listAppearanceVersions(actorOfRequest(req), req.params.id),
  );

  api.get<{ Params: { id: string; n: string } }>('/sites/:id/appearance/versions/:n', { schema: { params: versionParams } }, async (req) =>
    ops.getAppearanceVersion(actorOfRequest(req), req.params.id, Number(req.params.n)),
  );

  api.post<{ Params: { id: string; n: string } }>(
    '/sites/:id/appearance/versions/:n/restore',
    { schema: { params: versionParams } },
    async (req) => ops.restoreAppearanceVersion(actorOfRequest(req), req.params.id, Number(req.params.n)),
  );

  api.get<{ Params: { id: string }; Querystring: { before?: string; limit?: string } }>(
    '/sites/:id/audit',
    {
      schema: {
        params: siteParams,
        querystring: {
          type: 'object',
          properties: { before: { type: 'string', pattern: '^[0-9]{1,15}$' }, limit: { type: 'string', pattern: '^[0-9]{1,4}$' } },
        },
      },
    },
    async (req) => {
      const { before, limit } = req.query;
      return ops.listAudit(actorOfRequest(req), req.params.id, {
        before: before === undefined ? undefined : Number(before),
        limit: limit === undefined ? undefined : Number(limit),
      });
    },
  );
}
