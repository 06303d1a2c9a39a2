/** A site's API key: rotation with a grace period for the old key. */
import { randomBytes } from 'node:crypto';
import { newApiKey } from '../seed';
import { type Actor, type Context, need } from './context';

export { KEY_GRACE_MS } from './context';

/** How long a preview key works: 1 hour (docs/console.md `POST sites/:id/preview-key`). */
export const PREVIEW_KEY_TTL_MS = 60 * 60 * 1000;

/** What a preview key starts with (a site's API key starts with `pk_`). */
export const PREVIEW_KEY_PREFIX = 'pv_';

export function keyOperations(c: Context) {
  return {
    /**
     * Gives a site a new key (owners). The old key keeps working for the server's grace (KEY_GRACE, {@link KEY_GRACE_MS} by default;
     * `previousKey.validUntil`);
     * a key rotated out earlier stops at once.
     */
    async rotateKey(actor: Actor, siteId: string): Promise<{ apiKey: string; previousKey: { validUntil: string } }> {
      await need(c, actor, siteId, 'owner');
      const apiKey = newApiKey();
      const validUntil = c.now() + c.keyGraceMs;
      await c.storage.rotateApiKey(siteId, apiKey, {
        previousValidUntil: validUntil,
        audit: (before, after) => ({
          siteId,
          actor,
          action: 'site.key.rotate',
          // a key is recorded by its first characters only
          before: { keyPrefix: before?.keyPrefix },
          after: { keyPrefix: after.keyPrefix, previousKeyValidUntil: new Date(validUntil).toISOString() },
        }),
      });
      return { apiKey, previousKey: { validUntil: new Date(validUntil).toISOString() } };
    },

    /**
     * A key for the appearance editor's live preview (editors and up): it boots the site's real widget for
     * {@link PREVIEW_KEY_TTL_MS}, only from this server's own origin (the console's page), whatever the site's origins
     * say. Not a change of the site: not in the audit log.
     */
    async previewKey(actor: Actor, siteId: string): Promise<{ apiKey: string; expiresAt: string }> {
      await need(c, actor, siteId, 'editor');
      const apiKey = `${PREVIEW_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
      const expiresAt = c.now() + PREVIEW_KEY_TTL_MS;
      await c.storage.addPreviewKey(siteId, apiKey, expiresAt, actor.kind === 'account' ? actor.accountId : null);
      return { apiKey, expiresAt: new Date(expiresAt).toISOString() };
    },
  };
}
