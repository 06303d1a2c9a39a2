/** Visitors' chat sessions and their messages on SQLite. */
import { randomUUID } from 'node:crypto';
import { now, toSession } from '../records';
import type { ChatSessionStorage, StoredMessage } from '../types';
import type { Db, Row, Sync } from './db';

/** The columns {@link toMessage} reads, in its order. */
const MESSAGE_COLUMNS = 'm.id, m.chat_session_id, m.role, m.content, m.type, m.created_at, m.is_error, m.incomplete';
type MessageRow = [
  id: string,
  chatSessionId: string,
  role: string,
  content: string,
  type: string,
  createdAt: string,
  isError: number,
  incomplete: number,
];

// Rows come as arrays (better-sqlite3's raw mode): a history read makes one object per message, not two (issue 14).
// The text columns are NOT NULL, so they need no conversion.
const toMessage = (r: MessageRow): StoredMessage => ({
  id: r[0],
  chatSessionId: r[1],
  role: r[2] as StoredMessage['role'],
  content: r[3],
  type: r[4] as StoredMessage['type'],
  createdAt: r[5],
  isError: Boolean(r[6]),
  incomplete: Boolean(r[7]),
});

/** The chat methods of the storage on `db`. */
export function sqliteChatSessions(db: Db): Sync<ChatSessionStorage> {
  const session = db.prepare<[string, string, string], Row>(
    'SELECT * FROM chat_sessions WHERE site_id = ? AND user_session_id = ? AND id = ?',
  );
  const sessions = db.prepare<[string, string], Row>(
    'SELECT * FROM chat_sessions WHERE site_id = ? AND user_session_id = ? ORDER BY last_message_at DESC, created_at DESC',
  );
  // One query: the session must be the visitor's on the site, or no rows come back.
  const messages = db
    .prepare<[string, string, string], MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM chat_sessions s JOIN messages m ON m.chat_session_id = s.id WHERE s.id = ? AND s.site_id = ? AND s.user_session_id = ? ORDER BY m.seq`,
    )
    .raw();
  const insertSession = db.prepare(
    'INSERT INTO chat_sessions (id, site_id, user_session_id, name, path, created_at, last_message_at, message_count) VALUES (?, ?, ?, ?, ?, ?, ?, 0)',
  );
  const insertMessage = db.prepare(
    'INSERT INTO messages (id, chat_session_id, seq, role, content, type, is_error, incomplete, nothing_found, voice, details, answer_failed, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const bumpSession = db.prepare('UPDATE chat_sessions SET message_count = message_count + ?, last_message_at = ? WHERE id = ?');
  const renameSession = db.prepare('UPDATE chat_sessions SET name = ? WHERE site_id = ? AND user_session_id = ? AND id = ?');

  // One transaction: the session, its messages and its count are written together or not at all (types.ts Storage.appendMessages).
  const appendMessages = db.transaction((input: Parameters<ChatSessionStorage['appendMessages']>[0]) => {
    const t = input.messages[input.messages.length - 1]?.createdAt ?? now();
    let sessionId = input.chatSessionId;
    if (sessionId === null) {
      sessionId = randomUUID();
      insertSession.run(
        sessionId,
        input.siteId,
        input.userSessionId,
        input.newSessionName,
        input.path,
        input.messages[0]?.createdAt ?? t,
        t,
      );
    } else if (!session.get(input.siteId, input.userSessionId, sessionId)) {
      throw new Error('chat session not found');
    }
    const before = Number(session.get(input.siteId, input.userSessionId, sessionId)!.message_count);
    const stored = input.messages.map((m, i) => {
      const id = randomUUID();
      insertMessage.run(
        id,
        sessionId,
        before + i,
        m.role,
        m.content,
        m.type ?? 'TEXT',
        m.isError ? 1 : 0,
        m.incomplete ? 1 : 0,
        m.nothingFound ? 1 : 0,
        m.voice ? 1 : 0,
        m.details ? JSON.stringify(m.details) : null,
        m.answerFailed ? 1 : 0,
        m.createdAt,
      );
      return {
        id,
        chatSessionId: sessionId!,
        role: m.role,
        content: m.content,
        type: m.type ?? 'TEXT',
        createdAt: m.createdAt,
        isError: Boolean(m.isError),
        incomplete: Boolean(m.incomplete),
      } satisfies StoredMessage;
    });
    bumpSession.run(input.messages.length, t, sessionId);
    return { chatSession: toSession(session.get(input.siteId, input.userSessionId, sessionId)!), messages: stored };
  });

  return {
    getChatSession(siteId, userSessionId, chatSessionId) {
      const r = session.get(siteId, userSessionId, chatSessionId);
      return r ? toSession(r) : null;
    },
    appendMessages: (input) => appendMessages(input),
    listMessages: (siteId, userSessionId, chatSessionId) => messages.all(chatSessionId, siteId, userSessionId).map(toMessage),
    listChatSessions: (siteId, userSessionId) => sessions.all(siteId, userSessionId).map(toSession),
    renameChatSession(siteId, userSessionId, chatSessionId, name) {
      if (renameSession.run(name, siteId, userSessionId, chatSessionId).changes === 0) return null;
      return toSession(session.get(siteId, userSessionId, chatSessionId)!);
    },
  };
}
