/** The answers' evaluation judge (test/eval/judge.ts): a figure counts only as the answer's headline. */
import { describe, expect, it } from 'vitest';
import { headlineCents, judge } from '../eval/judge';
import type { EvalQuestion } from '../eval/questions';

const sum: EvalQuestion = { kind: 'arithmetic', page: '/', question: 'What fees will I pay on $20,000?', expect: { cents: 140_00 } };
const answer = (content: string) => ({ content, sources: [], followUps: [] });

describe('the judge of an arithmetic answer', () => {
  it('reads the headline: the first bold figure, else the first sentence', () => {
    expect(headlineCents('On a balance of $20,000, the fees come to **$140.00 a year**.\n\n1. $20,000 × 0.7% = $140.00')).toEqual([140_00]);
    expect(headlineCents('According to **the page**: the fee is $140.00 a year. On $10,000 it is $70.')).toEqual([140_00]);
    expect(headlineCents('> The fee on $10,000 is $70.00 a year. On $20,000 it is $140.00.')).toEqual([10_000_00, 70_00]);
    expect(headlineCents('Take-home pay is $5,867.67 a month. Before tax that is $7,500.')).toEqual([5_867_67]);
  });

  it('counts a figure as right only as the headline', () => {
    expect(judge(sum, answer('On a balance of $20,000, the fees come to **$140.00 a year**.')).verdict).toBe('right');
    const buried = judge(sum, answer('On $10,000 the fee is **$70.00 a year**. A worked example: on $20,000 it is $140.00.'));
    expect(buried.verdict).toBe('wrong');
    expect(buried.reasons).toEqual(['states $140.00 but not as its headline']);
    expect(judge(sum, answer('The fee is **$70.00**.')).reasons).toEqual(['does not state $140.00']);
  });
});
