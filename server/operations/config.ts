/** A site's config (widget-spec §3 Config): page awareness, the avatar, the reference page. */
import type { SiteConfig } from '../storage/types';
import { type Actor, type Context, need } from './context';
import { invalid } from './errors';

/** The longest avatar id. */
const AVATAR_ID_MAX = 200;

/**
 * An http(s) URL an owner stores (a reference page, a footer link, a trigger's URL), normalised: anything else
 * (javascript:, data:, a bare word) is refused at write time (issue 14); the widget checks again before opening one.
 * `''` is allowed where it clears the value.
 */
export function checkHttpUrl(value: unknown, field: string, { clearable = false } = {}): string {
  const allowed = clearable ? 'an http(s) URL, or empty' : 'an http(s) URL';
  if (clearable && value === '') return '';
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw invalid(field, `${field} takes an http(s) URL, not ${JSON.stringify(value)}`, allowed);
  }
  if (typeof value !== 'string' || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw invalid(field, `${field} takes an http(s) URL, not a ${url.protocol} one`, allowed);
  return url.href;
}

/** A config change as the console and the CLI send it (each field optional). */
export interface ConfigPatch {
  pageAwareness?: unknown;
  avatarId?: unknown;
  referenceWebpage?: unknown;
  /** The server's own switch (SiteConfig.adviceTools): the CLI's `--advice-tools`. */
  adviceTools?: unknown;
}

function checkBoolean(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw invalid(field, `${field} is on or off`, ['true', 'false']);
  return value;
}

/** The stored config fields a patch sets, each checked. */
function checkConfig(patch: ConfigPatch): Partial<SiteConfig> {
  const out: Partial<SiteConfig> = {};
  if (patch.pageAwareness !== undefined) out.agentPageAwareness = checkBoolean(patch.pageAwareness, 'pageAwareness');
  if (patch.adviceTools !== undefined) out.adviceTools = checkBoolean(patch.adviceTools, 'adviceTools');
  if (patch.avatarId !== undefined) {
    const id = patch.avatarId;
    if (typeof id !== 'string' || id.length > AVATAR_ID_MAX || /[\s<>"']/.test(id))
      throw invalid(
        'avatarId',
        `avatarId is an avatar's id (up to ${AVATAR_ID_MAX} characters, no spaces), or empty`,
        `up to ${AVATAR_ID_MAX} characters`,
      );
    out.interactiveAvatarId = id;
  }
  if (patch.referenceWebpage !== undefined)
    out.referenceWebpage = checkHttpUrl(patch.referenceWebpage, 'referenceWebpage', { clearable: true });
  return out;
}

export function configOperations(c: Context) {
  return {
    /** Changes a site's config (editors and up); returns the whole config. */
    async setConfig(actor: Actor, siteId: string, patch: ConfigPatch): Promise<SiteConfig> {
      await need(c, actor, siteId, 'editor');
      const config = checkConfig(patch);
      const saved = await c.storage.updateSite(siteId, { config }, (before, after) => ({
        siteId,
        actor,
        action: 'site.config',
        before: Object.fromEntries(Object.keys(config).map((k) => [k, before?.config[k as keyof SiteConfig]])),
        after: Object.fromEntries(Object.keys(config).map((k) => [k, after.config[k as keyof SiteConfig]])),
      }));
      return { ...saved!.config };
    },
  };
}
