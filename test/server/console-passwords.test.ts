/** Console passwords (server/console/passwords.ts): the rules a new one meets, and its scrypt hash. */
import { describe, expect, it } from 'vitest';
import {
  dummyHash,
  hashLimiter,
  hashPassword,
  isCommonPassword,
  needsRehash,
  passwordIssue,
  SCRYPT_COST,
  verifyPassword,
} from '../../server/console/passwords';

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

describe('hashing within limits', () => {
  it('runs at most `running` hashes at once, queues `waiting` more, and refuses the rest without running them', async () => {
    const limit = hashLimiter(2, 3);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const work = () =>
      new Promise<string>((resolve) => {
        running++;
        most = Math.max(most, running);
        releases.push(() => {
          running--;
          resolve('done');
        });
      });
    const asked = Array.from({ length: 8 }, () => limit(work));
    // the three beyond running and waiting are refused at once
    expect(await Promise.all(asked.slice(5))).toEqual([null, null, null]);
    expect(running).toBe(2);
    // each end lets one waiting in, never more than two at once
    for (let done = 0; done < 5; done++) {
      await Promise.resolve();
      releases.shift()!();
      await asked[done];
    }
    expect(await Promise.all(asked.slice(0, 5))).toEqual(Array(5).fill({ value: 'done' }));
    expect(most).toBe(2);
    // and the limit is free again
    expect(await limit(async () => 'again')).toEqual({ value: 'again' });
  });

  it('tells a hash made with other parameters than the current ones, and makes the dummy hash with the current ones', async () => {
    const stored = await hashPassword('a long enough phrase', CHEAP);
    expect(needsRehash(stored, CHEAP)).toBe(false);
    expect(needsRehash(stored, { ...CHEAP, N: 2048 })).toBe(true);
    expect(needsRehash('bcrypt$x', CHEAP)).toBe(true);
    expect((await dummyHash(CHEAP)()).startsWith('scrypt$1024$8$1$')).toBe(true);
  });
});
