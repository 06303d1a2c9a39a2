/**
 * Short-lived bearer tokens (widget-spec §4 "Auth token", §7 session/boot): signed
 * with HMAC-SHA256 under a secret made on first start and kept in the storage (every instance shares it).
 * A token names its site and its expiry; nothing else is needed to check it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import { formatDuration } from '../contract/duration';
import type { SharedState } from './storage/types';

export interface TokenClaims {
  /** The site the token was issued for. */
  site: string;
  /** Issued at, ms since the epoch. */
  iat: number;
  /** Expires at, ms since the epoch. */
  exp: number;
  /**
   * The token's family: a random id given at the session boot and kept by every renewal, so that the
   * server can count a visitor's messages whatever ids the client sends (issue 14).
   */
  fam: string;
  /** When the family was booted, ms since the epoch: renewals stop {@link TokenSigner.familyLifeMs} after it. */
  born: number;
  /**
   * Set on a session booted with a preview key (the console's appearance preview): it works only from the server's
   * own origin, whatever the site's origins say, and is not renewed (the preview boots again with its key).
   */
  pv?: 1;
}

/** A token family's longest life, renewals included (TOKEN_MAX_LIFE). */
export const DEFAULT_FAMILY_LIFE_MS = 24 * 60 * 60_000;

export type Verified = { ok: true; claims: TokenClaims } | { ok: false; reason: 'invalid' | 'expired' };

export class TokenSigner {
  constructor(
    private readonly secret: Buffer,
    /** How long a token lives, in ms. */
    readonly lifetimeMs: number,
    /** How long a family of renewed tokens lives from its boot, in ms (issue 14: tokens no longer renew forever). */
    readonly familyLifeMs: number = DEFAULT_FAMILY_LIFE_MS,
  ) {
    if (secret.length < 32) throw new Error('the token secret must be at least 32 bytes');
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  /**
   * A new token for `site`, and its lifetime as widget-spec §3 writes it: of a new family, or a renewal in
   * `family` (its expiry never past the family's end).
   */
  issue(
    site: string,
    now = Date.now(),
    family?: Pick<TokenClaims, 'fam' | 'born'> | { preview: true },
  ): { authToken: string; expiresIn: string } {
    const kept = family && 'fam' in family ? family : undefined;
    const fam = kept?.fam ?? randomBytes(12).toString('base64url');
    const born = kept?.born ?? now;
    const exp = Math.min(now + this.lifetimeMs, born + this.familyLifeMs);
    const claims: TokenClaims = { site, iat: now, exp, fam, born, ...(family && 'preview' in family ? { pv: 1 as const } : {}) };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return { authToken: `${payload}.${this.sign(payload)}`, expiresIn: formatDuration(exp - now) };
  }

  verify(token: string, now = Date.now()): Verified {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
    let claims: TokenClaims | null;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims | null;
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    // a validly signed payload can still be any JSON (null, a number): only an object of the right shape is a token
    if (
      !claims ||
      typeof claims !== 'object' ||
      typeof claims.site !== 'string' ||
      typeof claims.exp !== 'number' ||
      typeof claims.iat !== 'number' ||
      typeof claims.fam !== 'string' ||
      typeof claims.born !== 'number'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    if (claims.exp <= now || now - claims.born >= this.familyLifeMs) return { ok: false, reason: 'expired' };
    return { ok: true, claims };
  }

  /** True when a token has used more than half its life: responses then carry a fresh one (X-Auth-Token). */
  isNearExpiry(claims: TokenClaims, now = Date.now()): boolean {
    return claims.exp - now < (claims.exp - claims.iat) / 2;
  }
}

/**
 * The signing secret (`token-secret` in the storage's shared state: a file in the data folder on SQLite, a row on
 * PostgreSQL, so that every instance checks every token): 32 random bytes, made on first start.
 */
export async function loadTokenSecret(storage: Pick<SharedState, 'secret'>): Promise<Buffer> {
  const secret = Buffer.from(await storage.secret('token-secret', () => randomBytes(32).toString('hex')), 'hex');
  if (secret.length >= 32) return secret;
  throw new Error('the stored token-secret is not a valid secret; delete it to make a new one (every issued token then stops working)');
}
