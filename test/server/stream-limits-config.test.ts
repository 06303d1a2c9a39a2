/** The back-pressure settings (docs/server.md "Back-pressure"): MAX_STREAMS, LLM_TIMEOUT and LLM_ANSWER_LIMIT, their defaults and their checks. */
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';

const config = (env: NodeJS.ProcessEnv) => configFromEnv(env, '/public');

describe('the back-pressure settings', () => {
  it('default to 3,000 answers at once (above the 2,000 of the scale goal), 30 s a piece and 3 min a whole answer', () => {
    const c = config({});
    expect(c.maxStreams).toBe(3000);
    expect(c.maxStreams).toBeGreaterThan(2000);
    expect([c.llmTimeoutMs, c.llmAnswerLimitMs]).toEqual([30_000, 180_000]);
  });

  it('are read from the environment, and refused when they are not a count or a duration', () => {
    const c = config({ MAX_STREAMS: '500', LLM_TIMEOUT: '10s', LLM_ANSWER_LIMIT: '90s' });
    expect([c.maxStreams, c.llmTimeoutMs, c.llmAnswerLimitMs]).toEqual([500, 10_000, 90_000]);
    expect(() => config({ MAX_STREAMS: '0' })).toThrow(/MAX_STREAMS must be a whole number above 0/);
    expect(() => config({ MAX_STREAMS: 'many' })).toThrow(/MAX_STREAMS/);
    expect(() => config({ LLM_TIMEOUT: 'soon' })).toThrow(/LLM_TIMEOUT/);
    expect(() => config({ LLM_ANSWER_LIMIT: '5' })).toThrow(/LLM_ANSWER_LIMIT/);
  });
});
