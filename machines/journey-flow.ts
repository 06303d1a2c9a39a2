/**
 * The journey's flow (journey-spec §2): every screen with its route, in the order Continue walks
 * them, and the progress step each belongs to. The screens around the questionnaire are fixed here;
 * the questions come from the journey's question modules (journey/questions), given to
 * {@link createFlow}. The flow order, the Continue/Back chain, the progress steps and the route
 * lookups are all derived from that one table. Pure data and functions.
 */

/** A progress step number (journey-spec §9: the progress bar has 7 steps). */
export type StepNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** A screen's id: a fixed screen's, or a question's. */
export type ScreenId = string;

/** A screen and its route. */
export interface Screen {
  id: ScreenId;
  path: string;
  /** The progress step the screen belongs to; only questionnaire pages have one. */
  step?: StepNumber;
  /** False for a page the review's edit detours skip (the goal's thanks page). @default true */
  editable?: boolean;
  /** True for a page asked only for some answers (the app's `isScreenAsked` guard says when): Continue and Back step over it otherwise. */
  optional?: boolean;
}

/** journey-spec §2 "Routes, in flow order": the Continue chain from the dashboard to the first question. */
const BEFORE_QUESTIONS = [
  { id: 'dashboard', path: '/' },
  { id: 'intro', path: '/investment/intro' },
  { id: 'beforeStart', path: '/investment/before-start' },
  { id: 'eligibility', path: '/investment/eligibility' },
] as const;

/** journey-spec §2: after the questions, the review to the recommended products, with each page's progress step. */
const AFTER_QUESTIONS = [
  { id: 'reviewDetails', path: '/questionnaire/review-details', step: 5 },
  { id: 'needsAnalysis', path: '/questionnaire/needs-analysis', step: 6 },
  { id: 'recommendation', path: '/questionnaire/recommendation', step: 7 },
  { id: 'recommendedProducts', path: '/recommended-products' },
] as const;

/** Routes outside the Continue chain: the embed pages (journey-spec §2) and the statement of advice. */
const OTHER_SCREENS = [
  { id: 'smartDoc', path: '/smart-doc' },
  { id: 'smartDocMultiple', path: '/smart-doc-multiple' },
  { id: 'videoEmbed', path: '/video-embed' },
  { id: 'statementOfAdvice', path: '/statement-of-advice' },
] as const;

/** The ids of the screens that are not questions. */
export type FixedScreenId = (typeof BEFORE_QUESTIONS | typeof AFTER_QUESTIONS | typeof OTHER_SCREENS)[number]['id'];

/** journey-spec §9: the progress bar has 7 steps (their labels are the journey's words, journey/messages.ts). */
const STEP_NUMBERS: readonly StepNumber[] = [1, 2, 3, 4, 5, 6, 7];

export interface Step {
  n: StepNumber;
  /** The step's pages in flow order; "clicking a step goes to that step's first page" (journey-spec §2). */
  pages: readonly ScreenId[];
}

/** Strips a query, a hash and a trailing slash (but not the root's), so `/a/` and `/a` are one route. */
export function normalizePath(path: string): string {
  const p = path.split(/[?#]/, 1)[0] || '/';
  return p.length > 1 && p.endsWith('/') ? p.replace(/\/+$/, '') || '/' : p;
}

/** The flow with the questions in it: its tables and lookups. */
export type Flow = ReturnType<typeof createFlow>;

/** The flow with `questions` (in the order Continue walks them) between the eligibility page and the review. */
export function createFlow(questions: readonly Screen[]) {
  const flowScreens: readonly Screen[] = [...BEFORE_QUESTIONS, ...questions, ...AFTER_QUESTIONS];
  /** Every screen: the flow in order, then the routes outside it. */
  const SCREENS: readonly Screen[] = [...flowScreens, ...OTHER_SCREENS];
  /** The Continue/Back chain (journey-spec §2): every screen up to the recommended products. */
  const FLOW: readonly ScreenId[] = flowScreens.map((s) => s.id);
  /** The 7 progress steps, their pages gathered from the flow. */
  const STEPS: readonly Step[] = STEP_NUMBERS.map((n) => ({
    n,
    pages: SCREENS.filter((s) => s.step === n).map((s) => s.id),
  }));
  const byId = new Map(SCREENS.map((s) => [s.id, s]));
  const byPath = new Map(SCREENS.map((s) => [s.path, s]));

  /** The route of a screen. */
  function pathOf(id: ScreenId): string {
    const s = byId.get(id);
    if (!s) throw new Error(`unknown screen ${id}`);
    return s.path;
  }

  /** The screen a path shows, or undefined for an unknown path. */
  function screenForPath(path: string): ScreenId | undefined {
    return byPath.get(normalizePath(path))?.id;
  }

  /** The progress step of a screen, or undefined when the screen belongs to none. */
  function stepOfScreen(id: ScreenId): Step | undefined {
    const n = byId.get(id)?.step;
    return n === undefined ? undefined : STEPS[n - 1];
  }

  /** journey-spec §2: the current step is derived from the route; an unknown route counts as step 1. */
  function stepForPath(path: string): StepNumber {
    const id = screenForPath(path);
    return (id && stepOfScreen(id)?.n) || 1;
  }

  function stepByNumber(n: StepNumber): Step {
    return STEPS[n - 1]!;
  }

  /** The screens Continue (or Back, `step` -1) may land on from `id`, nearest first: the optional ones, then the first that is not. */
  function landings(id: ScreenId, step: 1 | -1): ScreenId[] {
    const out: ScreenId[] = [];
    for (let i = FLOW.indexOf(id) + step; i >= 0 && i < FLOW.length; i += step) {
      out.push(FLOW[i]!);
      if (!byId.get(FLOW[i]!)?.optional) break;
    }
    return out;
  }

  /** The screen after `id` in the flow (recommended products, the last, is its own). */
  const nextScreen = (id: ScreenId): ScreenId => landings(id, 1)[0] ?? id;

  /** The screen before `id` in the flow, or undefined for the first screen. */
  const previousScreen = (id: ScreenId): ScreenId | undefined => landings(id, -1)[0];

  /** A step's pages an edit from the review walks (the editable ones). */
  const editablePages = (n: StepNumber): ScreenId[] => stepByNumber(n).pages.filter((p) => byId.get(p)?.editable !== false);

  return {
    SCREENS,
    FLOW,
    STEPS,
    pathOf,
    screenForPath,
    stepOfScreen,
    stepForPath,
    stepByNumber,
    nextScreen,
    previousScreen,
    landings,
    editablePages,
  };
}
