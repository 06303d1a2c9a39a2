/**
 * Deleting visitors' data on SQLite: one visitor's on request (privacy law's right to erasure),
 * and everyone's past the retention period. The visitor data lives in chat_sessions, messages,
 * profiles and button_clicks (../migrations); a table added there with a visitor's data belongs here too.
 */
import type { DeletedVisitorData, NewAuditEntry, RetentionStorage } from '../types';
import { auditWriter } from './audit';
import type { Db, Row, Sync } from './db';

const count = (r: Row | undefined) => Number(r?.n ?? 0);

/** The delete methods of the storage on `db`. */
export function sqliteRetention(db: Db): Sync<RetentionStorage> {
  // Messages are deleted by name rather than left to ON DELETE CASCADE, so that the count is exact
  // and the delete does not depend on the connection's foreign_keys setting.
  const visitor = {
    countMessages: db.prepare<[string, string], Row>(
      'SELECT count(*) AS n FROM messages WHERE chat_session_id IN (SELECT id FROM chat_sessions WHERE site_id = ? AND user_session_id = ?)',
    ),
    messages: db.prepare<[string, string]>(
      'DELETE FROM messages WHERE chat_session_id IN (SELECT id FROM chat_sessions WHERE site_id = ? AND user_session_id = ?)',
    ),
    sessions: db.prepare<[string, string]>('DELETE FROM chat_sessions WHERE site_id = ? AND user_session_id = ?'),
    profile: db.prepare<[string, string]>('DELETE FROM profiles WHERE site_id = ? AND user_session_id = ?'),
    clicks: db.prepare<[string, string]>('DELETE FROM button_clicks WHERE site_id = ? AND user_session_id = ?'),
  };
  const old = {
    countMessages: db.prepare<[string], Row>(
      'SELECT count(*) AS n FROM messages WHERE chat_session_id IN (SELECT id FROM chat_sessions WHERE last_message_at < ?)',
    ),
    messages: db.prepare<[string]>(
      'DELETE FROM messages WHERE chat_session_id IN (SELECT id FROM chat_sessions WHERE last_message_at < ?)',
    ),
    sessions: db.prepare<[string]>('DELETE FROM chat_sessions WHERE last_message_at < ?'),
    // A visitor still chatting keeps the profile the site's pages gave them, however long ago that was.
    profiles: db.prepare<[string]>(
      `DELETE FROM profiles WHERE updated_at < ?
         AND NOT EXISTS (SELECT 1 FROM chat_sessions c WHERE c.site_id = profiles.site_id AND c.user_session_id = profiles.user_session_id)`,
    ),
    clicks: db.prepare<[string]>('DELETE FROM button_clicks WHERE created_at < ?'),
  };

  // Each runs in one transaction: a delete is never half done, and a reader never sees a session without its messages.
  const writeAudit = auditWriter(db);
  const deleteVisitorData = db.transaction(
    (siteId: string, userSessionId: string, audit?: (deleted: DeletedVisitorData) => NewAuditEntry): DeletedVisitorData => {
      const messages = count(visitor.countMessages.get(siteId, userSessionId));
      visitor.messages.run(siteId, userSessionId);
      const deleted = {
        chatSessions: visitor.sessions.run(siteId, userSessionId).changes,
        messages,
        profiles: visitor.profile.run(siteId, userSessionId).changes,
        buttonClicks: visitor.clicks.run(siteId, userSessionId).changes,
      };
      if (audit) writeAudit(audit(deleted));
      return deleted;
    },
  );
  const purgeOlderThan = db.transaction((cutoffMs: number): DeletedVisitorData => {
    // The columns hold Date#toISOString() text, whose order is the order of the times.
    const cutoff = new Date(cutoffMs).toISOString();
    const messages = count(old.countMessages.get(cutoff));
    old.messages.run(cutoff);
    const chatSessions = old.sessions.run(cutoff).changes;
    return { chatSessions, messages, profiles: old.profiles.run(cutoff).changes, buttonClicks: old.clicks.run(cutoff).changes };
  });

  return {
    deleteVisitorData: (siteId, userSessionId, audit) => deleteVisitorData(siteId, userSessionId, audit),
    purgeOlderThan: (cutoffMs) => {
      if (!Number.isFinite(cutoffMs)) throw new Error(`purgeOlderThan: ${cutoffMs} is not a time`);
      return purgeOlderThan(cutoffMs);
    },
  };
}
