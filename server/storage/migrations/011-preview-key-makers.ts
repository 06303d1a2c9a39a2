/**
 * Schema version 11: each preview key records who made it (`created_by`, the account's id; null from the command
 * line), so that an editor's keys end with their rights: removing a member, or lowering their role below editor,
 * deletes their preview keys in the same transaction (docs/console.md). The keys made before this version name
 * nobody and are deleted here: each lasts an hour at most, and the appearance editor asks for a new one.
 */
import type { Migration } from './migration';

export const previewKeyMakers: Migration = {
  version: 11,
  sqlite: `
  DELETE FROM preview_keys;
  ALTER TABLE preview_keys ADD COLUMN created_by TEXT;
  CREATE INDEX preview_keys_maker ON preview_keys(site_id, created_by);
  `,
  postgres: `
  DELETE FROM preview_keys;
  ALTER TABLE preview_keys ADD COLUMN created_by text;
  CREATE INDEX preview_keys_maker ON preview_keys(site_id, created_by);
  `,
};
