import { describe, expect, it } from 'vitest';
import { formatIsoDate, formatMonthYear } from '../../journey/format';

describe('dates for people', () => {
  it('writes an ISO date as DD/MM/YYYY', () => {
    expect(formatIsoDate('2026-03-02')).toBe('02/03/2026');
  });

  it('names the month a number of months after a date, across year ends', () => {
    expect(formatMonthYear('2026-11-21', 0)).toBe('Nov 2026');
    expect(formatMonthYear('2026-11-21', 2)).toBe('Jan 2027');
    expect(formatMonthYear('2026-11-21', 30)).toBe('May 2029');
  });
});
