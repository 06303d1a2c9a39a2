import { afterEach, describe, expect, it } from 'vitest';
import { formatCents, formatDollars, formatNumber, formatPercent, formatRate, setFormatLocale } from '../../journey/format';
import { formatIsoDate, formatMonthYear } from '../../journey/format-dates';

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

describe('figures for the active locale (Intl)', () => {
  afterEach(() => setFormatLocale('en-AU'));
  const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/;

  it('English: the forms the pages have always shown', () => {
    expect(formatDollars(12345.4)).toBe('$12,345');
    expect(formatCents(89185)).toBe('$892');
    expect(formatNumber(2000)).toBe('2,000');
    expect(formatNumber(2.54, 1)).toBe('2.5');
    expect(formatPercent(4.67)).toBe('4.67%');
    expect(formatRate(0.0467)).toBe('4.7%');
    expect(formatRate(0.1999, 2)).toBe('19.99%');
    expect(formatIsoDate('2026-03-02')).toBe('02/03/2026');
    expect(formatMonthYear('2026-09-01', 0)).toBe('Sep 2026');
  });

  it('Arabic: Latin digits everywhere, in Arabic forms, amounts and percentages kept left to right in right-to-left text', () => {
    setFormatLocale('ar-u-nu-latn', true);
    for (const shown of [
      formatDollars(12345),
      formatCents(89185),
      formatNumber(2000),
      formatPercent(4.67),
      formatRate(0.0467),
      formatIsoDate('2026-03-02'),
      formatMonthYear('2026-11-21', 30),
    ])
      expect(shown).not.toMatch(ARABIC_INDIC);
    expect(formatDollars(12345)).toContain('12,345');
    expect(formatDollars(12345)).toContain('AU$');
    expect(formatDollars(12345)).toMatch(/^\u2066[^\u200e\u200f]+\u2069$/);
    expect(formatRate(0.0467)).toMatch(/^\u2066.*4\.7.*\u2069$/);
    expect(formatPercent(4.67)).toContain('4.67');
    expect(formatIsoDate('2026-03-02').replace(/\u200f/g, '')).toBe('02/03/2026');
    expect(formatMonthYear('2026-11-21', 30)).toMatch(/^\S+ 2029$/);
    expect(formatMonthYear('2026-11-21', 30)).not.toContain('May');
  });

  it('Simplified Chinese', () => {
    setFormatLocale('zh-Hans');
    expect(formatDollars(12345)).toBe('AU$12,345');
    expect(formatRate(0.0467)).toBe('4.7%');
    expect(formatIsoDate('2026-03-02')).toBe('2026/03/02');
    expect(formatMonthYear('2026-11-21', 30)).toBe('2029年5月');
  });
});
