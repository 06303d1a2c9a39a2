/** Sites on SQLite: their API keys (stored hashed), allowed origins, config and appearance. */
import { createHash } from 'node:crypto';
import type { Site, SiteConfig, Storage } from '../types';
import { json, newToken, now, str, type Db, type Row } from './rows';

/** The part of {@link Storage} that keeps sites. */
export type SiteStorage = Pick<Storage, 'createSite' | 'listSites' | 'getSite' | 'findSiteByApiKey' | 'updateSite' | 'rotateApiKey' | 'allOrigins'>;

const DEFAULT_SITE_CONFIG: SiteConfig = { agentPageAwareness: true, interactiveAvatarId: '', referenceWebpage: '' };

const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

function toSite(r: Row): Site {
  return {
    id: str(r.id),
    name: str(r.name),
    keyPrefix: str(r.key_prefix),
    origins: json<string[]>(str(r.origins), []),
    config: { ...DEFAULT_SITE_CONFIG, ...json<Partial<SiteConfig>>(str(r.config), {}) },
    appearance: json<Record<string, unknown>>(str(r.appearance), {}),
    createdAt: str(r.created_at),
  };
}

/** The site methods of the storage on `db`. */
export function sqliteSites(db: Db): SiteStorage {
  const siteById = db.prepare<[string], Row>('SELECT * FROM sites WHERE id = ?');
  const siteByKey = db.prepare<[string], Row>('SELECT * FROM sites WHERE api_key_hash = ?');

  const getSite = (id: string) => {
    const r = siteById.get(id);
    return r ? toSite(r) : null;
  };

  return {
    createSite(input) {
      const id = `site_${newToken(9)}`;
      db.prepare('INSERT INTO sites (id, name, api_key_hash, key_prefix, origins, config, appearance, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
        id,
        input.name,
        hashApiKey(input.apiKey),
        input.apiKey.slice(0, 8),
        JSON.stringify(input.origins),
        JSON.stringify({ ...DEFAULT_SITE_CONFIG, ...input.config }),
        JSON.stringify(input.appearance ?? {}),
        now(),
      );
      return getSite(id)!;
    },
    listSites: () => db.prepare<[], Row>('SELECT * FROM sites ORDER BY created_at').all().map(toSite),
    getSite,
    findSiteByApiKey(apiKey) {
      const r = siteByKey.get(hashApiKey(apiKey));
      return r ? toSite(r) : null;
    },
    updateSite(id, patch) {
      const site = getSite(id);
      if (!site) return null;
      db.prepare('UPDATE sites SET name = ?, origins = ?, config = ?, appearance = ? WHERE id = ?').run(
        patch.name ?? site.name,
        JSON.stringify(patch.origins ?? site.origins),
        JSON.stringify({ ...site.config, ...patch.config }),
        JSON.stringify(patch.appearance ? { ...site.appearance, ...patch.appearance } : site.appearance),
        id,
      );
      return getSite(id);
    },
    rotateApiKey(id, apiKey) {
      return db.prepare('UPDATE sites SET api_key_hash = ?, key_prefix = ? WHERE id = ?').run(hashApiKey(apiKey), apiKey.slice(0, 8), id).changes > 0;
    },
    allOrigins() {
      const out = new Set<string>();
      for (const r of db.prepare<[], Row>('SELECT origins FROM sites').all()) for (const o of json<string[]>(str(r.origins), [])) out.add(o);
      return out;
    },
  };
}
