/** Videos on SQLite, with the names of their video, poster and captions files (widget-spec §3 "Video response"). */
import { randomUUID } from 'node:crypto';
import { bufferOf, newToken, now, toVideo, VIDEO_FILE_COLUMNS, videoValues } from '../records';
import type { NewFile, VideoStorage } from '../types';
import { auditWriter } from './audit';
import { generationOf } from './cache';
import type { Db, Row, Sync } from './db';

const VIDEO_SELECT = `SELECT v.*, f.filename AS filename, t.filename AS thumbnail_filename, c.filename AS captions_filename FROM videos v
  LEFT JOIN files f ON f.id = v.file_id LEFT JOIN files t ON t.id = v.thumbnail_file_id LEFT JOIN files c ON c.id = v.captions_file_id`;

/** The video methods of the storage on `db`. */
export function sqliteVideos(db: Db): Sync<VideoStorage> {
  const videoById = db.prepare<[string], Row>(`${VIDEO_SELECT} WHERE v.id = ?`);
  const siteVideo = db.prepare<[string, string], Row>(`${VIDEO_SELECT} WHERE v.site_id = ? AND v.id = ?`);
  const videoByToken = db.prepare<[string], Row>(`${VIDEO_SELECT} WHERE v.embed_token = ?`);
  const videos = db.prepare<[string], Row>(`${VIDEO_SELECT} WHERE v.site_id = ? ORDER BY v.created_at`);
  const insertVideo = db.prepare(
    'INSERT INTO videos (id, site_id, name, description, embed_token, file_id, thumbnail_file_id, captions_file_id, transcript, settings, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const updateVideo = db.prepare('UPDATE videos SET name = ?, description = ?, transcript = ?, settings = ? WHERE id = ?');
  const insertFile = db.prepare('INSERT INTO files (id, site_id, filename, content_type, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  const deleteFile = db.prepare('DELETE FROM files WHERE id = ?');
  const pointAt = Object.fromEntries(
    Object.entries(VIDEO_FILE_COLUMNS).map(([kind, column]) => [kind, db.prepare(`UPDATE videos SET ${column} = ? WHERE id = ?`)]),
  );
  const deleteVideo = db.prepare('DELETE FROM videos WHERE id = ?');
  const deletePresence = db.prepare('DELETE FROM presence_messages WHERE video_id = ?');
  const generation = generationOf(db);
  const writeAudit = auditWriter(db);
  const addFile = (siteId: string, file: NewFile) => {
    const id = newToken(16);
    insertFile.run(id, siteId, file.filename, file.contentType, bufferOf(file.bytes), now());
    return id;
  };

  return {
    addVideo(input, options = {}) {
      const id = randomUUID();
      return db.transaction(() => {
        const { files = {} } = options;
        insertVideo.run(
          ...videoValues(id, {
            ...input,
            fileId: files.video ? addFile(input.siteId, files.video) : input.fileId,
            thumbnailFileId: files.poster ? addFile(input.siteId, files.poster) : input.thumbnailFileId,
            captionsFileId: files.captions ? addFile(input.siteId, files.captions) : (input.captionsFileId ?? null),
          }),
        );
        const video = toVideo(videoById.get(id)!);
        if (options.audit) writeAudit(options.audit(video));
        return video;
      })();
    },
    getVideo(id) {
      const r = videoById.get(id);
      return r ? toVideo(r) : null;
    },
    findVideoByToken(embedToken) {
      const r = videoByToken.get(embedToken);
      return r ? toVideo(r) : null;
    },
    listVideos: (siteId) => videos.all(siteId).map(toVideo),
    updateVideo: (siteId, id, patch, audit) =>
      db.transaction(() => {
        const r = siteVideo.get(siteId, id);
        if (!r) return null;
        const before = toVideo(r);
        const next = { ...before, ...patch };
        updateVideo.run(next.name, next.description, next.transcript, JSON.stringify(next.settings), id);
        const after = toVideo(videoById.get(id)!);
        if (audit) writeAudit(audit(before, after));
        return after;
      })(),
    deleteVideo(siteId, id, audit) {
      const gone = db.transaction(() => {
        const r = siteVideo.get(siteId, id);
        if (!r) return null;
        const before = toVideo(r);
        deletePresence.run(id);
        deleteVideo.run(id);
        for (const column of Object.values(VIDEO_FILE_COLUMNS)) if (typeof r[column] === 'string') deleteFile.run(r[column]);
        if (audit) writeAudit(audit(before));
        return before;
      })();
      // the presence videos cached for the history (sqlite/triggers.ts) may have shown it
      if (gone) generation.bump();
      return gone;
    },
    setVideoFile: (siteId, id, kind, file, audit) =>
      db.transaction(() => {
        const r = siteVideo.get(siteId, id);
        if (!r) return null;
        const before = toVideo(r);
        pointAt[kind]!.run(addFile(siteId, file), id);
        const replaced = r[VIDEO_FILE_COLUMNS[kind]];
        if (typeof replaced === 'string') deleteFile.run(replaced);
        const after = toVideo(videoById.get(id)!);
        if (audit) writeAudit(audit(before, after));
        return after;
      })(),
  };
}
