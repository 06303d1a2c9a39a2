/**
 * The console's constants (docs/console.md), each with where it comes from. Its machines and views import them from
 * here; the server keeps its own rules and is the judge of each.
 */

/** Issue 32 §2 "Passwords": the minimum length, checked in the browser before the server's own check. */
export const MIN_PASSWORD_LENGTH = 12;
/** A 429 without a Retry-After holds the sign-in form this long (seconds). */
export const DEFAULT_SIGN_IN_WAIT_S = 30;
/** Entries per page of the audit log (the server's own page, docs/console.md). */
export const AUDIT_PAGE_SIZE = 50;
/** How long "Copied" stays beside a Copy button (ms). */
export const COPIED_STATUS_MS = 4_000;
/** Issue 33 §3: the analytics screen's preset ranges, in days ending today. */
export const ANALYTICS_PRESETS = [7, 30, 90] as const;
/** The range the analytics screen shows when the address names none (days). */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** The longest range the analytics screen asks for (days; the server's own bound, docs/console.md "Analytics"). */
export const ANALYTICS_MAX_DAYS = 366;
