/**
 * What a site shows, on PostgreSQL: stored files, smart documents and their footer buttons, videos, action
 * buttons and point-of-presence videos (widget-spec §3, §7).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  deepFreeze,
  documentValues,
  newToken,
  now,
  pathMatches,
  str,
  toDocument,
  toFooterButton,
  toPresenceMessage,
  toTrigger,
  toVideo,
  videoValues,
} from '../records';
import type { DocumentRecord, PresenceMessage, Storage, StoredFile } from '../types';
import { AnnouncedCache } from './cache';
import { all, one, sql, transaction } from './db';
import type { Listener } from './listener';
import { announcedTransaction } from './sites';

/** The part of {@link Storage} that keeps files, documents, videos and buttons. */
export type ContentStorage = Pick<
  Storage,
  | 'addFile'
  | 'getFile'
  | 'addDocument'
  | 'listDocuments'
  | 'findDocumentByToken'
  | 'addFooterButton'
  | 'listFooterButtons'
  | 'addVideo'
  | 'getVideo'
  | 'findVideoByToken'
  | 'listVideos'
  | 'addActionTrigger'
  | 'actionTriggersForPath'
  | 'addPresenceMessage'
  | 'presenceMessagesForPath'
>;

const DOCUMENT_SELECT = 'SELECT d.*, f.filename AS filename FROM documents d LEFT JOIN files f ON f.id = d.file_id';
const VIDEO_SELECT = `SELECT v.*, f.filename AS filename, t.filename AS thumbnail_filename, c.filename AS captions_filename FROM videos v
  LEFT JOIN files f ON f.id = v.file_id LEFT JOIN files t ON t.id = v.thumbnail_file_id LEFT JOIN files c ON c.id = v.captions_file_id`;

// Names sort as SQLite's do (byte order), whatever the database's locale.
const Q = {
  file: sql('file', 'SELECT * FROM files WHERE id = $1'),
  insertFile: sql('file_insert', 'INSERT INTO files (id, site_id, filename, content_type, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6)'),
  documentById: sql('document_by_id', `${DOCUMENT_SELECT} WHERE d.id = $1`),
  documentByToken: sql('document_by_token', `${DOCUMENT_SELECT} WHERE d.embed_token = $1`),
  documents: sql('documents', `${DOCUMENT_SELECT} WHERE d.site_id = $1 ORDER BY d.created_at, d.name COLLATE "C"`),
  insertDocument: sql(
    'document_insert',
    'INSERT INTO documents (id, site_id, name, type, version_number, embed_token, file_id, text, hide_doc_header, hide_doc_footer, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
  ),
  footerButtons: sql('footer_buttons', 'SELECT * FROM footer_buttons WHERE document_id = $1 ORDER BY position'),
  // the document's row is locked while the next position is counted, so that two buttons added at once get two
  lockDocument: sql('document_lock', 'SELECT id FROM documents WHERE id = $1 FOR UPDATE'),
  insertFooterButton: sql(
    'footer_button_insert',
    `INSERT INTO footer_buttons (id, document_id, label, type, url, action_type, position)
     VALUES ($1, $2, $3, $4, $5, $6, (SELECT count(*) FROM footer_buttons WHERE document_id = $2))`,
  ),
  videoById: sql('video_by_id', `${VIDEO_SELECT} WHERE v.id = $1`),
  videoByToken: sql('video_by_token', `${VIDEO_SELECT} WHERE v.embed_token = $1`),
  videos: sql('videos', `${VIDEO_SELECT} WHERE v.site_id = $1 ORDER BY v.created_at`),
  insertVideo: sql(
    'video_insert',
    'INSERT INTO videos (id, site_id, name, description, embed_token, file_id, thumbnail_file_id, captions_file_id, transcript, settings, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
  ),
  triggers: sql('triggers', 'SELECT * FROM action_triggers WHERE site_id = $1 ORDER BY position, name COLLATE "C"'),
  lockSite: sql('site_lock_for_trigger', 'SELECT id FROM sites WHERE id = $1 FOR UPDATE'),
  triggerCount: sql('trigger_count', 'SELECT count(*) AS n FROM action_triggers WHERE site_id = $1'),
  insertTrigger: sql(
    'trigger_insert',
    'INSERT INTO action_triggers (id, site_id, path, name, button_type, external_url, action_message, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
  ),
  presence: sql('presence', 'SELECT * FROM presence_messages WHERE site_id = $1 AND show_on_visit ORDER BY created_at'),
  insertPresence: sql(
    'presence_insert',
    'INSERT INTO presence_messages (id, site_id, trigger_path, video_id, content, show_on_visit, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
  ),
};

/**
 * The content methods of the storage. Every chat request reads its site's documents and every history read
 * its page's presence videos, so each site's are cached, frozen, until a write on any instance announces a change.
 */
export function postgresContent(pool: pg.Pool, listener: Listener): ContentStorage {
  const documentsBySite = new AnnouncedCache<string, readonly DocumentRecord[]>(listener, 1000);
  const presenceBySite = new AnnouncedCache<string, readonly PresenceMessage[]>(listener, 1000);

  return {
    async addFile(siteId, input) {
      const id = newToken(16);
      await pool.query(Q.insertFile([id, siteId, input.filename, input.contentType, Buffer.from(input.bytes), now()]));
      return id;
    },
    async getFile(id) {
      const r = await one(pool, Q.file([id]));
      if (!r) return null;
      const bytes = r.bytes as Buffer;
      return { id: str(r.id), filename: str(r.filename), contentType: str(r.content_type), bytes, size: bytes.length } satisfies StoredFile;
    },

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

    async addVideo(input) {
      const id = randomUUID();
      await pool.query(Q.insertVideo(videoValues(id, input)));
      return toVideo((await one(pool, Q.videoById([id])))!);
    },
    async getVideo(id) {
      const r = await one(pool, Q.videoById([id]));
      return r ? toVideo(r) : null;
    },
    async findVideoByToken(embedToken) {
      const r = await one(pool, Q.videoByToken([embedToken]));
      return r ? toVideo(r) : null;
    },
    listVideos: async (siteId) => (await all(pool, Q.videos([siteId]))).map(toVideo),

    addActionTrigger: (siteId, t) =>
      transaction(pool, async (db) => {
        const id = randomUUID();
        await db.query(Q.lockSite([siteId]));
        const position = t.position ?? Number((await one(db, Q.triggerCount([siteId])))!.n);
        await db.query(Q.insertTrigger([id, siteId, t.path, t.name, t.buttonType, t.externalUrl ?? null, t.actionMessage ?? null, position]));
        return { id, path: t.path, name: t.name, buttonType: t.buttonType, externalUrl: t.externalUrl, actionMessage: t.actionMessage, position };
      }),
    actionTriggersForPath: async (siteId, p) => (await all(pool, Q.triggers([siteId]))).map(toTrigger).filter((t) => pathMatches(t.path, p)),
    async addPresenceMessage(siteId, m) {
      const id = randomUUID();
      const createdAt = now();
      await announcedTransaction(pool, listener, async (db) => {
        await db.query(Q.insertPresence([id, siteId, m.triggerEventUrl, m.videoId, m.content, m.showOnVisit, createdAt]));
      });
      return { id, createdAt, ...m };
    },
    presenceMessagesForPath: async (siteId, p) =>
      (await presenceBySite.get(siteId, async () => deepFreeze((await all(pool, Q.presence([siteId]))).map(toPresenceMessage)))).filter((m) =>
        pathMatches(m.triggerEventUrl, p),
      ),
  };
}
