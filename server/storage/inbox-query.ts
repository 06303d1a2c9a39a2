/**
 * The inbox's queries (docs/console.md "The conversations inbox"), written once for both dialects: the same SQL
 * with `?` placeholders (numbered for PostgreSQL by {@link numbered}), differing only in how a message matches the
 * search's words: SQLite's FTS5 table, PostgreSQL's `tsvector` column (schema version 13). Rows read alike.
 */
import type { InboxConversation, InboxFilter, InboxMessage, MessageDetails } from './types';
import { json, type Row } from './records';

export type Dialect = 'sqlite' | 'postgres';

/** A conversation's columns, as {@link toConversation} reads them (`s` is its chat session). */
const CONVERSATION_COLUMNS = `s.id, s.user_session_id, s.name, s.path, s.created_at, s.last_message_at, s.message_count,
  (SELECT f.content FROM messages f WHERE f.chat_session_id = s.id AND f.role = 'user' ORDER BY f.seq LIMIT 1) AS first_question,
  EXISTS (SELECT 1 FROM messages e WHERE e.chat_session_id = s.id AND (e.is_error = TRUE OR e.answer_failed = TRUE)) AS failed,
  EXISTS (SELECT 1 FROM messages e WHERE e.chat_session_id = s.id AND e.incomplete = TRUE) AS incomplete,
  EXISTS (SELECT 1 FROM messages e WHERE e.chat_session_id = s.id AND e.nothing_found = TRUE) AS nothing_found,
  (SELECT count(*) FROM messages v WHERE v.chat_session_id = s.id AND v.role = 'user' AND v.voice = TRUE) AS voice_turns`;

/** A message's columns, as {@link toMessage} reads them (`m`). */
export const MESSAGE_COLUMNS =
  'm.id, m.chat_session_id, m.seq, m.role, m.type, m.content, m.created_at, m.is_error, m.answer_failed, m.incomplete, m.nothing_found, m.voice, m.details';

const STATE_CONDITION = {
  failed: '(e.is_error = TRUE OR e.answer_failed = TRUE)',
  incomplete: 'e.incomplete = TRUE',
  'nothing-found': 'e.nothing_found = TRUE',
} as const;

/**
 * SQLite's FTS5 query for the words: each quoted (a string of letters and digits: never an FTS5 operator), the last a
 * prefix, asked as `lastWords` (the words the index holds that start with it, found by the storage) when given: then
 * every term is one the index can seek a message in by its rowid, where `word*` would first merge every match of every
 * word that starts so (schema version 17; sqlite/inbox-search.ts).
 */
export function ftsQuery(words: readonly string[], lastWords?: readonly string[]): string {
  const quote = (w: string) => `"${w}"`;
  const last = lastWords && lastWords.length > 0 ? `(${lastWords.map(quote).join(' OR ')})` : `${quote(words.at(-1)!)}*`;
  return [...words.slice(0, -1).map(quote), last].join(' AND ');
}

/**
 * The condition that message `m` holds the words, and its one value. SQLite's reads every match once (the storage
 * asks the index by ranges of rowids instead: sqlite/inbox-search.ts; this is what its pages are checked against).
 */
export function matches(dialect: Dialect, words: readonly string[]): { where: string; value: string } {
  const last = words.length - 1;
  if (dialect === 'sqlite') {
    return { where: 'm.rowid IN (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ?)', value: ftsQuery(words) };
  }
  // folded as the column is (inbox_fold_letters leaves '&', ':' and '*' as they are)
  const query = words.map((w, i) => `${w}${i === last ? ':*' : ''}`).join(' & ');
  return { where: `m.search @@ to_tsquery('simple', inbox_fold_letters(?))`, value: query };
}

/**
 * Up to this many messages holding a search's words, in every site, the list takes the page's conversations from
 * those messages' (read first, by {@link matchingConversationsQuery}); past it, it walks the site's conversations newest
 * first until the page is full (a common word fills it from the first few). Either way the page is the same: the
 * choice is only how fast it comes (docs/benchmarks.md "The database under load and at 1,000,000 messages").
 */
export const FEW_MATCHES = 5000;

/**
 * The conversations (an `id` column, once per matching message) of up to {@link FEW_MATCHES} messages that hold the
 * words: all of them when fewer rows come back. The full-text index finds them and the read stops at the limit.
 */
