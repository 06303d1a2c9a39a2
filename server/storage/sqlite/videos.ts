/** Videos on SQLite, with the names of their video, poster and captions files (widget-spec §3 "Video response"). */
import { randomUUID } from 'node:crypto';
import { toVideo, videoValues } from '../records';
import type { VideoStorage } from '../types';
import type { Db, Row, Sync } from './db';

const VIDEO_SELECT = `SELECT v.*, f.filename AS filename, t.filename AS thumbnail_filename, c.filename AS captions_filename FROM videos v
  LEFT JOIN files f ON f.id = v.file_id LEFT JOIN files t ON t.id = v.thumbnail_file_id LEFT JOIN files c ON c.id = v.captions_file_id`;

/** The video methods of the storage on `db`. */
export function sqliteVideos(db: Db): Sync<VideoStorage> {
  const videoById = db.prepare<[string], Row>(`${VIDEO_SELECT} WHERE v.id = ?`);
  const videoByToken = db.prepare<[string], Row>(`${VIDEO_SELECT} WHERE v.embed_token = ?`);
  const videos = db.prepare<[string], Row>(`${VIDEO_SELECT} WHERE v.site_id = ? ORDER BY v.created_at`);
  const insertVideo = db.prepare(
    'INSERT INTO videos (id, site_id, name, description, embed_token, file_id, thumbnail_file_id, captions_file_id, transcript, settings, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );

  return {
    addVideo(input) {
      const id = randomUUID();
      insertVideo.run(...videoValues(id, input));
      return toVideo(videoById.get(id)!);
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
  };
}
