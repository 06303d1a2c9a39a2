/**
 * Documents stored before a better reader get their text from it (server/documents.ts TEXT_READER_VERSION): at
 * start, each document with a file whose text an older reader made (a PDF stored without text, a CSV stored as
 * raw text) is read again from its file. One instance does it (the storage's `exclusive`); each document's text
 * and reader version are written together, in one write, so a document is never left half read.
 */
import { isDocType, readDocumentText, TEXT_READER_VERSION, type ReadLimits } from './documents';
import type { Storage } from './storage/types';

/**
 * Reads again the documents whose text is older than the readers; resolves with how many were read again. A file
 * that cannot be read keeps the text it had (none, for a PDF) and is not tried again; `log` is told why.
 */
export function rereadDocuments(storage: Storage, log: (line: string) => void, limits: Partial<ReadLimits> = {}): Promise<number> {
  return storage.exclusive('reread-documents', async () => {
    let updated = 0;
    for (const doc of await storage.documentsToReread(TEXT_READER_VERSION)) {
      const file = doc.fileId ? await storage.getFile(doc.fileId) : null;
      const read = file && isDocType(doc.type) ? await readDocumentText(doc.type, file.bytes, limits) : null;
      if (read?.problem)
        log(`document "${doc.name}" (${doc.id}): ${read.text === null ? 'no new text' : 'part of its text'}: ${read.problem}`);
      if (await storage.setDocumentText(doc.id, read?.text ?? doc.text, TEXT_READER_VERSION)) updated++;
    }
    return updated;
  });
}
