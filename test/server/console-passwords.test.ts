/** Console passwords (server/console/passwords.ts): the rules a new one meets, and its scrypt hash. */
import { describe, expect, it } from 'vitest';
import { hashPassword, isCommonPassword, passwordIssue, SCRYPT_COST, verifyPassword } from '../../server/console/passwords';

const CHEAP = { N: 1024, r: 8, p: 1 };

describe('password rules', () => {
  it('12 to 128 characters, counted as characters (not bytes), no composition rules', () => {
    expect(passwordIssue('eleven chrs')).toBe('TOO_SHORT');
    expect(passwordIssue('twelve chars')).toBeNull();
    expect(passwordIssue('ÅÅÅ lång fras')).toBeNull();
    expect(passwordIssue('🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊')).toBe('TOO_SHORT');
    const long = 'the quick brown fox jumps over the lazy dog '.repeat(3).slice(0, 128);
    expect(passwordIssue(long)).toBeNull();
    expect(passwordIssue(`${long}!`)).toBe('TOO_LONG');
    expect(passwordIssue('all lower case words')).toBeNull();
    // letters of any script are letters, not punctuation
    expect(passwordIssue('пароль от консоли')).toBeNull();
    expect(passwordIssue('我的控制台密码很长很长很长')).toBeNull();
    expect(passwordIssue('١٢٣٤٥٦٧٨٩٠١٢')).toBe('COMMON');
  });

  it('refuses common passwords, also dressed up with digits and punctuation, and the account’s own email', () => {
    for (const p of [
      'qwertyuiop123',
      'Password1234',
      '!!iloveyou2024!!',
      'starwars2023!',
      '1234567890123',
      '............',
      'abababababab',
    ]) {
      expect(passwordIssue(p), p).toBe('COMMON');
    }
    expect(isCommonPassword('jane.doe.1234', 'Jane.Doe@shop.example')).toBe(true);
    expect(isCommonPassword('jane.doe@shop.example', 'Jane.Doe@shop.example')).toBe(true);
    expect(isCommonPassword('password manager of mine')).toBe(false);
    expect(isCommonPassword('dragon fruit salad')).toBe(false);
  });
});

describe('password hashes', () => {
  it('carry scrypt’s parameters and a salt of their own, and verify only their password', async () => {
    const a = await hashPassword('correct horse battery staple', CHEAP);
    const b = await hashPassword('correct horse battery staple', CHEAP);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery staple', a)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', a)).toBe(false);
    // the same characters in another Unicode form are the same password
    expect(await verifyPassword('cafe\u0301 au lait!', await hashPassword('caf\u00e9 au lait!', CHEAP))).toBe(true);
    for (const broken of ['', 'bcrypt$x', 'scrypt$0$8$1$aa$bb', 'scrypt$a$b$c$d$e']) expect(await verifyPassword('x', broken)).toBe(false);
  });

  it('default to OWASP’s scrypt setting (2^15, 8, 3)', async () => {
    expect(SCRYPT_COST).toEqual({ N: 2 ** 15, r: 8, p: 3 });
    const stored = await hashPassword('a long enough phrase');
    expect(stored.startsWith('scrypt$32768$8$3$')).toBe(true);
    expect(await verifyPassword('a long enough phrase', stored)).toBe(true);
  });
});
