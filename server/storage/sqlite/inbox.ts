/** The conversations inbox's reads on SQLite (storage/inbox-query.ts: the queries both dialects share). */
import {
  conversationClicksQuery,
  fewMatchingConversations,
  matchingConversationsQuery,
  conversationQuery,
  listQuery,
  matchesQuery,
  messagesQuery,
  toClick,
  toConversation,
  toMessage,
  visitorClicksQuery,
  visitorConversationsQuery,
} from '../inbox-query';
import type { InboxStorage } from '../types';
import type { Db, Row, Sync } from './db';

/** The inbox's methods of the storage on `db`. */
export function sqliteInbox(db: Db): Sync<InboxStorage> {
  const conversation = db.prepare<[string, string], Row>(conversationQuery);
  const visitorConversations = db.prepare<[string, string], Row>(visitorConversationsQuery);
  const messages = db.prepare<[string, string, number, number], Row>(messagesQuery);
  const conversationClicks = db.prepare<[string, string], Row>(conversationClicksQuery);
  const visitorClicks = db.prepare<[string, string], Row>(visitorClicksQuery);
  /** The conversations of the words' matches when they are few (none when there are no words). */
  const fewMatches = (words: readonly string[]) => {
    if (words.length === 0) return undefined;
    const found = matchingConversationsQuery('sqlite', words);
    return fewMatchingConversations(db.prepare(found.text).all(...found.values) as Row[]);
  };
  return {
    listConversations(siteId, filter, page) {
      const { text, values } = listQuery('sqlite', siteId, filter, page, fewMatches(filter.words ?? []));
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
      const { text, values } = matchesQuery('sqlite', siteId, chatSessionIds, words);
      const rows = (db.prepare(text).all(...values) as Row[]).map(toMessage);
      // newest first within each conversation: its first row is its newest match
      return rows.filter((m, i) => i === 0 || rows[i - 1]!.chatSessionId !== m.chatSessionId);
    },
    listConversationClicks: (siteId, chatSessionId) => conversationClicks.all(siteId, chatSessionId).map(toClick),
    listVisitorClicks: (siteId, visitorId) => visitorClicks.all(siteId, visitorId).map(toClick),
  };
}
