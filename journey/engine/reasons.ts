/**
 * The figures a recommendation's reasons, the chart's one-sentence summary and the assumptions stated beside the chart
 * are said from. The engine hands them over; the catalogue (journey/messages-advice.ts REASON_WORDS) says them.
 */
import type { RiskProfile } from './assumptions';
import type { Fees } from './fees';
import type { Levers } from './goal';
import type { Cents } from './money';
import type { Needs } from './needs';
import type { Projection } from './projection';

export interface ReasonsInput {
  profile: RiskProfile;
  /** The return planned on, and the share of outcomes the plan is made to reach (issue 15). */
  annualReturn: number;
  confidence: number;
  /** The goal type (an option value, '' when not chosen). */
  goalType: string;
  goalTodayCents: Cents;
  goalNominalCents: Cents;
  years: number;
  targetYear: number;
  needs: Needs;
  monthlyNeededCents: Cents;
  /** Available savings the goal does not need (Plan.leftOverCents). */
  leftOverCents: Cents;
  reachable: boolean;
  levers: Levers | null;
  projection: Projection;
  fees: Fees;
  /** The inflation rate assumed. */
  inflationRate: number;
}
