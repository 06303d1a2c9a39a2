/**
 * Schema version 4: an answer cut off before it was complete (issue 16: the visitor left, or the provider failed mid-stream).
 */
import type { Migration } from './migration';

export const incompleteMessages: Migration = {
  version: 4,
  sqlite: `ALTER TABLE messages ADD COLUMN incomplete INTEGER NOT NULL DEFAULT 0;`,
  postgres: `ALTER TABLE messages ADD COLUMN incomplete boolean NOT NULL DEFAULT false;`,
};
