/**
 * Starting a widget (widget-spec §7): `POST session/boot` trades the site's API
 * key for a bearer token; `GET api/config` and `GET api/appearance` give the site's
 * settings (widget-spec §3 Config, Appearance).
 *
 * The boot also carries both settings (`appearance`, `config`, beside the spec's fields), so
 * that a widget needs one round trip, not two in a row, before its launcher can show in the
 * site's colours (issue 13); a client that knows only the spec's fields ignores them. The two
 * GETs answer with an ETag and a 304 when the client's copy is current.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Appearance, mergeAppearance } from '../../contract/appearance';
import { withoutProblems } from '../../contract/appearance-fields';
import type { Site } from '../storage/types';
import { siteFromKey, siteOf } from './auth-guard';
import { bootRateLimit } from './chat-rate-limit';
import type { RouteContext } from './context';
import { checkOrigin, checkSelfOrigin, headerOf } from './origins';
import { HttpError } from '../errors';
import { PREVIEW_KEY_PREFIX } from '../operations/keys';

/** A weak ETag of a JSON body. */
export const etagOf = (body: unknown) => `W/"${createHash('sha1').update(JSON.stringify(body)).digest('base64url').slice(0, 22)}"`;

/**
 * Answers `body` with its ETag, or 304 without a body when the request's If-None-Match has it.
 * `no-cache`: the browser keeps the copy but asks every time (a changed setting shows at once).
 */
function withEtag(req: FastifyRequest, reply: FastifyReply, body: unknown) {
  const tag = etagOf(body);
  reply.header('ETag', tag).header('Cache-Control', 'private, no-cache');
  const asked = req.headers['if-none-match'];
  if (typeof asked === 'string' && asked.split(',').some((t) => t.trim() === tag)) return reply.code(304).send();
  return body;
}

/** Registers session/boot, api/config and api/appearance. */
export function registerSessionRoutes(api: FastifyInstance, { services, authenticate }: RouteContext): void {
  // Voice mode needs an avatar provider: without one the widget is told there is no avatar.
  const configOf = ({ config: { adviceTools: _, ...config } }: Site) => ({
    ...config,
    interactiveAvatarId: services.avatar ? config.interactiveAvatarId || services.avatar.avatarId : '',
  });
  // a value stored before the checks were strict (a colour typo) is served as its default (contract/appearance-fields.ts)
  const served = new WeakMap<Site, Appearance>();
  const appearanceOf = (site: Site) => {
    const cached = served.get(site);
    if (cached) return cached;
    const appearance = mergeAppearance(withoutProblems(site.appearance));
    served.set(site, appearance);
    return appearance;
  };

  const limitBoot = bootRateLimit(services.storage, services.limits);

  /**
   * The site of a preview key (the console's appearance preview: server/operations/keys.ts), booted from this server's
   * own origin only: from any other, or without one, the key is refused as a wrong key is. Null for any other key.
   */
  const previewSite = async (req: FastifyRequest): Promise<Site | null> => {
    const key = headerOf(req, 'x-api-key');
    if (!key?.startsWith(PREVIEW_KEY_PREFIX)) return null;
    const siteId = await services.storage.findPreviewKey(key);
    const site = siteId ? await services.storage.getSite(siteId) : null;
    if (!site) throw new HttpError(401, 'INVALID_API_KEY', 'The API key is missing or not valid.');
    checkSelfOrigin(req, true);
    return site;
  };
  api.post('/session/boot', { preHandler: limitBoot }, async (req) => {
    const preview = await previewSite(req);
    if (preview)
      return {
        ...services.tokens.issue(preview.id, Date.now(), { preview: true }),
        appearance: appearanceOf(preview),
        config: configOf(preview),
      };
    const site = await siteFromKey(services.storage, req);
    checkOrigin(req, site, false);
    return { ...services.tokens.issue(site.id), appearance: appearanceOf(site), config: configOf(site) };
  });

  api.get('/api/config', { preHandler: authenticate }, async (req, reply) => withEtag(req, reply, configOf(siteOf(req))));

  api.get('/api/appearance', { preHandler: authenticate }, async (req, reply) =>
    withEtag(req, reply, { appearance: appearanceOf(siteOf(req)) }),
  );
}
