/**
 * The console's appearance editor (docs/console.md "The appearance preview"): a site's published appearance,
 * the draft edited over it, saving it as the newest version, and the versions kept (view one, restore one).
 *
 * - `draft` is the stored fields (overrides, never the defaults), nested as the server keeps them; a field
 *   reset to its default is absent. `dirty` is the draft differing from what is published.
 * - Save publishes the draft with `baseVersion` (the version it was edited from); a newer version saved
 *   elsewhere is a conflict: the editor keeps the draft and offers to reload, which brings the newest version
 *   in as the base and keeps the draft over it (Save then overwrites knowingly; Discard shows the newest).
 * - Discard (when dirty) and Restore ask first (`confirming`); a restore publishes a copy of that version
 *   as the newest and the draft becomes it.
 *
 * Pure: the calls are actors the console provides (console/appearance/effects.ts) or a test's fakes; the
 * validation (one rule, contract/appearance*) comes in as `input.isValid`. Context holds codes, the view words.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { notProvided } from './not-provided';

/** Stored appearance fields, nested as the server keeps them (`{ launcher: { size: 72 } }`). */
export type Fields = Record<string, unknown>;

/** The published appearance (`GET sites/:id/appearance`). */
export interface Published {
  version: number;
  appearance: Fields;
  savedAt?: string;
  savedBy?: string;
}

/** One line of the versions list (`GET sites/:id/appearance/versions`), newest first. */
export interface VersionInfo {
  version: number;
  savedAt: string;
  savedBy?: string;
  restoredFrom?: number;
}

/** What loading gives: the published appearance and its versions. */
export interface Loaded {
  published: Published;
  versions: VersionInfo[];
}

/** Why a call failed, as the effects report it (a thrown `{ code }`): the API's error codes, or FAILED. */
export type CallError = 'CONFLICT' | 'INVALID' | 'FORBIDDEN' | 'NOT_FOUND' | 'UNAUTHENTICATED' | 'FAILED';

/** What the editor shows as its error line: which step failed, or the conflict. */
export type EditorError = 'LOAD_FAILED' | 'SAVE_FAILED' | 'SAVE_REFUSED' | 'FORBIDDEN' | 'CONFLICT' | 'VERSION_FAILED' | 'RESTORE_FAILED';

export interface AppearanceEditorInput {
  siteId: string;
  /** Whether the draft passes the appearance validation (the server's rule, shared). */
  isValid: (draft: Fields) => boolean;
}

export interface AppearanceEditorContext extends AppearanceEditorInput {
  published: Published | null;
  draft: Fields;
  versions: VersionInfo[];
  /** The version whose fields are open (`VERSION.VIEW`), with them once loaded. */
  viewing: { version: number; appearance: Fields | null } | null;
  /** What the open confirmation is about. */
  confirm: { kind: 'discard' } | { kind: 'restore'; version: number } | null;
  error: EditorError | null;
  /** Keep the draft over the newest version on the next load (reloading after a conflict). */
  keepDraft: boolean;
}

export type AppearanceEditorEvent =
  | { type: 'FIELD.SET'; path: string; value: unknown }
  | { type: 'FIELD.RESET'; path: string }
  | { type: 'DRAFT.DISCARD' }
  | { type: 'DRAFT.SAVE' }
  | { type: 'EDITOR.RELOAD' }
  | { type: 'VERSION.VIEW'; version: number }
  | { type: 'VERSION.CLOSE' }
  | { type: 'VERSION.RESTORE'; version: number }
  | { type: 'CONFIRM.YES' }
  | { type: 'CONFIRM.NO' };

const isPlain = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value at a dotted path of `fields`, or undefined. */
export function fieldAt(fields: Fields, path: string): unknown {
  let at: unknown = fields;
  for (const key of path.split('.')) at = isPlain(at) ? at[key] : undefined;
  return at;
}

/** `fields` with `path` set to `value`, or removed when `value` is undefined (an emptied group goes too). */
export function withField(fields: Fields, path: string, value: unknown): Fields {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  const out = { ...fields };
  const next = rest.length ? withField(isPlain(out[key]) ? (out[key] as Fields) : {}, rest.join('.'), value) : value;
  if (next === undefined || (isPlain(next) && Object.keys(next).length === 0)) delete out[key];
  else out[key] = next;
  return out;
}

