/** Smart documents and their footer buttons on PostgreSQL (widget-spec §3 "Smart doc response"). */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { deepFreeze, documentValues, toDocument, toFooterButton } from '../records';
import type { DocumentRecord, DocumentStorage } from '../types';
import { AnnouncedCache, announcedTransaction } from './cache';
import { all, one, sql, transaction } from './db';
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
};

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
  };
}
