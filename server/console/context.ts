/** What the console API's routes share: the storage, the clock, the password hashing cost, the audit log. */
import type { FastifyRequest } from 'fastify';
import { ownOrigin } from '../routes/origins';
import type { NewAuditEntry, Storage } from '../storage/types';
import { HASHING } from './limits';
import { dummyHash, hashLimiter, SCRYPT_COST, type ScryptCost } from './passwords';

/** What the console API needs, given by main.ts or the tests. */
export interface ConsoleServices {
  storage: Storage;
  /** PUBLIC_URL: the cookie is `Secure` when it is https. */
  publicUrl?: string;
  /** The clock of the sign-in throttle (the storage's own clock times sessions and invitations). @default Date.now */
  now?: () => number;
  /** How long a rotated-out API key keeps working (KEY_GRACE). @default 24 h */
  keyGraceMs?: number;
  /** How long after its password was given a session may make a sensitive change (REAUTH_AFTER). @default REAUTH_AFTER_MS (10 min) */
  reauthAfterMs?: number;
  /** scrypt's cost for new password hashes (tests lower it). @default SCRYPT_COST */
  scryptCost?: ScryptCost;
  /** How many password hashes run at once and wait their turn (limits.ts HASHING; tests lower it). @default HASHING */
  hashing?: { running: number; waiting: number };
}

/** The routes' shared state. */
export interface ConsoleContext {
  storage: Storage;
  secureCookie: boolean;
  now: () => number;
  scryptCost: ScryptCost;
  /** A hash of no one's password, to verify against for an unknown email (passwords.ts dummyHash). */
  dummyHash: () => Promise<string>;
  /** Runs a password hash within the process's limit (limits.ts HASHING), or answers null when too many are asked at once. */
  hashing: <T>(work: () => Promise<T>) => Promise<{ value: T } | null>;
  /** Records an entry in the audit log (never a password, a hash or a token). */
  audit: (entry: NewAuditEntry) => Promise<void>;
}

export function consoleContext(services: ConsoleServices): ConsoleContext {
  const scryptCost = services.scryptCost ?? SCRYPT_COST;
  return {
    storage: services.storage,
    secureCookie: services.publicUrl?.startsWith('https:') ?? false,
    now: services.now ?? Date.now,
    scryptCost,
    dummyHash: dummyHash(scryptCost),
    hashing: hashLimiter(services.hashing?.running ?? HASHING.running, services.hashing?.waiting ?? HASHING.waiting),
    audit: async (entry) => void (await services.storage.appendAudit(entry)),
  };
}

/** The link an invitation is used at: `/console/invite/<token>` on the server's own origin. */
export const inviteLink = (origin: string, token: string) => `${origin}/console/invite/${token}`;

/** The invitation link for a request (its server's own origin: PUBLIC_URL's when set). */
export const inviteLinkFor = (req: FastifyRequest, token: string) => inviteLink(ownOrigin(req), token);
