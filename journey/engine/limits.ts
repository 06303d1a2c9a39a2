/**
 * The engine's limits that the screens check as answers are typed (journey/rules.ts), in a module of
 * their own so that the first page does not load the engine's assumptions to know them (issue 15).
 */

/** The longest goal the engine plans for, and the furthest the "longer time" lever looks (this engine's method). */
export const MAX_GOAL_YEARS = 50;
