/** Smart documents and their footer buttons on SQLite (widget-spec §3 "Smart doc response"). */
import { randomUUID } from 'node:crypto';
import { deepFreeze, documentValues, toDocument, toFooterButton } from '../records';
import type { DocumentRecord, DocumentStorage } from '../types';
import { GenerationCache, generationOf } from './cache';
import type { Db, Row, Sync } from './db';

const DOCUMENT_SELECT = `SELECT d.*, f.filename AS filename FROM documents d LEFT JOIN files f ON f.id = d.file_id`;

/**
 * The document methods of the storage on `db`. Every chat request reads its site's
 * documents, so each site's list is cached, frozen, until a write here or on another
 * connection to the file ({@link generationOf}: the admin CLI adds documents).
 */
export function sqliteDocuments(db: Db): Sync<DocumentStorage> {
  const generation = generationOf(db);
  const bySite = new GenerationCache<string, readonly DocumentRecord[]>(generation, 1000);
  const documentById = db.prepare<[string], Row>(`${DOCUMENT_SELECT} WHERE d.id = ?`);
  const documentByToken = db.prepare<[string], Row>(`${DOCUMENT_SELECT} WHERE d.embed_token = ?`);
  const documents = db.prepare<[string], Row>(`${DOCUMENT_SELECT} WHERE d.site_id = ? ORDER BY d.created_at, d.name`);
  const footerButtons = db.prepare<[string], Row>('SELECT * FROM footer_buttons WHERE document_id = ? ORDER BY position');
  const insertDocument = db.prepare(
    'INSERT INTO documents (id, site_id, name, type, version_number, embed_token, file_id, text, hide_doc_header, hide_doc_footer, created_at, text_reader) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const toReread = db.prepare<[number], Row>(
    `${DOCUMENT_SELECT} WHERE d.text_reader < ? AND d.file_id IS NOT NULL ORDER BY d.created_at, d.id`,
  );
  const updateText = db.prepare('UPDATE documents SET text = ?, text_reader = ? WHERE id = ? AND text_reader < ?');
  const insertFooterButton = db.prepare(
    'INSERT INTO footer_buttons (id, document_id, label, type, url, action_type, position) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );

  return {
    addDocument(input) {
      const id = randomUUID();
      insertDocument.run(...documentValues(id, input));
      generation.bump();
      return toDocument(documentById.get(id)!);
    },
    // A copy of the frozen list, so that a caller may sort or filter its own.
    listDocuments: (siteId) => [...bySite.get(siteId, () => deepFreeze(documents.all(siteId).map(toDocument)))],
    documentsToReread: (textReader) => toReread.all(textReader).map(toDocument),
    setDocumentText(id, text, textReader) {
      const changed = updateText.run(text, textReader, id, textReader).changes > 0;
      if (changed) generation.bump();
      return changed;
    },
    findDocumentByToken(embedToken) {
      const r = documentByToken.get(embedToken);
      return r ? toDocument(r) : null;
    },
    addFooterButton(documentId, button) {
      const id = randomUUID();
      const position = footerButtons.all(documentId).length;
      insertFooterButton.run(id, documentId, button.label, button.type, button.url ?? null, button.actionType ?? null, position);
      return { id, ...button };
    },
    listFooterButtons: (documentId) => footerButtons.all(documentId).map(toFooterButton),
  };
}
