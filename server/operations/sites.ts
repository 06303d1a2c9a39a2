/** Sites: create, list, look up (by id or exact name), and what the console shows of one (its embed snippet). */
import { newApiKey } from '../seed';
import type { Site } from '../storage/types';
import { type Actor, type Context, need, roleOf, type SiteRole } from './context';
import { invalid, OperationError } from './errors';
import { checkOrigins } from './origins';

/** The longest site name. */
export const SITE_NAME_MAX = 100;

/** A site as a list shows it. */
export interface SiteSummary {
  id: string;
  name: string;
  role: SiteRole;
  keyPrefix: string;
  origins: string[];
}

/** A site as its page in the console shows it (docs/console.md `GET sites/:id`). */
export interface SiteView extends SiteSummary {
  config: { pageAwareness: boolean; avatarId: string; referenceWebpage: string };
  /** The API key; null for a key made before the server kept it (rotate it to see one). */
  apiKey: string | null;
  /** The previous key, while it still works after a rotation. */
  previousKey?: { validUntil: string };
  /** How long a key keeps working once rotated out (the server's KEY_GRACE), in seconds. */
  keyGraceSeconds: number;
  /** README's script tag for this site. */
  snippet: string;
  appearanceVersion: number;
}

/**
 * README's script tag for a site: the widget from the server's own origin, with the site's key (a placeholder when the
 * server does not have it).
 */
export function embedSnippet(ownOrigin: string, apiKey: string | null): string {
  const host = ownOrigin.replace(/\/$/, '');
  return `<script src="${host}/widget.js" data-api-key="${apiKey ?? 'pk_…'}" data-api-url="${host}/api" data-base-url="${host}/" defer></script>`;
}

const summary = (s: Site, role: SiteRole): SiteSummary => ({
  id: s.id,
  name: s.name,
  role,
  keyPrefix: s.keyPrefix,
  origins: [...s.origins],
});

/** A site's name, trimmed: 1 to {@link SITE_NAME_MAX} characters. */
function checkName(name: unknown): string {
  const text = typeof name === 'string' ? name.trim() : '';
  if (text === '' || text.length > SITE_NAME_MAX)
    throw invalid('name', `a site's name is 1 to ${SITE_NAME_MAX} characters`, `1 to ${SITE_NAME_MAX} characters`);
  return text;
}

export function siteOperations(c: Context) {
  const view = async (site: Site, role: SiteRole): Promise<SiteView> => {
    const details = (await c.storage.getSiteDetails(site.id))!;
    const graceLeft = details.previousKeyValidUntil !== null && details.previousKeyValidUntil > c.now();
    return {
      ...summary(site, role),
      config: {
        pageAwareness: site.config.agentPageAwareness,
        avatarId: site.config.interactiveAvatarId,
        referenceWebpage: site.config.referenceWebpage,
      },
      apiKey: details.apiKey,
      ...(graceLeft ? { previousKey: { validUntil: new Date(details.previousKeyValidUntil!).toISOString() } } : {}),
      keyGraceSeconds: Math.round(c.keyGraceMs / 1000),
      snippet: embedSnippet(c.ownOrigin, details.apiKey),
      appearanceVersion: details.appearanceVersion,
    };
  };

  return {
    /** The sites the actor may see, with its role on each (the CLI: every site, as owner). */
    async listSites(actor: Actor): Promise<SiteSummary[]> {
      const sites = await c.storage.listSites();
      if (actor.kind === 'cli') return sites.map((s) => summary(s, 'owner'));
      const roles = new Map((await c.memberships?.sitesOf(actor.accountId))?.map((m) => [m.siteId, m.role]) ?? []);
      return sites.flatMap((s) => (roles.has(s.id) ? [summary(s, roles.get(s.id)!)] : []));
    },

    /**
     * Creates a site with a new key; an account that creates one becomes its owner, in the same transaction as the
     * site and its audit entry (which names the owner), so no site is ever left without one. Its key is returned once
     * here (and shown on the site's page, as the snippet's).
     */
    async createSite(actor: Actor, input: { name: unknown; origins: unknown }): Promise<SiteView> {
      const name = checkName(input.name);
      if (!Array.isArray(input.origins)) throw invalid('origins', 'origins is a list', 'a list of origins');
      const origins = checkOrigins(input.origins);
      const apiKey = newApiKey();
      const owner = actor.kind === 'account' ? actor : null;
      const site = await c.storage.createSite({ name, apiKey, origins, ...(owner ? { owner: owner.accountId } : {}) }, (_, after) => ({
        siteId: after.id,
        actor,
        action: 'site.create',
        before: null,
        after: {
          name: after.name,
          origins: after.origins,
          keyPrefix: after.keyPrefix,
          ...(owner ? { owner: { accountId: owner.accountId, email: owner.email } } : {}),
        },
      }));
      return view(site, 'owner');
    },

    /** The site `ref` names, by id or else by exact name, that the actor may see: NOT_FOUND otherwise (the same answer either way). */
    async findSite(actor: Actor, ref: string): Promise<{ site: Site; role: SiteRole }> {
      const byId = await c.storage.getSite(ref);
      const matches = byId ? [byId] : (await c.storage.listSites()).filter((s) => s.name === ref);
      // only the sites the actor may see count: another's site of the same name is not even named
      const visible: { site: Site; role: SiteRole }[] = [];
      for (const site of matches) {
        const role = await roleOf(c, actor, site.id);
        if (role) visible.push({ site, role });
      }
      if (visible.length > 1)
        throw invalid(
          'site',
          `${visible.length} sites are named "${ref}": name one by its id`,
          visible.map((v) => v.site.id),
        );
      if (visible[0]) return visible[0];
      throw new OperationError('NOT_FOUND', `no site "${ref}"`, 'site');
    },

    /** What the console shows of a site (viewers and up). */
    async getSite(actor: Actor, siteId: string): Promise<SiteView> {
      const { site, role } = await need(c, actor, siteId, 'viewer');
      return view(site, role);
    },
  };
}
