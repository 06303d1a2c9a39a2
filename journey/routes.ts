/**
 * The journey's routes as the views show them: each screen of the flow
 * (journey/questionnaire.ts, derived from the question modules) with its page
 * heading: a question's own, or a fixed screen's from the catalogue (journey/messages.ts).
 */
import { SCREEN_TITLES } from './messages';
import { JOURNEY, SCREENS, type ScreenId } from './questionnaire';

export interface Route {
  id: ScreenId;
  path: string;
  /** The page's heading, also used for the document title. */
  title: string;
}

const questions = new Map(JOURNEY.questions.map((q) => [q.id as string, q]));

/** Every route, in the flow's order, then the routes outside the flow. */
export const ROUTES: readonly Route[] = SCREENS.map((s) => ({
  id: s.id,
  path: s.path,
  // read when shown: a locale's words are assigned into the catalogue after this module has loaded
  get title() {
    return questions.get(s.id)?.title ?? SCREEN_TITLES[s.id as keyof typeof SCREEN_TITLES];
  },
}));

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
