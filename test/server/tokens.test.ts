/** The server's random tokens (embed tokens, file ids): unguessable, URL-safe, and never read as a command-line option. */
import { describe, expect, it } from 'vitest';
import { newToken } from '../../server/storage/records';

describe('newToken', () => {
  it('gives URL-safe tokens of the asked size that start with a letter or digit', () => {
    // 1 in 32 base64url tokens would start with '-' or '_': 2,000 of them show a regression
    const tokens = Array.from({ length: 2000 }, () => newToken());
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9][\w-]{23}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(newToken(9)).toHaveLength(12);
  });
});
