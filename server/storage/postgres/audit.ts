/** The audit log on PostgreSQL: every change made through the operations (server/operations), who, when, before and after. */
import type pg from 'pg';
import { auditValues, toAudit } from '../records';
import type { AuditEntry, AuditStorage, NewAuditEntry } from '../types';
import { all, one, sql, type Queryable } from './db';

const Q = {
  insert: sql(
    'audit_insert',
    'INSERT INTO audit_log (site_id, at, actor, action, before_value, after_value) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
  ),
  bySite: sql('audit_by_site', 'SELECT * FROM audit_log WHERE site_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3'),
  every: sql('audit_every', 'SELECT * FROM audit_log WHERE id < $1 ORDER BY id DESC LIMIT $2'),
};

/** Writes one entry on `db`: a connection holding another part's transaction, so that a change and its entry are written together. */
export async function insertAudit(db: Queryable, entry: NewAuditEntry): Promise<AuditEntry> {
  return toAudit((await one(db, Q.insert(auditValues(entry))))!);
}

/** The audit log's methods of the storage. */
export function postgresAudit(pool: pg.Pool): AuditStorage {
  return {
    appendAudit: (entry) => insertAudit(pool, entry),
    async listAudit(siteId, { before, limit }) {
      const below = before ?? Number.MAX_SAFE_INTEGER;
      const rows = siteId === null ? await all(pool, Q.every([below, limit])) : await all(pool, Q.bySite([siteId, below, limit]));
      return rows.map(toAudit);
    },
  };
}
