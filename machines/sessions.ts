/**
 * The History tab's chat sessions and their inline rename (widget-spec §2
 * "History", §4 "Renaming a session", §5, §8 "Rename failure").
 *
 * Two independent regions: the list (idle, loading, ready, failed) and the rename
 * (idle, editing, saving, failed). A list that could not load is `failed`, never an
 * empty list: 'No chat history yet' is shown only when the server said so, and
 * SESSIONS.LOAD (Retry) loads again. A rename saves on Enter or blur, cancels on
 * Escape, and an empty or unchanged name cancels; a failure shows 'Failed to update
 * name' for 3 s with the old name kept.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { notProvided } from './not-provided';
import { RENAME_ERROR_HINT_MS } from './constants';

export interface ChatSession {
  id: string;
  /** null when the server has no name: the view shows 'Unnamed Chat'. */
  name: string | null;
  lastMessageTimestamp: string;
  totalMessages: number;
}

export interface RenameState {
  id: string;
  /** The name before editing (shown again after a failure). */
  original: string;
  draft: string;
}

export interface SessionsContext {
  /** The sessions of the last load that succeeded (a failed reload keeps them). */
  sessions: ChatSession[];
  /** The last load failed; stays set while a Retry loads, until one succeeds. @default false */
  loadFailed: boolean;
  /** @default null */
  rename: RenameState | null;
  /** The session whose rename failed, while its hint shows. @default null */
  failedId: string | null;
}

export type SessionsEvent =
  | { type: 'SESSIONS.LOAD' }
  /** The server answers again after a loss (the network machine's `network.back`): a failed list loads again. */
  | { type: 'NETWORK.BACK' }
  | { type: 'RENAME.START'; id: string }
  | { type: 'RENAME.CHANGE'; draft: string }
  /** Enter or blur. */
  | { type: 'RENAME.COMMIT' }
  /** Escape. */
  | { type: 'RENAME.CANCEL' };

/** widget-spec §5: a rename needs a trimmed value that is non-empty and different from the current name. */
export const isValidRename = (draft: string, original: string) => draft.trim() !== '' && draft.trim() !== original;

export const sessionsMachine = setup({
  types: {} as { context: SessionsContext; events: SessionsEvent },
  actors: {
    loadSessions: fromPromise<ChatSession[]>(notProvided('loadSessions')),
    renameSession: fromPromise<{ id: string; name: string | null }, { id: string; name: string }>(notProvided('renameSession')),
  },
  delays: { renameErrorHint: RENAME_ERROR_HINT_MS },
  guards: {
    // (editing: there is a rename)
    isChangedName: ({ context }) => isValidRename(context.rename!.draft, context.rename!.original),
    isKnownSession: ({ context, event }) => event.type === 'RENAME.START' && context.sessions.some((s) => s.id === event.id),
  },
  actions: {
    startRename: assign(({ context, event }) => {
      if (event.type !== 'RENAME.START') return {};
      const name = context.sessions.find((s) => s.id === event.id)?.name ?? '';
      return { rename: { id: event.id, original: name, draft: name }, failedId: null };
    }),
    endRename: assign({ rename: null }),
  },
}).createMachine({
  id: 'sessions',
  context: { sessions: [], loadFailed: false, rename: null, failedId: null },
  type: 'parallel',
  states: {
    list: {
      initial: 'idle',
      states: {
        idle: { on: { 'SESSIONS.LOAD': 'loading' } },
        loading: {
          invoke: {
            src: 'loadSessions',
            onDone: { target: 'ready', actions: assign({ sessions: ({ event }) => event.output, loadFailed: false }) },
            // widget-spec §8 turns a failure into an empty list; that would claim 'No chat history yet'
            // while the server is down, so the failure is a state of its own, shown with Retry
            onError: { target: 'failed', actions: assign({ loadFailed: true }) },
          },
        },
        ready: { on: { 'SESSIONS.LOAD': 'loading' } },
        /** 'Failed to load chat sessions' with Retry (SESSIONS.LOAD), and again by itself when the server answers again. */
        failed: { on: { 'SESSIONS.LOAD': 'loading', 'NETWORK.BACK': 'loading' } },
      },
    },
    rename: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'RENAME.START': { guard: 'isKnownSession', target: 'editing', actions: 'startRename' } },
        },
        editing: {
          on: {
            'RENAME.CHANGE': { actions: assign({ rename: ({ context, event }) => ({ ...context.rename!, draft: event.draft }) }) },
            'RENAME.COMMIT': [
              { guard: 'isChangedName', target: 'saving' },
              { target: 'idle', actions: 'endRename' },
            ],
            'RENAME.CANCEL': { target: 'idle', actions: 'endRename' },
          },
        },
        /** 'Updating...' shows. */
        saving: {
          invoke: {
            src: 'renameSession',
            input: ({ context }) => ({ id: context.rename!.id, name: context.rename!.draft.trim() }),
            onDone: {
              target: 'idle',
              actions: [
                assign({
                  sessions: ({ context, event }) =>
                    context.sessions.map((s) => (s.id === event.output.id ? { ...s, name: event.output.name } : s)),
                }),
                'endRename',
              ],
            },
            onError: { target: 'failed', actions: [assign({ failedId: ({ context }) => context.rename!.id }), 'endRename'] },
          },
        },
        /** 'Failed to update name' in red for 3 s; the old name stays. */
        failed: {
          after: { renameErrorHint: { target: 'idle', actions: assign({ failedId: null }) } },
          on: { 'RENAME.START': { guard: 'isKnownSession', target: 'editing', actions: 'startRename' } },
        },
      },
    },
  },
});

export type SessionsActor = ActorRefFrom<typeof sessionsMachine>;
export type SessionsSnapshot = SnapshotFrom<typeof sessionsMachine>;

export const selectSessions = (s: SessionsSnapshot) => s.context.sessions;
/** The server answered the last load: an empty list is really empty. */
export const selectSessionsLoaded = (s: SessionsSnapshot) => s.matches({ list: 'ready' });
/** The last load failed and none is under way: 'Failed to load chat sessions' shows. */
export const selectSessionsFailed = (s: SessionsSnapshot) => s.matches({ list: 'failed' });
/** The last load failed (also while a Retry loads). */
export const selectSessionsLoadFailed = (s: SessionsSnapshot) => s.context.loadFailed;
export const selectRename = (s: SessionsSnapshot) => s.context.rename;
export const selectSavingId = (s: SessionsSnapshot) => (s.matches({ rename: 'saving' }) ? (s.context.rename?.id ?? null) : null);
export const selectFailedId = (s: SessionsSnapshot) => s.context.failedId;
