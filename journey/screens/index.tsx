/**
 * Every screen of the journey, by id. The frame's text (Continue label, lead) is
 * here, or in the question's module (journey/questions); the pages between the
 * dashboard and the questions, the advice and embed pages load on demand, one chunk
 * per group, so a first visit to the dashboard loads only it and the questions (the
 * journey's size budget).
 */
import { lazy, type ComponentType } from 'react';
import { JOURNEY, type ScreenId } from '../questionnaire';
import type { QuestionId } from '../questions';
import type { JourneyRef } from '../records/kept';
import { wordsReady } from '../locale';
import { FRAME_WORDS as W } from '../messages';
import { BODIES as START } from './start';

/** What the frame gives a page's body. */
export interface BodyProps {
  /**
   * The frame's nav (Back, Return, the way on), for a page that draws it itself (`ownNav`): a chunk that loads on demand
   * takes it from here rather than importing the frame, which would split the first visit.
   */
  Nav?: ComponentType<{ continueLabel: string | null }>;
  /** The journey's actor, for a chunk that loads on demand (the intro's consent tells its `records` actor). */
  journey?: JourneyRef;
}

export interface ScreenDef {
  Body: ComponentType<BodyProps>;
  /** The Continue button's text; null for screens without one. @default the catalogue's 'Continue' */
  continueLabel?: string | null;
  /** A line under the heading. */
  lead?: string;
  /**
   * The body renders the page's nav itself (the frame's, `BodyProps.Nav`): a page whose way on depends on what the
   * body knows (the advice's pages: none while advice is paused). @default false
   */
  ownNav?: boolean;
}

type Group = Record<string, ComponentType<BodyProps>>;
// each after its words in the active locale, so that what a view's module says as it loads is in that locale too
const loaders = {
  introduction: () => Promise.all([wordsReady('messages-on-demand'), wordsReady('messages-records')]).then(() => import('./introduction')),
  advice: () =>
    Promise.all([wordsReady('messages-on-demand'), wordsReady('messages-advice'), wordsReady('messages-records')]).then(
      () => import('./advice'),
    ),
  embeds: () => wordsReady('messages-on-demand').then(() => import('./embeds')),
} satisfies Record<string, () => Promise<{ BODIES: Group }>>;

const lazyBody = (group: keyof typeof loaders, id: ScreenId) =>
  lazy(() => loaders[group]().then((m) => ({ default: (m.BODIES as Group)[id]! })));

/**
 * Fetches every screen chunk, so later navigation never waits on the network: one chunk per
 * idle period (`idle` schedules a callback), since each chunk's evaluation is a task of its own.
 */
export async function prefetchScreens(idle: (fn: () => void) => void): Promise<void> {
  for (const load of Object.values(loaders)) {
    await new Promise<void>((resolve) => idle(resolve));
    await load();
  }
}

const A = (id: ScreenId, extra: Omit<ScreenDef, 'Body'> = {}): ScreenDef => ({ Body: lazyBody('advice', id), ...extra });
const E = (id: ScreenId): ScreenDef => ({ Body: lazyBody('embeds', id), continueLabel: null });

// the words are read when shown (getters): a locale's are assigned into the catalogue after this module has loaded
export const SCREENS: Record<ScreenId, ScreenDef> = {
  dashboard: {
    Body: START.dashboard,
    continueLabel: null,
    get lead() {
      return W.dashboardLead;
    },
  },
  intro: {
    Body: lazyBody('introduction', 'intro'),
    get continueLabel() {
      return W.continueTo.intro;
    },
  },
  beforeStart: { Body: lazyBody('introduction', 'beforeStart') },
  eligibility: {
    Body: lazyBody('introduction', 'eligibility'),
    get continueLabel() {
      return W.continueTo.eligibility;
    },
  },
  ...(Object.fromEntries(
    JOURNEY.questions.map((q) => [
      q.id,
      {
        Body: q.Body,
        get lead() {
          return q.lead;
        },
      },
    ]),
  ) as Record<QuestionId, ScreenDef>),
  reviewDetails: A('reviewDetails'),
  needsAnalysis: A('needsAnalysis'),
  // Accept and continue, and Continue, come with the advice's status (journey/screens/advice.tsx)
  recommendation: A('recommendation', { ownNav: true }),
  recommendedProducts: A('recommendedProducts', { ownNav: true }),
  statementOfAdvice: A('statementOfAdvice', { continueLabel: null }),
  smartDoc: E('smartDoc'),
  smartDocMultiple: E('smartDocMultiple'),
  videoEmbed: E('videoEmbed'),
};
