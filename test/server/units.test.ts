/** Pure pieces of the server: durations, tokens, ranges, names, paths, appearance. */
import { describe, expect, it } from 'vitest';
import { appearanceIssues, mergeAppearance, DEFAULT_APPEARANCE } from '../../contract/appearance';
import { sessionNameFrom } from '../../server/routes/chat';
import { parseRange } from '../../server/routes/files';
import { originAllowed } from '../../server/routes/origins';
import { formatDuration, parseDuration } from '../../contract/duration';
import { TokenSigner } from '../../server/auth';
import { pathMatches } from '../../server/storage/records';

describe('durations (widget-spec §3 expiresIn)', () => {
  it.each([
    ['10s', 10_000],
    ['30m', 1_800_000],
    ['2h', 7_200_000],
    ['1d', 86_400_000],
  ])('%s', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
    expect(formatDuration(ms)).toBe(text);
  });
  it.each(['', '10', '5x', '-1m', '0s', '1.5h'])('rejects %j', (text) => {
    expect(() => parseDuration(text)).toThrow(/not a duration/);
  });
  it('writes 90 s as seconds, not a fraction of minutes', () => {
    expect(formatDuration(90_000)).toBe('90s');
  });
});

describe('tokens', () => {
  const signer = new TokenSigner(Buffer.alloc(32, 7), 60_000);
  it('verify what it issued, for its site, until expiry', () => {
    const { authToken } = signer.issue('site_1', 1_000_000);
    expect(signer.verify(authToken, 1_000_001)).toMatchObject({ ok: true, claims: { site: 'site_1', exp: 1_060_000 } });
    expect(signer.verify(authToken, 1_060_000)).toEqual({ ok: false, reason: 'expired' });
  });
  it('another secret’s token is invalid', () => {
    const other = new TokenSigner(Buffer.alloc(32, 8), 60_000);
    expect(signer.verify(other.issue('site_1').authToken)).toEqual({ ok: false, reason: 'invalid' });
  });
  it('a forged payload with the old signature is invalid', () => {
    const { authToken } = signer.issue('site_1');
    const [, sig] = authToken.split('.');
    const forged = `${Buffer.from(JSON.stringify({ site: 'site_2', iat: 0, exp: 9e15 })).toString('base64url')}.${sig}`;
    expect(signer.verify(forged)).toEqual({ ok: false, reason: 'invalid' });
  });
  it('is near expiry past half its life', () => {
    const claims = { site: 's', iat: 0, exp: 100, fam: 'f', born: 0 };
    expect(signer.isNearExpiry(claims, 49)).toBe(false);
    expect(signer.isNearExpiry(claims, 51)).toBe(true);
  });
  it('renewals keep the family and end with it: never past TOKEN_MAX_LIFE from the boot (issue 14)', () => {
    const short = new TokenSigner(Buffer.alloc(32, 7), 60_000, 150_000);
    const first = short.verify(short.issue('site_1', 0).authToken, 1);
    if (!first.ok) throw new Error('not issued');
    const renewed = short.issue('site_1', 100_000, first.claims);
    const claims = short.verify(renewed.authToken, 100_001);
    // the family's end, not a full lifetime from the renewal
    expect(claims).toMatchObject({ ok: true, claims: { fam: first.claims.fam, born: 0, exp: 150_000 } });
    expect(renewed.expiresIn).toBe('50s');
    expect(short.verify(renewed.authToken, 150_000)).toEqual({ ok: false, reason: 'expired' });
    // another boot is another family
    const other = short.verify(short.issue('site_1', 0).authToken, 1);
    expect(other.ok && other.claims.fam).not.toBe(first.claims.fam);
  });
  it('refuses a short secret', () => {
    expect(() => new TokenSigner(Buffer.alloc(8), 1000)).toThrow();
  });
});

