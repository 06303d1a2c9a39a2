/**
 * Console passwords (OWASP ASVS v4 V2.1, V2.4): the rules a new password meets, and its hash. The hash is scrypt
 * (node:crypto) with a random salt per password; the parameters are written into the stored hash with the salt, so
 * that they can be raised later while every older hash still verifies.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import common from './common-passwords.json';

/**
 * How long a password may be, in characters (Unicode code points, after NFKC).
 * - min 12: ASVS 2.1.1 ("at least 12 characters in length"), the length at which a password that is not common
 *   resists offline guessing against a slow hash; no composition rules (ASVS 2.1.9), so a long phrase is enough.
 * - max 128: ASVS 2.1.2 (at least 64 allowed, no more than 128 needed); longer is refused rather than truncated
 *   (ASVS 2.1.3), and bounds the work a hash does.
 */
export const PASSWORD_LENGTH = { min: 12, max: 128 } as const;

/**
 * scrypt's cost: N = 2^15, r = 8, p = 3, one of the settings OWASP's Password Storage Cheat Sheet gives as equal to its
 * first choice (2^17, 8, 1) with a quarter of the memory (32 MiB a hash rather than 128), about 0.2 s on one core.
 */
export const SCRYPT_COST = { N: 2 ** 15, r: 8, p: 3 } as const;

/** scrypt's parameters. */
export type ScryptCost = { N: number; r: number; p: number };

const KEY_BYTES = 32;
const SALT_BYTES = 16;

/** The password as it is measured and hashed: NFKC, so that the same characters typed on another keyboard match. */
const normal = (password: string) => password.normalize('NFKC');

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    // maxmem: node's 32 MiB default is just short of what N·r·128 bytes needs at these settings
    scrypt(normal(password), salt, KEY_BYTES, { ...cost, maxmem: 256 * cost.N * cost.r }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** The stored form of a new password: `scrypt$N$r$p$salt$hash` (salt and hash in base64url). */
export async function hashPassword(password: string, cost: ScryptCost = SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` is the one `stored` was made from (compared in constant time); false for a stored form it cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const expected = Buffer.from(parts[5]!, 'base64url');
  const key = await derive(password, Buffer.from(parts[4]!, 'base64url'), { N, r, p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash of no one's password, made once, to verify against when a sign-in names no account: an unknown email then
 * takes as long as a wrong password (ASVS 2.2.1's "same answer" would otherwise be told apart by its timing).
 */
export function dummyHash(cost: ScryptCost = SCRYPT_COST): () => Promise<string> {
  // made now, with the parameters of new hashes: the first unknown email takes no longer than the ones after it
  const made = hashPassword(randomBytes(18).toString('base64url'), cost);
  made.catch(() => undefined);
  return () => made;
}

/** Whether `stored` was made with other parameters than `cost` (it is then hashed again at a successful sign-in, ASVS 2.4). */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const [kind, N, r, p] = stored.split('$');
  return kind !== 'scrypt' || Number(N) !== cost.N || Number(r) !== cost.r || Number(p) !== cost.p;
}

/**
 * A limit on password hashes at once: `run(work)` starts `work` when fewer than `running` are running, else waits its
 * turn among at most `waiting`; beyond those it answers null without running it.
 */
export function hashLimiter(running: number, waiting: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<{ value: T } | null> => {
    if (active >= running) {
      if (queue.length >= waiting) return null;
      await new Promise<void>((resolve) => queue.push(resolve));
    } else active++;
    try {
      return { value: await work() };
    } finally {
      // the turn passes to the next waiting one (it counts as active already), or is given back
      const next = queue.shift();
      if (next) next();
      else active--;
    }
  };
}

/** The common passwords, lower case (common-passwords.json). */
const COMMON = new Set(common.passwords.map((p) => p.toLowerCase()));

/**
 * Whether the password is, or is only, a common one: in the list itself, or a word of the list with nothing around
 * it but digits and punctuation (`password1234`, `!!iloveyou2024`), or nothing but digits and punctuation, or one
 * character repeated. ASVS 2.1.7 asks for a check against breached passwords; a short list does this for the ones
 * that are tried first.
 */
export function isCommonPassword(password: string, email = ''): boolean {
  const p = normal(password).toLowerCase();
  if (COMMON.has(p) || new Set(p).size <= 2) return true;
  // digits, punctuation, symbols and spaces of any script (not letters: a password in Cyrillic or Chinese is all letters)
  const core = p.replace(/^[\p{N}\p{P}\p{S}\p{Z}]+|[\p{N}\p{P}\p{S}\p{Z}]+$/gu, '');
  if (core === '' || COMMON.has(core)) return true;
  // the account's own email, or its name part, is the first guess of someone who knows it
  const [local] = email.toLowerCase().split('@');
  return email !== '' && (p === email.toLowerCase() || core === local);
}

/** Why a new password is refused (its length or a common one), or null. */
export function passwordIssue(password: string, email?: string): 'TOO_SHORT' | 'TOO_LONG' | 'COMMON' | null {
  const length = [...normal(password)].length;
  if (length < PASSWORD_LENGTH.min) return 'TOO_SHORT';
  if (length > PASSWORD_LENGTH.max) return 'TOO_LONG';
  return isCommonPassword(password, email) ? 'COMMON' : null;
}
