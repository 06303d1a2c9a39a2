/**
 * The console's security numbers, each with the requirement it answers (OWASP ASVS v4.0.3; docs/console.md
 * "Security choices").
 */
import type { ConsoleSessionLimits } from '../storage/types';

/** The session cookie's name (docs/console.md "HTTP API"). */
export const SESSION_COOKIE = 'console_session';

/**
 * Console sessions: ended after 12 hours without a request and 7 days after sign-in whatever happens (issue 32's
 * numbers; ASVS 3.3.2 asks for re-authentication periodically, 12 h or 30 min idle at level 2: see docs/console.md
 * "Security choices"). `last_seen_at` is written at most once a minute, so the idle end is exact to a minute.
 */
export const SESSION_LIMITS: ConsoleSessionLimits = { idleMs: 12 * 3600_000, absoluteMs: 7 * 24 * 3600_000, touchAfterMs: 60_000 };

/** How long an invitation link works: 24 hours, once (issue 32; ASVS 2.3.1's time-limited initial secret). */
export const INVITE_TTL_MS = 24 * 3600_000;

/**
 * Sign-in throttling (ASVS 2.2.1): failures are counted per account (by the email typed, whether or not it has an
 * account, so that the answer tells nothing) and per client address, in a window that starts at the first failure
 * and ends an hour later, when all of them are forgotten. The first `free` failures cost nothing; then each one makes
 * the next attempt wait, 30 s doubling each time up to 15 minutes. So an account gets at most about 13 guesses an
 * hour (ASVS: fewer than 100), and its real owner is never held off more than 15 minutes after the last failure, nor
 * past the window's end: no lockout lasts.
 */
export const THROTTLE = {
  windowMs: 3600_000,
  /** Failures of one account (its email) before the first wait. */
  accountFree: 5,
  /** Failures from one address before the first wait: an office behind one address holds many people. */
  addressFree: 20,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
} as const;

/** How long after the last of `failures` the next attempt must wait, for a key with `free` free failures. */
export const throttleDelayMs = (failures: number, free: number) =>
  failures < free ? 0 : Math.min(THROTTLE.firstDelayMs * 2 ** (failures - free), THROTTLE.maxDelayMs);

/** The largest console request body on the sign-in and invitation routes (a password is at most 128 characters). */
export const AUTH_BODY_LIMIT = 16 * 1024;
