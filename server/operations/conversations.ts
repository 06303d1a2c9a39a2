/**
 * The conversations inbox (docs/console.md "The conversations inbox"): a site's conversations listed, filtered and
 * searched, a conversation's transcript, exports written as the rows are read, and one visitor's data exported or
 * deleted (the CLI's `visitor:delete` is {@link conversationOperations} `deleteVisitor` too). Viewers read; a
 * visitor's data is the owner's.
 */
import type { DeletedVisitorData, InboxClick, InboxConversation, InboxFilter, InboxMessage, InboxState } from '../storage/types';
import type { Conversation, Segment, Transcript, TranscriptMessage } from '../../contract/inbox';
import { type Actor, type Context, need } from './context';
import { invalid, OperationError } from './errors';

/** A list page's size: `limit`'s default and most. */
export const INBOX_PAGE = { byDefault: 25, most: 100 } as const;
/** How many rows an export reads at a time (all it holds at once). */
export const EXPORT_PAGE = 500;
/** The search's limits: characters of `q`, words used. */
const MAX_QUERY = 200;
const MAX_WORDS = 8;
const MAX_PATH = 500;
/** The visitor ids the widget makes (server/routes/schemas.ts USER_SESSION_ID). */
const VISITOR_ID = /^[A-Za-z0-9_-]{8,100}$/;
const STATES: readonly InboxState[] = ['failed', 'incomplete', 'nothing-found'];
const FORMATS = ['csv', 'json'] as const;
type Format = (typeof FORMATS)[number];

/** A file an export writes: its name, type, and its text piece by piece as the rows are read. */
export interface ExportFile {
  filename: string;
  contentType: string;
  body: AsyncIterable<string>;
}

/** The query parameters of the list and its export, as they came (a parameter named twice is an array). */
export type InboxQuery = Partial<Record<'from' | 'to' | 'path' | 'state' | 'q' | 'limit' | 'cursor' | 'format', unknown>>;

/** The words of a search (docs/console.md "Search semantics"): runs of letters and digits, at most {@link MAX_WORDS}. */
export const searchWords = (q: string): string[] => (q.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);

/** A word as the search compares it: without case or diacritics. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** About how many characters of a message a snippet shows. */
const SNIPPET_LENGTH = 160;

/**
 * The part of `content` around its first word that matches `words` (the last as a prefix), as plain-text segments:
 * never markup, so that nothing a visitor wrote becomes HTML in the console.
 */
export function snippet(content: string, words: readonly string[]): Segment[] {
  const text = content.replace(/\s+/g, ' ').trim();
  const folded = words.map(fold);
  const last = folded.at(-1) ?? '';
  const whole = new Set(folded.slice(0, -1));
  const hits: [number, number][] = [];
  for (const token of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const f = fold(token[0]);
    if (whole.has(f) || (last !== '' && f.startsWith(last))) hits.push([token.index, token.index + token[0].length]);
  }
  let start = hits.length > 0 ? Math.max(0, hits[0]![0] - 60) : 0;
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) end = Math.max(text.lastIndexOf(' ', end), hits.find(([s]) => s >= start)?.[1] ?? end);
  const out: Segment[] = start > 0 ? [{ text: '…', hit: false }] : [];
  let at = start;
  for (const [s, e] of hits) {
    if (s < start || e > end) continue;
    if (s > at) out.push({ text: text.slice(at, s), hit: false });
    out.push({ text: text.slice(s, e), hit: true });
    at = e;
  }
  if (at < end) out.push({ text: text.slice(at, end), hit: false });
  if (end < text.length) out.push({ text: '…', hit: false });
  return out;
}

/** A cell of CSV (RFC 4180), safe to open in a spreadsheet (OWASP "CSV Injection"): a formula's first character makes it text. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
  const formula = /^[=+\-@\t\r]/.test(text);
  if (formula) text = `'${text}`;
  return formula || /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvRow = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A cursor for the page after `c`. */
