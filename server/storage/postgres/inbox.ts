/** The conversations inbox's reads on PostgreSQL (storage/inbox-query.ts: the queries both dialects share). */
import type pg from 'pg';
import {
  conversationClicksQuery,
  fewMatchingConversations,
  matchingConversationsQuery,
  conversationQuery,
  listQuery,
  matchesQuery,
  messagesQuery,
  numbered,
  toClick,
  toConversation,
  toMessage,
  visitorClicksQuery,
  visitorConversationsQuery,
} from '../inbox-query';
import type { InboxStorage } from '../types';
import { all, one, sql } from './db';

const Q = {
  conversation: sql('inbox_conversation', numbered(conversationQuery)),
  visitorConversations: sql('inbox_visitor_conversations', numbered(visitorConversationsQuery)),
  messages: sql('inbox_messages', numbered(messagesQuery)),
  conversationClicks: sql('inbox_conversation_clicks', numbered(conversationClicksQuery)),
  visitorClicks: sql('inbox_visitor_clicks', numbered(visitorClicksQuery)),
};

/** A statement whose text depends on its filters: not prepared by name (each shape would be a statement of its own). */
const unnamed = ({ text, values }: { text: string; values: unknown[] }) => sql('', numbered(text))(values);

/** The inbox's methods of the storage. */
export function postgresInbox(pool: pg.Pool): InboxStorage {
  return {
    async listConversations(siteId, filter, page) {
      const words = filter.words ?? [];
      const few =
        words.length > 0 ? fewMatchingConversations(await all(pool, unnamed(matchingConversationsQuery('postgres', words)))) : undefined;
      return (await all(pool, unnamed(listQuery('postgres', siteId, filter, page, few)))).map(toConversation);
    },
    async getConversation(siteId, chatSessionId) {
      const r = await one(pool, Q.conversation([siteId, chatSessionId]));
      return r ? toConversation(r) : null;
    },
    listVisitorConversations: async (siteId, visitorId) =>
      (await all(pool, Q.visitorConversations([siteId, visitorId]))).map(toConversation),
    listConversationMessages: async (siteId, chatSessionId, page) =>
      (await all(pool, Q.messages([siteId, chatSessionId, page.afterSeq ?? -1, page.limit]))).map(toMessage),
    async latestMatches(siteId, chatSessionIds, words) {
      if (chatSessionIds.length === 0 || words.length === 0) return [];
      const rows = (await all(pool, unnamed(matchesQuery('postgres', siteId, chatSessionIds, words)))).map(toMessage);
      return rows.filter((m, i) => i === 0 || rows[i - 1]!.chatSessionId !== m.chatSessionId);
    },
    listConversationClicks: async (siteId, chatSessionId) => (await all(pool, Q.conversationClicks([siteId, chatSessionId]))).map(toClick),
    listVisitorClicks: async (siteId, visitorId) => (await all(pool, Q.visitorClicks([siteId, visitorId]))).map(toClick),
  };
}
