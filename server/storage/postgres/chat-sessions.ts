/** Visitors' chat sessions and their messages on PostgreSQL. */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { now, toSession, type Row } from '../records';
import type { ChatSessionStorage, StoredMessage } from '../types';
import { all, one, sql, transaction } from './db';

const Q = {
  session: sql('session', 'SELECT * FROM chat_sessions WHERE site_id = $1 AND user_session_id = $2 AND id = $3'),
  // the session's row is locked until the transaction ends: messages appended at once to one session
  // (two instances answering the same visitor) take their places one after the other
  lockSession: sql(
    'session_lock',
    'SELECT message_count FROM chat_sessions WHERE site_id = $1 AND user_session_id = $2 AND id = $3 FOR UPDATE',
  ),
  sessions: sql(
    'sessions',
    'SELECT * FROM chat_sessions WHERE site_id = $1 AND user_session_id = $2 ORDER BY last_message_at DESC, created_at DESC',
  ),
  // One query: the session must be the visitor's on the site, or no rows come back.
  messages: sql(
    'messages',
    `SELECT m.id, m.chat_session_id, m.role, m.content, m.type, m.created_at, m.is_error, m.incomplete
       FROM chat_sessions s JOIN messages m ON m.chat_session_id = s.id
      WHERE s.id = $1 AND s.site_id = $2 AND s.user_session_id = $3 ORDER BY m.seq`,
  ),
  insertSession: sql(
    'session_insert',
    'INSERT INTO chat_sessions (id, site_id, user_session_id, name, path, created_at, last_message_at, message_count) VALUES ($1, $2, $3, $4, $5, $6, $7, 0)',
  ),
  insertMessage: sql(
    'message_insert',
    'INSERT INTO messages (id, chat_session_id, seq, role, content, type, is_error, incomplete, nothing_found, voice, details, answer_failed, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)',
  ),
  bumpSession: sql(
    'session_bump',
    'UPDATE chat_sessions SET message_count = message_count + $1, last_message_at = $2 WHERE id = $3 RETURNING *',
  ),
  rename: sql('session_rename', 'UPDATE chat_sessions SET name = $1 WHERE site_id = $2 AND user_session_id = $3 AND id = $4 RETURNING *'),
};

const toMessage = (r: Row): StoredMessage => ({
  id: r.id as string,
  chatSessionId: r.chat_session_id as string,
  role: r.role as StoredMessage['role'],
  content: r.content as string,
  type: r.type as StoredMessage['type'],
  createdAt: r.created_at as string,
  isError: Boolean(r.is_error),
  incomplete: Boolean(r.incomplete),
});

/** The chat methods of the storage. */
export function postgresChatSessions(pool: pg.Pool): ChatSessionStorage {
  return {
    async getChatSession(siteId, userSessionId, chatSessionId) {
      const r = await one(pool, Q.session([siteId, userSessionId, chatSessionId]));
      return r ? toSession(r) : null;
    },
    // One transaction: the session, its messages and its count are written together or not at all (types.ts Storage.appendMessages).
    appendMessages: (input) =>
      transaction(pool, async (db) => {
        const t = input.messages[input.messages.length - 1]?.createdAt ?? now();
        let sessionId = input.chatSessionId;
        let before = 0;
        if (sessionId === null) {
          sessionId = randomUUID();
          await db.query(
            Q.insertSession([
              sessionId,
              input.siteId,
              input.userSessionId,
              input.newSessionName,
              input.path,
              input.messages[0]?.createdAt ?? t,
              t,
            ]),
          );
        } else {
          const locked = await one(db, Q.lockSession([input.siteId, input.userSessionId, sessionId]));
          if (!locked) throw new Error('chat session not found');
          before = Number(locked.message_count);
        }
        const stored: StoredMessage[] = [];
        for (const [i, m] of input.messages.entries()) {
          const id = randomUUID();
          const type = m.type ?? 'TEXT';
          await db.query(
            Q.insertMessage([
              id,
              sessionId,
              before + i,
              m.role,
              m.content,
              type,
              Boolean(m.isError),
              Boolean(m.incomplete),
              Boolean(m.nothingFound),
              Boolean(m.voice),
              m.details ? JSON.stringify(m.details) : null,
              Boolean(m.answerFailed),
              m.createdAt,
            ]),
          );
          stored.push({
            id,
            chatSessionId: sessionId,
            role: m.role,
            content: m.content,
            type,
            createdAt: m.createdAt,
            isError: Boolean(m.isError),
            incomplete: Boolean(m.incomplete),
          });
        }
        const session = await one(db, Q.bumpSession([input.messages.length, t, sessionId]));
        return { chatSession: toSession(session!), messages: stored };
      }),
    listMessages: async (siteId, userSessionId, chatSessionId) =>
      (await all(pool, Q.messages([chatSessionId, siteId, userSessionId]))).map(toMessage),
    listChatSessions: async (siteId, userSessionId) => (await all(pool, Q.sessions([siteId, userSessionId]))).map(toSession),
    async renameChatSession(siteId, userSessionId, chatSessionId, name) {
      const r = await one(pool, Q.rename([name, siteId, userSessionId, chatSessionId]));
      return r ? toSession(r) : null;
    },
  };
}
