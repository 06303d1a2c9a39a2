import { describe, expect, it } from 'vitest';
import {
  ASSUMPTIONS_VERSION,
  RISK_PROFILES,
  TAX_TABLES,
  assumptionsFor,
  financialYearOf,
  lognormalMedian,
} from '../../journey/engine/assumptions';
import { computeAdvice } from '../../journey/engine';
import { bracketTax } from '../../journey/engine/tax';
import { household } from './engine-fixtures';

describe('assumptions', () => {
  it('are versioned, and every result carries the version', () => {
    expect(ASSUMPTIONS_VERSION).toBe('2026.1');
    expect(assumptionsFor(new Date(2026, 0, 1)).version).toBe(ASSUMPTIONS_VERSION);
    expect(computeAdvice(household(), { asOf: new Date(2026, 0, 1), paths: 10 }).assumptionsVersion).toBe(ASSUMPTIONS_VERSION);
  });

  it('name a source and an effective date for every tax table', () => {
    for (const t of TAX_TABLES) {
      expect(t.source.url).toMatch(/^https:\/\//);
      expect(t.effectiveFrom).toMatch(/^\d{4}-07-01$/);
    }
  });

  it('2024-25 and 2025-26 resident tables are identical (ATO)', () => {
    expect(TAX_TABLES[0]!.brackets).toEqual(TAX_TABLES[1]!.brackets);
    expect(TAX_TABLES[1]!.brackets).toEqual([
      { over: 190_000, base: 51_638, rate: 0.45 },
      { over: 135_000, base: 31_288, rate: 0.37 },
      { over: 45_000, base: 4_288, rate: 0.3 },
      { over: 18_200, base: 0, rate: 0.16 },
    ]);
  });
});

describe('financial years run 1 July to 30 June', () => {
  it.each([
    [new Date(2026, 5, 30), '2025-26'],
    [new Date(2026, 6, 1), '2026-27'],
    [new Date(2027, 6, 1), '2027-28'],
    [new Date(2031, 0, 15), '2030-31'],
    [new Date(2099, 11, 31), '2099-00'],
  ])('%s is in %s', (date, fy) => expect(financialYearOf(date)).toBe(fy));
});

describe('the tax table switch at 1 July 2026 (the 16% rate becomes 15%, then 14% from 1 July 2027)', () => {
  const tax = (date: Date, dollars: number) => bracketTax(dollars, assumptionsFor(date).taxTable);

  it('30 June 2026 uses 2025-26 (16%); 1 July 2026 uses 2026-27 (15%); 1 July 2027 uses 2027-28 (14%)', () => {
    expect(assumptionsFor(new Date(2026, 5, 30)).taxTable.financialYear).toBe('2025-26');
    expect(assumptionsFor(new Date(2026, 6, 1)).taxTable.financialYear).toBe('2026-27');
    expect(assumptionsFor(new Date(2027, 6, 1)).taxTable.financialYear).toBe('2027-28');
    expect(tax(new Date(2026, 5, 30), 45_000)).toBe(428_800);
    expect(tax(new Date(2026, 6, 1), 45_000)).toBe(402_000);
    expect(tax(new Date(2027, 6, 1), 45_000)).toBe(375_200);
    expect(tax(new Date(2026, 6, 1), 190_000)).toBe(5_137_000);
    expect(tax(new Date(2027, 6, 1), 190_001)).toBe(5_110_245);
  });

  it('later years keep the 2027-28 table; earlier ones use the earliest held, with a note', () => {
    expect(assumptionsFor(new Date(2035, 0, 1)).taxTable.financialYear).toBe('2027-28');
    expect(assumptionsFor(new Date(2023, 0, 1)).taxTable.financialYear).toBe('2024-25');
    expect(computeAdvice(household(), { asOf: new Date(2023, 0, 1), paths: 10 }).notes).toContain(
      'We used the 2024-25 tax rates, the earliest we hold, for 2022-23.',
    );
  });

  it('$50,000 nets $43,462.00 on 30 June 2026 and $268 more on 1 July 2026', () => {
    const net = (d: Date) => computeAdvice(household({ income: '50000' }), { asOf: d, paths: 10 }).income!.netAnnualCents;
    expect(net(new Date(2026, 5, 30))).toBe(4_346_200);
    expect(net(new Date(2026, 6, 1))).toBe(4_346_200 + 26_800);
  });
});

describe('risk profiles', () => {
  it('net return is gross less the 0.7% fee', () => {
    for (const p of RISK_PROFILES) expect(p.netReturn).toBeCloseTo(p.grossReturn - 0.007, 12);
  });

  it('the lognormal median matches the published table to 0.1 percentage point, except Highly aggressive', () => {
    for (const p of RISK_PROFILES) {
      expect(p.medianNetReturn).toBe(lognormalMedian(p.netReturn, p.volatility));
      if (p.id === 'highly-aggressive') continue;
      expect(Math.abs(p.medianNetReturn - p.publishedMedianNetReturn)).toBeLessThanOrEqual(0.001);
    }
  });

  it('Highly aggressive computes to 5.72%, not the published 5.6% (the table wants correcting)', () => {
    const p = RISK_PROFILES.find((x) => x.id === 'highly-aggressive')!;
    expect(p.medianNetReturn).toBeCloseTo(0.05718, 5);
    expect(p.medianNetReturn - p.publishedMedianNetReturn).toBeGreaterThan(0.001);
  });

  it('the medians, to 0.01%', () => {
    expect(RISK_PROFILES.map((p) => Math.round(p.medianNetReturn * 10_000) / 100)).toEqual([4.2, 4.45, 4.67, 5.17, 5.48, 5.72]);
  });

  it('growth and defensive shares add to 100%, and riskier profiles need longer', () => {
    for (const p of RISK_PROFILES) expect(p.growth + p.defensive).toBeCloseTo(1, 12);
    const horizons = RISK_PROFILES.map((p) => p.minHorizonYears);
    expect(horizons).toEqual([2, 3, 5, 6, 7, 10]);
  });
});
