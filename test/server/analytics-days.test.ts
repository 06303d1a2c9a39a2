/**
 * Local days as UTC instants (server/operations/local-days.ts): where a day starts in a zone, and a range cut where the
 * zone's offset changes, so that both databases put a row in the same local day. The question's normalisation too.
 */
import { describe, expect, it } from 'vitest';
import { normaliseQuestion } from '../../server/operations/analytics';
import { dayStart, offsetSpans, zoneClock } from '../../server/operations/local-days';

const at = (iso: string) => Date.parse(iso);
const clock = (tz: string) => zoneClock(tz)!;

describe('local days', () => {
  it('knows IANA zones and UTC, and no other name', () => {
    expect(zoneClock('Europe/Paris')).not.toBeNull();
    expect(zoneClock('UTC')).not.toBeNull();
    expect(zoneClock('Mars/Olympus')).toBeNull();
    expect(zoneClock('')).toBeNull();
  });

  it('starts a day at its local midnight, on either side of a change of offset', () => {
    const paris = clock('Europe/Paris');
    expect(new Date(dayStart(paris, '2026-03-29')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(dayStart(paris, '2026-03-30')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(new Date(dayStart(clock('UTC'), '2026-03-30')).toISOString()).toBe('2026-03-30T00:00:00.000Z');
    expect(new Date(dayStart(clock('Asia/Kathmandu'), '2026-03-30')).toISOString()).toBe('2026-03-29T18:15:00.000Z');
  });

  it('starts a day whose midnight is skipped (Santiago moves from 00:00 to 01:00) when it begins', () => {
    expect(new Date(dayStart(clock('America/Santiago'), '2026-09-06')).toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('cuts a range where the offset changes: spring forward, fall back, half an hour', () => {
    const paris = clock('Europe/Paris');
    expect(offsetSpans(paris, at('2026-03-26T23:00:00Z'), at('2026-03-31T22:00:00Z'))).toEqual([
      { start: '2026-03-26T23:00:00.000Z', end: '2026-03-29T01:00:00.000Z', offsetMinutes: 60 },
      { start: '2026-03-29T01:00:00.000Z', end: '2026-03-31T22:00:00.000Z', offsetMinutes: 120 },
    ]);
    expect(offsetSpans(clock('America/New_York'), at('2026-10-31T04:00:00Z'), at('2026-11-02T05:00:00Z'))).toEqual([
      { start: '2026-10-31T04:00:00.000Z', end: '2026-11-01T06:00:00.000Z', offsetMinutes: -240 },
      { start: '2026-11-01T06:00:00.000Z', end: '2026-11-02T05:00:00.000Z', offsetMinutes: -300 },
    ]);
    // Lord Howe Island's summer time is half an hour: +11:00 to +10:30 on 2026-04-05 at 02:00 local
    expect(offsetSpans(clock('Australia/Lord_Howe'), at('2026-04-03T13:00:00Z'), at('2026-04-06T13:30:00Z'))).toEqual([
      { start: '2026-04-03T13:00:00.000Z', end: '2026-04-04T15:00:00.000Z', offsetMinutes: 660 },
      { start: '2026-04-04T15:00:00.000Z', end: '2026-04-06T13:30:00.000Z', offsetMinutes: 630 },
    ]);
    // a year in UTC is one span
    expect(offsetSpans(clock('UTC'), at('2025-01-01T00:00:00Z'), at('2026-01-02T00:00:00Z'))).toHaveLength(1);
  });
});

describe('a question, normalised for the top questions', () => {
  it('drops case, punctuation, symbols and extra white space, and keeps words apart', () => {
    expect(normaliseQuestion('  What are your FEES?!  ')).toBe('what are your fees');
    expect(normaliseQuestion('What’s the fee/charge\tfor  ETFs…')).toBe('whats the fee charge for etfs');
    expect(normaliseQuestion('Ｗhat is ÉLAN')).toBe('what is élan');
    expect(normaliseQuestion('???')).toBe('');
    expect(Array.from(normaliseQuestion(`${'😀 a '.repeat(100)}`)).length).toBeLessThanOrEqual(200);
  });
});
