/**
 * journey-spec §9 "Business constants and limits", all in one module, each named as the spec names it:
 * the journey's length, eligibility, the big-spends window, the progress bar's steps and the sample
 * figures of the hard-coded pages. (The engine's own limits are journey/engine/limits.ts.)
 */

/** journey-spec §9: the journey takes about 15 minutes. */
export const JOURNEY_MINUTES = 15;
/** journey-spec §9: eligibility: age at least 18. */
export const MIN_AGE = 18;
/**
 * Eligibility: a goal at least this many years away. journey-spec §9 says a year, but no risk profile suits a goal
 * under 2 years (Conservative's shortest horizon, journey/engine/assumptions.ts), so every such goal was refused at
 * step 6 after ~22 screens: the eligibility page and the goal screen now say 2 (issue 15; README "Decisions").
 */
export const MIN_GOAL_YEARS = 2;
/** journey-spec §9: the big-spends window is 5 years. */
export const BIG_SPENDS_YEARS = 5;
/** journey-spec §9: the progress bar has 7 steps (the flow's steps, machines/journey-flow.ts, are checked against it). */
export const PROGRESS_STEPS = 7;

/**
 * journey-spec §9: sample figures.
 *
 * The spec gives the surplus as "$17,062 a year ($6,421 a month)". Those two
 * disagree (12 × $6,421 = $77,052), and the figures that follow from the surplus
 * ($1,926 set aside is 30% of $6,421; $4,495 left over is $6,421 − $1,926) all use
 * the monthly one. A page showing both would contradict itself, so the pages show
 * the monthly surplus that the rest of the working is built on.
 */
export const SAMPLE = {
  /** The sample first name of the greeting (journey-spec §3: {name}). */
  name: 'Alex',
  goalAmount: 50_000,
  goalYears: 10,
  regularInvestmentMonthly: 353,
  availableSavings: 10_000,
  /** Three months of net income. */
  emergencyFund: 40_265,
  surplusMonthly: 6_421,
  /** 30% of the surplus set aside for unexpected expenses. */
  setAsideShare: 0.3,
  setAsideMonthly: 1_926,
  leftOverMonthly: 4_495,
  upfrontAdviserFee: 500,
  administrationFeePct: 0,
  investmentFeePct: 0.7,
  investmentFeeYearly: 29,
  riskStyle: 'moderately-aggressive',
  product: 'Diversified Index Fund',
  chart: { fromYear: 2023, toYear: 2033, axisMax: 50_000, axisSteps: 5 },
} as const;

/** The sample projection: the available savings growing to the goal over the chart's years. */
export const SAMPLE_PROJECTION: readonly { year: number; value: number }[] = Array.from(
  { length: SAMPLE.chart.toYear - SAMPLE.chart.fromYear + 1 },
  (_, k) => ({
    year: SAMPLE.chart.fromYear + k,
    value: SAMPLE.availableSavings + ((SAMPLE.goalAmount - SAMPLE.availableSavings) * k) / SAMPLE.goalYears,
  }),
);
