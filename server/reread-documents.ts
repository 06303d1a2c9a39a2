/**
 * Documents stored before a better reader get their text from it (server/documents.ts TEXT_READER_VERSION): at
 * start, each document with a file whose text an older reader made (a PDF stored without text, a CSV stored as
 * raw text) is read again from its file. One instance does it (the storage's `exclusive`); each document's text
 * and reader version are written together, in one write, so a document is never left half read.
 *
 * A document is tried once: before it is read it is marked as begun (TEXT_READER_BEGUN), so that a file that
 * brings the server down while it is read, or one whose reading did not finish (too slow, out of memory), is not
 * read again at every start; the next start finds it begun and keeps the text it had.
 */
import { isDocType, readDocumentText, TEXT_READER_BEGUN, TEXT_READER_VERSION, type ReadLimits } from './documents';
import type { DocumentRecord, Storage } from './storage/types';

/** The types read as tables: the raw text an older reader kept of them is not kept when the new reader gives none. */
const TABLE_TYPES: ReadonlySet<string> = new Set(['csv', 'xls', 'xlsx', 'spreadsheet']);

/** The text a document keeps when its file gives none: its old text, but never a table's raw text. */
const keptText = (doc: DocumentRecord) => (TABLE_TYPES.has(doc.type) ? null : doc.text);

/**
 * Reads again the documents whose text is older than the readers; resolves with how many were written. A file
 * that cannot be read keeps the text it had (none for a PDF, none for a table) and is not tried again; one whose
 * reading was begun at an earlier start and did not finish is not read again; `log` is told why.
 */
export function rereadDocuments(storage: Storage, log: (line: string) => void, limits: Partial<ReadLimits> = {}): Promise<number> {
  return storage.exclusive('reread-documents', async () => {
    let updated = 0;
    // the documents below the begun version were never tried; the others were, at an earlier start
    const untried = new Set((await storage.documentsToReread(TEXT_READER_BEGUN)).map((d) => d.id));
    for (const doc of await storage.documentsToReread(TEXT_READER_VERSION)) {
      if (!untried.has(doc.id)) {
        log(`document "${doc.name}" (${doc.id}): not read again: its reading at an earlier start did not finish`);
        if (await storage.setDocumentText(doc.id, keptText(doc), TEXT_READER_VERSION)) updated++;
        continue;
      }
      // another instance began it
      if (!(await storage.setDocumentText(doc.id, doc.text, TEXT_READER_BEGUN))) continue;
      const file = doc.fileId ? await storage.getFile(doc.fileId) : null;
      const read = file && isDocType(doc.type) ? await readDocumentText(doc.type, file.bytes, limits) : null;
      if (read?.problem)
        log(`document "${doc.name}" (${doc.id}): ${read.text === null ? 'no new text' : 'part of its text'}: ${read.problem}`);
      // a reading that did not finish stays begun: the next start keeps the text it had, without reading it again
      if (read?.unfinished) continue;
      if (await storage.setDocumentText(doc.id, read ? (read.text ?? keptText(doc)) : doc.text, TEXT_READER_VERSION)) updated++;
    }
    return updated;
  });
}
