/** Videos on PostgreSQL, with the names of their video, poster and captions files (widget-spec §3 "Video response"). */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { toVideo, videoValues } from '../records';
import type { VideoStorage } from '../types';
import { all, one, sql } from './db';

const VIDEO_SELECT = `SELECT v.*, f.filename AS filename, t.filename AS thumbnail_filename, c.filename AS captions_filename FROM videos v
  LEFT JOIN files f ON f.id = v.file_id LEFT JOIN files t ON t.id = v.thumbnail_file_id LEFT JOIN files c ON c.id = v.captions_file_id`;

const Q = {
  videoById: sql('video_by_id', `${VIDEO_SELECT} WHERE v.id = $1`),
  videoByToken: sql('video_by_token', `${VIDEO_SELECT} WHERE v.embed_token = $1`),
  videos: sql('videos', `${VIDEO_SELECT} WHERE v.site_id = $1 ORDER BY v.created_at`),
  insertVideo: sql(
    'video_insert',
    'INSERT INTO videos (id, site_id, name, description, embed_token, file_id, thumbnail_file_id, captions_file_id, transcript, settings, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
  ),
};

/** The video methods of the storage. */
export function postgresVideos(pool: pg.Pool): VideoStorage {
  return {
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
  };
}
