/**
 * The operator console's API under `/console/api/` (docs/console.md): a cookie session, CSRF protection on every
 * state-changing call, JSON only, nothing cached; apart from the widget's API (no route here reads a bearer token or
 * an API key, and no widget route reads this cookie).
 */
import type { FastifyInstance } from 'fastify';
import { createOperations } from '../operations';
import { registerAdviceRoutes } from './advice-routes';
import { registerAnalyticsRoutes } from './analytics-routes';
import { registerAuthRoutes } from './auth-routes';
import { registerContentRoutes } from './content-routes';
import { type ConsoleServices, consoleContext } from './context';
import { ConsoleError, consoleErrorHandler } from './errors';
import { registerInboxRoutes } from './inbox-routes';
import { registerMediaRoutes } from './media-routes';
import { registerMemberRoutes } from './member-routes';
import { consoleRequestHook } from './session';
import { consoleMemberships, registerSiteRoutes } from './site-routes';

export type { ConsoleServices } from './context';

/** Registers the console API on `app` in a scope of its own, under `/console/api`. */
export async function registerConsoleApi(app: FastifyInstance, services: ConsoleServices): Promise<void> {
  await app.register(
    async (api) => {
      const c = consoleContext(services);
      api.decorate('consoleStorage', services.storage);
      // JSON only: a form's text/plain body (the one a cross-site form can send without a preflight) is refused
      api.removeContentTypeParser('text/plain');
      api.setErrorHandler(consoleErrorHandler);
      api.setNotFoundHandler(() => {
        throw new ConsoleError(404, 'NOT_FOUND', 'Not found.');
      });
      api.addHook('onRequest', consoleRequestHook(services.storage, c.secureCookie, services.reauthAfterMs));
      // nothing of the console's is kept by a browser or a proxy (ASVS 8.2.1): the back button after sign-out shows nothing
      api.addHook('onSend', async (_req, reply, payload) => {
        reply.header('Cache-Control', 'no-store');
        return payload;
      });
      registerAuthRoutes(api, c);
      registerMemberRoutes(api, c);
      const ops = createOperations(services.storage, {
        now: services.now,
        publicUrl: services.publicUrl,
        keyGraceMs: services.keyGraceMs,
        memberships: consoleMemberships(services.storage),
      });
      registerSiteRoutes(api, ops);
      registerContentRoutes(api, ops);
      registerAnalyticsRoutes(api, ops);
      registerInboxRoutes(api, services);
      registerMediaRoutes(api, ops);
      registerAdviceRoutes(api, services);
    },
    { prefix: '/console/api' },
  );
}