export function matchingConversationsQuery(dialect: Dialect, words: readonly string[]): { text: string; values: unknown[] } {
  const match = matches(dialect, words);
  const text =
    dialect === 'sqlite'
      ? `SELECT m.chat_session_id AS id FROM messages_fts f JOIN messages m ON m.rowid = f.rowid
          WHERE messages_fts MATCH ? LIMIT ?`
      : `SELECT m.chat_session_id AS id FROM messages m WHERE ${match.where} LIMIT ?`;
  return { text, values: [match.value, FEW_MATCHES] };
}

/**
 * The conversations of a search's matches, when {@link matchingConversationsQuery} returned all of them (fewer rows
 * than {@link FEW_MATCHES}); otherwise undefined.
 */
export function fewMatchingConversations(rows: readonly { id?: unknown }[]): string[] | undefined {
  return rows.length < FEW_MATCHES ? [...new Set(rows.map((r) => String(r.id)))] : undefined;
}

/** The list's query for a page. */
export function listQuery(
  dialect: Dialect,
  siteId: string,
  filter: InboxFilter,
  page: { after?: { lastActivityAt: string; id: string }; limit: number },
  /**
   * The conversations of every message that holds the filter's words, when they are few ({@link fewMatchingConversations}),
   * or those of the page (SQLite: sqlite/inbox-search.ts): the page is taken from them (by their keys) instead of
   * walking the site's conversations. @default undefined
   */
  among?: readonly string[],
): { text: string; values: unknown[] } {
  const { where, values } = listConditions(dialect, siteId, filter, page, among);
  values.push(page.limit);
  const text = `SELECT ${CONVERSATION_COLUMNS} FROM chat_sessions s WHERE ${where.join(' AND ')}
    ORDER BY s.last_message_at DESC, s.id DESC LIMIT ?`;
  return { text, values };
}

/**
 * The keys (`id`, `last_message_at`) of a page of the list on SQLite with the filter's conditions but its words: the
 * conversations a search walks (sqlite/inbox-search.ts), in the list's order.
 */
export function listKeysQuery(
  siteId: string,
  filter: InboxFilter,
  page: { after?: { lastActivityAt: string; id: string }; limit: number },
): { text: string; values: unknown[] } {
  const { where, values } = listConditions('sqlite', siteId, { ...filter, words: undefined }, page);
  values.push(page.limit);
  const text = `SELECT s.id, s.last_message_at FROM chat_sessions s WHERE ${where.join(' AND ')}
    ORDER BY s.last_message_at DESC, s.id DESC LIMIT ?`;
  return { text, values };
}

/** The conditions of the list's queries (joined by AND), and their values. */
function listConditions(
  dialect: Dialect,
  siteId: string,
  filter: InboxFilter,
  page: { after?: { lastActivityAt: string; id: string } },
  among?: readonly string[],
): { where: string[]; values: unknown[] } {
  const where = ['s.site_id = ?'];
  const values: unknown[] = [siteId];
  if (filter.from !== undefined) {
    where.push('s.last_message_at >= ?');
    values.push(filter.from);
  }
  if (filter.to !== undefined) {
    where.push('s.last_message_at <= ?');
    values.push(filter.to);
  }
  if (filter.path && 'exact' in filter.path) {
    where.push('s.path = ?');
    values.push(filter.path.exact);
  }
  if (filter.path && 'prefix' in filter.path) {
    where.push('substr(s.path, 1, ?) = ?');
    values.push(filter.path.prefix.length, filter.path.prefix);
  }
  if (filter.states && filter.states.length > 0) {
    const any = filter.states.map((state) => STATE_CONDITION[state]).join(' OR ');
    where.push(`EXISTS (SELECT 1 FROM messages e WHERE e.chat_session_id = s.id AND (${any}))`);
  }
  if (filter.words && filter.words.length > 0) {
    if (among) {
      // few matches: their conversations, by their keys (PostgreSQL's planner, not knowing how few, would walk the
      // site's conversations by the list's index and test each one against them)
      if (among.length === 0) where.push('1 = 0');
      else if (dialect === 'sqlite') {
        where.push(`s.id IN (${among.map(() => '?').join(', ')})`);
        values.push(...among);
      } else {
        where.push('s.id = ANY(?::text[])');
        values.push(among);
      }
    } else {
      const match = matches(dialect, filter.words);
      // walked newest first, a conversation at a time: a common word fills the page from the first conversations
      where.push(`EXISTS (SELECT 1 FROM messages m WHERE m.chat_session_id = s.id AND ${match.where})`);
      values.push(match.value);
    }
  }
  if (page.after) {
    where.push('(s.last_message_at < ? OR (s.last_message_at = ? AND s.id < ?))');
    values.push(page.after.lastActivityAt, page.after.lastActivityAt, page.after.id);
  }
  return { where, values };
}

