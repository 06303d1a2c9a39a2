/**
 * The investment journey's step flow (journey-spec §2, §4, §5): one state per
 * screen, Continue/Back/go-to-step events, guards that are exactly the
 * validation rules, and the answers in context.
 *
 * The machine is made for a flow (`createJourneyMachine`): the journey gives it the
 * flow with its question modules' screens and their blank answers, tests may give it
 * more. The machine is pure. Whether a screen is complete is a domain rule (it runs
 * the advice engine and depends on today's date): it comes in as the
 * `isScreenComplete` guard, provided by the app (journey/questionnaire.ts `journeyGuards`) or a test.
 * The URL is an effect: a `history` actor (provided by the
 * browser code, or a fake in tests) reports `URL.CHANGED` and receives `SYNC`
 * (make the address bar show this path) and `BACK` (go back in browser history).
 * Every screen state syncs its path on entry, so the URL follows the machine, and
 * `URL.CHANGED` routes the machine, so the machine follows the URL.
 */
import { and, assign, enqueueActions, fromCallback, sendTo, setup, type SnapshotFrom } from 'xstate';
import { journeyRecordsMachine, type AutosaveCommand, type RecordsIntent } from './journey-records';
import { notProvided } from './not-provided';
import {
  addRow,
  isEmptyAnswers,
  removeRow,
  setField,
  setToggle,
  updateRow,
  type Answers,
  type BlankRows,
  type FieldKey,
  type RowField,
  type RowListKey,
  type ToggleKey,
} from './journey-answers';
import { normalizePath, type Flow, type ScreenId, type StepNumber } from './journey-flow';

/** Commands the machine sends to the history actor. */
export type HistoryCommand =
  | { type: 'SYNC'; path: string }
  /** Go back in browser history; when there is no in-app entry to go back to, show `fallbackPath` instead. */
  | { type: 'BACK'; fallbackPath: string };

/** Screens a returning visitor can resume at (issue 15): the questionnaire's pages and the recommended products. */
export const resumableScreens = (flow: Flow): readonly ScreenId[] =>
  flow.SCREENS.filter((s) => s.step !== undefined || s.id === 'recommendedProducts').map((s) => s.id);

/** What the machine is made for: the flow, and what the questions' answers are before anything is answered. */
export interface JourneyConfig {
  flow: Flow;
  /** The answers with nothing answered (a fresh object each call). */
  blankAnswers: () => Answers;
  /** Each Yes/No list's blank row (added on Yes and by '+ Add another'), declared by its question. */
  blankRows: BlankRows;
  /** The page the recommendation's 'Adjust goals' opens (a detour of that one page). */
  adjustGoals: ScreenId;
}

/** A detour away from the linear flow: editing a section from the review, or adjusting goals from the recommendation. */
export interface Detour {
  /** The screen Continue returns to. */
  returnTo: 'reviewDetails' | 'recommendation';
  /** The detour's first page: Back from here returns without going further back. */
  from: ScreenId;
  /** The detour's last page: Continue from here returns. */
  until: ScreenId;
}

export interface JourneyContext {
  /** The questionnaire's answers (journey-spec §3). */
  answers: Answers;
  /** The path last asked for (by the URL or the initial load); shown by the not-found page. */
  requestedPath: string;
  /** @default null */
  detour: Detour | null;
  /** Counts screen entries, so a view can react to every navigation, even to the same screen. @default 0 */
  navigations: number;
  /** The last {@link RESUMABLE} screen shown, saved with the answers: the dashboard offers to continue there. @default null */
  resumeAt: ScreenId | null;
}

export interface JourneyInput {
  /** The URL path the app was loaded at. */
  path: string;
  /** Saved answers, when there are any. */
  answers?: Answers | null;
  /** The screen saved with them to resume at, if any. */
  resumeAt?: ScreenId | null;
}

type RowEvent = {
  [K in RowListKey]:
    | { type: 'ROWS.ADD'; list: K }
    | { type: 'ROWS.UPDATE'; list: K; id: number; field: RowField<K>; value: string }
    | { type: 'ROWS.REMOVE'; list: K; id: number };
}[RowListKey];

