/**
 * What the two goal tools share: the risk profiles a goal is worked out for, the journey's plan for
 * it on each (JOURNEY-ENGINE.md "Regular investment for the goal"), and how the question names it.
 */
import { planningReturn, type Assumptions, type RiskProfile } from '../../../journey/engine/assumptions';
import { goalPlan, type GoalPlan } from '../../../journey/engine/goal';
import type { Amount, Numbers } from './numbers';
import { dollars, money, percent, profileName, yearsWords, type ParamSpec } from './tool';

/** The risk profile asked for; without one, every profile whose shortest timeframe the goal meets. */
export function profilesFor(years: number, chosen: string | undefined, a: Assumptions): RiskProfile[] {
  if (chosen !== undefined) return a.riskProfiles.filter((p) => p.id === chosen);
  return a.riskProfiles.filter((p) => p.minHorizonYears <= years);
}

/** The share of outcomes a plan on the median return reaches: half (assumptions.ts `planningReturn` at 0.5 is the median). */
export const MEDIAN = 0.5;

/**
 * The plan for a goal on a profile: at the engine's confidence, as the journey plans it (the figure the visitor's
 * advice shows), or at {@link MEDIAN}, on the profile's median return net of fees, as JOURNEY-ENGINE.md "Regular
 * investment for the goal" defines the monthly payment. A goal in today's dollars is inflated to its date; a nominal
 * one is not.
 */
export function planOn(
  profile: RiskProfile,
  goal: number,
  years: number,
  start: number,
  a: Assumptions,
  { nominal = false, confidence = a.projection.confidence }: { nominal?: boolean; confidence?: number } = {},
): { annualReturn: number; plan: GoalPlan } {
  const annualReturn = planningReturn(profile, years, confidence);
  const plan = goalPlan({
    goalTodayCents: Math.round(goal * 100),
    years,
    availableCents: Math.round(start * 100),
    // what could be invested is not asked here: the plan's monthly amount is the figure
    affordableMonthlyCents: Number.MAX_SAFE_INTEGER,
    annualReturn,
    inflation: nominal ? 0 : a.inflation.rate,
  });
  return { annualReturn, plan };
}

const START_BEFORE =
  /\b(?:start(?:ing)?(?:\s+(?:with|from|off with))?|already\s+(?:have|got|saved)|have\s+saved|i\s+have|i've\s+got|initial(?:ly)?|lump\s+sum(?:\s+of)?|first\s+deposit(?:\s+of)?|deposit(?:\s+of)?|put\s+in)\b[^$\d]{0,15}$/;

/** The goal, the starting amount and the deposits a question names. */
export function goalAmounts(numbers: Numbers): { goal?: Amount; start?: Amount; deposit?: Amount } {
  const deposit = numbers.amounts.find((a) => a.frequency !== null);
  const start = numbers.amounts.find((a) => a !== deposit && START_BEFORE.test(a.before));
  const rest = numbers.amounts.filter((a) => a !== deposit && a !== start);
  const goal =
    rest.find((a) =>
      /\b(?:reach\w*|get(?:ting)? to|hav(?:e|ing)|target|goal|sav(?:e|ing)|accumulat\w*|build|grow|hit|of|for|with)\b[^$\d]{0,20}$/.test(
        a.before,
      ),
    ) ?? rest[0];
  return { goal, start, deposit };
}

/** The parameters both goal tools take. */
export const GOAL_PARAMS = {
  goal: {
    kind: 'amount',
    description: "The goal amount in today's dollars (it is inflated to the goal's date).",
    required: true,
    exclusiveMin: true,
    ask: 'the amount you want to reach (for example $50,000)',
  },
  years: {
    kind: 'years',
    description: 'Years to the goal (at least 1).',
    required: true,
    ask: 'how many years away the goal is (at least 1 year, for example 5 years)',
  },
  start: {
    kind: 'amount',
    description: 'The amount invested at the start; 0 when not given.',
    required: false,
    ask: 'the amount you would start with (for example $10,000)',
  },
  profile: {
    kind: 'profile',
    description: 'The risk profile; when not given, every profile that suits the timeframe is worked out.',
    required: false,
    ask: 'the risk profile (Conservative, Cautious, Moderate, Moderately aggressive, Aggressive or Highly aggressive)',
  },
  nominal: {
    kind: 'boolean',
    description:
      'True when the goal is an amount in future dollars, not adjusted for inflation ("nominal"); when not given, it is in today\'s dollars.',
    required: false,
    ask: "whether the goal is in today's dollars or not adjusted for inflation",
  },
} as const satisfies Record<string, ParamSpec>;

/**
 * Whether a question's goal is nominal: true for "not adjusted for inflation", "nominal", "ignoring inflation",
 * "in future dollars"; false for "in today's dollars", "adjusted for inflation", "in real terms"; undefined when
 * it does not say (today's dollars, as the journey asks).
 */
export function nominalIn(question: string): boolean | undefined {
  const q = question.replace(/[’‘]/g, "'");
  const nominal =
    /\b(?:not|isn't|without(?: being)?)[- ](?:adjusted|indexed)\s+(?:for|to)\s+inflation\b|\bnominal\b|\b(?:ignor\w*|without|before|excluding|leaving out)\s+inflation\b|\b(?:future|then)[- ]dollars\b|\binflation[- ]unadjusted\b|\bunadjusted for inflation\b/i;
  if (nominal.test(q)) return true;
  if (
    /\btoday's (?:dollars|money|terms|prices)\b|\b(?:adjusted|indexed) (?:for|to) inflation\b|\breal terms\b|\binflation[- ]adjusted\b/i.test(
      q,
    )
  ) {
    return false;
  }
  return undefined;
}

/** The goal as the answer names it: "$60,000 in today's dollars", or "$60,000 (not adjusted for inflation)". */
export function goalWords(goal: number, nominal: boolean): string {
  return nominal ? `${dollars(goal)} (not adjusted for inflation)` : `${dollars(goal)} in today's dollars`;
}

/** The lines every goal answer starts with: the goal at its date and the starting amount. */
export function goalBasis(goal: number, years: number, start: number, nominalCents: number, a: Assumptions, nominal = false): string[] {
  return [
    nominal
      ? `1. The goal: ${money(nominalCents)} in ${yearsWords(years)}, not adjusted for inflation`
      : `1. The goal in future dollars: ${dollars(goal)} × (1 + ${percent(a.inflation.rate)})^${years} = ${money(nominalCents)} in ${yearsWords(years)} (inflation ${percent(a.inflation.rate)} a year)`,
    `2. Starting amount: ${dollars(start)}`,
  ];
}

/** The note for each profile that suits only goals further away than this one. */
export function horizonNotes(profiles: readonly RiskProfile[], years: number): string[] {
  return profiles
    .filter((p) => p.minHorizonYears > years)
    .map((p) => `${profileName(p)} suits goals at least ${yearsWords(p.minHorizonYears)} away; this goal is ${yearsWords(years)} away.`);
}

/** The answer when no profile suits a goal this close: the figure, and each profile's shortest timeframe. */
export function noProfileAnswer(years: number, a: Assumptions): { figure: string; steps: string[] } {
  const shortest = Math.min(...a.riskProfiles.map((p) => p.minHorizonYears));
  return {
    figure: `None of the risk profiles suits a goal ${yearsWords(years)} away: the shortest timeframe any of them suits is ${yearsWords(shortest)}.`,
    steps: [
      `The shortest timeframe of each risk profile: ${a.riskProfiles.map((p) => `${profileName(p)} ${yearsWords(p.minHorizonYears)}`).join(', ')}.`,
    ],
  };
}
