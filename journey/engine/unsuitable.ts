/**
 * The suitability rules' codes and the figures each reason is said from (journey/engine/suitability.ts checks them;
 * the catalogue, journey/messages-on-demand.ts `sayReason`, says them where they are shown). Pure: no words.
 */
import type { RiskProfileId } from './assumptions';
import type { DebtOwed } from './inputs';
import type { Cents } from './money';

/** The suitability rules, in the order they are checked. */
export type UnsuitableCode =
  | 'under-18'
  | 'retirement'
  | 'goal-too-soon'
  | 'goal-shorter-than-horizon'
  | 'no-income'
  | 'savings-over-income'
  | 'no-surplus'
  | 'high-interest-debt';

/**
 * The figures a reason is said from, by its code: the catalogue (journey/messages-on-demand.ts `UNSUITABLE_WORDS`)
 * says them, so the engine writes no words.
 */
export type UnsuitableFigures =
  | { code: 'under-18'; minAge: number; age: number /** The day they turn `minAge`, `YYYY-MM-DD`. */; comeBackOn: string }
  | { code: 'retirement' }
  | { code: 'goal-too-soon'; minGoalYears: number }
  | {
      code: 'goal-shorter-than-horizon';
      goalYears: number;
      /** The profile chosen, its share in growth assets (0–1) and the shortest goal it suits. */
      profile: RiskProfileId;
      growth: number;
      minHorizonYears: number;
      /** The most growth-minded profile that suits the goal, if any. */
      suited: RiskProfileId | null;
    }
  | { code: 'no-income' }
  | { code: 'savings-over-income'; savedMonthlyCents: Cents; netMonthlyCents: Cents }
  | {
      code: 'no-surplus';
      /** Why nothing is left over: no regular savings, savings of $0, or savings that come to less than a cent a month. */
      because: 'not-saving' | 'zero' | 'under-a-cent';
    }
  | { code: 'high-interest-debt'; debts: readonly DebtOwed[]; highInterestRate: number };

/**
 * Why investing is not advised now: the rule's code and the figures it is said from, `{ code, ...figures }` (the
 * catalogue, journey/messages-on-demand.ts `sayReason`, says it in the active locale where it is shown).
 */
export type UnsuitableReason = UnsuitableFigures;

/** A reason's figures, without its code (what an advice record keeps beside the code). */
export type ReasonFigures<C extends UnsuitableCode = UnsuitableCode> = C extends UnsuitableCode
  ? Omit<Extract<UnsuitableFigures, { code: C }>, 'code'>
  : never;

/**
 * A reason as an advice record keeps it (contract/advice.ts `RefusalReason`): its code, and its figures apart. Pure;
 * `{ code, ...figures }` makes the reason again.
 */
export function reasonFigures({ code, ...figures }: UnsuitableReason): { code: UnsuitableCode; figures: ReasonFigures } {
  return { code, figures: figures as ReasonFigures };
}
