/**
 * What a console screen reads (a site, its members, the audit log): loading → ready | failed, and again on
 * `LOAD.AGAIN` (after a change, or Retry). The audit log reads page after page: `LOAD.MORE` appends the next page
 * while the ones read stay shown.
 *
 * The reads are the `load` actor the screen provides (a console/api.ts call); `more` takes the data read so far.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { type SessionError, refusalOf } from './console-session';
import { notProvided } from './not-provided';

export type LoadEvent = { type: 'LOAD.AGAIN' } | { type: 'LOAD.MORE' };

export interface LoadContext {
  data: unknown;
  error: SessionError | null;
  /** whether `LOAD.MORE` found nothing more */
  complete: boolean;
}

export const consoleLoadMachine = setup({
  types: {} as { context: LoadContext; events: LoadEvent },
  actors: {
    load: fromPromise<unknown>(notProvided('load')),
    /** the next page after `data`: the whole data with it appended, and whether that was the last */
    more: fromPromise<{ data: unknown; complete: boolean }, unknown>(notProvided('more')),
  },
  actions: {
    fail: assign({ error: ({ event }) => refusalOf((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'consoleLoad',
  context: { data: undefined, error: null, complete: false },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null, complete: false }) },
        onError: { target: 'failed', actions: 'fail' },
      },
    },
    ready: { on: { 'LOAD.AGAIN': 'loading', 'LOAD.MORE': { target: 'loadingMore' } } },
    loadingMore: {
      invoke: {
        src: 'more',
        input: ({ context }: { context: LoadContext }) => context.data,
        onDone: {
          target: 'ready',
          actions: assign({ data: ({ event }) => event.output.data, complete: ({ event }) => event.output.complete }),
        },
        onError: { target: 'ready', actions: 'fail' },
      },
    },
    failed: { on: { 'LOAD.AGAIN': 'loading' } },
  },
});

export type LoadSnapshot = SnapshotFrom<typeof consoleLoadMachine>;
export const selectLoadPhase = (s: LoadSnapshot) => s.value as 'loading' | 'ready' | 'loadingMore' | 'failed';