describe('byte ranges', () => {
  it.each([
    [undefined, null],
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=90-', { start: 90, end: 99 }],
    ['bytes=-5', { start: 95, end: 99 }],
    ['bytes=50-500', { start: 50, end: 99 }],
    ['bytes=100-', 'invalid'],
    ['bytes=-0', 'invalid'],
    // what RFC 9110 lets a server ignore (the whole file is sent): issue 14
    ['bytes=9-3', null],
    ['items=0-1', null],
    ['bytes=0-1,5-6', null],
    ['bytes=abc', null],
    ['BYTES=0-9', { start: 0, end: 9 }],
  ])('%s of 100 bytes', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});

describe('small rules', () => {
  it('names a session from the first question', () => {
    expect(sessionNameFrom('  How much\n do I need?  ')).toBe('How much do I need?');
    const long = sessionNameFrom('a'.repeat(80));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('…')).toBe(true);
  });
  it('matches trigger paths exactly or by prefix', () => {
    expect(pathMatches('/a', '/a')).toBe(true);
    expect(pathMatches('/a', '/a/b')).toBe(false);
    expect(pathMatches('/a/*', '/a/b')).toBe(true);
    expect(pathMatches('/a/*', '/ab')).toBe(false);
  });
  it('allows origins exactly, `self` as the server’s own, `*` as any', () => {
    expect(originAllowed({ origins: ['https://a.example'] }, 'https://a.example', 'http://x')).toBe(true);
    expect(originAllowed({ origins: ['https://a.example'] }, 'https://a.example.evil', 'http://x')).toBe(false);
    expect(originAllowed({ origins: ['self'] }, 'http://127.0.0.1:8787', 'http://127.0.0.1:8787')).toBe(true);
    expect(originAllowed({ origins: ['self'] }, 'http://127.0.0.1:9999', 'http://127.0.0.1:8787')).toBe(false);
  });
});

describe('appearance (widget-spec §3)', () => {
  it('fills every default', () => {
    expect(mergeAppearance(undefined)).toEqual(DEFAULT_APPEARANCE);
    expect(DEFAULT_APPEARANCE.agentName).toBe('AI Agent');
    expect(DEFAULT_APPEARANCE.launcher.size).toBe(60);
    expect(DEFAULT_APPEARANCE.input.promptPlaceholder).toBe('Type your message...');
  });
  it('keeps valid overrides, drops and reports the rest', () => {
    const overrides = { agentName: 'Zed', launcher: { size: 72, alignment: 'middle' }, bogus: 1, showAvatars: 'yes' };
    const a = mergeAppearance(overrides);
    const issues = appearanceIssues(overrides);
    expect(a.agentName).toBe('Zed');
    expect(a.launcher.size).toBe(72);
    expect(a.launcher.alignment).toBe('right');
    expect(a.showAvatars).toBe(true);
    expect(issues).toEqual([
      'launcher.alignment must be one of left, right',
      'bogus is not an appearance field',
      'showAvatars must be a boolean',
    ]);
    expect(appearanceIssues(5)).toEqual(['appearance must be an object']);
    expect(appearanceIssues({ launcher: 'big', agentName: 'x'.repeat(20_001), home: { titleFontSize: Infinity } })).toEqual([
      'launcher must be an object',
      'agentName is too long',
      'home.titleFontSize must be a number',
    ]);
    expect(appearanceIssues({ agentName: 'Zed' })).toEqual([]);
    expect(mergeAppearance(5)).toEqual(DEFAULT_APPEARANCE);
  });
  it('takes a colour scheme of light, dark or auto (the default); any other keeps auto and says why', () => {
    expect(DEFAULT_APPEARANCE.colorScheme).toBe('auto');
    for (const colorScheme of ['light', 'dark', 'auto'] as const) {
      expect(mergeAppearance({ colorScheme }).colorScheme).toBe(colorScheme);
      expect(appearanceIssues({ colorScheme })).toEqual([]);
    }
    expect(mergeAppearance({ colorScheme: 'dim' }).colorScheme).toBe('auto');
    expect(appearanceIssues({ colorScheme: 'dim' })).toEqual(['colorScheme must be one of light, dark, auto']);
    expect(appearanceIssues({ colorScheme: true })).toEqual(['colorScheme must be a string']);
  });
});
