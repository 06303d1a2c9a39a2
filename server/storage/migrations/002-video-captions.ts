/**
 * Schema version 2: captions (WebVTT) for videos.
 */
import type { Migration } from './migration';

export const videoCaptions: Migration = {
  version: 2,
  sqlite: `ALTER TABLE videos ADD COLUMN captions_file_id TEXT REFERENCES files(id);`,
  postgres: `ALTER TABLE videos ADD COLUMN captions_file_id text REFERENCES files(id);`,
};
