/** Sites on SQLite: their API keys (stored hashed), allowed origins, config and appearance. */
import { deepFreeze, hashApiKey, newToken, siteValues, toSite, toSiteDetails } from '../records';
import type { Site, SiteStorage } from '../types';
import { auditWriter } from './audit';
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
    'INSERT INTO sites (id, name, api_key_hash, key_prefix, origins, config, appearance, created_at, api_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const updateSite = db.prepare('UPDATE sites SET name = ?, origins = ?, config = ?, appearance = ? WHERE id = ?');
  const updateKey = db.prepare('UPDATE sites SET api_key_hash = ?, key_prefix = ? WHERE id = ?');
  const insertVersion = db.prepare(
    'INSERT INTO appearance_versions (site_id, version, fields, saved_at, saved_by, restored_from) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const writeAudit = auditWriter(db);
  const details = db.prepare<[string], Row>(
    'SELECT api_key, previous_key_until, (SELECT max(version) FROM appearance_versions WHERE site_id = sites.id) AS appearance_version FROM sites WHERE id = ?',
  );

  const byId = new GenerationCache<string, Site | null>(generation);
  const byKeyHash = new GenerationCache<string, Site | null>(generation);

  const frozenSite = (r: Row | undefined) => (r ? deepFreeze(toSite(r)) : null);
  const getSite = (id: string) => byId.get(id, () => frozenSite(siteById.get(id)));

  return {
    createSite(input, audit) {
      const id = `site_${newToken(9)}`;
      db.transaction(() => {
        const values = siteValues(id, input);
        insertSite.run(...values);
        const site = toSite(siteById.get(id)!);
        insertVersion.run(id, 1, JSON.stringify(site.appearance), site.createdAt, null, null);
        if (audit) writeAudit(audit(null, site));
      })();
      generation.bump();
      return getSite(id)!;
    },
    listSites: () => sites.all().map((r) => deepFreeze(toSite(r))),
    getSite,
    findSiteByApiKey(apiKey) {
      const hash = hashApiKey(apiKey);
      return byKeyHash.get(hash, () => frozenSite(siteByKey.get(hash)));
    },
    updateSite(id, patch, audit) {
      const found = db.transaction(() => {
        const row = siteById.get(id);
        if (!row) return false;
        const site = toSite(row);
        updateSite.run(
          patch.name ?? site.name,
          JSON.stringify(patch.origins ?? site.origins),
          JSON.stringify({ ...site.config, ...patch.config }),
          JSON.stringify(patch.appearance ? { ...site.appearance, ...patch.appearance } : site.appearance),
          id,
        );
        if (audit) writeAudit(audit(site, toSite(siteById.get(id)!)));
        return true;
      })();
      generation.bump();
      return found ? getSite(id) : null;
    },
    getSiteDetails(id) {
      const r = details.get(id);
      return r ? toSiteDetails(r) : null;
    },
    rotateApiKey(id, apiKey) {
      const changed = updateKey.run(hashApiKey(apiKey), apiKey.slice(0, 8), id).changes > 0;
      generation.bump();
      return changed;
    },
  };
}
