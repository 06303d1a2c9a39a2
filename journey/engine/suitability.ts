/**
 * Suitability (JOURNEY-ENGINE.md "Suitability"; ASIC RG 255: a digital advice
 * tool should filter out clients it does not suit). Each rule that fails gives a
 * reason: its code and the user's own figures, which the catalogue says (why, and what to do instead) where it is
 * shown; any reason means no recommendation is shown. Pure: the engine writes no words.
 */
import type { YesNo } from '../../machines/journey-answers';
import type { Assumptions, RiskProfile } from './assumptions';
import { birthdayAt, isoDate } from './dates';
import type { DebtOwed } from './inputs';
import type { Cents } from './money';
import type { UnsuitableCode, UnsuitableFigures, UnsuitableReason } from './unsuitable';

export type { UnsuitableCode, UnsuitableReason } from './unsuitable';

export interface Suitability {
  /** True when no rule that could be checked failed (see `notChecked`). */
  suitable: boolean;
  reasons: UnsuitableReason[];
  /** Rules that could not be checked because an answer they need is missing. */
  notChecked: UnsuitableCode[];
}

/** The suitability of a set of answers, and whether the goal can be reached as it stands. */
export interface Assessment extends Suitability {
  /**
   * What can be invested each month reaches the goal (issue 15: no product and no statement of advice until it does;
   * the recommendation offers the three levers instead); null when an answer it needs is missing.
   */
  goalReachable: boolean | null;
}

export interface SuitabilityInput {
  /** Retired, or receiving the Age Pension (issue 15: retirement is out of scope); null when neither is answered yet. */
  retired: boolean | null;
  /** Income before tax from every source, a year (salary, other income, benefits); null when any is not known. */
  incomeAnnualCents: Cents | null;
  /** Take-home pay a month; null when it cannot be worked out. */
  netMonthlyCents: Cents | null;
  dateOfBirth: Date | null;
  age: number | null;
  goalYears: number | null;
  profile: RiskProfile | null;
  /** The monthly surplus (regular savings made monthly); null when it cannot be worked out. */
  surplusMonthlyCents: Cents | null;
  /** How the regular-savings question was answered: 'yes', 'no', or '' when it is not. */
  savingsAnswer: YesNo;
  /** The regular savings as entered (0 for No); null when the amount cannot be read. */
  savingsAmountCents: Cents | null;
  highInterestDebts: readonly DebtOwed[] | null;
}

/** The most growth-minded profile whose minimum horizon a goal `years` away meets, if any. */
export function profileForYears(years: number, profiles: readonly RiskProfile[]): RiskProfile | undefined {
  return [...profiles].reverse().find((p) => p.minHorizonYears <= years);
}

/**
 * Why there is no surplus, in the user's own terms. Only reached with a known
 * surplus of 0: an unreadable savings amount leaves the rule unchecked (the
 * amount is listed as missing instead), since it does not show there is nothing
 * left over.
 */
function noSurplusBecause(x: SuitabilityInput): Extract<UnsuitableFigures, { code: 'no-surplus' }>['because'] {
  if (x.savingsAnswer === 'no') return 'not-saving';
  if (x.savingsAmountCents === 0) return 'zero';
  // A positive amount that comes to less than half a cent a month (1 cent a year, say).
  return 'under-a-cent';
}

/** The high-interest balances owed in all, in cents; null when an amount cannot be read. */
export function highInterestOwedCents(debts: readonly DebtOwed[]): Cents | null {
  return debts.some((d) => d.valueCents === null) ? null : debts.reduce((sum, d) => sum + (d.valueCents ?? 0), 0);
}

/** Whether the high-interest debts stop the advice: any amount that cannot be read, or more than the small-balance allowance in all. */
export function debtsStopAdvice(debts: readonly DebtOwed[], a: Assumptions): boolean {
  const owed = highInterestOwedCents(debts);
  return owed === null || owed > a.suitability.smallDebtDollars * 100;
}

export function checkSuitability(x: SuitabilityInput, a: Assumptions): Suitability {
  const reasons: UnsuitableReason[] = [];
  const notChecked: UnsuitableCode[] = [];
  const s = a.suitability;
  const fail = (reason: UnsuitableReason) => reasons.push(reason);

  if (x.age === null || x.dateOfBirth === null) notChecked.push('under-18');
  else if (x.age < s.minAge)
    fail({ code: 'under-18', minAge: s.minAge, age: x.age, comeBackOn: isoDate(birthdayAt(x.dateOfBirth, s.minAge)) });

  if (x.retired === null) notChecked.push('retirement');
  // issue 15: the eligibility page excludes retirement; a retiree would otherwise be planned like a saver
  else if (x.retired) fail({ code: 'retirement' });

  if (x.goalYears === null) notChecked.push('goal-too-soon', 'goal-shorter-than-horizon');
  else if (x.goalYears < s.minGoalYears) fail({ code: 'goal-too-soon', minGoalYears: s.minGoalYears });
  else if (x.profile === null) notChecked.push('goal-shorter-than-horizon');
  else if (x.goalYears < x.profile.minHorizonYears) {
    const p = x.profile;
    fail({
      code: 'goal-shorter-than-horizon',
      goalYears: x.goalYears,
      profile: p.id,
      growth: p.growth,
      minHorizonYears: p.minHorizonYears,
      suited: profileForYears(x.goalYears, a.riskProfiles)?.id ?? null,
    });
  }

  if (x.incomeAnnualCents === null) notChecked.push('no-income');
  // issue 15: without income the cash is what the household lives on; investing waits
  else if (x.incomeAnnualCents <= 0) fail({ code: 'no-income' });

  if (x.netMonthlyCents === null || x.surplusMonthlyCents === null) notChecked.push('savings-over-income');
  // issue 15: checked on the regular savings screen too (journey/rules.ts), as soon as the check has loaded
  else if (x.surplusMonthlyCents > Math.max(0, x.netMonthlyCents))
    fail({ code: 'savings-over-income', savedMonthlyCents: x.surplusMonthlyCents, netMonthlyCents: x.netMonthlyCents });

  if (x.surplusMonthlyCents === null) notChecked.push('no-surplus');
  else if (x.surplusMonthlyCents <= 0) fail({ code: 'no-surplus', because: noSurplusBecause(x) });

  if (x.highInterestDebts === null) notChecked.push('high-interest-debt');
  else if (x.highInterestDebts.length > 0 && debtsStopAdvice(x.highInterestDebts, a))
    fail({ code: 'high-interest-debt', debts: x.highInterestDebts, highInterestRate: s.highInterestRate });

  return { suitable: reasons.length === 0, reasons, notChecked };
}
