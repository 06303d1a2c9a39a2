/** Sites on SQLite: their API keys (stored hashed), allowed origins, config and appearance. */
import { deepFreeze, hashApiKey, newToken, siteValues, toSite } from '../records';
import type { Site, SiteStorage } from '../types';
import { GenerationCache, generationOf } from './cache';
import type { Db, Row, Sync } from './db';

/**
 * The site methods of the storage on `db`. Every request reads its site (and every
 * CORS preflight all origins), so sites are cached, parsed and frozen, until a write
 * here or on another connection to the file ({@link generationOf}).
 */
export function sqliteSites(db: Db): Sync<SiteStorage> {
  const generation = generationOf(db);
  const siteById = db.prepare<[string], Row>('SELECT * FROM sites WHERE id = ?');
  const siteByKey = db.prepare<[string], Row>('SELECT * FROM sites WHERE api_key_hash = ?');
  const sites = db.prepare<[], Row>('SELECT * FROM sites ORDER BY created_at');
  const insertSite = db.prepare(
    'INSERT INTO sites (id, name, api_key_hash, key_prefix, origins, config, appearance, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const updateSite = db.prepare('UPDATE sites SET name = ?, origins = ?, config = ?, appearance = ? WHERE id = ?');
  const updateKey = db.prepare('UPDATE sites SET api_key_hash = ?, key_prefix = ? WHERE id = ?');

  const byId = new GenerationCache<string, Site | null>(generation);
  const byKeyHash = new GenerationCache<string, Site | null>(generation);

  const frozenSite = (r: Row | undefined) => (r ? deepFreeze(toSite(r)) : null);
  const getSite = (id: string) => byId.get(id, () => frozenSite(siteById.get(id)));

  return {
    createSite(input) {
      const id = `site_${newToken(9)}`;
      insertSite.run(...siteValues(id, input));
      generation.bump();
      return getSite(id)!;
    },
    listSites: () => sites.all().map((r) => deepFreeze(toSite(r))),
    getSite,
    findSiteByApiKey(apiKey) {
      const hash = hashApiKey(apiKey);
      return byKeyHash.get(hash, () => frozenSite(siteByKey.get(hash)));
    },
    updateSite(id, patch) {
      const site = getSite(id);
      if (!site) return null;
      updateSite.run(
        patch.name ?? site.name,
        JSON.stringify(patch.origins ?? site.origins),
        JSON.stringify({ ...site.config, ...patch.config }),
        JSON.stringify(patch.appearance ? { ...site.appearance, ...patch.appearance } : site.appearance),
        id,
      );
      generation.bump();
      return getSite(id);
    },
    rotateApiKey(id, apiKey) {
      const changed = updateKey.run(hashApiKey(apiKey), apiKey.slice(0, 8), id).changes > 0;
      generation.bump();
      return changed;
    },
  };
}
