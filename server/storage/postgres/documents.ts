/** Smart documents and their footer buttons on PostgreSQL (widget-spec §3 "Smart doc response"). */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { bufferOf, deepFreeze, documentValues, newToken, now, toDocument, toFooterButton } from '../records';
import type { DocumentRecord, DocumentStorage, FooterButton, NewFile } from '../types';
import { insertAudit } from './audit';
import { AnnouncedCache, announcedTransaction } from './cache';
import { all, one, sql, transaction, type Queryable } from './db';
import type { Listener } from './listener';

const DOCUMENT_SELECT = 'SELECT d.*, f.filename AS filename FROM documents d LEFT JOIN files f ON f.id = d.file_id';

// Names sort as SQLite's do (byte order), whatever the database's locale.
const Q = {
  documentById: sql('document_by_id', `${DOCUMENT_SELECT} WHERE d.id = $1`),
  documentByToken: sql('document_by_token', `${DOCUMENT_SELECT} WHERE d.embed_token = $1`),
  documents: sql('documents', `${DOCUMENT_SELECT} WHERE d.site_id = $1 ORDER BY d.created_at, d.name COLLATE "C"`),
  insertDocument: sql(
    'document_insert',
    'INSERT INTO documents (id, site_id, name, type, version_number, embed_token, file_id, text, hide_doc_header, hide_doc_footer, created_at, text_reader) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)',
  ),
  toReread: sql('documents_to_reread', `${DOCUMENT_SELECT} WHERE d.text_reader < $1 AND d.file_id IS NOT NULL ORDER BY d.created_at, d.id`),
  updateText: sql('document_text_update', 'UPDATE documents SET text = $1, text_reader = $2 WHERE id = $3 AND text_reader < $2'),
  footerButtons: sql('footer_buttons', 'SELECT * FROM footer_buttons WHERE document_id = $1 ORDER BY position'),
  // the document's row is locked while the next position is counted, so that two buttons added at once get two
  lockDocument: sql('document_lock', 'SELECT id FROM documents WHERE id = $1 FOR UPDATE'),
  insertFooterButton: sql(
    'footer_button_insert',
    `INSERT INTO footer_buttons (id, document_id, label, type, url, action_type, position)
     VALUES ($1, $2, $3, $4, $5, $6, (SELECT count(*) FROM footer_buttons WHERE document_id = $2))`,
  ),
  // the site's document, its row locked for the change that reads it
  siteDocument: sql('site_document', `${DOCUMENT_SELECT} WHERE d.id = $1 AND d.site_id = $2`),
  lockSiteDocument: sql('site_document_lock', 'SELECT id FROM documents WHERE id = $1 AND site_id = $2 FOR UPDATE'),
  insertFile: sql(
    'document_file_insert',
    'INSERT INTO files (id, site_id, filename, content_type, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
  ),
  updateFields: sql(
    'document_fields_update',
    'UPDATE documents SET name = $1, version_number = $2, hide_doc_header = $3, hide_doc_footer = $4 WHERE id = $5 AND site_id = $6',
  ),
  updateFile: sql(
    'document_file_update',
    'UPDATE documents SET file_id = $1, type = $2, text = $3, text_reader = $4, version_number = version_number + 1 WHERE id = $5 AND site_id = $6',
  ),
  deleteFooterButtons: sql('footer_buttons_delete', 'DELETE FROM footer_buttons WHERE document_id = $1'),
  insertFooterButtonAt: sql(
    'footer_button_insert_at',
    'INSERT INTO footer_buttons (id, document_id, label, type, url, action_type, position) VALUES ($1, $2, $3, $4, $5, $6, $7)',
  ),
};

/** Stores a file in `db`'s transaction; its id. */
async function addFile(db: Queryable, siteId: string, file: NewFile): Promise<string> {
  const fileId = newToken(16);
  await db.query(Q.insertFile([fileId, siteId, file.filename, file.contentType, bufferOf(file.bytes), now()]));
  return fileId;
}

/** The site's document, locked until `db`'s transaction ends; null when it has none of that id. */
async function lockedDocument(db: Queryable, siteId: string, id: string): Promise<DocumentRecord | null> {
  if (!(await one(db, Q.lockSiteDocument([id, siteId])))) return null;
  return toDocument((await one(db, Q.siteDocument([id, siteId])))!);
}

