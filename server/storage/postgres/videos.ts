/** Videos on PostgreSQL, with the names of their video, poster and captions files (widget-spec §3 "Video response"). */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { bufferOf, newToken, now, toVideo, VIDEO_FILE_COLUMNS, videoValues } from '../records';
import type { NewFile, VideoFileKind, VideoStorage } from '../types';
import { insertAudit } from './audit';
import { announcedTransaction } from './cache';
import { all, one, sql, transaction } from './db';
import type { Listener } from './listener';

const VIDEO_SELECT = `SELECT v.*, f.filename AS filename, t.filename AS thumbnail_filename, c.filename AS captions_filename FROM videos v
  LEFT JOIN files f ON f.id = v.file_id LEFT JOIN files t ON t.id = v.thumbnail_file_id LEFT JOIN files c ON c.id = v.captions_file_id`;

const Q = {
  videoById: sql('video_by_id', `${VIDEO_SELECT} WHERE v.id = $1`),
  // the row locked, so that two changes of one video at once are made one after the other
  siteVideoForUpdate: sql('site_video_for_update', `${VIDEO_SELECT} WHERE v.site_id = $1 AND v.id = $2 FOR UPDATE OF v`),
  videoByToken: sql('video_by_token', `${VIDEO_SELECT} WHERE v.embed_token = $1`),
  videos: sql('videos', `${VIDEO_SELECT} WHERE v.site_id = $1 ORDER BY v.created_at`),
  insertVideo: sql(
    'video_insert',
    'INSERT INTO videos (id, site_id, name, description, embed_token, file_id, thumbnail_file_id, captions_file_id, transcript, settings, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
  ),
  updateVideo: sql('video_update', 'UPDATE videos SET name = $1, description = $2, transcript = $3, settings = $4 WHERE id = $5'),
  insertFile: sql(
    'video_file_insert',
    'INSERT INTO files (id, site_id, filename, content_type, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
  ),
  deleteFile: sql('video_file_delete', 'DELETE FROM files WHERE id = $1'),
  deleteVideo: sql('video_delete', 'DELETE FROM videos WHERE id = $1'),
  deletePresence: sql('video_presence_delete', 'DELETE FROM presence_messages WHERE video_id = $1'),
  pointAt: Object.fromEntries(
    Object.entries(VIDEO_FILE_COLUMNS).map(([kind, column]) => [
      kind,
      sql(`video_point_${kind}`, `UPDATE videos SET ${column} = $1 WHERE id = $2`),
    ]),
  ) as Record<VideoFileKind, ReturnType<typeof sql>>,
};

/** The video methods of the storage. */
export function postgresVideos(pool: pg.Pool, listener: Listener): VideoStorage {
  const addFile = async (db: pg.PoolClient, siteId: string, file: NewFile) => {
    const id = newToken(16);
    await db.query(Q.insertFile([id, siteId, file.filename, file.contentType, bufferOf(file.bytes), now()]));
    return id;
  };

  return {
    addVideo: (input, options = {}) =>
      transaction(pool, async (db) => {
        const id = randomUUID();
        const { files = {} } = options;
        await db.query(
          Q.insertVideo(
            videoValues(id, {
              ...input,
              fileId: files.video ? await addFile(db, input.siteId, files.video) : input.fileId,
              thumbnailFileId: files.poster ? await addFile(db, input.siteId, files.poster) : input.thumbnailFileId,
              captionsFileId: files.captions ? await addFile(db, input.siteId, files.captions) : (input.captionsFileId ?? null),
            }),
          ),
        );
        const video = toVideo((await one(db, Q.videoById([id])))!);
        if (options.audit) await insertAudit(db, options.audit(video));
        return video;
      }),
    async getVideo(id) {
      const r = await one(pool, Q.videoById([id]));
      return r ? toVideo(r) : null;
    },
    async findVideoByToken(embedToken) {
      const r = await one(pool, Q.videoByToken([embedToken]));
      return r ? toVideo(r) : null;
    },
    listVideos: async (siteId) => (await all(pool, Q.videos([siteId]))).map(toVideo),
    updateVideo: (siteId, id, patch, audit) =>
      transaction(pool, async (db) => {
        const r = await one(db, Q.siteVideoForUpdate([siteId, id]));
        if (!r) return null;
        const before = toVideo(r);
        const next = { ...before, ...patch };
        await db.query(Q.updateVideo([next.name, next.description, next.transcript, JSON.stringify(next.settings), id]));
        const after = toVideo((await one(db, Q.videoById([id])))!);
        if (audit) await insertAudit(db, audit(before, after));
        return after;
      }),
    // announced: the presence videos cached for the history (postgres/triggers.ts) may have shown it
    deleteVideo: (siteId, id, audit) =>
      announcedTransaction(pool, listener, async (db) => {
        const r = await one(db, Q.siteVideoForUpdate([siteId, id]));
        if (!r) return null;
        const before = toVideo(r);
        await db.query(Q.deletePresence([id]));
        await db.query(Q.deleteVideo([id]));
        for (const column of Object.values(VIDEO_FILE_COLUMNS))
          if (typeof r[column] === 'string') await db.query(Q.deleteFile([r[column]]));
        if (audit) await insertAudit(db, audit(before));
        return before;
      }),
    setVideoFile: (siteId, id, kind, file, audit) =>
      transaction(pool, async (db) => {
        const r = await one(db, Q.siteVideoForUpdate([siteId, id]));
        if (!r) return null;
        const before = toVideo(r);
        await db.query(Q.pointAt[kind]([await addFile(db, siteId, file), id]));
        const replaced = r[VIDEO_FILE_COLUMNS[kind]];
        if (typeof replaced === 'string') await db.query(Q.deleteFile([replaced]));
        const after = toVideo((await one(db, Q.videoById([id])))!);
        if (audit) await insertAudit(db, audit(before, after));
        return after;
      }),
  };
}
