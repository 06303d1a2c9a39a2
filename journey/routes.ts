/**
 * The journey's screens, routes and progress steps (journey-spec §2). Pure data
 * and lookups: the machine, the views and the server all read this one table.
 */

/** Every screen of the journey, in flow order, plus the embed routes and the not-found page. */
export const SCREEN_IDS = [
  'dashboard',
  'intro',
  'beforeStart',
  'eligibility',
  'dateOfBirth',
  'relationshipStatus',
  'goalSelection',
  'goalDetails',
  'summary',
  'employmentStatus',
  'income',
  'additionalIncome',
  'benefits',
  'bigSpends',
  'assets',
  'regularSavings',
  'super',
  'debts',
  'insuranceCover',
  'privateHealth',
  'riskAssessment',
  'reviewDetails',
  'needsAnalysis',
  'recommendation',
  'recommendedProducts',
  'smartDoc',
  'smartDocMultiple',
  'videoEmbed',
  'statementOfAdvice',
] as const;

export type ScreenId = (typeof SCREEN_IDS)[number];

/** A progress step number (journey-spec §9: the progress bar has 7 steps). */
export type StepNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface Route {
  id: ScreenId;
  path: string;
  /** The page's heading, also used for the document title. */
  title: string;
}

/** journey-spec §2, in flow order. */
export const ROUTES: readonly Route[] = [
  { id: 'dashboard', path: '/', title: 'Your recommended journeys' },
  { id: 'intro', path: '/investment/intro', title: 'Let’s talk about your investment goals' },
  { id: 'beforeStart', path: '/investment/before-start', title: 'Before you start' },
  { id: 'eligibility', path: '/investment/eligibility', title: 'Is this advice right for you?' },
  { id: 'dateOfBirth', path: '/questionnaire/date-of-birth', title: 'What is your date of birth?' },
  { id: 'relationshipStatus', path: '/questionnaire/relationship-status', title: 'What is your relationship status?' },
  { id: 'goalSelection', path: '/questionnaire/goal-selection', title: 'What are you investing for?' },
  { id: 'goalDetails', path: '/questionnaire/goal-details', title: 'Tell us about your goal' },
  { id: 'summary', path: '/questionnaire/summary', title: 'Thanks, your goal is saved' },
  { id: 'employmentStatus', path: '/questionnaire/employment-status', title: 'What is your employment status?' },
  { id: 'income', path: '/questionnaire/income', title: 'What is your income?' },
  { id: 'additionalIncome', path: '/questionnaire/additional-income', title: 'Do you have any other income?' },
  { id: 'benefits', path: '/questionnaire/benefits', title: 'Do you receive any government benefits?' },
  { id: 'bigSpends', path: '/questionnaire/big-spends', title: 'Do you expect any big expenses in the next 5 years?' },
  { id: 'assets', path: '/questionnaire/assets', title: 'Do you have any assets?' },
  { id: 'regularSavings', path: '/questionnaire/regular-savings', title: 'Do you save regularly?' },
  { id: 'super', path: '/questionnaire/super', title: 'Tell us about your superannuation' },
  { id: 'debts', path: '/questionnaire/debts', title: 'Do you have any debts?' },
  { id: 'insuranceCover', path: '/questionnaire/insurance-cover', title: 'What insurance cover do you have?' },
  { id: 'privateHealth', path: '/questionnaire/private-health', title: 'Do you have private health insurance?' },
  { id: 'riskAssessment', path: '/questionnaire/risk-assessment', title: 'How do you feel about investment risk?' },
  { id: 'reviewDetails', path: '/questionnaire/review-details', title: 'Review your details' },
  { id: 'needsAnalysis', path: '/questionnaire/needs-analysis', title: 'Your needs analysis' },
  { id: 'recommendation', path: '/questionnaire/recommendation', title: 'Your investment strategy' },
  { id: 'recommendedProducts', path: '/recommended-products', title: 'Your recommended product' },
  { id: 'smartDoc', path: '/smart-doc', title: 'Smart document' },
  { id: 'smartDocMultiple', path: '/smart-doc-multiple', title: 'Smart documents side by side' },
  { id: 'videoEmbed', path: '/video-embed', title: 'Video' },
  { id: 'statementOfAdvice', path: '/statement-of-advice', title: 'Statement of advice' },
];

/** The Continue/Back chain (journey-spec §2): every screen up to recommended products. */
export const FLOW: readonly ScreenId[] = SCREEN_IDS.slice(0, SCREEN_IDS.indexOf('recommendedProducts') + 1);

export interface Step {
  n: StepNumber;
  label: string;
  pages: readonly ScreenId[];
}

/**
 * journey-spec §2. The spec lists no step for /questionnaire/summary (the thanks
 * page after goal details), which would make it fall back to step 1 and make the
 * bar jump backwards mid-journey. It closes the goals section, so it belongs to
 * step 2 here.
 */
export const STEPS: readonly Step[] = [
  { n: 1, label: 'About you', pages: ['dateOfBirth', 'relationshipStatus'] },
  { n: 2, label: 'Goals', pages: ['goalSelection', 'goalDetails', 'summary'] },
  {
    n: 3,
    label: 'Your finances',
    pages: [
      'employmentStatus',
      'income',
      'additionalIncome',
      'benefits',
      'bigSpends',
      'assets',
      'regularSavings',
      'super',
      'debts',
      'insuranceCover',
      'privateHealth',
    ],
  },
  { n: 4, label: 'Risk', pages: ['riskAssessment'] },
  { n: 5, label: 'Summary', pages: ['reviewDetails'] },
  { n: 6, label: 'Needs analysis', pages: ['needsAnalysis'] },
  { n: 7, label: 'Recommendation', pages: ['recommendation'] },
];

const byId = new Map(ROUTES.map((r) => [r.id, r]));
const byPath = new Map(ROUTES.map((r) => [r.path, r]));

/** Strips a trailing slash (but not the root's), so `/a/` and `/a` are one route. */
export function normalizePath(path: string): string {
  const p = path.split(/[?#]/, 1)[0] || '/';
  return p.length > 1 && p.endsWith('/') ? p.replace(/\/+$/, '') || '/' : p;
}

export function routeOf(id: ScreenId): Route {
  const r = byId.get(id);
  if (!r) throw new Error(`unknown screen ${id}`);
  return r;
}

export const pathOf = (id: ScreenId): string => routeOf(id).path;

/** The screen a path shows, or undefined for an unknown path. */
export function screenForPath(path: string): ScreenId | undefined {
  return byPath.get(normalizePath(path))?.id;
}

/** The progress step of a screen, or undefined when the screen belongs to none. */
export function stepOfScreen(id: ScreenId): Step | undefined {
  return STEPS.find((s) => s.pages.includes(id));
}

/** journey-spec §2: the current step is derived from the route; an unknown route counts as step 1. */
export function stepForPath(path: string): StepNumber {
  const id = screenForPath(path);
  return (id && stepOfScreen(id)?.n) || 1;
}

/** Questionnaire screens (the `/questionnaire/…` routes) show the progress bar. */
export function isQuestionnaireScreen(id: ScreenId): boolean {
  return routeOf(id).path.startsWith('/questionnaire/');
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
