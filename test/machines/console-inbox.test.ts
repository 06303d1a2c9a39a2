/** The conversations inbox's list (machines/console-inbox.ts): reading, paging, filters and search kept in the address. */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import {
  type AddressCommand,
  consoleInboxMachine,
  type InboxEvent,
  type InboxPage,
  type InboxPageInput,
  isFiltered,
  NO_FILTERS,
  parseFilters,
  queryOf,
  selectFilters,
  selectHasMore,
  selectInboxError,
  selectInboxPhase,
  selectItems,
} from '../../machines/console-inbox';

const refusal = (code: string) => Object.assign(new Error(code), { code });

/** A pending read, answered (or refused) by the test. */
interface Call {
  input: InboxPageInput;
  answer: (page: InboxPage<unknown>) => void;
  refuse: (error: unknown) => void;
}

function inbox(query = '') {
  const calls: Call[] = [];
  const addresses: string[] = [];
  const page = fromPromise<InboxPage<unknown>, InboxPageInput>(
    ({ input }) => new Promise((answer, refuse) => calls.push({ input, answer, refuse })),
  );
  const address = fromCallback<AddressCommand>(({ receive, sendBack }) => {
    receive((c) => addresses.push(c.query));
    sendBack({ type: 'ADDRESS.READ', query } satisfies InboxEvent);
  });
  const actor = createActor(consoleInboxMachine.provide({ actors: { page, address } })).start();
  return { actor, calls, addresses, last: () => calls.at(-1)! };
}

describe('the filters in the address', () => {
  it('read from a query, written back in one canonical order', () => {
    const f = parseFilters('?q=refund%20policy&state=incomplete,failed,bogus,failed&path=/pricing&to=2026-11-30&from=2026-11-01');
    expect(f).toEqual({ from: '2026-11-01', to: '2026-11-30', path: '/pricing', states: ['incomplete', 'failed'], q: 'refund policy' });
    expect(queryOf(f)).toBe('?from=2026-11-01&to=2026-11-30&path=%2Fpricing&state=incomplete%2Cfailed&q=refund+policy');
    expect(parseFilters(queryOf(f))).toEqual(f);
  });

  it('drops malformed dates; no filter is no query', () => {
    expect(parseFilters('?from=yesterday&to=2026-13')).toEqual(NO_FILTERS);
    expect(queryOf(NO_FILTERS)).toBe('');
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, states: ['nothing-found'] })).toBe(true);
  });
});

describe('the list', () => {
  it('starts from the address’s filters and reads the first page', async () => {
    const { actor, calls, last } = inbox('?state=failed');
    expect(selectInboxPhase(actor.getSnapshot())).toBe('loading');
    expect(calls).toHaveLength(1);
    expect(last().input).toEqual({ filters: { ...NO_FILTERS, states: ['failed'] }, cursor: null });
    last().answer({ items: [{ id: 'c2' }, { id: 'c1' }], nextCursor: 'k1' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectItems(actor.getSnapshot())).toEqual([{ id: 'c2' }, { id: 'c1' }]);
    expect(selectHasMore(actor.getSnapshot())).toBe(true);
  });

  it('Load more appends the next page from the cursor, and stops after the last', async () => {
    const { actor, last } = inbox();
    last().answer({ items: [{ id: 'c3' }], nextCursor: 'k1' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'LIST.MORE' });
    expect(selectInboxPhase(actor.getSnapshot())).toBe('loadingMore');
    expect(last().input).toEqual({ filters: NO_FILTERS, cursor: 'k1' });
    last().answer({ items: [{ id: 'c2' }, { id: 'c1' }], nextCursor: null });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectItems(actor.getSnapshot())).toEqual([{ id: 'c3' }, { id: 'c2' }, { id: 'c1' }]);
    expect(selectHasMore(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().can({ type: 'LIST.MORE' })).toBe(false);
  });

  it('a refused next page keeps what was read and shows the refusal; Load more tries again', async () => {
    const { actor, calls, last } = inbox();
    last().answer({ items: [{ id: 'c2' }], nextCursor: 'k1' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'LIST.MORE' });
    last().refuse(refusal('NETWORK'));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectInboxError(actor.getSnapshot())?.code).toBe('NETWORK');
    expect(selectItems(actor.getSnapshot())).toEqual([{ id: 'c2' }]);
    actor.send({ type: 'LIST.MORE' });
    expect(selectInboxError(actor.getSnapshot())).toBeNull();
    expect(calls.at(-1)!.input.cursor).toBe('k1');
  });

  it('a refused first page fails with its code; Retry reads again', async () => {
    const { actor, calls, last } = inbox();
    last().refuse(refusal('FORBIDDEN'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectInboxError(actor.getSnapshot())?.code).toBe('FORBIDDEN');
    actor.send({ type: 'LIST.AGAIN' });
    expect(calls).toHaveLength(2);
    last().answer({ items: [], nextCursor: null });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectInboxError(actor.getSnapshot())).toBeNull();
  });
});

describe('filters and search', () => {
  it('a change reads again from the first page and writes the address (replacing its query)', async () => {
    const { actor, addresses, last } = inbox();
    last().answer({ items: [{ id: 'c1' }], nextCursor: 'k1' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'FILTERS.SET', filters: { q: 'refund', states: ['nothing-found'] } });
    expect(selectInboxPhase(actor.getSnapshot())).toBe('loading');
    expect(selectItems(actor.getSnapshot())).toEqual([]);
    expect(last().input).toEqual({ filters: { ...NO_FILTERS, q: 'refund', states: ['nothing-found'] }, cursor: null });
    expect(addresses).toEqual(['?state=nothing-found&q=refund']);
    actor.send({ type: 'FILTERS.CLEAR' });
    expect(selectFilters(actor.getSnapshot())).toEqual(NO_FILTERS);
    expect(addresses.at(-1)).toBe('');
  });

  it('an answer for filters changed since is dropped: the list shows the newest filters’ answer only', async () => {
    const { actor, calls } = inbox();
    actor.send({ type: 'FILTERS.SET', filters: { path: '/pricing' } });
    const [stale, fresh] = calls;
    fresh!.answer({ items: [{ id: 'priced' }], nextCursor: null });
    await waitFor(actor, (s) => s.matches('ready'));
    stale!.answer({ items: [{ id: 'stale' }], nextCursor: 'x' });
    await Promise.resolve();
    expect(selectItems(actor.getSnapshot())).toEqual([{ id: 'priced' }]);
    expect(selectHasMore(actor.getSnapshot())).toBe(false);
  });

  it('a change while the next page loads drops that page', async () => {
    const { actor, calls, last } = inbox();
    last().answer({ items: [{ id: 'c2' }], nextCursor: 'k1' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'LIST.MORE' });
    const more = last();
    actor.send({ type: 'FILTERS.SET', filters: { from: '2026-11-01' } });
    last().answer({ items: [{ id: 'nov' }], nextCursor: null });
    await waitFor(actor, (s) => s.matches('ready'));
    more.answer({ items: [{ id: 'old' }], nextCursor: null });
    await Promise.resolve();
    expect(selectItems(actor.getSnapshot())).toEqual([{ id: 'nov' }]);
    expect(calls).toHaveLength(3);
  });
});
