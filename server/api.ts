/**
 * Every call of widget-spec §7, with the shapes of §3 and the statuses of §8; each
 * area's routes are in `routes/`.
 *
 * - `POST {base}session/boot` and `GET {base}smart-doc/{token}/boot` take the
 *   site's publishable API key (`X-API-Key`); everything else a bearer token.
 * - The key and the tokens work only from the site's own origins (CORS answers only
 *   origins some site allows; a request from an origin its site does not allow
 *   gets 403 INVALID_CONFIGURATION).
 * - A response to a token that has used half its life carries a fresh one in
 *   `X-Auth-Token` / `X-Auth-Expires-In`.
 */
import type { FastifyInstance } from 'fastify';
import type { ApiServices } from './api-services';
import { registerButtonRoutes } from './routes/buttons';
import { registerChatRoutes } from './routes/chat';
import { registerChatSessionRoutes } from './routes/chat-sessions';
import { createRouteContext } from './routes/context';
import { registerEmbedRoutes } from './routes/embeds';
import { registerFileRoutes } from './routes/files';
import { refusedOriginLog } from './routes/origins';
import { registerApiPlugins } from './routes/plugins';
import { registerProfileRoutes } from './routes/profile';
import { registerSessionRoutes } from './routes/session';
import { registerTranscriptMailRoutes } from './routes/transcript-mail';
import { registerVoiceRoutes } from './routes/voice';

/** Registers the API on `app`: its routes in one scope with CORS, rate limits and the error handler, and the public file route. */
export async function registerApi(app: FastifyInstance, services: ApiServices): Promise<void> {
  await app.register(async (api) => {
    await registerApiPlugins(api, services.limits);
    const refused = refusedOriginLog(services.storage);
    api.decorateRequest('refusedOrigins', null);
    api.addHook('onRequest', async (req) => {
      req.refusedOrigins = refused;
    });
    const ctx = createRouteContext(services);
    registerSessionRoutes(api, ctx);
    registerEmbedRoutes(api, ctx);
    registerChatSessionRoutes(api, ctx);
    registerChatRoutes(api, ctx);
    registerButtonRoutes(api, ctx);
    registerProfileRoutes(api, ctx);
    registerVoiceRoutes(api, ctx);
    registerTranscriptMailRoutes(api, ctx);
  });
  registerFileRoutes(app, services.storage);
}
