/** Smart documents and their footer buttons on SQLite (widget-spec §3 "Smart doc response"). */
import { randomUUID } from 'node:crypto';
import { bufferOf, deepFreeze, documentValues, newToken, now, toDocument, toFooterButton } from '../records';
import type { DocumentRecord, DocumentStorage, FooterButton } from '../types';
import { auditWriter } from './audit';
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
  const siteDocument = db.prepare<[string, string], Row>(`${DOCUMENT_SELECT} WHERE d.id = ? AND d.site_id = ?`);
  const insertFile = db.prepare('INSERT INTO files (id, site_id, filename, content_type, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  const updateFields = db.prepare(
    'UPDATE documents SET name = ?, version_number = ?, hide_doc_header = ?, hide_doc_footer = ? WHERE id = ? AND site_id = ?',
  );
  const updateFile = db.prepare(
    'UPDATE documents SET file_id = ?, type = ?, text = ?, text_reader = ?, version_number = version_number + 1 WHERE id = ? AND site_id = ?',
  );
  const deleteFooterButtons = db.prepare('DELETE FROM footer_buttons WHERE document_id = ?');
  const writeAudit = auditWriter(db);
  const addFile = (siteId: string, file: { filename: string; contentType: string; bytes: Uint8Array }) => {
    const fileId = newToken(16);
    insertFile.run(fileId, siteId, file.filename, file.contentType, bufferOf(file.bytes), now());
    return fileId;
  };
  /** Runs `work` in one transaction, and moves the documents' cache on when it wrote. */
  const write = <T>(work: () => T): T => {
    const result = db.transaction(work)();
    generation.bump();
    return result;
  };

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
    getDocument(siteId, id) {
      const r = siteDocument.get(id, siteId);
      return r ? toDocument(r) : null;
    },
    addDocumentWithFile: (file, input, audit) =>
      write(() => {
        const id = randomUUID();
        insertDocument.run(...documentValues(id, { ...input, fileId: addFile(input.siteId, file) }));
        const doc = toDocument(documentById.get(id)!);
        if (audit) writeAudit(audit(doc));
        return doc;
      }),
    updateDocument: (siteId, id, patch, audit) =>
      write(() => {
        const row = siteDocument.get(id, siteId);
        if (!row) return null;
        const before = toDocument(row);
        const next = { ...before, ...patch };
        updateFields.run(next.name, next.versionNumber, next.hideDocHeader ? 1 : 0, next.hideDocFooter ? 1 : 0, id, siteId);
        const after = toDocument(siteDocument.get(id, siteId)!);
        if (audit) writeAudit(audit(before, after));
        return after;
      }),
    addDocumentVersion: (siteId, id, file, content, audit) =>
      write(() => {
        const row = siteDocument.get(id, siteId);
        if (!row) return null;
        const before = toDocument(row);
        updateFile.run(addFile(siteId, file), content.type, content.text, content.textReader, id, siteId);
        const after = toDocument(siteDocument.get(id, siteId)!);
        if (audit) writeAudit(audit(before, after));
        return after;
      }),
    setFooterButtons: (siteId, documentId, buttons, audit) =>
      db.transaction(() => {
        if (!siteDocument.get(documentId, siteId)) return null;
        const before = footerButtons.all(documentId).map(toFooterButton);
        const kept = new Set(before.map((b) => b.id));
        deleteFooterButtons.run(documentId);
        const after: FooterButton[] = buttons.map((b, position) => {
          const id = b.id && kept.has(b.id) ? b.id : randomUUID();
          insertFooterButton.run(id, documentId, b.label, b.type, b.url ?? null, b.actionType ?? null, position);
          return toFooterButton({ id, label: b.label, type: b.type, url: b.url ?? null, action_type: b.actionType ?? null });
        });
        if (audit) writeAudit(audit(before, after));
        return after;
      })(),
  };
}