const cursorOf = (c: InboxConversation) => Buffer.from(JSON.stringify([c.lastActivityAt, c.id])).toString('base64url');

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One parameter's value as text: absent, or a string (an array — named twice — is refused). */
function text(query: InboxQuery, field: keyof InboxQuery, most: number): string | undefined {
  const v = query[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalid(field, `${field} is given once, as text`);
  if (v.length > most) throw invalid(field, `${field} is at most ${most} characters`);
  return v;
}

/** `from` or `to` as an ISO time: a day's start or end (UTC), or the time given. */
function time(query: InboxQuery, field: 'from' | 'to'): string | undefined {
  const v = text(query, field, 40);
  if (v === undefined || v === '') return undefined;
  const allowed = 'YYYY-MM-DD or an ISO 8601 time';
  if (DAY.test(v)) {
    const day = new Date(`${v}T00:00:00.000Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== v) throw invalid(field, `${field} is not a day`, allowed);
    return field === 'from' ? day.toISOString() : `${v}T23:59:59.999Z`;
  }
  const t = ISO_TIME.test(v) ? new Date(v) : null;
  if (!t || Number.isNaN(t.getTime())) throw invalid(field, `${field} is not a time`, allowed);
  return t.toISOString();
}

/** The filters of a query, and the search's words (refusing what is out of shape: 400, never 5xx). */
export function parseFilter(query: InboxQuery): InboxFilter {
  const filter: InboxFilter = {};
  const from = time(query, 'from');
  const to = time(query, 'to');
  if (from !== undefined) filter.from = from;
  if (to !== undefined) filter.to = to;
  const path = text(query, 'path', MAX_PATH);
  if (path) filter.path = path.endsWith('*') ? { prefix: path.slice(0, -1) } : { exact: path };
  const state = text(query, 'state', 100);
  if (state !== undefined && state !== '') {
    const states = [...new Set(state.split(','))];
    const unknown = states.find((s) => !STATES.includes(s as InboxState));
    if (unknown !== undefined) throw invalid('state', `"${unknown.slice(0, 40)}" is not a state`, STATES);
    filter.states = states as InboxState[];
  }
  const q = text(query, 'q', MAX_QUERY);
  const words = q === undefined ? [] : searchWords(q);
  if (words.length > 0) filter.words = words;
  return filter;
}

function parseLimit(query: InboxQuery): number {
  const v = text(query, 'limit', 10);
  if (v === undefined) return INBOX_PAGE.byDefault;
  const n = /^\d{1,3}$/.test(v) ? Number(v) : Number.NaN;
  if (!(n >= 1 && n <= INBOX_PAGE.most)) throw invalid('limit', 'limit is a whole number from 1 to 100', `1-${INBOX_PAGE.most}`);
  return n;
}

function parseCursor(query: InboxQuery): { lastActivityAt: string; id: string } | undefined {
  const v = text(query, 'cursor', 400);
  if (v === undefined || v === '') return undefined;
  const refused = () => invalid('cursor', 'cursor is not one the server gave');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(v, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (!Array.isArray(value) || value.length !== 2) throw refused();
  const [at, id] = value as unknown[];
  if (typeof at !== 'string' || !ISO_TIME.test(at) || typeof id !== 'string' || id.length === 0 || id.length > 100) throw refused();
  return { lastActivityAt: at, id };
}

function parseFormat(query: InboxQuery): Format {
  const v = text(query, 'format', 10);
  if (v === undefined || v === '') return 'csv';
  if (!FORMATS.includes(v as Format)) throw invalid('format', 'format is csv or json', FORMATS);
  return v as Format;
}

const notFound = () => new OperationError('NOT_FOUND', 'no such conversation');

/** The transcript's view of the messages, with each click given to the message that offered its button last before it. */
function transcriptOf(messages: readonly InboxMessage[], clicks: readonly InboxClick[]): Omit<Transcript, 'conversation'> {
  const views: TranscriptMessage[] = messages.map((m) => {
    const buttons = m.details?.buttons;
    return {
      id: m.id,
      role: m.role,
      type: m.type,
      content: m.content,
      at: m.at,
      failed: m.failed,
      incomplete: m.incomplete,
      nothingFound: m.nothingFound,
      voice: m.voice,
      context: m.details?.context ?? null,
      buttons: buttons
        ? {
            // widget-spec §3: a follow-up's id is its answer's, -f and its place (server/routes/chat.ts answerJson)
            followUps: buttons.followUps.map((text, i) => ({ id: `${m.id}-f${i}`, text })),
            responseButtons: buttons.responseButtons,
            sources: buttons.sources,
          }
        : null,
      clicked: [],
    };
  });
  const offered = (v: TranscriptMessage): Map<string, string> =>
    new Map([
      ...(v.buttons?.followUps.map((b) => [b.id, b.text] as const) ?? []),
      ...(v.buttons?.responseButtons.map((b) => [b.id, b.name] as const) ?? []),
      ...(v.context?.actionButtons.map((b) => [b.id, b.name] as const) ?? []),
    ]);
  const offers = views.map(offered);
  const clickViews = clicks.map((c) => {
    let label: string | null = null;
    for (let i = views.length - 1; i >= 0; i--) {
      const name = views[i]!.at <= c.at ? offers[i]!.get(c.buttonId) : undefined;
      if (name === undefined) continue;
      if (!views[i]!.clicked.includes(c.buttonId)) views[i]!.clicked.push(c.buttonId);
      label = name;
      break;
    }
    return { buttonId: c.buttonId, at: c.at, pageUrl: c.pageUrl, label };
  });
  return { messages: views, clicks: clickViews };
}

const CONVERSATION_CSV = [
  'id',
  'visitorId',
  'startedAt',
  'lastActivityAt',
  'path',
  'messageCount',
  'firstQuestion',
  'failed',
  'incomplete',
  'nothingFound',
  'voiceTurns',
] as const;
const MESSAGE_CSV = [
  'conversationId',
  'messageId',
  'at',
  'role',
  'type',
  'content',
  'failed',
  'incomplete',
  'nothingFound',
  'voice',
] as const;

/** What a spreadsheet reads as UTF-8 (docs/console.md "Exports"). */
const BOM = '\uFEFF';

const today = (now: number) => new Date(now).toISOString().slice(0, 10);

export function conversationOperations(c: Context) {
  /** The conversations of a page, each with its newest match when searching. */
  async function withMatches(siteId: string, rows: InboxConversation[], words: readonly string[] | undefined): Promise<Conversation[]> {
    if (!words || words.length === 0) return rows.map((r) => ({ ...r, match: null }));
    const found = new Map(
      (
        await c.storage.latestMatches(
          siteId,
          rows.map((r) => r.id),
          words,
        )
      ).map((m) => [m.chatSessionId, m]),
    );
    return rows.map((r) => {
      const m = found.get(r.id);
      return { ...r, match: m ? { messageId: m.id, role: m.role, at: m.at, snippet: snippet(m.content, words) } : null };
    });
  }

  /** Every message of a conversation, page by page as they are read. */
  async function* messagesOf(siteId: string, conversationId: string): AsyncGenerator<InboxMessage[]> {
    let afterSeq: number | undefined;
    for (;;) {
      const page = await c.storage.listConversationMessages(siteId, conversationId, { afterSeq, limit: EXPORT_PAGE });
      if (page.length > 0) yield page;
      if (page.length < EXPORT_PAGE) return;
      afterSeq = page.at(-1)!.seq;
    }
  }

  async function allMessages(siteId: string, conversationId: string): Promise<InboxMessage[]> {
    const out: InboxMessage[] = [];
    for await (const page of messagesOf(siteId, conversationId)) out.push(...page);
    return out;
  }

  async function transcript(siteId: string, conversation: InboxConversation): Promise<Transcript> {
    const [messages, clicks] = await Promise.all([
      allMessages(siteId, conversation.id),
      c.storage.listConversationClicks(siteId, conversation.id),
    ]);
    return { conversation: { ...conversation, match: null }, ...transcriptOf(messages, clicks) };
  }

  /** A visitor id as the widget makes it, else NOT_FOUND (a value that names no one's data). */
  const visitorId = (id: string) => {
    if (!VISITOR_ID.test(id)) throw new OperationError('NOT_FOUND', 'no such visitor');
    return id;
  };

  return {
    /** A page of the site's conversations (viewers): newest first, filtered, searched. */
    async listConversations(
      actor: Actor,
      siteId: string,
      query: InboxQuery,
    ): Promise<{ conversations: Conversation[]; nextCursor: string | null }> {
      await need(c, actor, siteId, 'viewer');
      const filter = parseFilter(query);
      const limit = parseLimit(query);
      const after = parseCursor(query);
      const rows = await c.storage.listConversations(siteId, filter, { after, limit: limit + 1 });
      const page = rows.slice(0, limit);
      return {
        conversations: await withMatches(siteId, page, filter.words),
        nextCursor: rows.length > limit ? cursorOf(page.at(-1)!) : null,
      };
    },

    /** A conversation's transcript (viewers). */
    async getTranscript(actor: Actor, siteId: string, conversationId: string): Promise<Transcript> {
      await need(c, actor, siteId, 'viewer');
      const conversation = await c.storage.getConversation(siteId, conversationId);
      if (!conversation) throw notFound();
      return transcript(siteId, conversation);
    },

    /** The list with its filters as a file (viewers), read {@link EXPORT_PAGE} conversations at a time. */
    async exportConversations(actor: Actor, siteId: string, query: InboxQuery): Promise<ExportFile> {
      await need(c, actor, siteId, 'viewer');
      const filter = parseFilter(query);
      const format = parseFormat(query);
      const storage = c.storage;
      async function* pages() {
        let after: { lastActivityAt: string; id: string } | undefined;
        for (;;) {
          const rows = await storage.listConversations(siteId, filter, { after, limit: EXPORT_PAGE });
          if (rows.length > 0) yield await withMatches(siteId, rows, filter.words);
          if (rows.length < EXPORT_PAGE) return;
          const last = rows.at(-1)!;
          after = { lastActivityAt: last.lastActivityAt, id: last.id };
        }
      }
      async function* csv() {
        yield BOM + csvRow(CONVERSATION_CSV);
        for await (const page of pages()) yield page.map((r) => csvRow(CONVERSATION_CSV.map((k) => r[k]))).join('');
      }
      async function* json() {
        let first = true;
        yield '[';
        for await (const page of pages()) {
          const rows = page.map((r, i) => `${first && i === 0 ? '' : ','}\n${JSON.stringify(r)}`);
          first = false;
          yield rows.join('');
        }
        yield '\n]\n';
      }
      return {
        filename: `conversations-${siteId}-${today(c.now())}.${format}`,
        contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        body: format === 'csv' ? csv() : json(),
      };
    },

    /** One conversation as a file (viewers): CSV rows of its messages, read a page at a time, or its transcript as JSON. */
    async exportConversation(actor: Actor, siteId: string, conversationId: string, query: InboxQuery): Promise<ExportFile> {
      await need(c, actor, siteId, 'viewer');
      const format = parseFormat(query);
      const conversation = await c.storage.getConversation(siteId, conversationId);
      if (!conversation) throw notFound();
      async function* csv() {
        yield BOM + csvRow(MESSAGE_CSV);
        for await (const page of messagesOf(siteId, conversationId)) {
          yield page
            .map((m) => csvRow([conversationId, m.id, m.at, m.role, m.type, m.content, m.failed, m.incomplete, m.nothingFound, m.voice]))
            .join('');
        }
      }
      async function* json() {
        yield `${JSON.stringify(await transcript(siteId, conversation!))}\n`;
      }
      return {
        filename: `conversation-${conversationId}.${format}`,
        contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        body: format === 'csv' ? csv() : json(),
      };
    },

    /**
     * Everything stored about one visitor of the site (owners: the right of access), with its `visitor.export` audit
     * entry; NOT_FOUND when nothing is stored.
     */
    async exportVisitor(actor: Actor, siteId: string, id: string) {
      const { site } = await need(c, actor, siteId, 'owner');
      const visitor = visitorId(id);
      const [conversations, profile, clicks] = await Promise.all([
        c.storage.listVisitorConversations(site.id, visitor),
        c.storage.getProfile(site.id, visitor),
        c.storage.listVisitorClicks(site.id, visitor),
      ]);
      if (conversations.length === 0 && profile === null && clicks.length === 0) throw new OperationError('NOT_FOUND', 'no such visitor');
      const withMessages = [];
      let messages = 0;
      for (const conversation of conversations) {
        const t = await transcript(site.id, conversation);
        messages += t.messages.length;
        withMessages.push({ ...conversation, match: null, messages: t.messages });
      }
      await c.storage.appendAudit({
        siteId: site.id,
        actor,
        action: 'visitor.export',
        before: null,
        after: { visitorId: visitor, chatSessions: conversations.length, messages },
      });
      return {
        siteId: site.id,
        visitorId: visitor,
        exportedAt: new Date(c.now()).toISOString(),
        profile,
        conversations: withMessages,
        clicks,
      };
    },

    /** Deletes everything stored about one visitor of the site (owners: the right to erasure), with its `visitor.delete` audit entry. */
    async deleteVisitor(actor: Actor, siteId: string, id: string): Promise<DeletedVisitorData> {
      const { site } = await need(c, actor, siteId, 'owner');
      const visitor = visitorId(id);
      return c.storage.deleteVisitorData(site.id, visitor, (deleted) => ({
        siteId: site.id,
        actor,
        action: 'visitor.delete',
        before: { visitorId: visitor, ...deleted },
        after: null,
      }));
    },
  };
}
