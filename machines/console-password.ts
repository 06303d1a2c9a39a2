/**
 * Changing one's own password on the account screen (docs/console.md "One's own account"): editing → changing →
 * editing, with the refusal's code at its field. The browser checks what it can before sending (the current password
 * given, the new one long enough, typed the same twice); the server is the judge of the rest (the current password,
 * the common passwords) and ends every other session of the account when the change is made.
 *
 * The change itself is the `change` actor the screen provides (console/account-api.ts `changePassword`).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { isPasswordLongEnough, refusalOf, type SessionError } from './console-session';
import { notProvided } from './not-provided';

/** The three fields of the form, as typed. */
export interface PasswordChange {
  current: string;
  next: string;
  confirm: string;
}

export type PasswordEvent = { type: 'PASSWORD.CHANGE' } & PasswordChange;

export interface PasswordContext {
  /** what the last refusal was, with its field (`currentPassword`, `newPassword`, `confirmPassword`); null when none */
  error: SessionError | null;
  /** whether a change was made since the screen opened @default false */
  changed: boolean;
  /** what the change in progress sends */
  input: { current: string; next: string } | null;
}

type Change = { event: PasswordEvent };
const refuse = (code: string, field: string) => ({ type: 'refuse', params: { code, field } }) as const;

/** The server's refusals, at the field they belong to: a wrong current password (401) is the current field's. */
const atField = (error: unknown): SessionError => {
  const refusal = refusalOf(error);
  return refusal.code === 'SIGN_IN_FAILED' ? { ...refusal, field: 'currentPassword' } : refusal;
};

export const consolePasswordMachine = setup({
  types: {} as { context: PasswordContext; events: PasswordEvent },
  actors: { change: fromPromise<void, { current: string; next: string }>(notProvided('change')) },
  actions: {
    refuse: assign({ error: (_, error: SessionError) => error }),
  },
  guards: {
    isCurrentEmpty: ({ event }: Change) => event.current === '',
    isTooShort: ({ event }: Change) => !isPasswordLongEnough(event.next),
    isMismatched: ({ event }: Change) => event.next !== event.confirm,
  },
}).createMachine({
  id: 'consolePassword',
  context: { error: null, changed: false, input: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'PASSWORD.CHANGE': [
          { guard: 'isCurrentEmpty', actions: refuse('PASSWORD_EMPTY', 'currentPassword') },
          { guard: 'isTooShort', actions: refuse('PASSWORD_SHORT', 'newPassword') },
          { guard: 'isMismatched', actions: refuse('PASSWORD_MISMATCH', 'confirmPassword') },
          {
            target: 'changing',
            actions: assign({ error: null, changed: false, input: ({ event }) => ({ current: event.current, next: event.next }) }),
          },
        ],
      },
    },
    changing: {
      invoke: {
        src: 'change',
        input: ({ context }: { context: PasswordContext }) => context.input!,
        onDone: { target: 'editing', actions: assign({ changed: true, input: null }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => atField(event.error), input: null }) },
      },
    },
  },
});

export type PasswordSnapshot = SnapshotFrom<typeof consolePasswordMachine>;
export const selectChanging = (s: PasswordSnapshot) => s.matches('changing');
export const selectPasswordError = (s: PasswordSnapshot) => s.context.error;
export const selectChanged = (s: PasswordSnapshot) => s.context.changed;
