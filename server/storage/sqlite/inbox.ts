/** The conversations inbox's reads on SQLite (storage/inbox-query.ts: the queries both dialects share). */
import {
  type FtsPlan,
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

/** At most this many words asked for a search's last word (inbox-query.ts `ftsQuery`); past it, the prefix itself. */
const MAX_LAST_WORDS = 64;
/**
 * From this many messages holding the last word's words, the index is asked message by message: reading every match
 * once costs about as much as asking 2,000 messages at a million messages (docs/benchmarks.md).
 */
const BY_ROW_FROM = 50_000;

/** The inbox's methods of the storage on `db`. */
export function sqliteInbox(db: Db): Sync<InboxStorage> {
  const conversation = db.prepare<[string, string], Row>(conversationQuery);
  const visitorConversations = db.prepare<[string, string], Row>(visitorConversationsQuery);
  const messages = db.prepare<[string, string, number, number], Row>(messagesQuery);
  const conversationClicks = db.prepare<[string, string], Row>(conversationClicksQuery);
  const visitorClicks = db.prepare<[string, string], Row>(visitorClicksQuery);
  const terms = db.prepare<[string, string, number], Row>('SELECT term, doc FROM messages_fts_terms WHERE term >= ? AND term < ? LIMIT ?');
  /**
   * How to read the full-text index for `words` (inbox-query.ts `FtsPlan`). A last word of four or more letters and
   * digits of ASCII (which the tokenizer folds to lower case alone, as here) is asked as the words the index holds that
   * start with it, when they are at most {@link MAX_LAST_WORDS}; the index is then asked message by message when they
   * are in {@link BY_ROW_FROM} messages or more. A last word of one to three such characters is read from its prefix
   * index, message by message. Any other word, as before this version: every match read once.
   */
  const plan = (words: readonly string[]): FtsPlan | undefined => {
    const last = words.at(-1)?.toLowerCase();
    if (last === undefined || !/^[a-z0-9]+$/.test(last)) return undefined;
    if (last.length < 4) return { byRow: true };
    const found = terms.all(last, `${last}\u{10ffff}`, MAX_LAST_WORDS + 1);
    if (found.length === 0 || found.length > MAX_LAST_WORDS) return undefined;
    const messages = found.reduce((sum, r) => sum + Number(r.doc), 0);
    return { lastWords: found.map((r) => String(r.term)), byRow: messages >= BY_ROW_FROM };
  };
  /** The conversations of the words' matches when they are few (none when there are no words). */
  const fewMatches = (words: readonly string[], how: FtsPlan | undefined) => {
    if (words.length === 0) return undefined;
    const found = matchingConversationsQuery('sqlite', words, how);
    return fewMatchingConversations(db.prepare(found.text).all(...found.values) as Row[]);
  };
  return {
    listConversations(siteId, filter, page) {
      const words = filter.words ?? [];
      const how = plan(words);
      const { text, values } = listQuery('sqlite', siteId, filter, page, fewMatches(words, how), how);
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
      const { text, values } = matchesQuery('sqlite', siteId, chatSessionIds, words, plan(words));
      const rows = (db.prepare(text).all(...values) as Row[]).map(toMessage);
      // newest first within each conversation: its first row is its newest match
      return rows.filter((m, i) => i === 0 || rows[i - 1]!.chatSessionId !== m.chatSessionId);
    },
    listConversationClicks: (siteId, chatSessionId) => conversationClicks.all(siteId, chatSessionId).map(toClick),
    listVisitorClicks: (siteId, visitorId) => visitorClicks.all(siteId, visitorId).map(toClick),
  };
}
