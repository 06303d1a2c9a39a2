/**
 * Advice files on PostgreSQL (docs/advice-records.md): files, their append-only entries, tokens, statements, links and
 * the sites' settings. An append holds its file's row (SELECT … FOR UPDATE) for its transaction, so two instances
 * appending to one file at once take turns: each numbers its entries after the other's, or finds the file changed.
 */
import type pg from 'pg';
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
import type { AdviceLinkTarget, AdviceStorage, NewAuditEntry } from '../types';
import { insertAudit } from './audit';
import { all, changed, one, type Queryable, sql, transaction } from './db';

const Q = {
  insertFile: sql(
    'advice_file_insert',
    `INSERT INTO advice_files (id, site_id, created_at, updated_at, status, client_name, client_email, partner_name, search_key,
       last_seq, sampled, in_review_queue, reviewed)
     VALUES ($1, $2, $3, $3, 'in-progress', $4, $5, NULL, $6, 1, $7, $7, NULL) RETURNING *`,
  ),
  insertToken: sql('advice_token_insert', 'INSERT INTO advice_file_tokens (token_hash, file_id, created_at) VALUES ($1, $2, $3)'),
  insertEntry: sql(
    'advice_entry_insert',
    'INSERT INTO advice_entries (file_id, seq, kind, at, author, data) VALUES ($1, $2, $3, $4, $5, $6)',
  ),
  file: sql('advice_file', 'SELECT * FROM advice_files WHERE site_id = $1 AND id = $2'),
  lockFile: sql('advice_file_lock', 'SELECT * FROM advice_files WHERE id = $1 FOR UPDATE'),
  byToken: sql(
    'advice_file_by_token',
    `SELECT f.* FROM advice_files f JOIN advice_file_tokens t ON t.file_id = f.id
      WHERE f.site_id = $1 AND f.id = $2 AND t.token_hash = $3`,
  ),
  entries: sql('advice_entries', 'SELECT * FROM advice_entries WHERE file_id = $1 ORDER BY seq'),
  latest: sql('advice_entry_latest', 'SELECT * FROM advice_entries WHERE file_id = $1 AND kind = $2 ORDER BY seq DESC LIMIT 1'),
  updateFile: sql(
    'advice_file_update',
    'UPDATE advice_files SET last_seq = $1, updated_at = $2, status = $3, partner_name = $4, search_key = $5 WHERE id = $6',
  ),
  review: sql('advice_file_review', 'UPDATE advice_files SET reviewed = $1, in_review_queue = false WHERE id = $2'),
  insertStatement: sql(
    'advice_statement_insert',
    'INSERT INTO advice_statements (id, file_id, sha256, pdf, created_at) VALUES ($1, $2, $3, $4, $5)',
  ),
  statement: sql('advice_statement', 'SELECT sha256, pdf, created_at FROM advice_statements WHERE file_id = $1 AND id = $2'),
  insertLink: sql(
    'advice_link_insert',
    'INSERT INTO advice_links (token_hash, kind, file_id, statement_id, created_at, expires_at, used_at) VALUES ($1, $2, $3, $4, $5, $6, NULL)',
  ),
  useLink: sql(
    'advice_link_use',
    `UPDATE advice_links SET used_at = $1
      WHERE token_hash = $2 AND kind = $3 AND used_at IS NULL AND expires_at > $1
        AND file_id IN (SELECT id FROM advice_files WHERE site_id = $4)
      RETURNING file_id, statement_id`,
  ),
  findLink: sql(
    'advice_link_find',
    `SELECT l.file_id, l.statement_id FROM advice_links l JOIN advice_files f ON f.id = l.file_id
      WHERE l.token_hash = $1 AND l.kind = $2 AND l.used_at IS NULL AND l.expires_at > $3 AND f.site_id = $4`,
  ),
  settings: sql('advice_settings', 'SELECT * FROM advice_settings WHERE site_id = $1'),
  lockSettings: sql('advice_settings_lock', 'SELECT * FROM advice_settings WHERE site_id = $1 FOR UPDATE'),
  putSettings: sql(
    'advice_settings_put',
    `INSERT INTO advice_settings (site_id, paused, sample_percent, retention_years) VALUES ($1, $2, $3, $4)
     ON CONFLICT (site_id) DO UPDATE SET paused = excluded.paused, sample_percent = excluded.sample_percent,
       retention_years = excluded.retention_years`,
  ),
  versions: sql(
    'advice_versions',
    `SELECT e.data::json->>'engineVersion' AS engine_version, e.data::json->>'assumptionsVersion' AS assumptions_version,
            min(e.at) AS first_at, max(e.at) AS last_at, count(*) AS n
       FROM advice_entries e JOIN advice_files f ON f.id = e.file_id
      WHERE f.site_id = $1 AND e.kind = 'result'
      GROUP BY 1, 2 ORDER BY first_at`,
  ),
  retention: sql(
    'advice_retention',
    'SELECT s.id AS site_id, coalesce(a.retention_years, 7) AS years FROM sites s LEFT JOIN advice_settings a ON a.site_id = s.id',
  ),
  purge: sql('advice_purge', 'DELETE FROM advice_files WHERE site_id = $1 AND updated_at < $2'),
};

