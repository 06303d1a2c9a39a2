/**
 * Deleting visitors' data on PostgreSQL: one visitor's on request (privacy law's right to erasure),
 * and everyone's past the retention period. The visitor data lives in chat_sessions, messages,
 * profiles and button_clicks (../migrations); a table added there with a visitor's data belongs here too.
 */
import type pg from 'pg';
import type { Row } from '../records';
import type { DeletedVisitorData, RetentionStorage } from '../types';
import { insertAudit } from './audit';
import { all, changed, sql, transaction } from './db';

const Q = {
  // The sessions to delete are locked first (an append locks its session too, so none comes in between and none
  // is deleted half); messages are deleted by name rather than left to ON DELETE CASCADE, so that the count is exact.
  deleteSessions: {
    messages: sql('sessions_messages_delete', 'DELETE FROM messages WHERE chat_session_id = ANY($1::text[])'),
    sessions: sql('sessions_delete', 'DELETE FROM chat_sessions WHERE id = ANY($1::text[])'),
  },
  visitor: {
    sessions: sql(
      'visitor_sessions_lock',
      'SELECT id FROM chat_sessions WHERE site_id = $1 AND user_session_id = $2 ORDER BY id FOR UPDATE',
    ),
    profile: sql('visitor_profile_delete', 'DELETE FROM profiles WHERE site_id = $1 AND user_session_id = $2'),
    clicks: sql('visitor_clicks_delete', 'DELETE FROM button_clicks WHERE site_id = $1 AND user_session_id = $2'),
  },
  old: {
    // locked (in one order, so that two sweeps at once cannot deadlock), a session an append has just moved on is
    // read again and left out
    sessions: sql('old_sessions_lock', 'SELECT id FROM chat_sessions WHERE last_message_at < $1 ORDER BY id FOR UPDATE'),
    // A visitor still chatting keeps the profile the site's pages gave them, however long ago that was.
    profiles: sql(
      'old_profiles_delete',
      `DELETE FROM profiles p WHERE p.updated_at < $1
         AND NOT EXISTS (SELECT 1 FROM chat_sessions c WHERE c.site_id = p.site_id AND c.user_session_id = p.user_session_id)`,
    ),
    clicks: sql('old_clicks_delete', 'DELETE FROM button_clicks WHERE created_at < $1'),
  },
};

/** The delete methods of the storage. */
export function postgresRetention(pool: pg.Pool): RetentionStorage {
  return {
    // Each runs in one transaction: a delete is never half done, and a reader never sees a session without its messages.
    deleteVisitorData: (siteId, userSessionId, audit) =>
      transaction(pool, async (db): Promise<DeletedVisitorData> => {
        const ids = [siteId, userSessionId];
        const { messages, chatSessions } = await deleteSessions(db, await all(db, Q.visitor.sessions(ids)));
        const deleted = {
          chatSessions,
          messages,
          profiles: await changed(db, Q.visitor.profile(ids)),
          buttonClicks: await changed(db, Q.visitor.clicks(ids)),
        };
        if (audit) await insertAudit(db, audit(deleted));
        return deleted;
      }),
    async purgeOlderThan(cutoffMs) {
      if (!Number.isFinite(cutoffMs)) throw new Error(`purgeOlderThan: ${cutoffMs} is not a time`);
      // The columns hold Date#toISOString() text, whose order is the order of the times.
      const cutoff = [new Date(cutoffMs).toISOString()];
      return transaction(pool, async (db): Promise<DeletedVisitorData> => {
        const { messages, chatSessions } = await deleteSessions(db, await all(db, Q.old.sessions(cutoff)));
        return {
          chatSessions,
          messages,
          profiles: await changed(db, Q.old.profiles(cutoff)),
          buttonClicks: await changed(db, Q.old.clicks(cutoff)),
        };
      });
    },
  };
}

/** Deletes the (locked) chat sessions `rows` name with their messages; how many of each went. */
async function deleteSessions(db: pg.PoolClient, rows: Row[]): Promise<{ messages: number; chatSessions: number }> {
  const ids = [rows.map((r) => r.id as string)];
  if (ids[0]!.length === 0) return { messages: 0, chatSessions: 0 };
  const messages = await changed(db, Q.deleteSessions.messages(ids));
  return { messages, chatSessions: await changed(db, Q.deleteSessions.sessions(ids)) };
}