/** The answers and the page to come back to, as the autosave and the records' saver take them. */
const saveCommand = ({ answers, resumeAt }: Pick<JourneyContext, 'answers' | 'resumeAt'>): AutosaveCommand => ({
  type: 'SAVE',
  answers,
  resumeAt,
});

/** Sections of the review page that have an edit icon (steps 1 to 4), in order. */
export const EDITABLE_STEPS = [1, 2, 3, 4] as const;
export type EditableStep = (typeof EDITABLE_STEPS)[number];

export type JourneyEvent =
  | { type: 'JOURNEY.CONTINUE' }
  | { type: 'JOURNEY.BACK' }
  | { type: 'JOURNEY.GO_TO_STEP'; step: StepNumber }
  | { type: 'JOURNEY.HOME' }
  /** 'Start again': clears every answer and returns to the intro. */
  | { type: 'JOURNEY.RESTART' }
  /** The dashboard's 'Continue where you left off': the screen last shown (issue 15). */
  | { type: 'JOURNEY.RESUME' }
  /** Answers resumed from the server (a resume code, issue 34): they replace these, with the screen to resume at. */
  | { type: 'JOURNEY.RESTORE'; answers: Answers; resumeAt: ScreenId | null }
  | { type: 'JOURNEY.EDIT_SECTION'; step: EditableStep }
  | { type: 'JOURNEY.ADJUST_GOALS' }
  /** The recommended products' 'Statement of advice' button. */
  | { type: 'JOURNEY.STATEMENT' }
  /** Ends a detour early: back to the review (or recommendation) from any page of the detour. */
  | { type: 'JOURNEY.RETURN' }
  | { type: 'ANSWER.SET'; field: FieldKey; value: string }
  | { type: 'TOGGLE.SET'; toggle: ToggleKey; value: 'yes' | 'no' }
  | { type: 'RISK.OPEN_QUESTIONNAIRE' }
  | RowEvent
  | { type: 'URL.CHANGED'; path: string }
  /** For the `records` actor (./journey-records.ts): the journey passes them on as its own transition. */
  | RecordsIntent;

/** Screens whose Back goes through browser history rather than the flow (journey-spec §2). */
const HISTORY_BACK: Partial<Record<ScreenId, ScreenId>> = {
  // recommended products: "Back uses browser history"; without an in-app entry, the recommendation.
  recommendedProducts: 'recommendation',
  smartDoc: 'dashboard',
  smartDocMultiple: 'dashboard',
  videoEmbed: 'dashboard',
  dashboard: 'dashboard',
  statementOfAdvice: 'recommendedProducts',
};

