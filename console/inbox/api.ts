/**
 * The conversations inbox's calls (docs/console.md "The conversations inbox"), built on the client's `request` in
 * the inbox's own chunk, so the first visit does not pay for them. Every answer is checked against its shape; the
 * exports and the visitor's data file are downloads the browser makes itself (links, see `exportUrl`).
 */
import type { InboxFilters, InboxPage } from '../../machines/console-inbox';
import { queryOf } from '../../machines/console-inbox';
import type { AskedContext, Click, Conversation, Match, Offered, Segment, Transcript, TranscriptMessage } from '../../contract/inbox';
import { bool, type Check, type ConsoleApi, idText, list, num, object, oneOf, optional, str } from '../api';

const role = oneOf<'user' | 'ai'>('user', 'ai');
/** A list that may be absent or null (an older record): read as none. */
const maybe =
  <T>(c: Check<T>): Check<T | null> =>
  (v) =>
    v === undefined || v === null ? null : c(v);

const segment = object<Segment>({ text: str, hit: bool });

const match = object<Match>({ messageId: idText, role, at: str, snippet: list(segment) });

const conversation = object<Conversation>({
  id: idText,
  visitorId: str,
  name: str,
  path: str,
  startedAt: str,
  lastActivityAt: str,
  messageCount: num,
  firstQuestion: maybe(str),
  failed: bool,
  incomplete: bool,
  nothingFound: bool,
  voiceTurns: num,
  match: maybe(match),
});

const named = object<{ id: string; name: string }>({ id: idText, name: str });

const askedContext = object<AskedContext>({
  path: str,
  documents: list(object({ id: idText, name: str, kind: oneOf('document', 'video') })),
  focus: maybe(named),
  actionButtons: list(object({ id: idText, name: str, buttonType: str })),
});

const offered = object<Offered>({
  followUps: list(object({ id: idText, text: str })),
  responseButtons: list(object({ id: idText, name: str, buttonType: str, externalUrl: str })),
  sources: list(str),
});

const transcriptMessage = object<TranscriptMessage>({
  id: idText,
  role,
  type: str,
  content: str,
  at: str,
  failed: bool,
  incomplete: bool,
  nothingFound: bool,
  voice: bool,
  context: maybe(askedContext),
  buttons: maybe(offered),
  clicked: (v) => optional(list(idText))(v) ?? [],
});

const click = object<Click>({ buttonId: idText, at: str, pageUrl: str, label: maybe(str) });

const transcript = object<Transcript>({ conversation, messages: list(transcriptMessage), clicks: list(click) });

/** What a visitor's deletion removed, as counts. */
export interface Deleted {
  chatSessions: number;
  messages: number;
  profiles: number;
  buttonClicks: number;
}
const deleted = object<{ deleted: Deleted }>({
  deleted: object<Deleted>({ chatSessions: num, messages: num, profiles: num, buttonClicks: num }),
});

/** Rows per page of the list (the server's default, docs/console.md). */
export const INBOX_PAGE_SIZE = 25;

const BASE = '/console/api/';
const site = (id: string) => `sites/${encodeURIComponent(id)}`;

/** The address of a download (an export, the visitor's data): same origin, the session's cookie goes with it. */
export const downloadUrl = (siteId: string, path: string, query = '') => `${BASE}${site(siteId)}/${path}${query}`;

/** The list's export with the filters shown, as CSV or JSON. */
export const listExportUrl = (siteId: string, filters: InboxFilters, format: 'csv' | 'json') =>
  downloadUrl(siteId, 'conversations/export', `?format=${format}${queryOf(filters).replace('?', '&')}`);

/** One conversation's export, as CSV or JSON. */
export const conversationExportUrl = (siteId: string, id: string, format: 'csv' | 'json') =>
  downloadUrl(siteId, `conversations/${encodeURIComponent(id)}/export`, `?format=${format}`);

/** The visitor's data file (the right of access; owners). */
export const visitorExportUrl = (siteId: string, visitorId: string) =>
  downloadUrl(siteId, `visitors/${encodeURIComponent(visitorId)}/export`);

/** The inbox's calls on top of `api`. */
export const inboxApi = ({ request }: ConsoleApi, siteId: string) => ({
  /** One page of the list, newest first. */
  page: (filters: InboxFilters, cursor: string | null): Promise<InboxPage<Conversation>> => {
    const query = new URLSearchParams(queryOf(filters));
    query.set('limit', String(INBOX_PAGE_SIZE));
    if (cursor) query.set('cursor', cursor);
    return request(
      'GET',
      `${site(siteId)}/conversations?${query}`,
      object<{ conversations: Conversation[]; nextCursor?: string }>({ conversations: list(conversation), nextCursor: optional(str) }),
    ).then((r) => ({ items: r.conversations, nextCursor: r.nextCursor ?? null }));
  },
  /** One conversation's transcript; 404 for another site's or an unknown id. */
  transcript: (id: string) => request('GET', `${site(siteId)}/conversations/${encodeURIComponent(id)}`, transcript),
  /** Deletes everything stored about the visitor on this site (owners). */
  deleteVisitor: (visitorId: string) =>
    request('DELETE', `${site(siteId)}/visitors/${encodeURIComponent(visitorId)}`, deleted).then((r) => r.deleted),
});
