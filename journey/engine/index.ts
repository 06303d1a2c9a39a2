/**
 * The advice engine: from the answers to the figures, the suitability decision
 * and the wording of a recommendation (JOURNEY-ENGINE.md). Pure and
 * deterministic: the same answers, date, seed and paths always give the same
 * result, stamped with the engine and assumptions versions it was computed under.
 *
 * Money is integer cents throughout; pages round for display only.
 */
import type { Answers } from '../../machines/journey-answers';
import { GOAL_OPTIONS, labelOf } from '../options';
import { ASSUMPTIONS_VERSION, assumptionsFor, planningReturn, type RiskProfile } from './assumptions';
import { calendarDay, isoDate } from './dates';
import { fees as feesFor, type Fees } from './fees';
import { goalPlan, levers as leversFor, monthlyRate, type Levers } from './goal';
import type { MissingAnswer } from './inputs';
import { readAnswers } from './read-answers';
import type { Cents } from './money';
import type { Needs } from './needs';
import { medianPath, project, type Projection } from './projection';
import type { ReasonsInput } from './reasons';
import { incomeAndNeeds, smallDebtsCents, suitabilityOf } from './assess';
import type { Suitability } from './suitability';
import type { NetIncome } from './tax';

export { MAX_AMOUNT_DOLLARS } from './money';
export { parseDateOfBirth } from './dates';
export type { Cents } from './money';
export type { MissingAnswer } from './inputs';
export type { Levers } from './goal';
export type { Projection } from './projection';
export type { Fees } from './fees';
export type { UnsuitableReason } from './suitability';

/**
 * The version of the engine's method, stamped on every result beside
 * {@link ASSUMPTIONS_VERSION}: bump it when a change to the code (not to a figure
 * in assumptions.ts) can change a result. 1.1.0: plans on the published median
 * returns, reads amounts up to $1,000,000,000, counts an unreadable high-interest
 * debt as owed. 1.2.0 (issue 15): a debt is high-interest by its rate (its kind only when the rate is not
 * given), a small balance does not stop the advice, and the wording says whose debt it is; no income keeps
 * the cash; savings over the take-home pay and retirement are turned away; only what the goal needs is invested;
 * the plan is made to reach the goal in 75% of outcomes, not on the median. 1.3.0 (issue 34): a couple's Medicare levy,
 * its low-income reduction and the surcharge use the family thresholds on both partners' incomes; the cash that clears
 * small high-interest debts is no longer offered as savings to invest.
 */
export const ENGINE_VERSION = '1.4.0';

/** The goal, in today's and future dollars. */
export interface Goal {
  /** The goal type (an option value of journey/answers.ts GOAL_OPTIONS), and its label ('' when not chosen). */
  type: string;
  label: string;
  /** The amount entered, which is in today's dollars. */
  todayCents: Cents;
  /** todayCents × (1 + inflation)^years. */
  nominalCents: Cents;
  /** Years to the goal, as entered. */
  years: number;
  /** round(years × 12). */
  months: number;
  /** The calendar year the goal falls in. */
  targetYear: number;
  /** The inflation rate used (0.025). */
  inflationRate: number;
}

/** A recommendation: only produced when the answers are complete and every suitability rule passes. */
export interface Plan {
  /** The chosen risk profile, with its assumptions. */
  profile: RiskProfile;
  goal: Goal;
  /**
   * The annual return planned on: the one the goal's timeframe beats `confidence` of the time (assumptions.ts
   * `planningReturn`, issue 15); the profile's published median net of fees at a confidence of 0.5 (JOURNEY-ENGINE.md).
   */
  annualReturn: number;
  /** The share of outcomes the plan is made to reach (assumptions.ts PROJECTION.confidence). */
  confidence: number;
  /** (1 + annualReturn)^(1/12) − 1. */
  monthlyRate: number;
  /**
   * The first deposit: available savings (less the adviser fee if it were deducted; it is invoiced), or only what
   * the goal needs when those savings alone would overshoot it (issue 15: never invest more than the goal needs).
   */
  startingAmountCents: Cents;
  /** The available savings the goal does not need, left out of the investment; 0 when it needs them all. */
  leftOverCents: Cents;
  /** The monthly deposit that reaches the nominal goal on the median path (rounded up to the cent); 0 when the first deposit gets there alone. */
  monthlyNeededCents: Cents;
  /** What could be invested each month: the surplus less the 30% set aside. */
  affordableMonthlyCents: Cents;
  /** monthlyNeeded ≤ affordable. */
  reachable: boolean;
  /** The three levers, when the goal is not reachable as stated; null when it is. */
  levers: Levers | null;
  /** The projection of the first deposit plus `projection.monthlyContributionCents` a month. */
  projection: Projection;
  fees: Fees;
}