/** The journey machine for a flow of screens (the questions' and the fixed ones around them). */
export function createJourneyMachine({ flow, blankAnswers, blankRows, adjustGoals }: JourneyConfig) {
  const { FLOW, SCREENS, STEPS, landings, pathOf } = flow;
  const RESUMABLE = resumableScreens(flow);

  /** A step's detour for the review's edit icons: its first page to its last. */
  function sectionDetour(step: EditableStep): Detour {
    const pages = flow.editablePages(step);
    return { returnTo: 'reviewDetails', from: pages[0]!, until: pages[pages.length - 1]! };
  }

  const machine = setup({
    types: {
      context: {} as JourneyContext,
      events: {} as JourneyEvent,
      input: {} as JourneyInput,
    },
    actors: {
      history: fromCallback<HistoryCommand>(notProvided('history')),
      /** Keeps the answers across reloads and closed tabs (the intro promises autosave). */
      autosave: fromCallback<AutosaveCommand>(notProvided('autosave')),
      /** Whether the answers are kept on the server too, with the visitor's consent (issue 34): ./journey-records.ts. */
      records: journeyRecordsMachine,
    },
    guards: {
      /** journey-spec §5: the screen's validation rule holds for the answers today. A domain rule: provided by the app. */
      isScreenComplete: (_, _params: { screen: ScreenId }): boolean => {
        throw new Error('isScreenComplete guard not provided');
      },
      /** The screen is asked for the answers (an optional screen: issue 34, the partner of a couple). A domain rule: provided by the app. */
      isScreenAsked: (_, _params: { screen: ScreenId }): boolean => {
        throw new Error('isScreenAsked guard not provided');
      },
      /** `JOURNEY.RESTORE`'s answers (from outside: a resume code's) have the questionnaire's shape. Provided by the app. */
      isRestorable: (_, _params: undefined): boolean => {
        throw new Error('isRestorable guard not provided');
      },
      isRequestedPath: ({ context }, params: { path: string }) => normalizePath(context.requestedPath) === params.path,
      isStep: ({ event }, params: { step: StepNumber }) => event.type === 'JOURNEY.GO_TO_STEP' && event.step === params.step,
      isResumeScreen: ({ context }, params: { screen: ScreenId }) => context.resumeAt === params.screen,
      isEditStep: ({ event }, params: { step: EditableStep }) => event.type === 'JOURNEY.EDIT_SECTION' && event.step === params.step,
      /** On the last page of a detour that returns to `returnTo`. */
      isDetourEnd: ({ context }, params: { screen: ScreenId; returnTo: Detour['returnTo'] }) =>
        context.detour?.until === params.screen && context.detour.returnTo === params.returnTo,
      isDetourStart: ({ context }, params: { screen: ScreenId; returnTo: Detour['returnTo'] }) =>
        context.detour?.from === params.screen && context.detour.returnTo === params.returnTo,
      /** On any page of a detour that returns to `returnTo`. */
      isInDetour: ({ context }, params: { returnTo: Detour['returnTo'] }) => context.detour?.returnTo === params.returnTo,
    },
    actions: {
      syncUrl: sendTo('history', (_, params: { path: string }) => ({ type: 'SYNC', path: params.path }) satisfies HistoryCommand),
      historyBack: sendTo(
        'history',
        (_, params: { fallbackPath: string }) => ({ type: 'BACK', fallbackPath: params.fallbackPath }) satisfies HistoryCommand,
      ),
      save: enqueueActions(({ context, enqueue }) => {
        enqueue.sendTo('autosave', saveCommand(context));
        enqueue.sendTo('records', saveCommand(context));
      }),
      saveToRecords: sendTo('records', ({ context }) => saveCommand(context)),
      rememberScreen: assign({ resumeAt: (_, params: { screen: ScreenId }) => params.screen }),
      rememberPath: assign({ requestedPath: ({ event }) => (event.type === 'URL.CHANGED' ? event.path : '') }),
      endDetour: assign({ detour: null }),
      countNavigation: assign({ navigations: ({ context }) => context.navigations + 1 }),
      startSectionEdit: assign({
        detour: ({ event }) => (event.type === 'JOURNEY.EDIT_SECTION' ? sectionDetour(event.step) : null),
      }),
      startGoalAdjust: assign({
        detour: (): Detour => ({ returnTo: 'recommendation', from: adjustGoals, until: adjustGoals }),
      }),
      setAnswer: assign({
        answers: ({ context, event }) =>
          event.type === 'ANSWER.SET' ? setField(context.answers, event.field, event.value) : context.answers,
      }),
      setToggle: assign({
        answers: ({ context, event }) =>
          event.type === 'TOGGLE.SET' ? setToggle(context.answers, event.toggle, event.value, blankRows) : context.answers,
      }),
      addRow: assign({
        answers: ({ context, event }) => (event.type === 'ROWS.ADD' ? addRow(context.answers, event.list, blankRows) : context.answers),
      }),
      updateRow: assign({
        answers: ({ context, event }) =>
          event.type === 'ROWS.UPDATE'
            ? updateRow(context.answers, event.list, event.id, event.field as never, event.value)
            : context.answers,
      }),
      removeRow: assign({
        answers: ({ context, event }) =>
          event.type === 'ROWS.REMOVE' ? removeRow(context.answers, event.list, event.id) : context.answers,
      }),
      openRiskQuestionnaire: assign({
        answers: ({ context }) => ({ ...context.answers, risk: { ...context.answers.risk, questionnaireOpened: true } }),
      }),
      restoreAnswers: assign(({ event, context }) =>
        event.type === 'JOURNEY.RESTORE' ? { answers: event.answers, resumeAt: event.resumeAt, detour: null } : context,
      ),
      clearAnswers: assign({ answers: () => blankAnswers(), detour: null, resumeAt: null }),
    },
  }).createMachine({
    id: 'journey',
    context: ({ input }) => ({
      answers: input.answers ?? blankAnswers(),
      requestedPath: input.path,
      detour: null,
      navigations: 0,
      resumeAt: input.resumeAt ?? null,
    }),
    invoke: [
      { id: 'history', src: 'history' },
      { id: 'autosave', src: 'autosave' },
      { id: 'records', src: 'records', systemId: 'records' },
    ],
    initial: 'routing',
    on: {
      'URL.CHANGED': { target: '.routing', actions: 'rememberPath' },
      'JOURNEY.HOME': { target: '.dashboard', actions: 'endDetour' },
      'JOURNEY.RESTART': { target: '.intro', actions: ['clearAnswers', 'save'] },
      'JOURNEY.RESTORE': { guard: 'isRestorable', actions: ['restoreAnswers', 'save'] },
      'JOURNEY.RESUME': RESUMABLE.map((screen) => ({
        guard: { type: 'isResumeScreen' as const, params: { screen } },
        target: `.${screen}`,
        actions: 'endDetour' as const,
      })),
      'JOURNEY.GO_TO_STEP': STEPS.map((s) => ({
        guard: { type: 'isStep' as const, params: { step: s.n } },
        target: `.${s.pages[0]!}`,
        actions: 'endDetour' as const,
      })),
      'ANSWER.SET': { actions: ['setAnswer', 'save'] },
      'TOGGLE.SET': { actions: ['setToggle', 'save'] },
      'ROWS.ADD': { actions: ['addRow', 'save'] },
      'ROWS.UPDATE': { actions: ['updateRow', 'save'] },
      'ROWS.REMOVE': { actions: ['removeRow', 'save'] },
      'RISK.OPEN_QUESTIONNAIRE': { actions: ['openRiskQuestionnaire', 'save'] },
      // the pages' intents for the `records` actor, passed on as the journey's own transition: the inspector shows who
      // told it, and a test sends them to the journey
      'RECORDS.*': { actions: sendTo('records', ({ event }) => event) },
      // consent given: the answers so far follow at once (each later change follows as it is made)
      'RECORDS.KEEP': { actions: [sendTo('records', ({ event }) => event), 'saveToRecords'] },
    },
    states: {
      /** Picks the screen for `requestedPath` (deep links, reloads, back/forward). */
      routing: {
        always: [
          ...SCREENS.map((r) => ({ guard: { type: 'isRequestedPath' as const, params: { path: r.path } }, target: r.id })),
          { target: 'notFound' },
        ],
      },
      /** An unknown path: the URL is left as it is. */
      notFound: {
        entry: 'countNavigation',
        on: { 'JOURNEY.BACK': { actions: { type: 'historyBack', params: { fallbackPath: '/' } } } },
      },
      ...screenStates(),
    },
  });

  /** The state node of one screen: sync the URL on entry, then Continue and Back per journey-spec §2. */
  function screenState(id: ScreenId) {
    const path = pathOf(id);
    const entry = [
      { type: 'syncUrl' as const, params: { path } },
      'countNavigation' as const,
      // a resumable screen is remembered, with the answers (nothing is written while there are none)
      ...(RESUMABLE.includes(id) ? [{ type: 'rememberScreen' as const, params: { screen: id } }, 'save' as const] : []),
    ];
    const historyFallback = HISTORY_BACK[id];
    if (!FLOW.includes(id)) {
      // the embed routes: no Continue; Back through browser history
      return {
        entry,
        on: {
          'JOURNEY.BACK': { actions: { type: 'historyBack' as const, params: { fallbackPath: pathOf(historyFallback ?? 'dashboard') } } },
        },
      };
    }
    const returns = (['reviewDetails', 'recommendation'] as const).map((returnTo) => ({ returnTo }));
    // an optional screen on the way is landed on only when it is asked (issue 34); the last of the list always is
    const asked = (screen: ScreenId) => ({ type: 'isScreenAsked' as const, params: { screen } });
    const ahead = landings(id, 1);
    const behind = landings(id, -1);
    const complete = { type: 'isScreenComplete' as const, params: { screen: id } };
    return {
      entry: id === 'reviewDetails' || id === 'recommendation' ? [...entry, 'endDetour' as const] : entry,
      on: {
        'JOURNEY.CONTINUE': [
          ...returns.map(({ returnTo }) => ({
            guard: and([{ type: 'isDetourEnd' as const, params: { screen: id, returnTo } }, complete]),
            target: returnTo,
          })),
          ...(ahead.length ? ahead : [id]).map((to, k, all) => ({
            guard: k < all.length - 1 ? and([complete, asked(to)]) : complete,
            target: to,
            reenter: true,
          })),
        ],
        'JOURNEY.RETURN': returns.map(({ returnTo }) => ({
          guard: and([{ type: 'isInDetour' as const, params: { returnTo } }, complete]),
          target: returnTo,
        })),
        'JOURNEY.BACK': [
          ...returns.map(({ returnTo }) => ({
            guard: { type: 'isDetourStart' as const, params: { screen: id, returnTo } },
            target: returnTo,
          })),
          ...(historyFallback || !behind.length
            ? [{ actions: { type: 'historyBack' as const, params: { fallbackPath: pathOf(historyFallback ?? 'dashboard') } } }]
            : behind.map((to, k) => (k < behind.length - 1 ? { guard: asked(to), target: to } : { target: to }))),
        ],
        ...(id === 'reviewDetails'
          ? {
              'JOURNEY.EDIT_SECTION': EDITABLE_STEPS.map((step) => ({
                guard: { type: 'isEditStep' as const, params: { step } },
                target: sectionDetour(step).from,
                actions: 'startSectionEdit' as const,
              })),
            }
          : {}),
        ...(id === 'recommendation' ? { 'JOURNEY.ADJUST_GOALS': { target: adjustGoals, actions: 'startGoalAdjust' as const } } : {}),
        ...(id === 'recommendedProducts' ? { 'JOURNEY.STATEMENT': { target: 'statementOfAdvice' } } : {}),
      },
    };
  }

  function screenStates() {
    return Object.fromEntries(SCREENS.map((r) => [r.id, screenState(r.id)])) as Record<ScreenId, ReturnType<typeof screenState>>;
  }

  return machine;
}

export type JourneyMachine = ReturnType<typeof createJourneyMachine>;
export type JourneySnapshot = SnapshotFrom<JourneyMachine>;

/** The screen shown, or 'notFound'. */
export const selectScreen = (s: JourneySnapshot): ScreenId | 'notFound' => {
  const v = s.value as string;
  return v === 'routing' ? 'notFound' : (v as ScreenId | 'notFound');
};
export const selectCanContinue = (s: JourneySnapshot) => s.can({ type: 'JOURNEY.CONTINUE' });
export const selectCanReturn = (s: JourneySnapshot) => s.can({ type: 'JOURNEY.RETURN' });
export const selectDetour = (s: JourneySnapshot) => s.context.detour;
/** Where 'Continue where you left off' goes, when there are answers to continue with; else null. */
export const selectResumeAt = (s: JourneySnapshot) =>
  s.can({ type: 'JOURNEY.RESUME' }) && !isEmptyAnswers(s.context.answers) ? s.context.resumeAt : null;
export const selectRequestedPath = (s: JourneySnapshot) => s.context.requestedPath;
export const selectNavigations = (s: JourneySnapshot) => s.context.navigations;