/** One conversation of a site. */
export const conversationQuery = `SELECT ${CONVERSATION_COLUMNS} FROM chat_sessions s WHERE s.site_id = ? AND s.id = ?`;

/** One visitor's conversations on a site, oldest first. */
export const visitorConversationsQuery = `SELECT ${CONVERSATION_COLUMNS} FROM chat_sessions s
  WHERE s.site_id = ? AND s.user_session_id = ? ORDER BY s.created_at, s.id`;

/** A page of a site's conversation's messages, in order. */
export const messagesQuery = `SELECT ${MESSAGE_COLUMNS} FROM chat_sessions s JOIN messages m ON m.chat_session_id = s.id
  WHERE s.site_id = ? AND s.id = ? AND m.seq > ? ORDER BY m.seq LIMIT ?`;

/** The messages that hold the words in the site's conversations named, newest first within each. */
export function matchesQuery(dialect: Dialect, siteId: string, ids: readonly string[], words: readonly string[]) {
  const match = matches(dialect, words);
  const list = ids.map(() => '?').join(', ');
  return {
    text: `SELECT ${MESSAGE_COLUMNS} FROM chat_sessions s JOIN messages m ON m.chat_session_id = s.id
      WHERE s.site_id = ? AND s.id IN (${list}) AND ${match.where} ORDER BY m.chat_session_id, m.seq DESC`,
    values: [siteId, ...ids, match.value],
  };
}

/** A click's columns, in time order. */
const CLICKS = 'SELECT button_id, chat_session_id, created_at, page_url, referrer_url FROM button_clicks';
export const conversationClicksQuery = `${CLICKS} WHERE site_id = ? AND chat_session_id = ? ORDER BY created_at, id`;
export const visitorClicksQuery = `${CLICKS} WHERE site_id = ? AND user_session_id = ? ORDER BY created_at, id`;

/** `?` placeholders as PostgreSQL's `$1`, `$2`, … (the inbox's SQL has no `?` of its own). */
export const numbered = (text: string) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

export const toConversation = (r: Row): InboxConversation => ({
  id: String(r.id),
  visitorId: String(r.user_session_id),
  name: String(r.name),
  path: String(r.path),
  startedAt: String(r.created_at),
  lastActivityAt: String(r.last_message_at),
  messageCount: Number(r.message_count),
  firstQuestion: r.first_question === null || r.first_question === undefined ? null : String(r.first_question),
  failed: Boolean(r.failed),
  incomplete: Boolean(r.incomplete),
  nothingFound: Boolean(r.nothing_found),
  voiceTurns: Number(r.voice_turns),
});

export const toMessage = (r: Row): InboxMessage => ({
  id: String(r.id),
  chatSessionId: String(r.chat_session_id),
  seq: Number(r.seq),
  role: r.role as InboxMessage['role'],
  type: r.type as InboxMessage['type'],
  content: String(r.content),
  at: String(r.created_at),
  failed: Boolean(r.is_error) || Boolean(r.answer_failed),
  incomplete: Boolean(r.incomplete),
  nothingFound: Boolean(r.nothing_found),
  voice: Boolean(r.voice),
  details: typeof r.details === 'string' ? json<MessageDetails | null>(r.details, null) : null,
});

export const toClick = (r: Row) => ({
  buttonId: String(r.button_id),
  chatSessionId: r.chat_session_id === null ? null : String(r.chat_session_id),
  at: String(r.created_at),
  pageUrl: String(r.page_url),
  referrerUrl: String(r.referrer_url),
});
