/** journey-spec §9: business constants (the sample figures are in sample.ts, loaded with the pages that show them). */

/** journey-spec §9: the journey takes about 15 minutes. */
export const JOURNEY_MINUTES = 15;
/** journey-spec §9: eligibility: age at least 18. */
export const MIN_AGE = 18;
/** journey-spec §9: eligibility: a goal a year or more away. */
export const MIN_GOAL_YEARS = 1;
/** journey-spec §9: the big-spends window is 5 years. */
export const BIG_SPENDS_YEARS = 5;