/**
 * The document methods of the storage. Every chat request reads its site's documents, so each site's list is
 * cached, frozen, until a write on any instance announces a change.
 */
export function postgresDocuments(pool: pg.Pool, listener: Listener): DocumentStorage {
  const documentsBySite = new AnnouncedCache<string, readonly DocumentRecord[]>(listener, 1000);

  return {
    async addDocument(input) {
      const id = randomUUID();
      await announcedTransaction(pool, listener, async (db) => {
        await db.query(Q.insertDocument(documentValues(id, input)));
      });
      return toDocument((await one(pool, Q.documentById([id])))!);
    },
    // A copy of the frozen list, so that a caller may sort or filter its own.
    listDocuments: async (siteId) => [
      ...(await documentsBySite.get(siteId, async () => deepFreeze((await all(pool, Q.documents([siteId]))).map(toDocument)))),
    ],
    documentsToReread: async (textReader) => (await all(pool, Q.toReread([textReader]))).map(toDocument),
    async setDocumentText(id, text, textReader) {
      return announcedTransaction(pool, listener, async (db) => ((await db.query(Q.updateText([text, textReader, id]))).rowCount ?? 0) > 0);
    },
    async findDocumentByToken(embedToken) {
      const r = await one(pool, Q.documentByToken([embedToken]));
      return r ? toDocument(r) : null;
    },
    async addFooterButton(documentId, button) {
      const id = randomUUID();
      await transaction(pool, async (db) => {
        await db.query(Q.lockDocument([documentId]));
        await db.query(Q.insertFooterButton([id, documentId, button.label, button.type, button.url ?? null, button.actionType ?? null]));
      });
      return { id, ...button };
    },
    listFooterButtons: async (documentId) => (await all(pool, Q.footerButtons([documentId]))).map(toFooterButton),
    async getDocument(siteId, id) {
      const r = await one(pool, Q.siteDocument([id, siteId]));
      return r ? toDocument(r) : null;
    },
    addDocumentWithFile: (file, input, audit) =>
      announcedTransaction(pool, listener, async (db) => {
        const id = randomUUID();
        await db.query(Q.insertDocument(documentValues(id, { ...input, fileId: await addFile(db, input.siteId, file) })));
        const doc = toDocument((await one(db, Q.documentById([id])))!);
        if (audit) await insertAudit(db, audit(doc));
        return doc;
      }),
    updateDocument: (siteId, id, patch, audit) =>
      announcedTransaction(pool, listener, async (db) => {
        const before = await lockedDocument(db, siteId, id);
        if (!before) return null;
        const next = { ...before, ...patch };
        await db.query(Q.updateFields([next.name, next.versionNumber, next.hideDocHeader, next.hideDocFooter, id, siteId]));
        const after = toDocument((await one(db, Q.siteDocument([id, siteId])))!);
        if (audit) await insertAudit(db, audit(before, after));
        return after;
      }),
    addDocumentVersion: (siteId, id, file, content, audit) =>
      announcedTransaction(pool, listener, async (db) => {
        const before = await lockedDocument(db, siteId, id);
        if (!before) return null;
        await db.query(Q.updateFile([await addFile(db, siteId, file), content.type, content.text, content.textReader, id, siteId]));
        const after = toDocument((await one(db, Q.siteDocument([id, siteId])))!);
        if (audit) await insertAudit(db, audit(before, after));
        return after;
      }),
    setFooterButtons: (siteId, documentId, buttons, audit) =>
      transaction(pool, async (db) => {
        if (!(await lockedDocument(db, siteId, documentId))) return null;
        const before = (await all(db, Q.footerButtons([documentId]))).map(toFooterButton);
        const kept = new Set(before.map((b) => b.id));
        await db.query(Q.deleteFooterButtons([documentId]));
        const after: FooterButton[] = [];
        for (const [position, b] of buttons.entries()) {
          const id = b.id && kept.has(b.id) ? b.id : randomUUID();
          await db.query(Q.insertFooterButtonAt([id, documentId, b.label, b.type, b.url ?? null, b.actionType ?? null, position]));
          after.push(toFooterButton({ id, label: b.label, type: b.type, url: b.url ?? null, action_type: b.actionType ?? null }));
        }
        if (audit) await insertAudit(db, audit(before, after));
        return after;
      }),
  };
}
