/**
 * The projection (JOURNEY-ENGINE.md "Projection"): the median path, and
 * 10th/50th/90th percentile bands and the chance of reaching the goal from a
 * seeded Monte Carlo of lognormal monthly returns. Pure and deterministic.
 *
 * Returns are net of the investment fee. A year's growth factor is lognormal with
 * median 1 + the profile's published median net return (the figure the plan uses,
 * JOURNEY-ENGINE.md "Risk profiles") and the log-variance σ_ln² = ln(1 + σ²/(1+m)²)
 * of the table's net mean m and volatility σ; a month's is the twelfth root of
 * that (log-median and log-variance divided by 12). So the median path's monthly
 * rate, (1 + median)^(1/12) − 1, is the median of the simulated months too, and
 * about half the simulated outcomes reach a goal the median path just reaches.
 */
import { lognormalVariance, type RiskProfile } from './assumptions';
import { monthlyRate } from './goal';
import type { Cents } from './money';
import { Normals } from './random';

/** Balances in four views, in cents. */
export interface Bands {
  /** The median path: every month at the median return (the path the regular-investment formula plans on). */
  median: Cents;
  /** Percentiles of the simulated balances at that time. */
  p10: Cents;
  p50: Cents;
  p90: Cents;
}

/** One point of the chart and its table. */
export interface ProjectionPoint {
  /** The calendar year of the point (the calculation year for the first). */
  year: number;
  /** Months from the calculation date: 0, 12, 24… and the goal's month when it is not a whole year. */
  months: number;
  /** Future (nominal) dollars. */
  nominal: Bands;
  /** The same, in today's dollars (deflated at the inflation assumption). */
  today: Bands;
}

/** The projection of an investment towards the goal. */
export interface Projection {
  /** The first deposit. */
  startingAmountCents: Cents;
  /** The monthly deposit projected: the amount needed when the goal is reachable, else what could be invested. */
  monthlyContributionCents: Cents;
  /** The goal in future dollars at its date, and in today's dollars (the chart's goal line). */
  goalNominalCents: Cents;
  goalTodayCents: Cents;
  /** Months to the goal. */
  months: number;
  /** Share (0–1) of simulated outcomes at or above the goal at its date. */
  probabilityOfReachingGoal: number;
  /** Simulated paths, and the seed they were drawn from. */
  paths: number;
  seed: number;
  points: ProjectionPoint[];
}

/** The month-by-month median path. */
export interface MedianPath {
  /** Balance after each month: [0] is the first deposit, [n] the balance at the goal. */
  balances: Cents[];
  /** Each month's closing balance before that month's deposit ([0] is month 1): what the monthly fee is charged on. */
  feeBases: Cents[];
}

/** The balance month by month at a steady monthly rate `i`, in whole cents. */
export function medianPath(startCents: Cents, monthlyCents: Cents, i: number, months: number): MedianPath {
  const balances: Cents[] = [startCents];
  const feeBases: Cents[] = [];
  let b = startCents;
  for (let m = 1; m <= months; m++) {
    const grown = Math.round(b * (1 + i));
    feeBases.push(grown);
    b = grown + monthlyCents;
    balances.push(b);
  }
  return { balances, feeBases };
}

/** The months the chart shows: each whole year, and the goal's month. */
export function pointMonths(months: number): number[] {
  const out: number[] = [];
  for (let m = 0; m <= months; m += 12) out.push(m);
  if (out[out.length - 1] !== months) out.push(months);
  return out;
}

/** The value at quantile q of a sorted array (linear between neighbours). */
export function quantile(sorted: Float64Array, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}

export interface ProjectionInput {
  startCents: Cents;
  monthlyCents: Cents;
  months: number;
  profile: RiskProfile;
  goalNominalCents: Cents;
  goalTodayCents: Cents;
  inflation: number;
  /** The calculation date: the chart starts in its year and month. */
  asOf: Date;
  paths: number;
  seed: number;
}

/** Simulates `paths` paths and summarises them at each {@link pointMonths} month. */
export function project(x: ProjectionInput): Projection {
  const n = x.months;
  const { netReturn: mean, volatility, medianNetReturn } = x.profile;
  const s2 = lognormalVariance(mean, volatility);
  // Centred on the published median, not on ln(1+m) − σ_ln²/2 (the formula's median,
  // 5.72% rather than 5.6% for Highly aggressive), so the simulation agrees with
  // the monthly payment it projects (JOURNEY-ENGINE.md "Risk profiles").
  const mu = Math.log(1 + medianNetReturn) / 12;
  const sigma = Math.sqrt(s2 / 12);

  const at = pointMonths(n);
  const paths = x.paths;
  const deposit = x.monthlyCents;
  const goal = x.goalNominalCents;
  const values = new Float64Array(at.length * paths);
  const normal = new Normals(x.seed);
  let reached = 0;

  for (let p = 0; p < paths; p++) {
    let b = x.startCents;
    values[p] = b; // the point at month 0
    let k = 1;
    let next = at[1] ?? -1;
    for (let m = 1; m <= n; m++) {
      b = b * Math.exp(mu + sigma * normal.next()) + deposit;
      if (m === next) {
        values[k * paths + p] = b;
        next = at[++k] ?? -1;
      }
    }
    if (b >= goal) reached++;
  }

  const median = medianPath(x.startCents, x.monthlyCents, monthlyRate(medianNetReturn), n).balances;
  const startMonth = x.asOf.getMonth();
  const points = at.map((m, k): ProjectionPoint => {
    const column = values.subarray(k * paths, (k + 1) * paths).sort();
    const nominal: Bands = {
      median: median[m] as number,
      p10: Math.round(quantile(column, 0.1)),
      p50: Math.round(quantile(column, 0.5)),
      p90: Math.round(quantile(column, 0.9)),
    };
    const deflator = (1 + x.inflation) ** (m / 12);
    const today: Bands = {
      median: Math.round(nominal.median / deflator),
      p10: Math.round(nominal.p10 / deflator),
      p50: Math.round(nominal.p50 / deflator),
      p90: Math.round(nominal.p90 / deflator),
    };
    return { year: x.asOf.getFullYear() + Math.floor((startMonth + m) / 12), months: m, nominal, today };
  });

  return {
    startingAmountCents: x.startCents,
    monthlyContributionCents: x.monthlyCents,
    goalNominalCents: x.goalNominalCents,
    goalTodayCents: x.goalTodayCents,
    months: n,
    probabilityOfReachingGoal: paths > 0 ? reached / paths : 0,
    paths: x.paths,
    seed: x.seed,
    points,
  };
}
