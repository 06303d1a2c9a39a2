import { describe, expect, it } from 'vitest';
import {
  AGE_PENSION_AGE,
  AGE_PENSION_AGE_SOURCE,
  ASSUMPTIONS_VERSION,
  ASSUMPTION_SOURCES,
  BENEFIT_PAYMENTS_PER_YEAR_SOURCE,
  FREQUENCY_PER_YEAR_SOURCE,
  INVESTMENT_FEE_SOURCE,
  PROJECTION,
  RISK_PROFILES,
  sourcesInForce,
  TAX_TABLES,
  assumptionsFor,
  financialYearOf,
  badYearReturn,
  lognormalMedian,
} from '../../journey/engine/assumptions';
import { ENGINE_VERSION, computeAdvice } from '../../journey/engine';
import { bracketTax } from '../../journey/engine/tax';
import { household } from './engine-fixtures';
import { noteText } from '../../journey/messages-advice';

describe('assumptions', () => {
  it('are versioned, and every result carries the assumptions and engine versions', () => {
    // 2026.2: the published median returns (4.2, 4.5, 4.7, 5.1, 5.5, 5.6%) replace the formula's.
    expect(ASSUMPTIONS_VERSION).toBe('2026.4');
    // 1.4.0: a single parent's Medicare levy and surcharge use the family thresholds
    expect(ENGINE_VERSION).toBe('1.4.0');
    expect(assumptionsFor(new Date(2026, 0, 1)).version).toBe(ASSUMPTIONS_VERSION);
    const recommended = computeAdvice(household(), { asOf: new Date(2026, 0, 1), paths: 10 });
    expect(recommended).toMatchObject({ status: 'recommended', assumptionsVersion: ASSUMPTIONS_VERSION, engineVersion: ENGINE_VERSION });
    const unsuitable = computeAdvice(household({ savings: '' }), { asOf: new Date(2026, 0, 1), paths: 10 });
    expect(unsuitable).toMatchObject({ status: 'unsuitable', assumptionsVersion: ASSUMPTIONS_VERSION, engineVersion: ENGINE_VERSION });
    const incomplete = computeAdvice(household({ income: '' }), { asOf: new Date(2026, 0, 1), paths: 10 });
    expect(incomplete).toMatchObject({ status: 'incomplete', assumptionsVersion: ASSUMPTIONS_VERSION, engineVersion: ENGINE_VERSION });
  });

  it('name a source and an effective date for every tax table', () => {
    for (const t of TAX_TABLES) {
      expect(t.source.url).toMatch(/^https:\/\//);
      expect(t.effectiveFrom).toMatch(/^\d{4}-07-01$/);
    }
  });

  it('name a source and an effective date for every figure block the engine uses', () => {
    const blocks = Object.entries(ASSUMPTION_SOURCES);
    expect(blocks.length).toBeGreaterThanOrEqual(20);
    for (const [name, b] of blocks) {
      expect(b.effectiveFrom, name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(b.source.publisher, name).not.toBe('');
      expect(b.source.title, name).not.toBe('');
      // A public page where there is one; the journey's own figures name their publisher for users instead
      if (b.source.url === undefined) expect(b.source.publisher, name).toBe('Horizon Advice planning assumptions');
      else expect(b.source.url, name).toMatch(/^https:\/\//);
      // issue 15: nothing users read as a source names an internal file
      expect(JSON.stringify(b.source), name).not.toMatch(/\.md\b|\.ts\b/);
    }
    expect(ASSUMPTION_SOURCES).toMatchObject({
      'frequencies per year': FREQUENCY_PER_YEAR_SOURCE,
      'benefit payments per year': BENEFIT_PAYMENTS_PER_YEAR_SOURCE,
      'Age Pension age': AGE_PENSION_AGE_SOURCE,
      'investment fee rate': INVESTMENT_FEE_SOURCE,
      projection: PROJECTION,
    });
    expect(Object.keys(ASSUMPTION_SOURCES)).toEqual(
      expect.arrayContaining(['benefit tax: disability', 'Medicare levy surcharge', 'tax rates 2027-28']),
    );
  });

  it('the projection settings are this engine’s method, with a date; the Age Pension age is 67 from 1 July 2023', () => {
    expect(PROJECTION).toMatchObject({ defaultPaths: 2_000, maxYears: 50, effectiveFrom: '2026-01-01' });
    expect(PROJECTION.source.title).toBe('How we project your investment');
    expect(AGE_PENSION_AGE).toBe(67);
    expect(AGE_PENSION_AGE_SOURCE.effectiveFrom).toBe('2023-07-01');
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

describe('the sources listed with a piece of advice', () => {
  it('names each source once, with only the tax table of the advice’s year', () => {
    const lines = sourcesInForce('2026-27');
    expect(new Set(lines.map((l) => l.title)).size).toBe(lines.length);
    const taxTables = TAX_TABLES.filter((t) => lines.some((l) => l.title === t.source.title && l.effectiveFrom === t.effectiveFrom));
    expect(taxTables.map((t) => t.financialYear)).toEqual(['2026-27']);
    expect(lines.map((l) => l.publisher)).toEqual(expect.arrayContaining(['ATO', 'ASIC']));
    for (const l of lines) expect(l.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
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
    expect(computeAdvice(household(), { asOf: new Date(2023, 0, 1), paths: 10 }).notes.map(noteText)).toContain(
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

  // JOURNEY-ENGINE.md "Risk profiles": the engine plans on the published "median net" column, because the
  // document's checked examples are computed with it (4.7% gives $891.27 and $1,008.39 a month; the formula's
  // 4.674% gives $891.85 and $1,009.04). The lognormal formula stays here as a cross-check of the column.
  it('the engine plans on the published median net column', () => {
    expect(RISK_PROFILES.map((p) => p.medianNetReturn)).toEqual([0.042, 0.045, 0.047, 0.051, 0.055, 0.056]);
  });

  it('the lognormal formula agrees with the published column to 0.1 percentage point, except Highly aggressive', () => {
    for (const p of RISK_PROFILES) {
      if (p.id === 'highly-aggressive') continue;
      expect(Math.abs(lognormalMedian(p.netReturn, p.volatility) - p.medianNetReturn), p.id).toBeLessThanOrEqual(0.001);
    }
    expect(RISK_PROFILES.map((p) => Math.round(lognormalMedian(p.netReturn, p.volatility) * 10_000) / 100)).toEqual([
      4.2, 4.45, 4.67, 5.17, 5.48, 5.72,
    ]);
  });

  it('Highly aggressive: the formula gives 5.72%, the document prints 5.6% (its rounding slip; 5.72% rounds to 5.7%)', () => {
    const p = RISK_PROFILES.find((x) => x.id === 'highly-aggressive')!;
    const formula = lognormalMedian(p.netReturn, p.volatility);
    expect(formula).toBeCloseTo(0.05718, 5);
    expect(p.medianNetReturn).toBe(0.056);
    // 0.12 percentage points: more than the table's rounding to 0.1%, within 0.15.
    expect(formula - p.medianNetReturn).toBeGreaterThan(0.001);
    expect(formula - p.medianNetReturn).toBeLessThan(0.0015);
  });

  it('growth and defensive shares add to 100%, and riskier profiles need longer', () => {
    for (const p of RISK_PROFILES) expect(p.growth + p.defensive).toBeCloseTo(1, 12);
    const horizons = RISK_PROFILES.map((p) => p.minHorizonYears);
    expect(horizons).toEqual([2, 3, 5, 6, 7, 10]);
  });
});

describe('the possible loss of each risk style (issue 15)', () => {
  it('is the 1-in-20 bad year of the projection’s lognormal model, worked out by hand for three styles', () => {
    // Conservative: net mean 5% − 0.7% = 4.3%, volatility 4.6%: σ² = ln(1 + 0.046² / 1.043²) = 0.0019433,
    // ln 1.043 − σ²/2 − 1.6449 σ = 0.0421007 − 0.0009717 − 0.0725131 = −0.0313841, e^that − 1 = −3.09%.
    const byId = (id: string) => RISK_PROFILES.find((p) => p.id === id)!;
    expect(badYearReturn(byId('conservative'))).toBeCloseTo(-0.03089, 4);
    // Moderate: 4.9% net, 6.9% volatility: −6.05%. Highly aggressive: 6.6% net, 13.8% volatility: −14.48%.
    expect(badYearReturn(byId('moderate'))).toBeCloseTo(-0.06049, 4);
    expect(badYearReturn(byId('highly-aggressive'))).toBeCloseTo(-0.14483, 4);
    // riskier styles can lose more in a bad year
    const losses = RISK_PROFILES.map((p) => badYearReturn(p));
    expect([...losses].sort((a, b) => b - a)).toEqual(losses);
  });
});
