/**
 * The conversations inbox's list (issue 33 §2, docs/console.md "The conversations inbox"): a site's conversations,
 * newest first, read page after page (a cursor), narrowed by filters and a search that live in the address's query,
 * so that a filtered view can be shared and comes back after a transcript is left with Back.
 *
 * Its effects come through `provide()`: `page` reads one page of the list for the filters and the cursor; `address` is
 * the address bar's query: it reports the query the screen opened with (`ADDRESS.READ`), then writes the filters'
 * query as they change (replacing the entry: a filter is not a step of Back).
 */
import { assign, fromCallback, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import { type SessionError, refusalOf } from './console-session';
import { notProvided } from './not-provided';

/**
 * The three states an answer may be in (issue 33 §2: it failed, came back incomplete, or found nothing), as the API's
 * `state` filter names them.
 */
export const INBOX_STATES = ['failed', 'incomplete', 'nothing-found'] as const;
export type InboxState = (typeof INBOX_STATES)[number];

/** What narrows the list; each field empty (or no states) means "any". */
export interface InboxFilters {
  /** the first day shown, `YYYY-MM-DD` */
  from: string;
  /** the last day shown, `YYYY-MM-DD` (the whole day) */
  to: string;
  /** the page path the conversation started on (one ending in `*` is a prefix) */
  path: string;
  /** only conversations with an answer in any of these states */
  states: InboxState[];
  /** the search's words (full text over the messages) */
  q: string;
}

export const NO_FILTERS: InboxFilters = { from: '', to: '', path: '', states: [], q: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filters of an address's query, which is the API's own (docs/console.md "Filters"):
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD&path=/fees&state=failed,incomplete&q=words`; what is malformed is dropped.
 */
export function parseFilters(query: string): InboxFilters {
  const params = new URLSearchParams(query);
  const day = (name: string) => {
    const v = params.get(name) ?? '';
    return DAY.test(v) ? v : '';
  };
  const states = (params.get('state') ?? '').split(',').filter((m): m is InboxState => (INBOX_STATES as readonly string[]).includes(m));
  return { from: day('from'), to: day('to'), path: params.get('path') ?? '', states: [...new Set(states)], q: params.get('q') ?? '' };
}

/** The query of the filters, `?` included, or '' when nothing narrows the list: the address's and the API's. */
export function queryOf(filters: InboxFilters): string {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.path) params.set('path', filters.path);
  if (filters.states.length) params.set('state', filters.states.join(','));
  if (filters.q) params.set('q', filters.q);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Whether anything narrows the list (the empty list then says "nothing matches" rather than "no conversations yet"). */
export const isFiltered = (f: InboxFilters) => queryOf(f) !== '';

/** One page of the list, as the `page` effect answers it. */
export interface InboxPage<T> {
  items: T[];
  /** where the next page starts; null after the last */
  nextCursor: string | null;
}

/** What the `page` effect is asked. */
export interface InboxPageInput {
  filters: InboxFilters;
  /** null for the first page */
  cursor: string | null;
}

/** Commands to the `address` effect. */
export type AddressCommand = { type: 'QUERY'; query: string };

export type InboxEvent =
  /** from the address: the query the screen opened with */
  | { type: 'ADDRESS.READ'; query: string }
  /** change some filters (a date, the page, a mark, the search): the list reads again from its first page */
  | { type: 'FILTERS.SET'; filters: Partial<InboxFilters> }
  /** every filter off */
  | { type: 'FILTERS.CLEAR' }
  /** the next page (Load more) */
  | { type: 'LIST.MORE' }
  /** read again (Retry) */
  | { type: 'LIST.AGAIN' };

export interface InboxContext {
  filters: InboxFilters;
  /** the conversations read so far, newest first */
  items: unknown[];
  /** where the next page starts; null when there is none */
  cursor: string | null;
  /** the last read's refusal; null after a read that worked */
  error: SessionError | null;
}

/** A change of filters leaves the state it is in (a read running is dropped) for a fresh read of the first page. */
const reload = { target: '.changing' } as const;

export const consoleInboxMachine = setup({
  types: {} as { context: InboxContext; events: InboxEvent },
  actors: {
    page: fromPromise<InboxPage<unknown>, InboxPageInput>(notProvided('page')),
    address: fromCallback<AddressCommand>(notProvided('address')),
  },
  actions: {
    setFilters: assign({ filters: ({ context }, params: Partial<InboxFilters>) => ({ ...context.filters, ...params }) }),
    writeAddress: sendTo('address', ({ context }) => ({ type: 'QUERY', query: queryOf(context.filters) }) satisfies AddressCommand),
    fail: assign({ error: ({ event }) => refusalOf((event as { error?: unknown }).error) }),
  },
  guards: {
    hasMore: ({ context }) => context.cursor !== null,
  },
}).createMachine({
  id: 'consoleInbox',
  context: { filters: NO_FILTERS, items: [], cursor: null, error: null },
  invoke: { id: 'address', src: 'address' },
  initial: 'opening',
  on: {
    'FILTERS.SET': { ...reload, actions: [{ type: 'setFilters', params: ({ event }) => event.filters }, 'writeAddress'] },
    'FILTERS.CLEAR': { ...reload, actions: [assign({ filters: NO_FILTERS }), 'writeAddress'] },
  },
  states: {
    opening: {
      on: { 'ADDRESS.READ': { target: 'loading', actions: assign({ filters: ({ event }) => parseFilters(event.query) }) } },
    },
    changing: { always: 'loading' },
    loading: {
      entry: assign({ items: [], cursor: null }),
      invoke: {
        src: 'page',
        input: ({ context }) => ({ filters: context.filters, cursor: null }),
        onDone: {
          target: 'ready',
          actions: assign({ items: ({ event }) => event.output.items, cursor: ({ event }) => event.output.nextCursor, error: null }),
        },
        onError: { target: 'failed', actions: 'fail' },
      },
    },
    ready: {
      on: {
        'LIST.MORE': { guard: 'hasMore', target: 'loadingMore', actions: assign({ error: null }) },
        'LIST.AGAIN': 'loading',
      },
    },
    loadingMore: {
      invoke: {
        src: 'page',
        input: ({ context }) => ({ filters: context.filters, cursor: context.cursor }),
        onDone: {
          target: 'ready',
          actions: assign({
            items: ({ context, event }) => [...context.items, ...event.output.items],
            cursor: ({ event }) => event.output.nextCursor,
          }),
        },
        // the conversations read stay; the refusal shows beside Load more, which tries again
        onError: { target: 'ready', actions: 'fail' },
      },
    },
    failed: { on: { 'LIST.AGAIN': 'loading' } },
  },
});

export type InboxSnapshot = SnapshotFrom<typeof consoleInboxMachine>;
export type InboxPhase = 'opening' | 'loading' | 'ready' | 'loadingMore' | 'failed';
export const selectInboxPhase = (s: InboxSnapshot) => s.value as InboxPhase;
export const selectFilters = (s: InboxSnapshot) => s.context.filters;
export const selectItems = (s: InboxSnapshot) => s.context.items;
export const selectInboxError = (s: InboxSnapshot) => s.context.error;
/** Whether Load more has a page to read. */
export const selectHasMore = (s: InboxSnapshot) => s.context.cursor !== null;
