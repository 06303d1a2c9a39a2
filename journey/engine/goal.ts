/**
 * The regular investment for a goal (JOURNEY-ENGINE.md "Regular investment for
 * the goal"), and the three levers when it is more than can be invested. Pure.
 *
 * Deposits are made at the end of each month (an ordinary annuity), so the
 * balance after n months is PV·(1+i)^n + A·((1+i)^n − 1)/i, and the monthly
 * payment for a target FV is (FV − PV·(1+i)^n) · i / ((1+i)^n − 1).
 */
import type { Cents } from './money';

/** The monthly rate equivalent to an annual one: (1+R)^(1/12) − 1. */
export function monthlyRate(annualRate: number): number {
  return (1 + annualRate) ** (1 / 12) - 1;
}

/** An amount in today's dollars, `years` from now, at `inflation` a year, in whole cents. */
export function inflate(todayCents: Cents, years: number, inflation: number): Cents {
  return Math.round(todayCents * (1 + inflation) ** years);
}

/** (1+i)^n and the annuity factor ((1+i)^n − 1)/i. */
function factors(i: number, months: number): { growth: number; annuity: number } {
  const growth = (1 + i) ** months;
  return { growth, annuity: i === 0 ? months : (growth - 1) / i };
}

/** The balance after `months` (not rounded): `start` now plus `monthly` at the end of each month. */
export function futureValue(startCents: Cents, monthlyCents: Cents, i: number, months: number): number {
  const { growth, annuity } = factors(i, months);
  return startCents * growth + monthlyCents * annuity;
}

// Tolerates the float error in an exact division (x.0000000001 should not round up).
const EPS = 1e-7;

/**
 * The monthly deposit that reaches `targetCents` in `months` from `startCents`,
 * rounded up to the cent; 0 when the start alone gets there.
 */
export function monthlyPaymentNeeded(targetCents: Cents, startCents: Cents, i: number, months: number): Cents {
  if (!(months >= 1)) throw new RangeError('months must be at least 1');
  const { growth, annuity } = factors(i, months);
  const gap = targetCents - startCents * growth;
  return gap <= 0 ? 0 : Math.ceil(gap / annuity - EPS);
}

/** The first deposit that, with `monthlyCents` a month, reaches `targetCents` in `months`, rounded up to the cent. */
export function firstDepositNeeded(targetCents: Cents, monthlyCents: Cents, i: number, months: number): Cents {
  const { growth, annuity } = factors(i, months);
  return Math.max(0, Math.ceil((targetCents - monthlyCents * annuity) / growth - EPS));
}

/** The plan for a goal on the planning return (JOURNEY-ENGINE.md "Regular investment for the goal"). */
export interface GoalPlan {
  months: number;
  /** The monthly rate. */
  i: number;
  /** The goal in future dollars. */
  nominalCents: Cents;
  /** The first deposit: the savings available, or only what the goal needs when they would overshoot it (issue 15). */
  startCents: Cents;
  /** The monthly deposit that reaches the goal from that start, rounded up to the cent; 0 when the start gets there alone. */
  monthlyNeededCents: Cents;
  /** The monthly deposit is no more than what could be invested each month. */
  reachable: boolean;
}

/** The goal's plan: one place for the recommendation (index.ts) and the recommendation screen's rule (assess.ts). */
export function goalPlan(p: {
  goalTodayCents: Cents;
  years: number;
  availableCents: Cents;
  affordableMonthlyCents: Cents;
  annualReturn: number;
  inflation: number;
}): GoalPlan {
  const months = Math.round(p.years * 12);
  const i = monthlyRate(p.annualReturn);
  const nominalCents = inflate(p.goalTodayCents, p.years, p.inflation);
  const startCents = Math.min(p.availableCents, firstDepositNeeded(nominalCents, 0, i, months));
  const monthlyNeededCents = monthlyPaymentNeeded(nominalCents, startCents, i, months);
  return { months, i, nominalCents, startCents, monthlyNeededCents, reachable: monthlyNeededCents <= p.affordableMonthlyCents };
}

/** What would make an unreachable goal reachable with what could be invested each month. */
export interface Levers {
  /** A longer time: the fewest whole years in which the affordable amount reaches the goal (kept in today's dollars, so it grows with inflation); null if not within the longest timeframe planned. */
  longerTime: { years: number; months: number; goalNominalCents: Cents } | null;
  /** A smaller goal: what the affordable amount reaches in the same time. */
  smallerGoal: { todayCents: Cents; nominalCents: Cents };
  /** A larger first deposit: the first deposit that, with the affordable amount each month, reaches the goal in the same time. */
  largerFirstDeposit: { totalCents: Cents; extraCents: Cents };
}

export interface LeverInput {
  goalTodayCents: Cents;
  years: number;
  startCents: Cents;
  affordableMonthlyCents: Cents;
  /** The monthly rate of return planned on for a timeframe of so many years (it depends on the timeframe: assumptions.ts `planningReturn`). */
  monthlyRateFor: (years: number) => number;
  inflation: number;
  /** The longest timeframe to look at, in years. */
  maxYears: number;
}

export function levers(x: LeverInput): Levers {
  const months = Math.round(x.years * 12);
  const goalNominal = inflate(x.goalTodayCents, x.years, x.inflation);

  let longerTime: Levers['longerTime'] = null;
  for (let y = Math.floor(x.years) + 1; y <= x.maxYears; y++) {
    const target = inflate(x.goalTodayCents, y, x.inflation);
    if (futureValue(x.startCents, x.affordableMonthlyCents, x.monthlyRateFor(y), y * 12) >= target) {
      longerTime = { years: y, months: y * 12, goalNominalCents: target };
      break;
    }
  }

  const i = x.monthlyRateFor(x.years);
  const reached = Math.floor(futureValue(x.startCents, x.affordableMonthlyCents, i, months));
  const totalCents = firstDepositNeeded(goalNominal, x.affordableMonthlyCents, i, months);
  return {
    longerTime,
    smallerGoal: { nominalCents: reached, todayCents: Math.floor(reached / (1 + x.inflation) ** x.years) },
    largerFirstDeposit: { totalCents, extraCents: Math.max(0, totalCents - x.startCents) },
  };
}
