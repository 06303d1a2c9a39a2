/** The audit log on SQLite: every change made through the operations (server/operations), who, when, before and after. */
import { auditValues, toAudit } from '../records';
import type { AuditEntry, AuditStorage, NewAuditEntry } from '../types';
import type { Db, Row, Sync } from './db';

/**
 * Writes one entry on `db`: for another part's transaction, so that a change and its entry are written together
 * (better-sqlite3's transactions nest, and a statement run inside one is part of it).
 */
export function auditWriter(db: Db): (entry: NewAuditEntry) => AuditEntry {
  const insert = db.prepare(
    'INSERT INTO audit_log (site_id, at, actor, action, before_value, after_value) VALUES (?, ?, ?, ?, ?, ?) RETURNING *',
  );
  return (entry) => toAudit(insert.get(...auditValues(entry)) as Row);
}

/** The audit log's methods of the storage on `db`. */
export function sqliteAudit(db: Db): Sync<AuditStorage> {
  const write = auditWriter(db);
  const bySite = db.prepare<[string, number, number], Row>('SELECT * FROM audit_log WHERE site_id = ? AND id < ? ORDER BY id DESC LIMIT ?');
  const every = db.prepare<[number, number], Row>('SELECT * FROM audit_log WHERE id < ? ORDER BY id DESC LIMIT ?');
  return {
    appendAudit: write,
    listAudit(siteId, { before, limit }) {
      const below = before ?? Number.MAX_SAFE_INTEGER;
      const rows = siteId === null ? every.all(below, limit) : bySite.all(siteId, below, limit);
      return rows.map(toAudit);
    },
  };
}
