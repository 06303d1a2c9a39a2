/** Sites on SQLite: their API keys (stored hashed), allowed origins, config and appearance. */
import {
  deepFreeze,
  hashApiKey,
  type KeyMatch,
  keyMatch,
  newToken,
  now as isoNow,
  siteInGrace,
  siteValues,
  toAppearanceVersion,
  toSite,
  toSiteDetails,
} from '../records';
import type { Site, SiteStorage } from '../types';
import { auditWriter } from './audit';
import { GenerationCache, generationOf } from './cache';
import type { Db, Row, Sync } from './db';

/**
 * The site methods of the storage on `db`. Every request reads its site (and every
 * CORS preflight all origins), so sites are cached, parsed and frozen, until a write
 * here or on another connection to the file ({@link generationOf}).
 */
export function sqliteSites(db: Db, now: () => number = Date.now): Sync<SiteStorage> {
  const generation = generationOf(db);
  const siteById = db.prepare<[string], Row>('SELECT * FROM sites WHERE id = ?');
  const siteByKey = db.prepare<[string, string], Row>('SELECT * FROM sites WHERE api_key_hash = ? OR previous_key_hash = ?');
  const sites = db.prepare<[], Row>('SELECT * FROM sites ORDER BY created_at');
  const insertSite = db.prepare(
    'INSERT INTO sites (id, name, api_key_hash, key_prefix, origins, config, appearance, created_at, api_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const updateSite = db.prepare('UPDATE sites SET name = ?, origins = ?, config = ?, appearance = ? WHERE id = ?');
  const updateKey = db.prepare(
    'UPDATE sites SET previous_key_hash = ?, previous_key_until = ?, api_key_hash = ?, key_prefix = ?, api_key = ? WHERE id = ?',
  );
  const insertVersion = db.prepare(
    'INSERT INTO appearance_versions (site_id, version, fields, saved_at, saved_by, restored_from) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertOwner = db.prepare("INSERT INTO site_members (site_id, account_id, role, created_at) VALUES (?, ?, 'owner', ?)");
  const writeAudit = auditWriter(db);
  const latestVersion = db.prepare<[string], { v: number | null }>('SELECT max(version) AS v FROM appearance_versions WHERE site_id = ?');
  const setAppearance = db.prepare('UPDATE sites SET appearance = ? WHERE id = ?');
  const versions = db.prepare<[string], Row>(
    'SELECT site_id, version, saved_at, saved_by, restored_from FROM appearance_versions WHERE site_id = ? ORDER BY version DESC',
  );
  const versionOf = db.prepare<[string, number], Row>('SELECT * FROM appearance_versions WHERE site_id = ? AND version = ?');
  const details = db.prepare<[string], Row>(
    'SELECT api_key, previous_key_until, (SELECT max(version) FROM appearance_versions WHERE site_id = sites.id) AS appearance_version FROM sites WHERE id = ?',
  );

  const byId = new GenerationCache<string, Site | null>(generation);
  const byKeyHash = new GenerationCache<string, KeyMatch | null>(generation);

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
        if (input.owner) insertOwner.run(id, input.owner, site.createdAt);
        if (audit) writeAudit(audit(null, site));
      })();
      generation.bump();
      return getSite(id)!;
    },
    listSites: () => sites.all().map((r) => deepFreeze(toSite(r))),
    getSite,
    findSiteByApiKey(apiKey) {
      const hash = hashApiKey(apiKey);
      return siteInGrace(
        byKeyHash.get(hash, () => keyMatch(hash, siteByKey.get(hash, hash))),
        now(),
      );
    },
    updateSite(id, patch, audit) {
      const found = db.transaction(() => {
        const row = siteById.get(id);
        if (!row) return false;
        const site = toSite(row);
        updateSite.run(
          patch.name ?? site.name,
          JSON.stringify(typeof patch.origins === 'function' ? patch.origins(site.origins) : (patch.origins ?? site.origins)),
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
    saveAppearance(siteId, input, audit) {
      const result = db.transaction(() => {
        const row = siteById.get(siteId);
        if (!row) return null;
        const latest = latestVersion.get(siteId)?.v ?? 0;
        if (input.baseVersion !== latest) return 'CONFLICT' as const;
        const version = latest + 1;
        const savedAt = isoNow();
        const fields = JSON.stringify(input.fields);
        insertVersion.run(siteId, version, fields, savedAt, JSON.stringify(input.savedBy), input.restoredFrom ?? null);
        setAppearance.run(fields, siteId);
        if (audit) writeAudit(audit(toSite(row), toSite(siteById.get(siteId)!)));
        return { version, savedAt };
      })();
      generation.bump();
      return result;
    },
    listAppearanceVersions: (siteId) =>
      versions.all(siteId).map((r) => {
        const { fields: _, ...v } = toAppearanceVersion(r);
        return v;
      }),
    getAppearanceVersion(siteId, version) {
      const r = versionOf.get(siteId, version);
      return r ? toAppearanceVersion(r) : null;
    },
    getSiteDetails(id) {
      const r = details.get(id);
      return r ? toSiteDetails(r) : null;
    },
    rotateApiKey(id, apiKey, options = {}) {
      const done = db.transaction(() => {
        const row = siteById.get(id);
        if (!row) return false;
        const until = options.previousValidUntil;
        updateKey.run(until === undefined ? null : row.api_key_hash, until ?? null, hashApiKey(apiKey), apiKey.slice(0, 8), apiKey, id);
        if (options.audit) writeAudit(options.audit(toSite(row), toSite(siteById.get(id)!)));
        return true;
      })();
      generation.bump();
      return done;
    },
  };
}
