/**
 * The journey's `records` actor (docs/advice-records.md "Consent"): whether the answers are kept on the server too,
 * with the visitor's consent. The header's save status and
 * the saver of the answers read this one state.
 *
 *   ─hasFile?─▶ kept (the saver runs; each SAVE goes to it) ──RECORDS.DROP──▶ local (each SAVE dropped)
 *          └──▶ local ──RECORDS.KEEP──▶ kept
 *
 * The pages tell it through the journey (./journey.ts passes every `RECORDS.*` on as its own transition), so that the
 * inspector shows who told it.
 */
import { fromCallback, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { Answers } from './journey-answers';
import type { ScreenId } from './journey-flow';
import { notProvided } from './not-provided';

/** Commands the journey sends to its autosave actor and to this one: the answers, and the screen to resume at. */
export type AutosaveCommand = { type: 'SAVE'; answers: Answers; resumeAt: ScreenId | null };

/** What the pages tell the records through the journey. */
export type RecordsIntent =
  /** Consent given, or a file resumed: the browser holds an advice file now. */
  | { type: 'RECORDS.KEEP' }
  /** Consent refused or stopped: nothing more goes to the server. */
  | { type: 'RECORDS.DROP' };

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
