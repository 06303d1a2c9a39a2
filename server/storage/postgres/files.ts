/** Stored files on PostgreSQL: the bytes of documents, videos, posters and captions, served at `/files/{id}/{name}`. */
import type pg from 'pg';
import { bufferOf, newToken, now, str } from '../records';
import type { FileStorage, StoredFile, StoredFileInfo } from '../types';
import { one, sql } from './db';

const Q = {
  file: sql('file', 'SELECT * FROM files WHERE id = $1'),
  info: sql('file_info', 'SELECT id, filename, content_type, octet_length(bytes) AS size FROM files WHERE id = $1'),
  // a slice of a bytea stored out of line reads only the TOAST chunks it needs
  range: sql('file_range', 'SELECT substring(bytes from $2::integer for $3::integer) AS part FROM files WHERE id = $1'),
  insertFile: sql(
    'file_insert',
    'INSERT INTO files (id, site_id, filename, content_type, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
  ),
};

/** The file methods of the storage. */
export function postgresFiles(pool: pg.Pool): FileStorage {
  return {
    async addFile(siteId, input) {
      const id = newToken(16);
      await pool.query(Q.insertFile([id, siteId, input.filename, input.contentType, bufferOf(input.bytes), now()]));
      return id;
    },
    async getFile(id) {
      const r = await one(pool, Q.file([id]));
      if (!r) return null;
      const bytes = r.bytes as Buffer;
      return { id: str(r.id), filename: str(r.filename), contentType: str(r.content_type), bytes, size: bytes.length } satisfies StoredFile;
    },
    async getFileInfo(id) {
      const r = await one(pool, Q.info([id]));
      if (!r) return null;
      return { id: str(r.id), filename: str(r.filename), contentType: str(r.content_type), size: Number(r.size) } satisfies StoredFileInfo;
    },
    async readFileRange(id, start, length) {
      const r = await one(pool, Q.range([id, start + 1, length]));
      if (!r) return null;
      return r.part as Buffer;
    },
  };
}
