import { describe, expect, it } from 'vitest';
import { parseDateOfBirth } from '../../journey/engine';
import { ageOn } from '../../journey/engine/dates';
import { sayDateOfBirthProblem } from '../../journey/messages';

const today = new Date(2026, 10, 21);
const parse = (s: string) => parseDateOfBirth(s, today);

describe('parseDateOfBirth', () => {
  it.each([
    ['15/06/1990', 1990, 5, 15],
    ['5/6/1990', 1990, 5, 5],
    [' 01/01/2000 ', 2000, 0, 1],
    ['29/02/2000', 2000, 1, 29],
    ['21/11/2026', 2026, 10, 21],
  ])('accepts %s', (text, y, m, d) => {
    const r = parse(text);
    expect(r.ok && [r.date.getFullYear(), r.date.getMonth(), r.date.getDate()]).toEqual([y, m, d]);
  });

  it.each([
    ['', 'Enter your date of birth, for example 15/06/1990.'],
    ['   ', 'Enter your date of birth, for example 15/06/1990.'],
    ['1990-06-15', 'Enter your date of birth as DD/MM/YYYY, for example 15/06/1990.'],
    ['15/06/90', 'Enter your date of birth as DD/MM/YYYY, for example 15/06/1990.'],
    ['15.06.1990', 'Enter your date of birth as DD/MM/YYYY, for example 15/06/1990.'],
    ['not a date', 'Enter your date of birth as DD/MM/YYYY, for example 15/06/1990.'],
    ['31/02/2000', '31/02/2000 is not a real date: February 2000 has 29 days.'],
    ['29/02/2001', '29/02/2001 is not a real date: February 2001 has 28 days.'],
    ['31/04/1990', '31/04/1990 is not a real date: April 1990 has 30 days.'],
    ['00/01/1990', '00/01/1990 is not a real date: January 1990 has 31 days.'],
    ['15/13/1990', 'The month must be a number from 1 to 12.'],
    ['15/00/1990', 'The month must be a number from 1 to 12.'],
    ['22/11/2026', 'Your date of birth must be today or in the past.'],
    ['01/01/2100', 'Your date of birth must be today or in the past.'],
    ['01/01/1900', 'Check the year: 1900 would make you over 120.'],
    ['01/01/0099', 'Check the year: 99 would make you over 120.'],
  ])('rejects "%s"', (text, error) => {
    const r = parse(text);
    expect(!r.ok && { ok: r.ok, error: sayDateOfBirthProblem(r.problem) }).toEqual({ ok: false, error });
  });

  it('hands over a code with its figures, not words', () => {
    expect(parse('31/02/2000')).toEqual({ ok: false, problem: { code: 'not-real', text: '31/02/2000', month: 2, year: 2000, days: 29 } });
    expect(parse('01/01/1900')).toEqual({ ok: false, problem: { code: 'too-old', year: 1900, maxAge: 120 } });
    expect(parse('')).toEqual({ ok: false, problem: { code: 'blank' } });
  });

  it('defaults to checking against the current date', () => {
    expect(parseDateOfBirth('01/01/3000').ok).toBe(false);
    expect(parseDateOfBirth('01/01/1990').ok).toBe(true);
  });
});

describe('ageOn', () => {
  it('counts a birthday from its day, and 29 February from 1 March in common years', () => {
    expect(ageOn(new Date(2008, 2, 2), new Date(2026, 2, 1))).toBe(17);
    expect(ageOn(new Date(2008, 2, 1), new Date(2026, 2, 1))).toBe(18);
    expect(ageOn(new Date(2008, 1, 29), new Date(2026, 1, 28))).toBe(17);
    expect(ageOn(new Date(2008, 1, 29), new Date(2026, 2, 1))).toBe(18);
  });
});
