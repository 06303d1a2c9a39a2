/** journey-spec §9: business constants (the sample figures are in sample.ts, loaded with the pages that show them). */

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
