/**
 * Schema version 3: the retention sweep and visitor deletes (retention.ts) find rows by age and by visitor without a full scan.
 */
import type { Migration } from './migration';

export const retentionIndexes: Migration = {
  version: 3,
  sqlite: `
  CREATE INDEX chat_sessions_last_message ON chat_sessions(last_message_at);
  CREATE INDEX profiles_updated ON profiles(updated_at);
  CREATE INDEX button_clicks_created ON button_clicks(created_at);
  CREATE INDEX button_clicks_visitor ON button_clicks(site_id, user_session_id);
  `,
  postgres: `
  CREATE INDEX chat_sessions_last_message ON chat_sessions(last_message_at);
  CREATE INDEX profiles_updated ON profiles(updated_at);
  CREATE INDEX button_clicks_created ON button_clicks(created_at);
  CREATE INDEX button_clicks_visitor ON button_clicks(site_id, user_session_id);
  `,
};
