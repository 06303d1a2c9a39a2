/**
 * The conversations inbox's answers for the console's stand-in API in Chromium (console-fake-api.ts): a few
 * conversations of the fake site, a search that marks its hits, and one transcript, in the contract's shapes
 * (docs/console.md "The conversations inbox"), built with the component tests' fake inbox's row, message and
 * snippet (test/components/console-fake-api-inbox.ts).
 */
import { hitSnippet, message, row } from '../components/console-fake-api-inbox';

const CONVERSATIONS = [
  row({
    id: 'conv-3',
    visitorId: 'visitor-cccc3333',
    name: 'Do you have the Harbour Runner in size 46?',
    path: '/shoes/harbour-runner',
    startedAt: '2026-11-26T10:12:00Z',
    lastActivityAt: '2026-11-26T10:14:00Z',
    messageCount: 6,
    firstQuestion: 'Do you have the Harbour Runner in size 46?',
  }),
  row({
    id: 'conv-2',
    visitorId: 'visitor-bbbb2222',
    name: 'Returns after 30 days',
    path: '/help/returns-and-refunds-for-orders-placed-online-or-in-store',
    messageCount: 2,
    firstQuestion: 'Can I return shoes I bought 40 days ago if I never wore them outside?',
    incomplete: true,
    nothingFound: true,
    voiceTurns: 1,
  }),
  row({
    id: 'conv-1',
    visitorId: 'visitor-aaaa1111',
    name: 'Delivery to Norway',
    path: '/delivery',
    startedAt: '2026-11-24T08:00:00Z',
    lastActivityAt: '2026-11-24T08:03:00Z',
    messageCount: 4,
    firstQuestion: 'How long does delivery to Norway take?',
    failed: true,
  }),
];

const TRANSCRIPT = {
  messages: [
    message({
      id: 'm1',
      role: 'user',
      content: 'How long does delivery to Norway take?',
      at: '2026-11-24T08:00:00Z',
      voice: true,
      context: {
        path: '/delivery',
        documents: [
          { id: 'd1', name: 'Delivery terms', kind: 'document' },
          { id: 'v1', name: 'How we pack your shoes', kind: 'video' },
        ],
        focus: null,
        actionButtons: [{ id: 'ab1', name: 'Track my order', buttonType: 'ACTION' }],
      },
    }),
    message({
      id: 'm2',
      role: 'ai',
      content: 'Delivery to **Norway** takes 3 to 5 working days.\n\n- Tracked\n- Duties paid',
      at: '2026-11-24T08:00:06Z',
      buttons: {
        followUps: [
          { id: 'f1', text: 'Is delivery free?' },
          { id: 'f2', text: 'Can I pick a day?' },
        ],
        responseButtons: [
          {
            id: 'r1',
            name: 'Delivery terms',
            buttonType: 'EXTERNAL_LINK',
            externalUrl: 'https://www.harbour-shoes.example/delivery-terms.pdf',
          },
        ],
        sources: ['Delivery terms'],
      },
      clicked: ['f1'],
    }),
    message({ id: 'm3', role: 'user', content: 'Is delivery free?', at: '2026-11-24T08:01:00Z' }),
    message({ id: 'm4', role: 'ai', content: 'Sorry, something went wrong. Please try again.', at: '2026-11-24T08:03:00Z', failed: true }),
  ],
  clicks: [
    { buttonId: 'f1', at: '2026-11-24T08:00:58Z', pageUrl: 'https://www.harbour-shoes.example/delivery', label: 'Is delivery free?' },
  ],
};

/** The inbox's answer to a call under `sites/:site/`, or null when the call is not the inbox's. */
export function inboxAnswer(method: string, path: string, query: URLSearchParams, site: string): [number, unknown] | null {
  if (!path.startsWith(`${site}/conversations`) && !path.startsWith(`${site}/visitors/`)) return null;
  const rest = path.slice(site.length + 1).split('/');
  if (method === 'DELETE' && rest[0] === 'visitors')
    return [200, { deleted: { chatSessions: 1, messages: 4, profiles: 0, buttonClicks: 1 } }];
  if (rest[0] === 'conversations' && rest.length === 1) {
    const q = query.get('q') ?? '';
    const states = (query.get('state') ?? '').split(',').filter(Boolean);
    const rows = CONVERSATIONS.filter(
      (c) => !states.length || (states.includes('failed') && c.failed) || (states.includes('incomplete') && c.incomplete),
    )
      .map((c) => ({ c, hit: q ? hitSnippet(c.firstQuestion ?? '', q) : null }))
      .filter(({ hit }) => !q || hit)
      .map(({ c, hit }) => ({ ...c, match: hit && { messageId: `${c.id}-m1`, role: 'user', at: c.startedAt, snippet: hit } }));
    return [200, { conversations: rows, nextCursor: q || states.length ? null : 'page-2' }];
  }
  const conversation = CONVERSATIONS.find((c) => c.id === rest[1]);
  if (rest[0] === 'conversations' && rest.length === 2 && conversation) return [200, { conversation, ...TRANSCRIPT }];
  return [404, { error: 'NOT_FOUND', message: 'No conversation' }];
}
