/** Videos on SQLite, with the names of their video, poster and captions files (widget-spec §3 "Video response"). */
import { randomUUID } from 'node:crypto';
import type { Storage, VideoRecord, VideoSettings } from '../types';
import { json, newToken, now, optStr, str, type Db, type Row } from './rows';

/** The part of {@link Storage} that keeps videos. */
export type VideoStorage = Pick<Storage, 'addVideo' | 'getVideo' | 'findVideoByToken' | 'listVideos'>;

const DEFAULT_VIDEO_SETTINGS: VideoSettings = {
  hideVideoHeader: false,
  shareEnabled: true,
  askQuestionEnabled: true,
  embedBrandColor: '#1d4ed8',
  controls: true,
  autoplay: false,
  loop: false,
  mute: false,
};

const VIDEO_SELECT = `SELECT v.*, f.filename AS filename, t.filename AS thumbnail_filename, c.filename AS captions_filename FROM videos v
  LEFT JOIN files f ON f.id = v.file_id LEFT JOIN files t ON t.id = v.thumbnail_file_id LEFT JOIN files c ON c.id = v.captions_file_id`;

const toVideo = (r: Row): VideoRecord => ({
  id: str(r.id),
  siteId: str(r.site_id),
  name: str(r.name),
  description: str(r.description),
  embedToken: str(r.embed_token),
  fileId: optStr(r.file_id) ?? null,
  filename: optStr(r.filename) ?? null,
  thumbnailFileId: optStr(r.thumbnail_file_id) ?? null,
  thumbnailFilename: optStr(r.thumbnail_filename) ?? null,
  captionsFileId: optStr(r.captions_file_id) ?? null,
  captionsFilename: optStr(r.captions_filename) ?? null,
  transcript: str(r.transcript),
  settings: { ...DEFAULT_VIDEO_SETTINGS, ...json<Partial<VideoSettings>>(str(r.settings), {}) },
});

/** The video methods of the storage on `db`. */
export function sqliteVideos(db: Db): VideoStorage {
  const videoById = db.prepare<[string], Row>(`${VIDEO_SELECT} WHERE v.id = ?`);
  const videoByToken = db.prepare<[string], Row>(`${VIDEO_SELECT} WHERE v.embed_token = ?`);
  const videos = db.prepare<[string], Row>(`${VIDEO_SELECT} WHERE v.site_id = ? ORDER BY v.created_at`);
  const insertVideo = db.prepare(
    'INSERT INTO videos (id, site_id, name, description, embed_token, file_id, thumbnail_file_id, captions_file_id, transcript, settings, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );

  return {
    addVideo(input) {
      const id = randomUUID();
      insertVideo.run(
        id,
        input.siteId,
        input.name,
        input.description,
        input.embedToken ?? newToken(),
        input.fileId,
        input.thumbnailFileId,
        input.captionsFileId ?? null,
        input.transcript,
        JSON.stringify({ ...DEFAULT_VIDEO_SETTINGS, ...input.settings }),
        now(),
      );
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
