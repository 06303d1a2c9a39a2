/**
 * Starting a widget (widget-spec §7): `POST session/boot` trades the site's API
 * key for a bearer token; `GET api/config` and `GET api/appearance` give the site's
 * settings (widget-spec §3 Config, Appearance).
 */
import type { FastifyInstance } from 'fastify';
import { mergeAppearance } from '../../contract/appearance';
import { siteFromKey, siteOf } from './auth-guard';
import type { RouteContext } from './context';
import { checkOrigin } from './origins';

/** Registers session/boot, api/config and api/appearance. */
export function registerSessionRoutes(api: FastifyInstance, { services, authenticate }: RouteContext): void {
  api.post('/session/boot', async (req) => {
    const site = siteFromKey(services.storage, req);
    checkOrigin(req, site, false);
    return services.tokens.issue(site.id);
  });

  api.get('/api/config', { preHandler: authenticate }, async (req) => {
    const { config } = siteOf(req);
    // Voice mode needs an avatar provider: without one the widget is told there is no avatar.
    return { ...config, interactiveAvatarId: services.avatar ? config.interactiveAvatarId || services.avatar.avatarId : '' };
  });

  api.get('/api/appearance', { preHandler: authenticate }, async (req) => ({ appearance: mergeAppearance(siteOf(req).appearance) }));
}
