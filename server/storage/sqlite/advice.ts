/**
 * Advice files on SQLite (docs/advice-records.md): files, their append-only entries, tokens, statements, links and
 * the sites' settings. Each write is one transaction (better-sqlite3's are synchronous: nothing else runs inside one).
 */
import type { AdviceEntryKind } from '../../../contract/advice';
import type { AdviceEntry } from '../types';
import {
  adviceSearchKey,
  containsPattern,
  entryData,
  retentionCutoff,
  toAdviceEntry,
  toAdviceSettings,
  toStoredAdviceFile,
} from '../advice-records';
import { str } from '../records';
import type { AdviceLinkTarget, AdviceStorage, StoredAdviceFile } from '../types';
import { auditWriter } from './audit';
import type { Db, Row, Sync } from './db';

export function sqliteAdvice(db: Db): Sync<AdviceStorage> {
  const q = {
    insertFile: db.prepare(
      `INSERT INTO advice_files (id, site_id, created_at, updated_at, status, client_name, client_email, partner_name, search_key,
         last_seq, sampled, in_review_queue, reviewed)
       VALUES (?, ?, ?, ?, 'in-progress', ?, ?, NULL, ?, 1, ?, ?, NULL)`,
    ),
    insertToken: db.prepare('INSERT INTO advice_file_tokens (token_hash, file_id, created_at) VALUES (?, ?, ?)'),
    insertEntry: db.prepare('INSERT INTO advice_entries (file_id, seq, kind, at, author, data) VALUES (?, ?, ?, ?, ?, ?)'),
    file: db.prepare<[string, string], Row>('SELECT * FROM advice_files WHERE site_id = ? AND id = ?'),
    fileById: db.prepare<[string], Row>('SELECT * FROM advice_files WHERE id = ?'),
    byToken: db.prepare<[string, string, string], Row>(
      `SELECT f.* FROM advice_files f JOIN advice_file_tokens t ON t.file_id = f.id
        WHERE f.site_id = ? AND f.id = ? AND t.token_hash = ?`,
    ),
    entries: db.prepare<[string], Row>('SELECT * FROM advice_entries WHERE file_id = ? ORDER BY seq'),
    latest: db.prepare<[string, string], Row>('SELECT * FROM advice_entries WHERE file_id = ? AND kind = ? ORDER BY seq DESC LIMIT 1'),
    updateFile: db.prepare(
      `UPDATE advice_files SET last_seq = ?, updated_at = ?, status = ?, partner_name = ?,
         search_key = ? WHERE id = ?`,
    ),
    review: db.prepare('UPDATE advice_files SET reviewed = ?, in_review_queue = 0 WHERE id = ?'),
    insertStatement: db.prepare('INSERT INTO advice_statements (id, file_id, sha256, pdf, created_at) VALUES (?, ?, ?, ?, ?)'),
    statement: db.prepare<[string, string], Row>('SELECT sha256, pdf, created_at FROM advice_statements WHERE file_id = ? AND id = ?'),
    insertLink: db.prepare(
      'INSERT INTO advice_links (token_hash, kind, file_id, statement_id, created_at, expires_at, used_at) VALUES (?, ?, ?, ?, ?, ?, NULL)',
    ),
    useLink: db.prepare<[number, string, string, number, string], Row>(
      `UPDATE advice_links SET used_at = ?
        WHERE token_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?
          AND file_id IN (SELECT id FROM advice_files WHERE site_id = ?)
        RETURNING file_id, statement_id`,
    ),
    findLink: db.prepare<[string, string, number, string], Row>(
      `SELECT l.file_id, l.statement_id FROM advice_links l JOIN advice_files f ON f.id = l.file_id
        WHERE l.token_hash = ? AND l.kind = ? AND l.used_at IS NULL AND l.expires_at > ? AND f.site_id = ?`,
    ),
    settings: db.prepare<[string], Row>('SELECT * FROM advice_settings WHERE site_id = ?'),
    putSettings: db.prepare(
      `INSERT INTO advice_settings (site_id, paused, sample_percent, retention_years) VALUES (?, ?, ?, ?)
       ON CONFLICT (site_id) DO UPDATE SET paused = excluded.paused, sample_percent = excluded.sample_percent,
         retention_years = excluded.retention_years`,
    ),
    versions: db.prepare<[string], Row>(
      `SELECT json_extract(e.data, '$.engineVersion') AS engine_version, json_extract(e.data, '$.assumptionsVersion') AS assumptions_version,
              min(e.at) AS first_at, max(e.at) AS last_at, count(*) AS n
         FROM advice_entries e JOIN advice_files f ON f.id = e.file_id
        WHERE f.site_id = ? AND e.kind = 'result'
        GROUP BY engine_version, assumptions_version ORDER BY first_at`,
    ),
    retention: db.prepare<[], Row>(
      'SELECT s.id AS site_id, coalesce(a.retention_years, 7) AS years FROM sites s LEFT JOIN advice_settings a ON a.site_id = s.id',
    ),
    purge: db.prepare('DELETE FROM advice_files WHERE site_id = ? AND updated_at < ?'),
  };
  const writeAudit = auditWriter(db);

  const useLink = (siteId: string, tokenHash: string, kind: string, nowMs: number): AdviceLinkTarget | null => {
    const r = q.useLink.get(nowMs, tokenHash, kind, nowMs, siteId);
    return r ? { fileId: str(r.file_id), siteId, statementId: (r.statement_id as string | null) ?? null } : null;
  };

  const list = (siteId: string, query: Parameters<AdviceStorage['listAdviceFiles']>[1]) => {
    const where = ['site_id = ?'];
    const values: unknown[] = [siteId];
    if (query.status) {
      where.push('status = ?');
      values.push(query.status);
    }
    if (query.reviewQueue) where.push('in_review_queue = 1');
    if (query.q) {
      where.push("search_key LIKE ? ESCAPE '\\'");
      values.push(containsPattern(query.q));
    }
    if (query.after) {
      where.push('(updated_at < ? OR (updated_at = ? AND id < ?))');
      values.push(query.after.updatedAt, query.after.updatedAt, query.after.id);
    }
    values.push(query.limit);
    // the statement depends on the filters given: few enough shapes that preparing each time costs nothing that matters
    const rows = db
      .prepare<unknown[], Row>(`SELECT * FROM advice_files WHERE ${where.join(' AND ')} ORDER BY updated_at DESC, id DESC LIMIT ?`)
      .all(...values);
    return rows.map(toStoredAdviceFile);
  };

  return {
    createAdviceFile: db.transaction((input: Parameters<AdviceStorage['createAdviceFile']>[0]): StoredAdviceFile => {
      q.insertFile.run(
        input.id,
        input.siteId,
        input.at,
        input.at,
        input.clientName,
        input.clientEmail,
        adviceSearchKey(input.clientName, input.clientEmail, null),
        input.sampled ? 1 : 0,
        input.sampled ? 1 : 0,
      );
      q.insertToken.run(input.tokenHash, input.id, input.at);
      q.insertEntry.run(input.id, 1, input.consent.data.kind, input.at, JSON.stringify(input.consent.by), entryData(input.consent.data));
      return toStoredAdviceFile(q.fileById.get(input.id)!);
    }),
    adviceFileByToken(siteId, fileId, tokenHash) {
      const r = q.byToken.get(siteId, fileId, tokenHash);
      return r ? toStoredAdviceFile(r) : null;
    },
    getAdviceFile(siteId, fileId) {
      const r = q.file.get(siteId, fileId);
      return r ? toStoredAdviceFile(r) : null;
    },
    adviceEntries(fileId, kinds?: readonly AdviceEntryKind[]) {
      const entries = q.entries.all(fileId).map(toAdviceEntry);
      return kinds ? entries.filter((e) => kinds.includes(e.kind)) : entries;
    },
    latestAdviceEntry(fileId, kind) {
      const r = q.latest.get(fileId, kind);
      return (r ? toAdviceEntry(r) : null) as never;
    },
    appendAdviceEntries: db.transaction((fileId: string, append: Parameters<AdviceStorage['appendAdviceEntries']>[1]) => {
      const row = q.fileById.get(fileId);
      if (!row) return null;
      const file = toStoredAdviceFile(row);
      if (file.lastSeq !== append.lastSeq) return null;
      if (append.useLink && !useLink(file.siteId, append.useLink.tokenHash, append.useLink.kind, append.useLink.nowMs)) return null;
      const written: AdviceEntry[] = [];
      let seq = file.lastSeq;
      for (const entry of append.entries) {
        seq += 1;
        q.insertEntry.run(fileId, seq, entry.data.kind, append.at, JSON.stringify(entry.by), entryData(entry.data));
        written.push({ ...entry.data, seq, at: append.at, by: entry.by } as AdviceEntry);
      }
      const partner = append.partnerName === undefined ? file.partnerName : append.partnerName;
      q.updateFile.run(seq, append.at, append.status, partner, adviceSearchKey(file.clientName, file.clientEmail, partner), fileId);
      if (append.statement) {
        const s = append.statement;
        q.insertStatement.run(s.id, fileId, s.sha256, Buffer.from(s.pdf), append.at);
      }
      if (append.link) {
        const l = append.link;
        q.insertLink.run(l.tokenHash, l.kind, fileId, l.statementId, append.at, l.expiresAt);
      }
      if (append.tokenHash) q.insertToken.run(append.tokenHash, fileId, append.at);
      if (append.review) q.review.run(append.review, fileId);
      if (append.audit) writeAudit(append.audit);
      return written;
    }),
    listAdviceFiles: list,
    getAdviceStatement(fileId, statementId) {
      const r = q.statement.get(fileId, statementId);
      return r ? { sha256: str(r.sha256), pdf: new Uint8Array(r.pdf as Buffer), createdAt: str(r.created_at) } : null;
    },
    redeemAdviceLink: db.transaction(
      (siteId: string, tokenHash: string, kind: 'resume' | 'partner', nowMs: number, newTokenHash?: string) => {
        const target = useLink(siteId, tokenHash, kind, nowMs);
        if (target && newTokenHash) q.insertToken.run(newTokenHash, target.fileId, new Date(nowMs).toISOString());
        return target;
      },
    ),
    findAdviceLink(siteId, tokenHash, kind, nowMs) {
      const r = q.findLink.get(tokenHash, kind, nowMs, siteId);
      return r ? { fileId: str(r.file_id), siteId, statementId: (r.statement_id as string | null) ?? null } : null;
    },
    adviceSettings: (siteId) => toAdviceSettings(q.settings.get(siteId)),
    putAdviceSettings: db.transaction(
      (
        siteId: string,
        settings: Parameters<AdviceStorage['putAdviceSettings']>[1],
        audit?: Parameters<AdviceStorage['putAdviceSettings']>[2],
      ) => {
        const before = toAdviceSettings(q.settings.get(siteId));
        q.putSettings.run(siteId, settings.paused ? 1 : 0, settings.samplePercent, settings.retentionYears);
        if (audit) writeAudit(audit(before));
        return before;
      },
    ),
    adviceVersions: (siteId) =>
      q.versions.all(siteId).map((r) => ({
        engineVersion: str(r.engine_version),
        assumptionsVersion: str(r.assumptions_version),
        firstUsedAt: str(r.first_at),
        lastUsedAt: str(r.last_at),
        results: Number(r.n),
      })),
    purgeExpiredAdviceFiles: db.transaction((nowMs: number) => {
      if (!Number.isFinite(nowMs)) throw new Error(`purgeExpiredAdviceFiles: ${nowMs} is not a time`);
      let deleted = 0;
      for (const r of q.retention.all()) deleted += q.purge.run(str(r.site_id), retentionCutoff(nowMs, Number(r.years))).changes;
      return deleted;
    }),
  };
}
