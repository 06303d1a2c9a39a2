/** Stored files on SQLite: the bytes of documents, videos, posters and captions, served at `/files/{id}/{name}`. */
import type { FileStorage, StoredFile, StoredFileInfo } from '../types';
import { bufferOf, newToken, now, str } from '../records';
import type { Db, Row, Sync } from './db';

/** The file methods of the storage on `db`. */
export function sqliteFiles(db: Db): Sync<FileStorage> {
  const file = db.prepare<[string], Row>('SELECT * FROM files WHERE id = ?');
  // length() of a BLOB is read from the row's header, and substr() of one is a BLOB: neither is a copy of the file in the process
  const info = db.prepare<[string], Row>('SELECT id, filename, content_type, length(bytes) AS size FROM files WHERE id = ?');
  const range = db.prepare<[number, number, string], Row>('SELECT substr(bytes, ?, ?) AS part FROM files WHERE id = ?');
  const insertFile = db.prepare('INSERT INTO files (id, site_id, filename, content_type, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?)');

  return {
    addFile(siteId, input) {
      const id = newToken(16);
      insertFile.run(id, siteId, input.filename, input.contentType, bufferOf(input.bytes), now());
      return id;
    },
    getFile(id) {
      const r = file.get(id);
      if (!r) return null;
      const bytes = r.bytes as Buffer;
      return { id: str(r.id), filename: str(r.filename), contentType: str(r.content_type), bytes, size: bytes.length } satisfies StoredFile;
    },
    getFileInfo(id) {
      const r = info.get(id);
      if (!r) return null;
      return { id: str(r.id), filename: str(r.filename), contentType: str(r.content_type), size: Number(r.size) } satisfies StoredFileInfo;
    },
    readFileRange(id, start, length) {
      const r = range.get(start + 1, length, id);
      if (!r) return null;
      return r.part as Buffer;
    },
  };
}
