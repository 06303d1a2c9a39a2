/**
 * The site's advice status as the journey knows it (docs/advice-records.md "Kill switch"): asked of the server once
 * per page load, the first time a page needs it (the advice gate, Save-later's mail option, the acceptance's partner
 * email), and again when a call answers that advice is paused. Held as codes: whether advice is `open`, `paused` or
 * not known yet, and whether the server mails links.
 *
 *   idle ──STATUS.ASK──▶ asking ──answer──▶ known ──STATUS.PAUSED──▶ asking (paused holds)
 *                                   └─none (unreachable: advice shows, no mail)─▶ known
 */
import { assign, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

/** The server's answer to `GET advice-status` (contract/advice.ts `AdviceStatus`). */
export interface AdviceStatusAnswer {
  paused: boolean;
  mail: boolean;
}

/** Whether a recommendation may show: not known yet, open, or paused by the site's owner. */
export type AdviceStatusCode = 'unknown' | 'open' | 'paused';

export interface AdviceStatusContext {
  /** @default 'unknown' */
  advice: AdviceStatusCode;
  /** The server mails the links it gives (SMTP configured). @default false */
  mail: boolean;
  /** A call answered ADVICE_PAUSED this page load: paused holds until the page is loaded again. @default false */
  pausedByCall: boolean;
}

export type AdviceStatusEvent =
  /** A page needs the status: asked of the server the first time only. */
  | { type: 'STATUS.ASK' }
  /** A call answered ADVICE_PAUSED: advice is paused now, and the status is asked again. */
  | { type: 'STATUS.PAUSED' }
  /** The server's answer (from `fetchStatus`). */
  | { type: 'STATUS.ANSWERED'; status: AdviceStatusAnswer }
  /** No answer, or not of its shape (from `fetchStatus`). */
  | { type: 'STATUS.UNREACHABLE' };

export const adviceStatusMachine = setup({
  types: {
    context: {} as AdviceStatusContext,
    events: {} as AdviceStatusEvent,
  },
  actors: {
    /**
     * `GET advice-status`, one call: sends back STATUS.ANSWERED, or STATUS.UNREACHABLE when there is no answer or it is
     * not of that shape. A callback, not a promise actor: the journey's first visit carries callbacks already, and
     * this machine loads with the pages that need it.
     */
    // ./not-provided.ts's message, written here: importing it from a chunk that loads on demand would split it off the
    // journey's first visit into a file of its own
    fetchStatus: fromCallback<AdviceStatusEvent>(() => {
      throw new Error('fetchStatus actor not provided');
    }),
  },
  actions: {
    markPaused: assign({ advice: 'paused', pausedByCall: true }),
  },
}).createMachine({
  id: 'adviceStatus',
  context: { advice: 'unknown', mail: false, pausedByCall: false },
  initial: 'idle',
  on: { 'STATUS.PAUSED': { target: '.asking', actions: 'markPaused' } },
  states: {
    idle: { on: { 'STATUS.ASK': 'asking' } },
    asking: {
      invoke: { src: 'fetchStatus' },
      on: {
        'STATUS.ANSWERED': {
          target: 'known',
          // a call's pause holds: an answer meanwhile that says open would have the page ask for advice in a loop
          actions: assign(({ context, event }) => ({
            advice: event.status.paused || context.pausedByCall ? ('paused' as const) : ('open' as const),
            mail: event.status.mail,
          })),
        },
        // unreachable: the page shows the engine's advice as it did before the server kept any, and offers no mail
        'STATUS.UNREACHABLE': { target: 'known', actions: assign(({ context }) => ({ advice: context.pausedByCall ? 'paused' : 'open' })) },
      },
    },
    known: {},
  },
});

export type AdviceStatusActor = ActorRefFrom<typeof adviceStatusMachine>;
type Snapshot = SnapshotFrom<typeof adviceStatusMachine>;

/** Whether advice is open, paused or not known yet. */
export const selectAdvice = (s: Snapshot) => s.context.advice;
/** Whether the server mails the links it gives. */
export const selectMail = (s: Snapshot) => s.context.mail;
