/**
 * The conversations inbox's calls in the console's fake API (console/inbox/api.ts goes through `request`): an
 * in-memory site with a few conversations, answering the inbox's routes with contract-shaped data (the client's own
 * checks read it), and every call kept for the tests to look at.
 */
import { vi } from 'vitest';
import type { ConsoleApi } from '../../console/api';
import type { Conversation, Segment, Transcript, TranscriptMessage } from '../../contract/inbox';

/**
 * A conversation of the list with the fields a test does not set; the e2e stand-in (test/e2e/console-fake-api-inbox.ts)
 * builds its own rows with it too.
 */
export const row = (over: Partial<Conversation> & Pick<Conversation, 'id'>): Conversation => ({
  visitorId: 'visitor-aaaa',
  name: 'What are the fees?',
  path: '/fees',
  startedAt: '2026-11-25T09:00:00Z',
  lastActivityAt: '2026-11-25T09:05:00Z',
  messageCount: 4,
  firstQuestion: 'What are the fees?',
  failed: false,
  incomplete: false,
  nothingFound: false,
  voiceTurns: 0,
  match: null,
  ...over,
});

/** A transcript's message with the fields a test does not set: a text message, no failure, no context, no buttons. */
export const message = (
  over: Partial<TranscriptMessage> & Pick<TranscriptMessage, 'id' | 'role' | 'content' | 'at'>,
): TranscriptMessage => ({
  type: 'TEXT',
  failed: false,
  incomplete: false,
  nothingFound: false,
  voice: false,
  context: null,
  buttons: null,
  clicked: [],
  ...over,
});

/** A search's snippet of `text` with the first `word` in it marked as the hit, or null when it is not in it. */
export const hitSnippet = (text: string, word: string): Segment[] | null => {
  const at = text.toLowerCase().indexOf(word.toLowerCase());
  if (at < 0) return null;
  return [
    { text: text.slice(0, at), hit: false },
    { text: text.slice(at, at + word.length), hit: true },
    { text: text.slice(at + word.length), hit: false },
  ].filter((s) => s.text);
};

/** Three conversations, newest first; the second came back incomplete and found nothing, by voice. */
export const CONVERSATIONS: Conversation[] = [
  row({
    id: 'c3',
    visitorId: 'visitor-cccc',
    name: 'Can I open an ISA?',
    firstQuestion: 'Can I open an ISA?',
    path: '/isa',
    startedAt: '2026-11-26T10:00:00Z',
  }),
  row({
    id: 'c2',
    visitorId: 'visitor-bbbb',
    name: 'Pension transfer',
    firstQuestion: 'How do I transfer my pension?',
    path: '/pensions',
    messageCount: 2,
    incomplete: true,
    nothingFound: true,
    voiceTurns: 1,
  }),
  row({ id: 'c1', failed: true, startedAt: '2026-11-24T08:00:00Z' }),
];

/** The transcript of `c1`: a question with documents in view, an answer with buttons offered, one clicked, a failure. */
export const TRANSCRIPT: Transcript = {
  conversation: CONVERSATIONS[2]!,
  messages: [
    message({
      id: 'm1',
      role: 'user',
      content: 'What are the fees?',
      at: '2026-11-25T09:00:00Z',
      voice: true,
      context: {
        path: '/fees',
        documents: [
          { id: 'd1', name: 'Fee schedule', kind: 'document' },
          { id: 'v1', name: 'Welcome video', kind: 'video' },
        ],
        focus: { id: 'd1', name: 'Fee schedule' },
        actionButtons: [{ id: 'ab1', name: 'Book a call', buttonType: 'ACTION' }],
      },
      clicked: ['ab1'],
    }),
    message({
      id: 'm2',
      role: 'ai',
      content: '**Fees** are 0.45% a year. <img src=x onerror=alert(1)>',
      at: '2026-11-25T09:00:05Z',
      buttons: {
        followUps: [
          { id: 'f1', text: 'Are there exit fees?' },
          { id: 'f2', text: 'How are fees taken?' },
        ],
        responseButtons: [{ id: 'r1', name: 'Fee schedule', buttonType: 'EXTERNAL_LINK', externalUrl: 'https://example.com/fees.pdf' }],
        sources: ['Fee schedule'],
      },
      clicked: ['f1'],
    }),
    message({
      id: 'm3',
      role: 'ai',
      content: 'Sorry, something went wrong.',
      at: '2026-11-25T09:05:00Z',
      failed: true,
    }),
  ],
  clicks: [{ buttonId: 'f1', at: '2026-11-25T09:01:00Z', pageUrl: 'https://shop.example/fees', label: 'Are there exit fees?' }],
};

/** The inbox's state on the fake server, and the calls made to it. */
export function fakeInbox(conversations: Conversation[] = CONVERSATIONS, pageSize = 25) {
  const state = { conversations: [...conversations] };
  const calls: { method: string; path: string; query: URLSearchParams }[] = [];
  const answer = (method: string, full: string): unknown => {
    const [path = '', search = ''] = full.split('?');
    const query = new URLSearchParams(search);
    calls.push({ method, path, query });
    const parts = path.split('/');
    if (method === 'GET' && parts[2] === 'conversations' && parts.length === 3) {
      const q = query.get('q') ?? '';
      const states = (query.get('state') ?? '').split(',').filter(Boolean);
      let rows = state.conversations.filter(
        (c) =>
          (!states.length ||
            (states.includes('failed') && c.failed) ||
            (states.includes('incomplete') && c.incomplete) ||
            (states.includes('nothing-found') && c.nothingFound)) &&
          (!query.get('path') || c.path === query.get('path')),
      );
      if (q) {
        rows = rows
          .filter((c) => (c.firstQuestion ?? '').toLowerCase().includes(q.toLowerCase()))
          .map((c) => {
            const text = c.firstQuestion ?? '';
            const at = text.toLowerCase().indexOf(q.toLowerCase());
            return {
              ...c,
              match: {
                messageId: `${c.id}-m1`,
                role: 'user' as const,
                at: c.startedAt,
                snippet: [
                  { text: text.slice(0, at), hit: false },
                  { text: text.slice(at, at + q.length), hit: true },
                  { text: `${text.slice(at + q.length)} <b>bold</b>`, hit: false },
                ],
              },
            };
          });
      }
      const start = Number(query.get('cursor') ?? 0);
      const page = rows.slice(start, start + pageSize);
      return { conversations: page, nextCursor: start + pageSize < rows.length ? String(start + pageSize) : null };
    }
    if (method === 'GET' && parts[2] === 'conversations' && parts.length === 4) {
      const c = state.conversations.find((x) => x.id === decodeURIComponent(parts[3]!));
      if (!c) throw Object.assign(new Error('NOT_FOUND'), { code: 'NOT_FOUND' });
      return { ...TRANSCRIPT, conversation: c };
    }
    if (method === 'DELETE' && parts[2] === 'visitors') {
      const visitor = decodeURIComponent(parts[3]!);
      const gone = state.conversations.filter((c) => c.visitorId === visitor);
      state.conversations = state.conversations.filter((c) => c.visitorId !== visitor);
      return { deleted: { chatSessions: gone.length, messages: gone.length * 2, profiles: 1, buttonClicks: 1 } };
    }
    throw Object.assign(new Error('NOT_FOUND'), { code: 'NOT_FOUND' });
  };
  const request = vi.fn(async (method: string, path: string, check: ((v: unknown) => unknown) | null) => {
    const body = answer(method, path);
    return check ? check(body) : undefined;
  }) as unknown as ConsoleApi['request'];
  return { state, calls, request };
}
