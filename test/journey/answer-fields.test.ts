/** The one field parser the screens' rules and the engine share: one set of problem codes. */
import { describe, expect, it } from 'vitest';
import { readAmount, readGoalAmount, readGoalYears, readInterestRate, readYears } from '../../journey/answer-fields';
import { amountProblem } from '../../journey/rules';

describe('answer fields', () => {
  it('reads amounts to cents, with a code for each problem', () => {
    expect(readAmount('$1,250.50')).toEqual({ ok: true, value: 125_050 });
    expect(readAmount('  ')).toEqual({ ok: false, problem: 'blank' });
    expect(readAmount('85k')).toEqual({ ok: false, problem: 'not-money' });
    expect(readAmount('1000000001')).toEqual({ ok: false, problem: 'over-max' });
    // too long to be finite is over the limit too, for the screens as for the engine
    expect(readAmount('9'.repeat(400))).toEqual({ ok: false, problem: 'over-max' });
    expect(amountProblem('9'.repeat(400))).toBe('Enter an amount of $1,000,000,000 or less.');
    expect(readGoalAmount('0.99')).toEqual({ ok: false, problem: 'under-min' });
  });

  it('reads years: the engine any up to its maximum, the goal screen only from 2 (issue 15)', () => {
    expect(readYears('0', 50)).toEqual({ ok: true, value: 0 });
    expect(readYears('eight', 50)).toEqual({ ok: false, problem: 'not-number' });
    expect(readYears('51', 50)).toEqual({ ok: false, problem: 'over-max' });
    expect(readGoalYears('0', 50)).toEqual({ ok: false, problem: 'not-positive' });
    expect(readGoalYears('1.5', 50)).toEqual({ ok: false, problem: 'under-min' });
    expect(readGoalYears('2.5', 50)).toEqual({ ok: true, value: 2.5 });
  });

  it('reads an interest rate, empty being no rate', () => {
    expect(readInterestRate('')).toEqual({ ok: true, value: null });
    expect(readInterestRate('19.99 %')).toEqual({ ok: true, value: 0.1999 });
    expect(readInterestRate('high')).toEqual({ ok: false, problem: 'not-rate' });
  });
});
