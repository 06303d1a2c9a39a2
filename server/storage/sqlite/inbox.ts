/** The conversations inbox's reads on SQLite (storage/inbox-query.ts: the queries both dialects share). */
import {
  conversationClicksQuery,
  conversationQuery,
  listQuery,
  MESSAGE_COLUMNS,
  messagesQuery,
  toClick,
  toConversation,
  toMessage,
  visitorClicksQuery,
  visitorConversationsQuery,
} from '../inbox-query';
import type { InboxStorage } from '../types';
import type { Db, Row, Sync } from './db';
import { sqliteSearches } from './inbox-search';

/** The inbox's methods of the storage on `db`. */
export function sqliteInbox(db: Db): Sync<InboxStorage> {
  const conversation = db.prepare<[string, string], Row>(conversationQuery);
  const visitorConversations = db.prepare<[string, string], Row>(visitorConversationsQuery);
  const messages = db.prepare<[string, string, number, number], Row>(messagesQuery);
  const conversationClicks = db.prepare<[string, string], Row>(conversationClicksQuery);
  const visitorClicks = db.prepare<[string, string], Row>(visitorClicksQuery);
  const searches = sqliteSearches(db);
  const byRowid = db.prepare<[string], Row>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.rowid IN (SELECT value FROM json_each(?)) ORDER BY m.chat_session_id`,
  );
  return {
    listConversations(siteId, filter, page) {
      const words = filter.words ?? [];
      // a search: the conversations of its few matches, or of the page, found by walking (sqlite/inbox-search.ts)
      const found = words.length > 0 ? searches.search(words) : undefined;
      const among = found && (found.fewConversations() ?? searches.walk(found, siteId, filter, page));
      const { text, values } = listQuery('sqlite', siteId, filter, page, among);
      return (db.prepare(text).all(...values) as Row[]).map(toConversation);
    },
    getConversation(siteId, chatSessionId) {
      const r = conversation.get(siteId, chatSessionId);
      return r ? toConversation(r) : null;
    },
    listVisitorConversations: (siteId, visitorId) => visitorConversations.all(siteId, visitorId).map(toConversation),
    listConversationMessages: (siteId, chatSessionId, page) =>
      messages.all(siteId, chatSessionId, page.afterSeq ?? -1, page.limit).map(toMessage),
    latestMatches(siteId, chatSessionIds, words) {
      if (chatSessionIds.length === 0 || words.length === 0) return [];
      const newest = searches.newestMatches(searches.again(words), siteId, chatSessionIds);
      return byRowid.all(JSON.stringify(newest)).map(toMessage);
    },
    listConversationClicks: (siteId, chatSessionId) => conversationClicks.all(siteId, chatSessionId).map(toClick),
    listVisitorClicks: (siteId, visitorId) => visitorClicks.all(siteId, visitorId).map(toClick),
  };
}
