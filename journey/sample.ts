/**
 * journey-spec §9: the sample figures the review, needs analysis, recommendation
 * and products pages show when there are no answers. The sample household's
 * answers are each question's own (journey/questions, gathered in
 * journey/questionnaire.ts `SAMPLE_ANSWERS`).
 */
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