async function useLink(db: Queryable, siteId: string, tokenHash: string, kind: string, nowMs: number): Promise<AdviceLinkTarget | null> {
  const r = await one(db, Q.useLink([nowMs, tokenHash, kind, siteId]));
  return r ? { fileId: str(r.file_id), siteId, statementId: (r.statement_id as string | null) ?? null } : null;
}

export function postgresAdvice(pool: pg.Pool): AdviceStorage {
  return {
    createAdviceFile: (input) =>
      transaction(pool, async (db) => {
        const key = adviceSearchKey(input.clientName, input.clientEmail, null);
        const row = await one(
          db,
          Q.insertFile([input.id, input.siteId, input.at, input.clientName, input.clientEmail, key, input.sampled]),
        );
        await db.query(Q.insertToken([input.tokenHash, input.id, input.at]));
        const { consent } = input;
        await db.query(Q.insertEntry([input.id, 1, consent.data.kind, input.at, JSON.stringify(consent.by), entryData(consent.data)]));
        return toStoredAdviceFile(row!);
      }),
    async adviceFileByToken(siteId, fileId, tokenHash) {
      const r = await one(pool, Q.byToken([siteId, fileId, tokenHash]));
      return r ? toStoredAdviceFile(r) : null;
    },
    async getAdviceFile(siteId, fileId) {
      const r = await one(pool, Q.file([siteId, fileId]));
      return r ? toStoredAdviceFile(r) : null;
    },
    async adviceEntries(fileId, kinds?: readonly AdviceEntryKind[]) {
      const entries = (await all(pool, Q.entries([fileId]))).map(toAdviceEntry);
      return kinds ? entries.filter((e) => kinds.includes(e.kind)) : entries;
    },
    async latestAdviceEntry(fileId, kind) {
      const r = await one(pool, Q.latest([fileId, kind]));
      return (r ? toAdviceEntry(r) : null) as never;
    },
    appendAdviceEntries: (fileId, append) =>
      transaction(pool, async (db) => {
        const row = await one(db, Q.lockFile([fileId]));
        if (!row) return null;
        const file = toStoredAdviceFile(row);
        if (file.lastSeq !== append.lastSeq) return null;
        if (append.useLink && !(await useLink(db, file.siteId, append.useLink.tokenHash, append.useLink.kind, append.useLink.nowMs)))
          return null;
        const written: AdviceEntry[] = [];
        let seq = file.lastSeq;
        for (const entry of append.entries) {
          seq += 1;
          await db.query(Q.insertEntry([fileId, seq, entry.data.kind, append.at, JSON.stringify(entry.by), entryData(entry.data)]));
          written.push({ ...entry.data, seq, at: append.at, by: entry.by } as AdviceEntry);
        }
        const partner = append.partnerName === undefined ? file.partnerName : append.partnerName;
        await db.query(
          Q.updateFile([seq, append.at, append.status, partner, adviceSearchKey(file.clientName, file.clientEmail, partner), fileId]),
        );
        if (append.statement) {
          const s = append.statement;
          await db.query(Q.insertStatement([s.id, fileId, s.sha256, Buffer.from(s.pdf), append.at]));
        }
        if (append.link) {
          const l = append.link;
          await db.query(Q.insertLink([l.tokenHash, l.kind, fileId, l.statementId, append.at, l.expiresAt]));
        }
        if (append.tokenHash) await db.query(Q.insertToken([append.tokenHash, fileId, append.at]));
        if (append.review) await db.query(Q.review([append.review, fileId]));
        if (append.audit) await insertAudit(db, append.audit);
        return written;
      }),
    async listAdviceFiles(siteId, query) {
      const where = ['site_id = $1'];
      const values: unknown[] = [siteId];
      const param = (v: unknown) => {
        values.push(v);
        return `$${values.length}`;
      };
      if (query.status) where.push(`status = ${param(query.status)}`);
      if (query.reviewQueue) where.push('in_review_queue');
      if (query.q) where.push(`search_key LIKE ${param(containsPattern(query.q))} ESCAPE '\\'`);
      if (query.after) {
        const at = param(query.after.updatedAt);
        where.push(`(updated_at < ${at} OR (updated_at = ${at} AND id < ${param(query.after.id)}))`);
      }
      const text = `SELECT * FROM advice_files WHERE ${where.join(' AND ')} ORDER BY updated_at DESC, id DESC LIMIT ${param(query.limit)}`;
      // unnamed: its text depends on the filters given
      return (await pool.query({ text, values })).rows.map(toStoredAdviceFile);
    },
    async getAdviceStatement(fileId, statementId) {
      const r = await one(pool, Q.statement([fileId, statementId]));
      return r ? { sha256: str(r.sha256), pdf: new Uint8Array(r.pdf as Buffer), createdAt: str(r.created_at) } : null;
    },
    redeemAdviceLink: (siteId, tokenHash, kind, nowMs, newTokenHash) =>
      transaction(pool, async (db) => {
        const target = await useLink(db, siteId, tokenHash, kind, nowMs);
        if (target && newTokenHash) await db.query(Q.insertToken([newTokenHash, target.fileId, new Date(nowMs).toISOString()]));
        return target;
      }),
    async findAdviceLink(siteId, tokenHash, kind, nowMs) {
      const r = await one(pool, Q.findLink([tokenHash, kind, nowMs, siteId]));
      return r ? { fileId: str(r.file_id), siteId, statementId: (r.statement_id as string | null) ?? null } : null;
    },
    adviceSettings: async (siteId) => toAdviceSettings(await one(pool, Q.settings([siteId]))),
    putAdviceSettings: (siteId, settings, audit?: (before: ReturnType<typeof toAdviceSettings>) => NewAuditEntry) =>
      transaction(pool, async (db) => {
        const before = toAdviceSettings(await one(db, Q.lockSettings([siteId])));
        await db.query(Q.putSettings([siteId, settings.paused, settings.samplePercent, settings.retentionYears]));
        if (audit) await insertAudit(db, audit(before));
        return before;
      }),
    adviceVersions: async (siteId) =>
      (await all(pool, Q.versions([siteId]))).map((r) => ({
        engineVersion: str(r.engine_version),
        assumptionsVersion: str(r.assumptions_version),
        firstUsedAt: str(r.first_at),
        lastUsedAt: str(r.last_at),
        results: Number(r.n),
      })),
    purgeExpiredAdviceFiles: (nowMs) =>
      transaction(pool, async (db) => {
        if (!Number.isFinite(nowMs)) throw new Error(`purgeExpiredAdviceFiles: ${nowMs} is not a time`);
        let deleted = 0;
        for (const r of await all(db, Q.retention()))
          deleted += await changed(db, Q.purge([str(r.site_id), retentionCutoff(nowMs, Number(r.years))]));
        return deleted;
      }),
  };
}
