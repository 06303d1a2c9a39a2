/**
 * A site's analytics (docs/console.md "Analytics"): one read, a thin call of the operations (server/operations/analytics.ts)
 * with the signed-in account as its actor.
 */
import type { FastifyInstance } from 'fastify';
import type { Operations } from '../operations';
import { invalid } from './errors';
import { actorOfRequest } from './site-routes';

const siteParams = { type: 'object', properties: { id: { type: 'string', maxLength: 100 } } } as const;

/** The query's parameters: each at most once (a repeated one is refused by its name); the operation checks the values. */
const PARAMS = ['from', 'to', 'tz', 'top'] as const;

export function registerAnalyticsRoutes(api: FastifyInstance, ops: Pick<Operations, 'analytics'>): void {
  api.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/sites/:id/analytics',
    { schema: { params: siteParams } },
    async (req) => {
      const query = req.query ?? {};
      const params: Record<string, unknown> = {};
      for (const name of PARAMS) {
        const value = query[name];
        if (Array.isArray(value)) throw invalid(name, `${name} is given more than once.`);
        params[name] = value;
      }
      return ops.analytics(actorOfRequest(req), req.params.id, params);
    },
  );
}