/**
 * A note on how the figures were simplified for this user, by code with its figures (the catalogue says it:
 * journey/messages-advice.ts NOTE_WORDS).
 */
export type AdviceNote =
  | { code: 'seniors-offset' | 'other-income-taxed' }
  /** issue 34: a couple's levy and surcharge use the family thresholds, on both partners' taxable incomes. */
  | { code: 'family-medicare'; familyIncomeCents: Cents; dependants: number }
  /**
   * A single parent's levy and surcharge use the family thresholds, on their own taxable income: no levy up to
   * `levyThresholdCents`, no surcharge up to `surchargeThresholdCents` (the first family tier with the rise for children).
   */
  | { code: 'sole-parent-medicare'; dependants: number; levyThresholdCents: Cents; surchargeThresholdCents: Cents }
  /** Clear `owedCents` first: `fromCashCents` from the cash above the emergency fund, the rest from the regular savings. */
  | { code: 'clear-high-interest'; owedCents: Cents; fromCashCents: Cents; notCoveredCents: Cents }
  | { code: 'earliest-tax-rates'; taxYear: string; financialYear: string };

interface AdviceCommon {
  /** The engine version the result was computed under (ENGINE_VERSION). */
  engineVersion: string;
  /** The assumptions version the result was computed under (ASSUMPTIONS_VERSION). */
  assumptionsVersion: string;
  /** The calculation date (its local calendar day), YYYY-MM-DD. */
  asOf: string;
  /** The financial year of the calculation date, e.g. '2026-27'. */
  financialYear: string;
  /** Whether the answers were complete enough, and what is missing or unreadable. */
  completeness: { complete: boolean; missing: MissingAnswer[] };
  /** Whole years at the calculation date, from the date of birth; null when it is missing. */
  age: number | null;
  /** Take-home income, line by line; null when an answer it needs is missing. */
  income: NetIncome | null;
  /** The needs analysis; null when an answer it needs is missing. */
  needs: Needs | null;
  suitability: Suitability;
  /** Notes on how the figures were simplified for this user (e.g. a couple's family Medicare thresholds), as codes. */
  notes: AdviceNote[];
}

/**
 * Everything the needs-analysis, recommendation and products pages show, by `status`:
 * - `recommended`: the answers are complete and the advice suits; `plan` and `reasons` are set.
 * - `unsuitable`: at least one suitability rule fails (whatever else is missing); show `suitability.reasons`, never a recommendation.
 * - `incomplete`: no rule fails so far, but answers the engine needs are missing (`completeness.missing`).
 */
export type AdviceResult =
  | (AdviceCommon & {
      status: 'recommended';
      plan: Plan;
      /**
       * The figures the reasons for the recommendation, the chart's summary and its assumptions are said from (the
       * catalogue says them: journey/messages-advice.ts REASON_WORDS).
       */
      reasons: ReasonsInput;
    })
  | (AdviceCommon & { status: 'unsuitable' | 'incomplete'; plan: null; reasons: [] });

export interface AdviceOptions {
  /** The calculation date: picks the tax year and is the chart's start and the age's reference. */
  asOf: Date;
  /** The Monte Carlo seed. @default 20260701 */
  seed?: number;
  /** The number of Monte Carlo paths. @default 2000 */
  paths?: number;
  /** The share of outcomes the plan is made to reach; 0.5 plans on the median (JOURNEY-ENGINE.md's examples). @default 0.75 */
  confidence?: number;
}

