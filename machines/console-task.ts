/**
 * One change a console screen makes (create a site, rotate a key, save origins, invite, remove a member, …): idle →
 * (confirming →) running → done | failed, with the refusal's code and field. A change that needs a confirmation
 * (issue 32 §3: the key's rotation, the origins without `self`) goes through `confirming`; the view words it.
 *
 * The change itself is the `run` actor the screen provides (one console/api.ts call); its input is the event's.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { type SessionError, refusalOf } from './console-session';
import { notProvided } from './not-provided';

export type TaskEvent =
  /** do it now */
  | { type: 'TASK.RUN'; input: unknown }
  /** ask first: the view shows the confirmation */
  | { type: 'TASK.REQUEST'; input: unknown }
  | { type: 'TASK.CONFIRM' }
  | { type: 'TASK.CANCEL' }
  /** back to idle (a form edited after a refusal, a result read) */
  | { type: 'TASK.RESET' };

export interface TaskContext {
  /** what the change is run with */
  input: unknown;
  /** what the last run answered */
  result: unknown;
  error: SessionError | null;
}

const ready = {
  on: {
    'TASK.RUN': { target: 'running', actions: 'take' },
    'TASK.REQUEST': { target: 'confirming', actions: 'take' },
  },
} as const;

export const consoleTaskMachine = setup({
  types: {} as { context: TaskContext; events: TaskEvent },
  actors: { run: fromPromise<unknown, unknown>(notProvided('run')) },
  actions: {
    take: assign({ input: ({ event }) => (event as { input?: unknown }).input, error: null }),
  },
}).createMachine({
  id: 'consoleTask',
  context: { input: undefined, result: undefined, error: null },
  initial: 'idle',
  states: {
    idle: ready,
    confirming: { on: { 'TASK.CONFIRM': 'running', 'TASK.CANCEL': 'idle' } },
    running: {
      invoke: {
        src: 'run',
        input: ({ context }: { context: TaskContext }) => context.input,
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => refusalOf(event.error) }) },
      },
    },
    done: { ...ready, on: { ...ready.on, 'TASK.RESET': 'idle' } },
    failed: { ...ready, on: { ...ready.on, 'TASK.RESET': { target: 'idle', actions: assign({ error: null }) } } },
  },
});

export type TaskSnapshot = SnapshotFrom<typeof consoleTaskMachine>;
export type TaskPhase = 'idle' | 'confirming' | 'running' | 'done' | 'failed';
export const selectTaskPhase = (s: TaskSnapshot) => s.value as TaskPhase;
export const selectTaskError = (s: TaskSnapshot) => s.context.error;

/** issue 32 §3: a change of origins that stops allowing this server (`self`) asks first, as the CLI warns. */
export const removesSelf = (before: readonly string[], after: readonly string[]) => before.includes('self') && !after.includes('self');
