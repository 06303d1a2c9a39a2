/**
 * The journey's routes as the views show them: each screen of the flow
 * (machines/journey-flow.ts, the one source of the order and the paths) with
 * its page heading.
 */
import { SCREENS, type ScreenId } from '../machines/journey-flow';

export interface Route {
  id: ScreenId;
  path: string;
  /** The page's heading, also used for the document title. */
  title: string;
}

/** journey-spec §2: each page's heading. */
const TITLES: Record<ScreenId, string> = {
  dashboard: 'Your recommended journeys',
  intro: 'Let’s talk about your investment goals',
  beforeStart: 'Before you start',
  eligibility: 'Is this advice right for you?',
  dateOfBirth: 'What is your date of birth?',
  relationshipStatus: 'What is your relationship status?',
  goalSelection: 'What are you investing for?',
  goalDetails: 'Tell us about your goal',
  summary: 'Thanks, your goal is saved',
  employmentStatus: 'What is your employment status?',
  income: 'What is your income?',
  additionalIncome: 'Do you have any other income?',
  benefits: 'Do you receive any government benefits?',
  bigSpends: 'Do you expect any big expenses in the next 5 years?',
  assets: 'Do you have any assets?',
  regularSavings: 'Do you save regularly?',
  super: 'Tell us about your superannuation',
  debts: 'Do you have any debts?',
  insuranceCover: 'What insurance cover do you have?',
  // issue 15: the Medicare levy surcharge depends on hospital cover, not on extras
  privateHealth: 'Do you have private hospital cover?',
  riskAssessment: 'How do you feel about investment risk?',
  reviewDetails: 'Review your details',
  needsAnalysis: 'Your needs analysis',
  recommendation: 'Your investment strategy',
  recommendedProducts: 'Your recommended product',
  smartDoc: 'Smart document',
  smartDocMultiple: 'Smart documents side by side',
  videoEmbed: 'Video',
  statementOfAdvice: 'Statement of advice',
};

/** Every route, in the flow's order, then the routes outside the flow. */
export const ROUTES: readonly Route[] = SCREENS.map((s) => ({ id: s.id, path: s.path, title: TITLES[s.id] }));

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
