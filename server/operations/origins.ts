/** A site's allowed origins (widget-spec §7): their one validation, and the warnings of a change. */
import { type Actor, type Context, need } from './context';
import { invalid } from './errors';
import { originAllowed } from '../routes/origins';
import type { RefusedOrigin } from '../storage/types';

/** The most origins a site allows (a list longer than any real site's, short enough to check on every request). */
const ORIGINS_MAX = 100;

/** What an origin entry may be, for a refusal's `allowed`. */
export const ORIGIN_ALLOWED = 'an origin as a browser sends it (scheme://host[:port], no path), self for this server, or *';

/**
 * The origins of a list, each checked and without repeats: `self`, `*`, or an origin as a browser sends it (scheme,
 * host and port; no path, not even '/'), which is all a site's list can match. INVALID (field `origins`) naming the
 * first that is not, with the origin it may have meant.
 */
export function checkOrigins(values: readonly unknown[]): string[] {
  if (values.length > ORIGINS_MAX)
    throw invalid('origins', `a site allows at most ${ORIGINS_MAX} origins`, `at most ${ORIGINS_MAX} origins`);
  for (const o of values) {
    if (o === 'self' || o === '*') continue;
    let origin: string | undefined;
    try {
      origin = typeof o === 'string' ? new URL(o).origin : undefined;
    } catch {
      origin = undefined;
    }
    if (origin === o) continue;
    const hint = origin && origin !== 'null' ? `; did you mean ${origin}?` : '';
    throw invalid('origins', `"${String(o)}" is not an origin (scheme://host[:port], or self for this server)${hint}`, ORIGIN_ALLOWED);
  }
  return [...new Set(values as string[])];
}

/** What a change of origins may break, as codes: `SELF_REMOVED` (this server's own pages lose the key), `NO_ORIGINS` (no page has it). */
export type OriginsWarning = 'SELF_REMOVED' | 'NO_ORIGINS';

function originsWarnings(before: readonly string[], after: readonly string[]): OriginsWarning[] {
  const out: OriginsWarning[] = [];
  if (before.includes('self') && !after.includes('self')) out.push('SELF_REMOVED');
  if (after.length === 0) out.push('NO_ORIGINS');
  return out;
}

export function originOperations(c: Context) {
  /** Replaces a site's origins (owners): the origins saved, and what the change may break. */
  async function setOrigins(
    actor: Actor,
    siteId: string,
    origins: unknown,
    added?: unknown,
  ): Promise<{ origins: string[]; warnings: OriginsWarning[] }> {
    const { site } = await need(c, actor, siteId, 'owner');
    if (added === undefined && !Array.isArray(origins)) throw invalid('origins', 'origins is a list', ORIGIN_ALLOWED);
    // an origin added to the stored ones is added in the storage's transaction: two added at once both stay
    const next = added === undefined ? checkOrigins(origins as unknown[]) : (stored: readonly string[]) => checkOrigins([...stored, added]);
    let before: readonly string[] = site.origins;
    const saved = (await c.storage.updateSite(site.id, { origins: next }, (was, after) => {
      // the warnings compare with the origins as the transaction found them
      before = was?.origins ?? [];
      return { siteId, actor, action: 'site.origins', before: { origins: before }, after: { origins: after.origins } };
    }))!;
    // an origin now allowed leaves the list of refused ones
    const refused = await c.storage.listRefusedOrigins(siteId);
    const allowed = refused.filter((r) => originAllowed(saved, r.origin, c.ownOrigin)).map((r) => r.origin);
    if (allowed.length) await c.storage.forgetRefusedOrigins(siteId, allowed);
    return { origins: [...saved.origins], warnings: originsWarnings(before, saved.origins) };
  }

  return {
    setOrigins,

    /** Adds one origin to a site's (owners): the console's Allow button beside a refused origin. */
    async allowOrigin(actor: Actor, siteId: string, origin: unknown) {
      return setOrigins(actor, siteId, undefined, origin);
    },

    /** The origins the server refused lately for a site (owners), the latest first: each with how often and when last. */
    async refusedOrigins(actor: Actor, siteId: string): Promise<RefusedOrigin[]> {
      await need(c, actor, siteId, 'owner');
      return c.storage.listRefusedOrigins(siteId);
    },
  };
}
