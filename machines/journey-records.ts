/**
 * The journey's `records` actor (docs/advice-records.md "Consent"): whether the answers are kept on the server too,
 * with the visitor's consent. The header's save status and
 * the saver of the answers read this one state.
 *
 *   ─hasFile?─▶ kept (the saver runs; each SAVE goes to it) ──RECORDS.DROP──▶ local (each SAVE dropped)
 *          └──▶ local ──RECORDS.KEEP──▶ kept
 *   in either: RECORDS.STATUS ─(none running yet)─▶ spawns the site's advice status (./advice-status.ts), `adviceStatus`
 *
 * The pages tell it through the journey (./journey.ts passes every `RECORDS.*` on as its own transition), so that the
 * inspector shows who told it; what it spawns stops with the journey.
 */
import { enqueueActions, fromCallback, sendTo, setup, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import type { adviceStatusMachine } from './advice-status';
import type { Answers } from './journey-answers';
import type { ScreenId } from './journey-flow';
import { notProvided } from './not-provided';

/** Commands the journey sends to its autosave actor and to this one: the answers, and the screen to resume at. */
export type AutosaveCommand = { type: 'SAVE'; answers: Answers; resumeAt: ScreenId | null };

/** The system id of the site's advice status, spawned here on the first RECORDS.STATUS. */
export const ADVICE_STATUS = 'adviceStatus';

/** What the pages tell the records through the journey. */
export type RecordsIntent =
  /** Consent given, or a file resumed: the browser holds an advice file now. */
  | { type: 'RECORDS.KEEP' }
  /** Consent refused or stopped: nothing more goes to the server. */
  | { type: 'RECORDS.DROP' }
  | StatusIntent;

/**
 * A page needs the site's advice status: its machine with its fetch, handed in by the pages that load it on demand
 * (journey/records/status.ts; in the first visit it would cost the journey's budget), spawned once.
 */
type StatusIntent = { type: 'RECORDS.STATUS'; logic: typeof adviceStatusMachine };

export type JourneyRecordsEvent =
  /** The answers changed (from the journey, as autosave is told). */
  AutosaveCommand | RecordsIntent;

export const journeyRecordsMachine = setup({
  types: { events: {} as JourneyRecordsEvent },
  actors: {
    /** Appends each change to the advice file (journey/records/saver.ts); runs only while the file is kept. */
    saver: fromCallback<AutosaveCommand>(notProvided('saver')),
  },
  guards: {
    /** The browser holds an advice file (consent given on an earlier visit). Provided by the app. */
    hasFile: (): boolean => {
      throw new Error('hasFile guard not provided');
    },
  },
}).createMachine({
  id: 'records',
  initial: 'starting',
  on: {
    'RECORDS.STATUS': {
      // once: a second ask finds it in the system (its system id is taken, spawning again would throw)
      actions: enqueueActions(
        ({ enqueue, event, system }) =>
          system.get(ADVICE_STATUS) ||
          // (an id of its own, as machines/widget.ts PART.LOADED: the types allow no id with inline logic)
          (enqueue.spawnChild as (logic: AnyActorLogic, options: object) => void)((event as StatusIntent).logic, {
            id: ADVICE_STATUS,
            systemId: ADVICE_STATUS,
          }),
      ),
    },
  },
  states: {
    starting: { always: [{ guard: 'hasFile', target: 'kept' }, { target: 'local' }] },
    local: { on: { 'RECORDS.KEEP': 'kept' } },
    kept: {
      invoke: { id: 'saver', src: 'saver' },
      on: { SAVE: { actions: sendTo('saver', ({ event }) => event) }, 'RECORDS.DROP': 'local' },
    },
  },
});

/** Whether the licensee keeps the answers too (the browser holds an advice file). */
export const selectKept = (s: SnapshotFrom<typeof journeyRecordsMachine>) => s.matches('kept');
