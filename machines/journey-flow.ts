/**
 * The journey's flow (journey-spec §2), written once: every screen with its
 * route, in the order Continue walks them, and the progress step each belongs
 * to. The flow order, the Continue/Back chain, the progress steps and the route
 * lookups are all derived from this one table. Pure data and functions.
 */

/** A progress step number (journey-spec §9: the progress bar has 7 steps). */
export type StepNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/**
 * journey-spec §2 "Routes, in flow order": the Continue chain from the
 * dashboard to the recommended products, with each page's progress step.
 *
 * The spec lists no step for /questionnaire/summary (the thanks page after goal
 * details), which would make it fall back to step 1 and make the bar jump
 * backwards mid-journey. It closes the goals section, so it belongs to step 2
 * here.
 */
const FLOW_SCREENS = [
  { id: 'dashboard', path: '/' },
  { id: 'intro', path: '/investment/intro' },
  { id: 'beforeStart', path: '/investment/before-start' },
  { id: 'eligibility', path: '/investment/eligibility' },
  { id: 'dateOfBirth', path: '/questionnaire/date-of-birth', step: 1 },
  { id: 'relationshipStatus', path: '/questionnaire/relationship-status', step: 1 },
  { id: 'goalSelection', path: '/questionnaire/goal-selection', step: 2 },
  { id: 'goalDetails', path: '/questionnaire/goal-details', step: 2 },
  { id: 'summary', path: '/questionnaire/summary', step: 2 },
  { id: 'employmentStatus', path: '/questionnaire/employment-status', step: 3 },
  { id: 'income', path: '/questionnaire/income', step: 3 },
  { id: 'additionalIncome', path: '/questionnaire/additional-income', step: 3 },
  { id: 'benefits', path: '/questionnaire/benefits', step: 3 },
  { id: 'bigSpends', path: '/questionnaire/big-spends', step: 3 },
  { id: 'assets', path: '/questionnaire/assets', step: 3 },
  { id: 'regularSavings', path: '/questionnaire/regular-savings', step: 3 },
  { id: 'super', path: '/questionnaire/super', step: 3 },
  { id: 'debts', path: '/questionnaire/debts', step: 3 },
  { id: 'insuranceCover', path: '/questionnaire/insurance-cover', step: 3 },
  { id: 'privateHealth', path: '/questionnaire/private-health', step: 3 },
  { id: 'riskAssessment', path: '/questionnaire/risk-assessment', step: 4 },
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

export type ScreenId = (typeof FLOW_SCREENS)[number]['id'] | (typeof OTHER_SCREENS)[number]['id'];

/** A screen and its route. */
export interface Screen {
  id: ScreenId;
  path: string;
  /** The progress step the screen belongs to; only questionnaire pages have one. */
  step?: StepNumber;
}

/** Every screen: the flow in order, then the routes outside it. */
export const SCREENS: readonly Screen[] = [...FLOW_SCREENS, ...OTHER_SCREENS];

/** The Continue/Back chain (journey-spec §2): every screen up to the recommended products. */
export const FLOW: readonly ScreenId[] = FLOW_SCREENS.map((s) => s.id);

/** journey-spec §2: the step labels of the progress bar. */
const STEP_LABELS: Record<StepNumber, string> = {
  1: 'About you',
  2: 'Goals',
  3: 'Your finances',
  4: 'Risk',
  5: 'Summary',
  6: 'Needs analysis',
  7: 'Recommendation',
};

export interface Step {
  n: StepNumber;
  label: string;
  /** The step's pages in flow order; "clicking a step goes to that step's first page" (journey-spec §2). */
  pages: readonly ScreenId[];
}

/** The 7 progress steps, their pages gathered from the flow. */
export const STEPS: readonly Step[] = (Object.keys(STEP_LABELS).map(Number) as StepNumber[]).map((n) => ({
  n,
  label: STEP_LABELS[n],
  pages: SCREENS.filter((s) => s.step === n).map((s) => s.id),
}));

const byId = new Map(SCREENS.map((s) => [s.id, s]));
const byPath = new Map(SCREENS.map((s) => [s.path, s]));

/** Strips a query, a hash and a trailing slash (but not the root's), so `/a/` and `/a` are one route. */
export function normalizePath(path: string): string {
  const p = path.split(/[?#]/, 1)[0] || '/';
  return p.length > 1 && p.endsWith('/') ? p.replace(/\/+$/, '') || '/' : p;
}

/** The route of a screen. */
export function pathOf(id: ScreenId): string {
  const s = byId.get(id);
  if (!s) throw new Error(`unknown screen ${id}`);
  return s.path;
}

/** The screen a path shows, or undefined for an unknown path. */
export function screenForPath(path: string): ScreenId | undefined {
  return byPath.get(normalizePath(path))?.id;
}

/** The progress step of a screen, or undefined when the screen belongs to none. */
export function stepOfScreen(id: ScreenId): Step | undefined {
  const n = byId.get(id)?.step;
  return n === undefined ? undefined : STEPS[n - 1];
}

/** journey-spec §2: the current step is derived from the route; an unknown route counts as step 1. */
export function stepForPath(path: string): StepNumber {
  const id = screenForPath(path);
  return (id && stepOfScreen(id)?.n) || 1;
}

export function stepByNumber(n: StepNumber): Step {
  return STEPS[n - 1]!;
}

/** The screen after `id` in the Continue chain (recommended products continues to itself). */
export function nextScreen(id: ScreenId): ScreenId {
  const i = FLOW.indexOf(id);
  if (i < 0) throw new Error(`${id} is not in the flow`);
  return FLOW[Math.min(i + 1, FLOW.length - 1)]!;
}

/** The screen before `id` in the Back chain, or undefined for the first screen. */
export function previousScreen(id: ScreenId): ScreenId | undefined {
  const i = FLOW.indexOf(id);
  return i > 0 ? FLOW[i - 1] : undefined;
}
