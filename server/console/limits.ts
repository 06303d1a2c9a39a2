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

/**
 * How long after sign-in or re-authentication a session may make a sensitive change (rotating a key, a member's
 * change, allowed origins) without giving its password again (ASVS 3.7.1): 10 minutes.
 */
export const REAUTH_AFTER_MS = 10 * 60_000;

/** The longest REAUTH_AFTER the server starts with: 30 minutes (ASVS L2 asks for a recent password before sensitive changes). */
export const REAUTH_AFTER_MAX_MS = 30 * 60_000;

/** How long an invitation link works: 24 hours, once (issue 32; ASVS 2.3.1's time-limited initial secret). */
export const INVITE_TTL_MS = 24 * 3600_000;

/**
 * Sign-in throttling (ASVS 2.2.1): attempts are counted per pair of account (by the email typed, whether or not it
 * has an account, so that the answer tells nothing) and client address, per account from every address, and per
 * address, in a window that starts at the first and ends an hour later, when all of them are forgotten. An attempt is
 * counted before its password is checked (so attempts made at once each see those before them), and taken back when
 * it is throttled or succeeds. The first `free` failures of a key cost nothing; then each one makes the next attempt
 * wait, 30 s doubling each time up to 15 minutes. So a pair gets at most about 13 guesses an hour and an account
 * about 58 from all addresses together (ASVS: fewer than 100); an attacker's failures from elsewhere hold its real
 * owner off only past the account's looser cap, and never more than 15 minutes after the last failure, nor past the
 * window's end: no lockout lasts.
 */
export const THROTTLE = {
  windowMs: 3600_000,
  /** Failures of one account from one address before the first wait: the steep limit. */
  pairFree: 5,
  /** Failures of one account from all addresses before the first wait: the looser cap, so others' failures do not hold its owner off. */
  accountFree: 50,
  /** Failures from one address before the first wait: an office behind one address holds many people. */
  addressFree: 20,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
} as const;

/**
 * Password hashes (scrypt, about 0.2 s and 32 MiB each) run at once at most `running`, on libuv's pool of 4 threads,
 * so that a burst of sign-ins leaves threads to the widget's API (files, DNS, compression); `waiting` more wait their
 * turn, and beyond those a sign-in is answered 503 `BUSY` with `Retry-After: 1`. Per process.
 */
export const HASHING = { running: 2, waiting: 8 } as const;

/** How long after the last of `failures` the next attempt must wait, for a key with `free` free failures. */
export const throttleDelayMs = (failures: number, free: number) =>
  failures < free ? 0 : Math.min(THROTTLE.firstDelayMs * 2 ** (failures - free), THROTTLE.maxDelayMs);

/** The largest console request body on the sign-in and invitation routes (a password is at most 128 characters). */
export const AUTH_BODY_LIMIT = 16 * 1024;