/** Whether two stored appearances hold the same fields (order aside). */
export function sameFields(a: unknown, b: unknown): boolean {
  if (isPlain(a) && isPlain(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => sameFields(a[k], b[k]));
  }
  return a === b;
}

const codeOf = (error: unknown): CallError => (isPlain(error) && typeof error.code === 'string' ? (error.code as CallError) : 'FAILED');

export const consoleAppearanceMachine = setup({
  types: {
    context: {} as AppearanceEditorContext,
    events: {} as AppearanceEditorEvent,
    input: {} as AppearanceEditorInput,
  },
  actors: {
    loadAppearance: fromPromise<Loaded, { siteId: string }>(notProvided('loadAppearance')),
    saveAppearance: fromPromise<Published, { siteId: string; appearance: Fields; baseVersion: number }>(notProvided('saveAppearance')),
    loadVersion: fromPromise<Fields, { siteId: string; version: number }>(notProvided('loadVersion')),
    restoreVersion: fromPromise<unknown, { siteId: string; version: number }>(notProvided('restoreVersion')),
  },
  guards: {
    isDirty: ({ context }) => !sameFields(context.draft, context.published?.appearance ?? {}),
    canSave: ({ context }) => !sameFields(context.draft, context.published?.appearance ?? {}) && context.isValid(context.draft),
    isConflict: (_, params: { error: unknown }) => codeOf(params.error) === 'CONFLICT',
    isRefused: (_, params: { error: unknown }) => codeOf(params.error) === 'INVALID',
    isForbidden: (_, params: { error: unknown }) => codeOf(params.error) === 'FORBIDDEN',
  },
  actions: {
    setField: assign({
      draft: ({ context, event }) => (event.type === 'FIELD.SET' ? withField(context.draft, event.path, event.value) : context.draft),
    }),
    resetField: assign({
      draft: ({ context, event }) => (event.type === 'FIELD.RESET' ? withField(context.draft, event.path, undefined) : context.draft),
    }),
    dropDraft: assign({ draft: ({ context }) => structuredClone(context.published?.appearance ?? {}) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'consoleAppearance',
  context: ({ input }) => ({
    ...input,
    published: null,
    draft: {},
    versions: [],
    viewing: null,
    confirm: null,
    error: null,
    keepDraft: false,
  }),
  initial: 'loading',
  // the fields stay editable in every state (the view disables them while a save or a restore runs)
  on: {
    'FIELD.SET': { actions: 'setField' },
    'FIELD.RESET': { actions: 'resetField' },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadAppearance',
        input: ({ context }) => ({ siteId: context.siteId }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            published: event.output.published,
            versions: event.output.versions,
            draft: context.keepDraft ? context.draft : structuredClone(event.output.published.appearance),
            keepDraft: false,
            error: null,
          })),
        },
        onError: { target: 'failed', actions: assign({ error: 'LOAD_FAILED', keepDraft: false }) },
      },
    },
    failed: {
      on: { 'EDITOR.RELOAD': 'loading' },
    },
    editing: {
      on: {
        'DRAFT.SAVE': { guard: 'canSave', target: 'saving', actions: 'clearError' },
        'DRAFT.DISCARD': [
          { guard: 'isDirty', target: 'confirming', actions: assign({ confirm: { kind: 'discard' } }) },
          { actions: ['dropDraft', 'clearError'] },
        ],
        'VERSION.VIEW': { target: 'viewing', actions: assign({ viewing: ({ event }) => ({ version: event.version, appearance: null }) }) },
        'VERSION.RESTORE': {
          target: 'confirming',
          actions: assign({ confirm: ({ event }) => ({ kind: 'restore' as const, version: event.version }) }),
        },
        'EDITOR.RELOAD': { target: 'loading', actions: 'clearError' },
      },
    },
    saving: {
      invoke: {
        src: 'saveAppearance',
        input: ({ context }) => ({ siteId: context.siteId, appearance: context.draft, baseVersion: context.published?.version ?? 0 }),
        onDone: {
          target: 'refreshing',
          actions: assign(({ event }) => ({ published: event.output, draft: structuredClone(event.output.appearance) })),
        },
        onError: [
          { guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) }, target: 'conflict' },
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ error: 'SAVE_REFUSED' }),
          },
          {
            guard: { type: 'isForbidden', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ error: 'FORBIDDEN' }),
          },
          { target: 'editing', actions: assign({ error: 'SAVE_FAILED' }) },
        ],
      },
    },
    conflict: {
      entry: assign({ error: 'CONFLICT' }),
      on: {
        // the draft stays, over the newest version (the machine's note)
        'EDITOR.RELOAD': { target: 'loading', actions: assign({ keepDraft: true, error: null }) },
      },
    },
    // after a save or a restore: the versions list (and, after a restore, the published fields) anew
    refreshing: {
      invoke: {
        src: 'loadAppearance',
        input: ({ context }) => ({ siteId: context.siteId }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const moved = event.output.published.version !== context.published?.version;
            return {
              versions: event.output.versions,
              published: event.output.published,
              draft: moved ? structuredClone(event.output.published.appearance) : context.draft,
            };
          }),
        },
        // what was saved is saved: only the list is stale
        onError: 'editing',
      },
    },
    viewing: {
      initial: 'loading',
      on: {
        'VERSION.CLOSE': { target: 'editing', actions: assign({ viewing: null }) },
        'VERSION.VIEW': {
          target: '.loading',
          reenter: true,
          actions: assign({ viewing: ({ event }) => ({ version: event.version, appearance: null }) }),
        },
        'VERSION.RESTORE': {
          target: 'confirming',
          actions: assign({ confirm: ({ event }) => ({ kind: 'restore' as const, version: event.version }) }),
        },
      },
      states: {
        loading: {
          invoke: {
            src: 'loadVersion',
            input: ({ context }) => ({ siteId: context.siteId, version: context.viewing?.version ?? 0 }),
            onDone: {
              target: 'shown',
              actions: assign({
                viewing: ({ context, event }) => (context.viewing ? { ...context.viewing, appearance: event.output } : null),
              }),
            },
            onError: { target: '#consoleAppearance.editing', actions: assign({ viewing: null, error: 'VERSION_FAILED' }) },
          },
        },
        shown: {},
      },
    },
    confirming: {
      on: {
        'CONFIRM.NO': [
          {
            guard: ({ context }) => !!context.viewing?.appearance,
            target: '#consoleAppearance.viewing.shown',
            actions: assign({ confirm: null }),
          },
          { target: 'editing', actions: assign({ confirm: null }) },
        ],
        'CONFIRM.YES': [
          { guard: ({ context }) => context.confirm?.kind === 'restore', target: 'restoring' },
          { target: 'editing', actions: ['dropDraft', 'clearError', assign({ confirm: null })] },
        ],
      },
    },
    restoring: {
      entry: assign({ viewing: null, error: null }),
      invoke: {
        src: 'restoreVersion',
        input: ({ context }) => ({ siteId: context.siteId, version: context.confirm?.kind === 'restore' ? context.confirm.version : 0 }),
        onDone: { target: 'refreshing', actions: assign({ confirm: null }) },
        onError: [
          {
            guard: { type: 'isForbidden', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ confirm: null, error: 'FORBIDDEN' }),
          },
          { target: 'editing', actions: assign({ confirm: null, error: 'RESTORE_FAILED' }) },
        ],
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof consoleAppearanceMachine>;

/** The editor's phase, for the view: loading, failed, editing, saving, conflict, viewing, confirming, restoring. */
export const selectPhase = (s: Snapshot) =>
  (s.matches('refreshing') ? 'editing' : typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]) as
    | 'loading'
    | 'failed'
    | 'editing'
    | 'saving'
    | 'conflict'
    | 'viewing'
    | 'confirming'
    | 'restoring';
export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectPublished = (s: Snapshot) => s.context.published;
export const selectVersions = (s: Snapshot) => s.context.versions;
export const selectViewing = (s: Snapshot) => s.context.viewing;
export const selectConfirm = (s: Snapshot) => s.context.confirm;
export const selectError = (s: Snapshot) => s.context.error;
/** The draft differs from what is published (leaving asks first). */
export const selectDirty = (s: Snapshot) => !sameFields(s.context.draft, s.context.published?.appearance ?? {});
export const selectCanSave = (s: Snapshot) => s.can({ type: 'DRAFT.SAVE' });
