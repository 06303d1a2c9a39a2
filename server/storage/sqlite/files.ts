/** Stored files on SQLite: the bytes of documents, videos, posters and captions, served at `/files/{id}/{name}`. */
import type { FileStorage, StoredFile } from '../types';
import { bufferOf, newToken, now, str } from '../records';
import type { Db, Row, Sync } from './db';

/** The file methods of the storage on `db`. */
export function sqliteFiles(db: Db): Sync<FileStorage> {
  const file = db.prepare<[string], Row>('SELECT * FROM files WHERE id = ?');
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
  };
}