/** Computes the advice for a set of answers as at `options.asOf`. */
export function computeAdvice(answers: Answers, options: AdviceOptions): AdviceResult {
  const asOf = calendarDay(options.asOf);
  const a = assumptionsFor(asOf);
  const seed = options.seed ?? a.projection.defaultSeed;
  const paths = options.paths ?? a.projection.defaultPaths;
  if (!Number.isInteger(paths) || paths < 1) throw new RangeError('paths must be a whole number of at least 1');

  const { inputs: x, missing } = readAnswers(answers, asOf, a);

  const { income, needs } = incomeAndNeeds(x, a);

  const suitability = suitabilityOf(x, a);

  const notes: AdviceNote[] = [];
  if (income?.family?.soleParent) {
    notes.push({
      code: 'sole-parent-medicare',
      dependants: income.family.dependants,
      levyThresholdCents: income.family.levyThresholdDollars * 100,
      surchargeThresholdCents: income.family.surchargeThresholdDollars * 100,
    });
  } else if (income?.family) {
    notes.push({
      code: 'family-medicare',
      familyIncomeCents: income.family.familyIncomeDollars * 100,
      dependants: income.family.dependants,
    });
  }
  if ((x.age !== null && x.age >= a.agePensionAge) || x.benefits?.some((b) => b.type === 'age-pension')) {
    notes.push({ code: 'seniors-offset' });
  }
  const smallDebts = smallDebtsCents(x, a);
  // issue 15: a small high-interest balance does not stop the advice, but it is worth clearing first; issue 34: from the
  // cash above the emergency fund, which is then not offered again to invest (needs.debtsToClear)
  if (smallDebts !== null) {
    notes.push({
      code: 'clear-high-interest',
      owedCents: smallDebts,
      fromCashCents: needs?.debtsToClear.fromCashCents ?? 0,
      notCoveredCents: needs ? needs.debtsToClear.notCoveredCents : smallDebts,
    });
  }
  if (x.additionalIncome && x.additionalIncome.length > 0) notes.push({ code: 'other-income-taxed' });
  if (a.financialYear < a.taxTable.financialYear) {
    notes.push({ code: 'earliest-tax-rates', taxYear: a.taxTable.financialYear, financialYear: a.financialYear });
  }

  const common: AdviceCommon = {
    engineVersion: ENGINE_VERSION,
    assumptionsVersion: ASSUMPTIONS_VERSION,
    asOf: isoDate(asOf),
    financialYear: a.financialYear,
    completeness: { complete: missing.length === 0, missing },
    age: x.age,
    income,
    needs,
    suitability,
    notes,
  };

  if (!suitability.suitable) return { ...common, status: 'unsuitable', plan: null, reasons: [] };
  if (missing.length > 0 || !needs || !x.profile || x.goalTodayCents === null || x.goalYears === null) {
    return { ...common, status: 'incomplete', plan: null, reasons: [] };
  }

  // The plan (JOURNEY-ENGINE.md "Regular investment for the goal").
  const profile = x.profile;
  const years = x.goalYears;
  const available = needs.startingAmountCents;
  const affordable = needs.surplus.investableMonthlyCents;
  // issue 15: planned so that `confidence` of outcomes reach the goal, not the median's coin flip
  const confidence = options.confidence ?? a.projection.confidence;
  const annualReturn = planningReturn(profile, years, confidence);
  // issue 15: when the savings alone reach the goal, only what it needs is invested (and charged fees); the rest is left over
  const {
    months,
    i,
    nominalCents,
    startCents: start,
    monthlyNeededCents,
    reachable,
  } = goalPlan({
    goalTodayCents: x.goalTodayCents,
    years,
    availableCents: available,
    affordableMonthlyCents: affordable,
    annualReturn,
    inflation: a.inflation.rate,
  });
  const goal: Goal = {
    type: x.goalType,
    label: x.goalType === '' ? '' : labelOf(GOAL_OPTIONS, x.goalType),
    todayCents: x.goalTodayCents,
    nominalCents,
    years,
    months,
    targetYear: asOf.getFullYear() + Math.floor((asOf.getMonth() + months) / 12),
    inflationRate: a.inflation.rate,
  };
  const levers = reachable
    ? null
    : leversFor({
        goalTodayCents: goal.todayCents,
        years,
        startCents: start,
        affordableMonthlyCents: affordable,
        monthlyRateFor: (y) => monthlyRate(planningReturn(profile, y, confidence)),
        inflation: a.inflation.rate,
        maxYears: a.projection.maxYears,
      });
  const contribution = reachable ? monthlyNeededCents : affordable;
  const projection = project({
    startCents: start,
    monthlyCents: contribution,
    months,
    profile,
    goalNominalCents: goal.nominalCents,
    goalTodayCents: goal.todayCents,
    inflation: a.inflation.rate,
    asOf,
    paths,
    seed,
  });
  // the fees in dollars on the median path: what is expected, not the cautious plan's lower balances
  const fees = feesFor(medianPath(start, contribution, monthlyRate(profile.medianNetReturn), months).feeBases, a);

  const plan: Plan = {
    profile,
    goal,
    annualReturn,
    confidence,
    monthlyRate: i,
    startingAmountCents: start,
    leftOverCents: available - start,
    monthlyNeededCents,
    affordableMonthlyCents: affordable,
    reachable,
    levers,
    projection,
    fees,
  };
  const reasons: ReasonsInput = {
    profile,
    annualReturn,
    confidence,
    goalType: goal.type,
    goalTodayCents: goal.todayCents,
    goalNominalCents: goal.nominalCents,
    years,
    targetYear: goal.targetYear,
    needs,
    leftOverCents: available - start,
    monthlyNeededCents,
    reachable,
    levers,
    projection,
    fees,
    inflationRate: a.inflation.rate,
  };
  return { ...common, status: 'recommended', plan, reasons };
}
