/**
 * The journey's routes as the views show them: each screen of the flow
 * (journey/questionnaire.ts, derived from the question modules) with its page
 * heading: a question's own, or a fixed screen's here.
 */
import type { FixedScreenId } from '../machines/journey-flow';
import { JOURNEY, SCREENS, type ScreenId } from './questionnaire';

export interface Route {
  id: ScreenId;
  path: string;
  /** The page's heading, also used for the document title. */
  title: string;
}

/** journey-spec §2: each page's heading, for the screens that are not questions. */
const FIXED_TITLES: Record<FixedScreenId, string> = {
  dashboard: 'Your recommended journeys',
  intro: 'Let’s talk about your investment goals',
  beforeStart: 'Before you start',
  eligibility: 'Is this advice right for you?',
  reviewDetails: 'Review your details',
  needsAnalysis: 'Your needs analysis',
  recommendation: 'Your investment strategy',
  recommendedProducts: 'Your recommended product',
  smartDoc: 'Smart document',
  smartDocMultiple: 'Smart documents side by side',
  videoEmbed: 'Video',
  statementOfAdvice: 'Statement of advice',
};

const TITLES: Record<string, string> = { ...FIXED_TITLES, ...Object.fromEntries(JOURNEY.questions.map((q) => [q.id, q.title])) };

/** Every route, in the flow's order, then the routes outside the flow. */
export const ROUTES: readonly Route[] = SCREENS.map((s) => ({ id: s.id, path: s.path, title: TITLES[s.id]! }));

const byId = new Map(ROUTES.map((r) => [r.id, r]));

export function routeOf(id: ScreenId): Route {
  const r = byId.get(id);
  if (!r) throw new Error(`unknown screen ${id}`);
  return r;
}

/** Questionnaire screens (the `/questionnaire/…` routes) show the progress bar. */
export function isQuestionnaireScreen(id: ScreenId): boolean {
  return routeOf(id).path.startsWith('/questionnaire/');
}
