/**
 * Whether the widget reaches its server (issue 13: an offline/reconnecting state). Every call
 * reports whether it got an answer (`NETWORK.BACK`) or none (`NETWORK.LOST`); the browser's
 * `offline` event is a loss too. While unreachable, a probe runs with backoff (2 s, 4 s, … up to
 * 30 s), and at once on the browser's `online` event; the first answer, from the probe or any
 * call, emits `network.back`, which waiting work (the chat's unsent messages) acts on.
 *
 *   reachable ──LOST──▶ unreachable { waiting ──backoff──▶ probing ──answer──▶ reachable
 *                                       ▲────no answer────────┘ }
 */
import { assign, emit, fromCallback, fromPromise, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { notProvided } from './not-provided';
import { FIRST_BACKOFF_MS, MAX_BACKOFF_MS } from './constants';

/** The delay before the probe after `attempt` failed ones. */
export const backoffMs = (attempt: number) => Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** attempt);

export type NetworkEvent =
  /** A call got no answer, or the browser went offline. */
  | { type: 'NETWORK.LOST' }
  /** A call got an answer (of any status). */
  | { type: 'NETWORK.BACK' }
  /** The browser is online again: probe now. */
  | { type: 'NETWORK.ONLINE' };

export type NetworkEmitted = { type: 'network.back' };

export const networkMachine = setup({
  types: {
    context: {} as { attempt: number },
    events: {} as NetworkEvent,
    emitted: {} as NetworkEmitted,
  },
  actors: {
    /** Any answer from the server resolves; none rejects. */
    probe: fromPromise<void>(notProvided('probe')),
    /** The browser's `online` and `offline` events as NETWORK.ONLINE and NETWORK.LOST (and LOST at once when it starts offline). */
    connectivity: fromCallback<EventObject>(notProvided('connectivity')),
  },
  delays: {
    backoff: ({ context }) => backoffMs(context.attempt),
  },
}).createMachine({
  id: 'network',
  context: { attempt: 0 },
  invoke: { src: 'connectivity' },
  initial: 'reachable',
  states: {
    reachable: {
      entry: assign({ attempt: 0 }),
      on: { 'NETWORK.LOST': 'unreachable' },
    },
    unreachable: {
      initial: 'waiting',
      on: {
        'NETWORK.BACK': { target: 'reachable', actions: emit({ type: 'network.back' }) },
        'NETWORK.ONLINE': '.probing',
      },
      states: {
        waiting: { after: { backoff: 'probing' } },
        probing: {
          invoke: {
            src: 'probe',
            onDone: { target: '#network.reachable', actions: emit({ type: 'network.back' }) },
            onError: { target: 'waiting', actions: assign({ attempt: ({ context }) => context.attempt + 1 }) },
          },
        },
      },
    },
  },
});

export type NetworkActor = ActorRefFrom<typeof networkMachine>;
export type NetworkSnapshot = SnapshotFrom<typeof networkMachine>;

/** The server answers (or nothing says otherwise yet). */
export const selectIsReachable = (s: NetworkSnapshot) => !s.matches('unreachable');
