/**
 * Every screen of the journey, by id. The frame's text (Continue label, lead) is
 * here; the bodies load on demand, one chunk per group, so a first visit to the
 * dashboard loads only the start screens (the journey's size budget).
 */
import { lazy, type ComponentType } from 'react';
import { BIG_SPENDS_YEARS } from '../constants';
import type { ScreenId } from '../../machines/journey-flow';
import { BODIES as START } from './start';

export interface ScreenDef {
  Body: ComponentType;
  /** The Continue button's text; null for screens without one. @default 'Continue' */
  continueLabel?: string | null;
  /** A line under the heading. */
  lead?: string;
}

type Group = Record<string, ComponentType>;
const loaders = {
  questionnaire: () => import('./questionnaire'),
  advice: () => import('./advice'),
  embeds: () => import('./embeds'),
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

const Q = (id: ScreenId, extra: Omit<ScreenDef, 'Body'> = {}): ScreenDef => ({ Body: lazyBody('questionnaire', id), ...extra });
const A = (id: ScreenId, extra: Omit<ScreenDef, 'Body'> = {}): ScreenDef => ({ Body: lazyBody('advice', id), ...extra });
const E = (id: ScreenId): ScreenDef => ({ Body: lazyBody('embeds', id), continueLabel: null });

export const SCREENS: Record<ScreenId, ScreenDef> = {
  dashboard: { Body: START.dashboard, continueLabel: null, lead: 'Choose a journey to get personal advice in a few steps.' },
  intro: { Body: START.intro, continueLabel: "Let's get started" },
  beforeStart: { Body: START.beforeStart },
  eligibility: { Body: START.eligibility, continueLabel: 'Agree and continue' },
  dateOfBirth: Q('dateOfBirth', { lead: 'You need to be 18 or over to use this advice.' }),
  relationshipStatus: Q('relationshipStatus'),
  goalSelection: Q('goalSelection', { lead: 'Choose the goal that matters most to you right now.' }),
  goalDetails: Q('goalDetails'),
  summary: Q('summary'),
  employmentStatus: Q('employmentStatus'),
  income: Q('income'),
  additionalIncome: Q('additionalIncome', { lead: 'For example dividends, rent or trust distributions.' }),
  benefits: Q('benefits'),
  bigSpends: Q('bigSpends', { lead: `For example a wedding, a car, renovations or school fees in the next ${BIG_SPENDS_YEARS} years.` }),
  assets: Q('assets', { lead: 'Include cash, your home, investments and valuable possessions.' }),
  regularSavings: Q('regularSavings'),
  super: Q('super'),
  debts: Q('debts'),
  insuranceCover: Q('insuranceCover', { lead: 'Enter 0 where you have no cover of that kind.' }),
  privateHealth: Q('privateHealth', { lead: 'Hospital cover affects the Medicare levy surcharge you pay.' }),
  riskAssessment: Q('riskAssessment'),
  reviewDetails: A('reviewDetails'),
  needsAnalysis: A('needsAnalysis'),
  recommendation: A('recommendation', { continueLabel: 'Accept and continue' }),
  recommendedProducts: A('recommendedProducts'),
  statementOfAdvice: A('statementOfAdvice', { continueLabel: null }),
  smartDoc: E('smartDoc'),
  smartDocMultiple: E('smartDocMultiple'),
  videoEmbed: E('videoEmbed'),
};
