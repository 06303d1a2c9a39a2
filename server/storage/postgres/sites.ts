/** Sites on PostgreSQL: their API keys (stored hashed), allowed origins, config and appearance. */
import type pg from 'pg';
import {
  deepFreeze,
  hashApiKey,
  type KeyMatch,
  keyMatch,
  newToken,
  type Row,
  now as isoNow,
  siteInGrace,
  siteValues,
  toAppearanceVersion,
  toSite,
  toSiteDetails,
} from '../records';
import type { Site, SiteStorage } from '../types';
import { AnnouncedCache, announcedTransaction } from './cache';
import { insertAudit } from './audit';
import { all, one, sql } from './db';
import type { Listener } from './listener';

const Q = {
  byId: sql('site_by_id', 'SELECT * FROM sites WHERE id = $1'),
  byKey: sql('site_by_key', 'SELECT * FROM sites WHERE api_key_hash = $1 OR previous_key_hash = $1'),
  all: sql('sites', 'SELECT * FROM sites ORDER BY created_at'),
  insert: sql(
    'site_insert',
    'INSERT INTO sites (id, name, api_key_hash, key_prefix, origins, config, appearance, created_at, api_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
  ),
  insertOwner: sql('site_insert_owner', "INSERT INTO site_members (site_id, account_id, role, created_at) VALUES ($1, $2, 'owner', $3)"),
  // the row is locked while its new values are worked out from the old, so that two admins' changes both land
  lock: sql('site_lock', 'SELECT * FROM sites WHERE id = $1 FOR UPDATE'),
  update: sql('site_update', 'UPDATE sites SET name = $1, origins = $2, config = $3, appearance = $4 WHERE id = $5'),
  insertVersion: sql(
    'appearance_version_insert',
    'INSERT INTO appearance_versions (site_id, version, fields, saved_at, saved_by, restored_from) VALUES ($1, $2, $3, $4, $5, $6)',
  ),
  details: sql(
    'site_details',
    'SELECT api_key, previous_key_until, (SELECT max(version) FROM appearance_versions WHERE site_id = sites.id) AS appearance_version FROM sites WHERE id = $1',
  ),
  latestVersion: sql('appearance_latest', 'SELECT max(version) AS v FROM appearance_versions WHERE site_id = $1'),
  setAppearance: sql('site_set_appearance', 'UPDATE sites SET appearance = $1 WHERE id = $2'),
  versions: sql(
    'appearance_versions',
    'SELECT site_id, version, saved_at, saved_by, restored_from FROM appearance_versions WHERE site_id = $1 ORDER BY version DESC',
  ),
  versionOf: sql('appearance_version', 'SELECT * FROM appearance_versions WHERE site_id = $1 AND version = $2'),
  updateKey: sql(
    'site_update_key',
    'UPDATE sites SET previous_key_hash = $1, previous_key_until = $2, api_key_hash = $3, key_prefix = $4, api_key = $5 WHERE id = $6',
  ),
};

const frozenSite = (r: Row | null) => (r ? deepFreeze(toSite(r)) : null);

/**
 * The site methods of the storage. Every request reads its site (and every CORS preflight all origins), so
 * sites are cached, parsed and frozen, until a write on any instance announces a change.
 */
export function postgresSites(pool: pg.Pool, listener: Listener, now: () => number = Date.now): SiteStorage {
  const byId = new AnnouncedCache<string, Site | null>(listener);
  const byKeyHash = new AnnouncedCache<string, KeyMatch | null>(listener);
  const getSite = (id: string) => byId.get(id, async () => frozenSite(await one(pool, Q.byId([id]))));

  return {
    async createSite(input, audit) {
      const id = `site_${newToken(9)}`;
      await announcedTransaction(pool, listener, async (db) => {
        await db.query(Q.insert(siteValues(id, input)));
        const site = toSite((await one(db, Q.byId([id])))!);
        await db.query(Q.insertVersion([id, 1, JSON.stringify(site.appearance), site.createdAt, null, null]));
        if (input.owner) await db.query(Q.insertOwner([id, input.owner, site.createdAt]));
        if (audit) await insertAudit(db, audit(null, site));
      });
      return (await getSite(id))!;
    },
    listSites: async () => (await all(pool, Q.all())).map((r) => deepFreeze(toSite(r))),
    getSite,
    async findSiteByApiKey(apiKey) {
      const hash = hashApiKey(apiKey);
      return siteInGrace(await byKeyHash.get(hash, async () => keyMatch(hash, await one(pool, Q.byKey([hash])))), now());
    },
    async updateSite(id, patch, audit) {
      const found = await announcedTransaction(pool, listener, async (db) => {
        const r = await one(db, Q.lock([id]));
        if (!r) return false;
        const site = toSite(r);
        await db.query(
          Q.update([
            patch.name ?? site.name,
            JSON.stringify(typeof patch.origins === 'function' ? patch.origins(site.origins) : (patch.origins ?? site.origins)),
            JSON.stringify({ ...site.config, ...patch.config }),
            JSON.stringify(patch.appearance ? { ...site.appearance, ...patch.appearance } : site.appearance),
            id,
          ]),
        );
        if (audit) await insertAudit(db, audit(site, toSite((await one(db, Q.byId([id])))!)));
        return true;
      });
      return found ? getSite(id) : null;
    },
    async saveAppearance(siteId, input, audit) {
      return announcedTransaction(pool, listener, async (db) => {
        // the site's row is locked: two saves from the same version cannot both pass the check
        const row = await one(db, Q.lock([siteId]));
        if (!row) return null;
        const latest = Number((await one(db, Q.latestVersion([siteId])))?.v ?? 0);
        if (input.baseVersion !== latest) return 'CONFLICT' as const;
        const version = latest + 1;
        const savedAt = isoNow();
        const fields = JSON.stringify(input.fields);
        await db.query(Q.insertVersion([siteId, version, fields, savedAt, JSON.stringify(input.savedBy), input.restoredFrom ?? null]));
        await db.query(Q.setAppearance([fields, siteId]));
        if (audit) await insertAudit(db, audit(toSite(row), toSite((await one(db, Q.byId([siteId])))!)));
        return { version, savedAt };
      });
    },
    listAppearanceVersions: async (siteId) =>
      (await all(pool, Q.versions([siteId]))).map((r) => {
        const { fields: _, ...v } = toAppearanceVersion(r);
        return v;
      }),
    async getAppearanceVersion(siteId, version) {
      const r = await one(pool, Q.versionOf([siteId, version]));
      return r ? toAppearanceVersion(r) : null;
    },
    async getSiteDetails(id) {
      const r = await one(pool, Q.details([id]));
      return r ? toSiteDetails(r) : null;
    },
    rotateApiKey: (id, apiKey, options = {}) =>
      announcedTransaction(pool, listener, async (db) => {
        const row = await one(db, Q.lock([id]));
        if (!row) return false;
        const until = options.previousValidUntil;
        await db.query(
          Q.updateKey([until === undefined ? null : row.api_key_hash, until ?? null, hashApiKey(apiKey), apiKey.slice(0, 8), apiKey, id]),
        );
        if (options.audit) await insertAudit(db, options.audit(toSite(row), toSite((await one(db, Q.byId([id])))!)));
        return true;
      }),
  };
}
