/**
 * Every rate, threshold and assumption the advice engine uses, in one versioned
 * module, each with its source and the date it takes effect (JOURNEY-ENGINE.md).
 *
 * Change a figure here, and only here; then bump {@link ASSUMPTIONS_VERSION}, so a
 * result computed before the change can still be told apart (every result is
 * stamped with the version it was computed under).
 *
 * Conventions: rates are decimal fractions (0.16 is 16%); money is whole dollars
 * here (the engine works in integer cents); dates are ISO `YYYY-MM-DD`.
 */
import { MAX_GOAL_YEARS } from './limits';

/** The version stamped on every result. Bump it whenever any figure below changes. */
export const ASSUMPTIONS_VERSION = '2026.4';

/** Where a figure comes from. */
export interface Source {
  /** ATO, ASIC, Moneysmart, Services Australia, Vanguard, legislation… or this engine's specification. */
  publisher: string;
  title: string;
  /**
   * The public page. Absent only for a figure that is the journey's own choice or
   * this engine's method, which has no public page; `title` then names the section
   * of JOURNEY-ENGINE.md or journey-spec it comes from.
   */
  url?: string;
  /** Why the engine uses it the way it does, when that is not obvious. */
  note?: string;
}

/** A figure block with its source and the date it takes effect. */
export interface Sourced {
  source: Source;
  /** The first day the figures apply, `YYYY-MM-DD`. */
  effectiveFrom: string;
}

// ---------------------------------------------------------------------------
// Income tax

/** One row of a resident tax table: on taxable income over `over`, `base` plus `rate` per dollar over it. */
export interface TaxBracket {
  /** Whole dollars; the bracket applies to taxable income above this. */
  over: number;
  /** Tax on the first `over` dollars. */
  base: number;
  rate: number;
}

/** Resident individual tax rates for one financial year. */
export interface TaxTable extends Sourced {
  /** e.g. '2025-26'. */
  financialYear: string;
  /** Highest first. */
  brackets: readonly TaxBracket[];
}

const TAX_RATES_SOURCE: Source = {
  publisher: 'ATO',
  title: 'Tax rates – Australian residents',
  url: 'https://www.ato.gov.au/tax-rates-and-codes/tax-rates-australian-residents',
};
const MORE_RELIEF_ACT: Source = {
  publisher: 'Parliament of Australia',
  title: 'Treasury Laws Amendment (More Cost of Living Relief) Act 2025 (No. 28, 2025), Schedule 1',
  url: 'https://www.legislation.gov.au/C2025A00028/asmade/text',
  note: 'Legislated: the 16% rate becomes 15% for 2026-27 and 14% for 2027-28 and later years.',
};

/** The resident table with the lowest rate `low`; the other brackets are unchanged from 2024-25 (Stage 3). */
function residentTable(financialYear: string, effectiveFrom: string, low: number, source: Source): TaxTable {
  // Bases follow from the rates: tax on 45,000 is 26,800 × low, then 30c, 37c, 45c.
  const at45 = Math.round(26_800 * low);
  const at135 = at45 + 27_000;
  const at190 = at135 + 20_350;
  return {
    financialYear,
    effectiveFrom,
    source,
    brackets: [
      { over: 190_000, base: at190, rate: 0.45 },
      { over: 135_000, base: at135, rate: 0.37 },
      { over: 45_000, base: at45, rate: 0.3 },
      { over: 18_200, base: 0, rate: low },
    ],
  };
}

/**
 * Resident tax tables by financial year, oldest first. 2024-25 and 2025-26 are
 * identical (ATO); the table for the last year listed carries on for later years,
 * as the Act says ("2027-28 year of income or a later year of income").
 */
export const TAX_TABLES: readonly TaxTable[] = [
  residentTable('2024-25', '2024-07-01', 0.16, TAX_RATES_SOURCE),
  residentTable('2025-26', '2025-07-01', 0.16, TAX_RATES_SOURCE),
  residentTable('2026-27', '2026-07-01', 0.15, MORE_RELIEF_ACT),
  residentTable('2027-28', '2027-07-01', 0.14, MORE_RELIEF_ACT),
];

/** Low income tax offset (non-refundable): the same in every year held. */
export const LITO = {
  /** The full offset, up to `fullTo`. */
  max: 700,
  fullTo: 37_500,
  /** Withdrawn at 5c per dollar from `fullTo` to `middleTo` (leaving $325)… */
  firstRate: 0.05,
  middleTo: 45_000,
  /** …then at 1.5c per dollar until it is nil (at $66,667). */
  secondRate: 0.015,
  effectiveFrom: '2020-07-01',
  source: {
    publisher: 'ATO',
    title: 'Low and middle income earner tax offsets',
    url: 'https://www.ato.gov.au/individuals-and-families/income-deductions-offsets-and-records/tax-offsets/low-and-middle-income-earner-tax-offsets',
  },
} as const satisfies Sourced & Record<string, unknown>;

/**
 * Medicare levy, with the low-income reduction for singles and for families (issue 34: a couple is tested on the
 * family's taxable income, the family threshold rising for each dependent child; a single parent with dependent
 * children is a family too, their own taxable income the family's).
 */
export const MEDICARE_LEVY = {
  rate: 0.02,
  /** No levy at or below this taxable income (singles, 2024-25 values). */
  lowIncomeThreshold: 27_222,
  /** Between the threshold and `phaseInTo` the levy is 10c per dollar over the threshold. */
  phaseInRate: 0.1,
  phaseInTo: 34_027,
  /**
   * Families (2024-25 values): no levy for either partner while the family's taxable income is at or below this plus
   * {@link MEDICARE_LEVY.familyPerChild} for each dependent child; over it, the family's levy is phased in at 10c per
   * dollar over the threshold (so up to 1.25 times it: $57,383 with no child), shared between the partners by their
   * taxable incomes.
   */
  familyThreshold: 45_907,
  familyPhaseInTo: 57_383,
  /** Added to the family threshold for each dependent child (2024-25). */
  familyPerChild: 4_216,
  effectiveFrom: '2024-07-01',
  source: {
    publisher: 'ATO',
    title: 'Medicare levy reduction for low-income earners; Medicare levy reduction – family income',
    url: 'https://www.ato.gov.au/individuals-and-families/medicare-and-private-health-insurance/medicare-levy/medicare-levy-reduction/medicare-levy-reduction-for-low-income-earners',
    note:
      'Our planning assumptions use the 2024-25 values (singles $27,222 to $34,027; families $45,907 to $57,383, plus ' +
      '$4,216 for each dependent child) for every year: later indexation is not held. The family reduction takes the ' +
      'family taxable income (both partners’), as the ATO’s family income worksheet does (checked 26 November 2026). ' +
      'A single with dependent children is taken to have their sole care, so the family threshold applies to them too, ' +
      'their own taxable income being the family’s (ATO: “your taxable income if you were a sole parent”); the ATO ' +
      'raises a sole parent’s threshold only for a child they receive Family Tax Benefit for, which the journey takes ' +
      'for every dependent child they name (checked 27 November 2026).',
  },
} as const satisfies Sourced & Record<string, unknown>;

/** One Medicare levy surcharge tier: `rate` on the whole income once it is over `over`. */
export interface SurchargeTier {
  over: number;
  rate: number;
}

/** The surcharge's tiers for one financial year, singles' and families' (each highest first). */
export interface SurchargeYear {
  financialYear: string;
  /** Tested on the single's own income for MLS purposes. */
  singles: readonly SurchargeTier[];
  /** Tested on the family's income for MLS purposes (both partners'), before the rise for children. */
  families: readonly SurchargeTier[];
}

const tiers = (t1: number, t2: number, t3: number): readonly SurchargeTier[] => [
  { over: t3, rate: 0.015 },
  { over: t2, rate: 0.0125 },
  { over: t1, rate: 0.01 },
];

/**
 * Medicare levy surcharge: payable only without private hospital cover; for a couple, by each partner whose own
 * income is over the singles' levy threshold, on their own income, at the rate of the family's tier, unless both
 * partners (and every dependant) hold cover (issue 34). A single parent with dependent children is a family too: the
 * family tiers, on their own income, unless they (and their children) hold cover.
 *
 * Held for 2024-25 and 2025-26; the last year held is used for later years too (the thresholds are indexed each
 * year and later ones are not held, as the Medicare levy carries its 2024-25 values forward).
 */
export const MEDICARE_LEVY_SURCHARGE = {
  /** By financial year, oldest first. */
  years: [
    { financialYear: '2024-25', singles: tiers(97_000, 113_000, 151_000), families: tiers(194_000, 226_000, 302_000) },
    { financialYear: '2025-26', singles: tiers(101_000, 118_000, 158_000), families: tiers(202_000, 236_000, 316_000) },
  ] as readonly SurchargeYear[],
  /** The family thresholds rise by this for each dependent child after the first. */
  familyPerChildAfterFirst: 1_500,
  effectiveFrom: '2024-07-01',
  source: {
    publisher: 'ATO',
    title: 'Medicare levy surcharge income, thresholds and rates',
    url: 'https://www.ato.gov.au/individuals-and-families/medicare-and-private-health-insurance/medicare-levy-surcharge/medicare-levy-surcharge-income-thresholds-and-rates',
    note:
      'Income for MLS purposes is taken as taxable income (the questionnaire asks no fringe benefits, super contributions ' +
      'or losses). Families: the thresholds are double the singles’ and rise by $1,500 for each dependent child after ' +
      'the first; a couple avoids the surcharge only if both partners hold hospital cover, and a partner whose own income ' +
      'is at or below the singles’ Medicare levy threshold pays none. Years after 2025-26 use the 2025-26 tiers ' +
      '(checked 26 November 2026). A single with dependent children is a family (ATO: “had a spouse or dependent ' +
      'children”): the family thresholds on their own income, the private-health answer taken as covering the ' +
      'children too (checked 27 November 2026).',
  },
} as const satisfies Sourced & Record<string, unknown>;

/** The surcharge's tiers for a financial year: its own, else the latest before it, else the earliest held. */
export function surchargeYearFor(financialYear: string): SurchargeYear {
  const years = MEDICARE_LEVY_SURCHARGE.years;
  return [...years].reverse().find((y) => y.financialYear <= financialYear) ?? years[0]!;
}

// ---------------------------------------------------------------------------
// Income from the answers

/** The journey's own figures, from its specification, with no public page of their own; also the name the answers give the engine's figures as their source. */
// issue 15: users see the publisher, so it is named for them, not by the internal file that specifies it
export const JOURNEY_ENGINE_SPEC = 'Horizon Advice planning assumptions';

/** Payments a year for each frequency the questionnaire offers (income, savings, debts); see {@link FREQUENCY_PER_YEAR_SOURCE}. */
export const FREQUENCY_PER_YEAR: Readonly<Record<string, number>> = {
  weekly: 52,
  fortnightly: 26,
  monthly: 12,
  quarterly: 4,
  'half-yearly': 2,
  yearly: 1,
  annually: 1,
};

/** The source and effective date of {@link FREQUENCY_PER_YEAR}. */
export const FREQUENCY_PER_YEAR_SOURCE: Sourced = {
  effectiveFrom: '2026-01-01',
  source: {
    publisher: JOURNEY_ENGINE_SPEC,
    title: '"Income and tax": frequencies to annual (weekly 52, fortnightly 26, monthly 12, quarterly 4, half-yearly 2, yearly 1)',
    note: 'A year is taken as exactly 52 weeks or 26 fortnights (not 52.18 weeks).',
  },
};

/** journey-spec §3: benefits are entered as fortnightly amounts; see {@link BENEFIT_PAYMENTS_PER_YEAR_SOURCE}. */
export const BENEFIT_PAYMENTS_PER_YEAR = 26;

/** The source and effective date of {@link BENEFIT_PAYMENTS_PER_YEAR}. */
export const BENEFIT_PAYMENTS_PER_YEAR_SOURCE: Sourced = {
  effectiveFrom: '2026-01-01',
  source: {
    publisher: 'Services Australia',
    title: 'How much Age Pension you can get (rates per fortnight)',
    url: 'https://www.servicesaustralia.gov.au/how-much-age-pension-you-can-get',
    note: 'Rates are quoted per fortnight, so journey-spec §3 asks for fortnightly amounts: 26 a year.',
  },
};

/** Whether a government benefit is assessable income, with its source and effective date. */
export interface BenefitTax extends Sourced {
  taxable: boolean;
  /** Taxable from this age even when `taxable` is false (the Disability Support Pension). */
  taxableFromAge?: number;
}

/** Age Pension age for anyone born on or after 1 January 1957 (so everyone the journey now sees); see {@link AGE_PENSION_AGE_SOURCE}. */
export const AGE_PENSION_AGE = 67;

/** The source and effective date of {@link AGE_PENSION_AGE}. */
export const AGE_PENSION_AGE_SOURCE: Sourced = {
  // The pension age reached 67 on 1 July 2023 (for people born on or after 1 January 1957).
  effectiveFrom: '2023-07-01',
  source: {
    publisher: 'Services Australia',
    title: 'Who can get Age Pension (age rules)',
    url: 'https://www.servicesaustralia.gov.au/who-can-get-age-pension',
  },
};

const GOVERNMENT_PAYMENTS: Source = {
  publisher: 'ATO',
  title: 'Government payments and allowances',
  url: 'https://www.ato.gov.au/individuals-and-families/income-deductions-offsets-and-records/income-you-must-declare/government-payments-and-allowances',
};

// The treatment has not changed over the years the engine holds tax tables for (2024-25 on).
const BENEFIT_TAX_FROM = '2024-07-01';

/** Taxable flag per benefit type (journey/answers.ts BENEFIT_TYPES). */
export const BENEFIT_TAX: Readonly<Record<string, BenefitTax>> = {
  // ATO: "Taxable government payments, pensions and allowances include: age pension … JobSeeker payment".
  'age-pension': { taxable: true, effectiveFrom: BENEFIT_TAX_FROM, source: GOVERNMENT_PAYMENTS },
  jobseeker: { taxable: true, effectiveFrom: BENEFIT_TAX_FROM, source: GOVERNMENT_PAYMENTS },
  'family-tax': {
    taxable: false,
    effectiveFrom: BENEFIT_TAX_FROM,
    source: { ...GOVERNMENT_PAYMENTS, note: 'Family Tax Benefit is exempt income (ATO, Amounts that you do not pay tax on).' },
  },
  // The ATO lists the Disability Support Pension as taxable "if you are age-pension
  // age or over" and tax-free "if you are under age-pension age" (Government
  // payments and allowances). So: tax-free under 67, taxable from 67. With no valid
  // date of birth the engine treats it as tax-free (and reports the date as missing).
  disability: {
    taxable: false,
    taxableFromAge: AGE_PENSION_AGE,
    effectiveFrom: BENEFIT_TAX_FROM,
    source: { ...GOVERNMENT_PAYMENTS, note: 'Tax-free under Age Pension age (67, Services Australia); taxable from it.' },
  },
};

// ---------------------------------------------------------------------------
// Needs analysis

export const NEEDS = {
  /** Emergency fund: three months of take-home pay. */
  emergencyFundMonths: 3,
  /** Share of the monthly surplus set aside for unexpected expenses (journey-spec §9). */
  setAsideShare: 0.3,
  /** Big spends in this many years are earmarked from cash (journey-spec §9). */
  bigSpendsYears: 5,
  effectiveFrom: '2026-01-01',
  source: {
    publisher: 'ASIC Moneysmart',
    title: 'Emergency fund',
    url: 'https://moneysmart.gov.au/saving/emergency-fund',
    note:
      'Moneysmart suggests about three months of expenses; the questionnaire asks no expenses, so the journey ' +
      'uses three months of take-home pay. The 30% set-aside and the 5-year window are journey-spec §9.',
  },
} as const satisfies Sourced & Record<string, unknown>;

/** Inflation for turning today's dollars into future ones. */
export const INFLATION = {
  rate: 0.025,
  effectiveFrom: '2026-01-01',
  source: {
    publisher: 'ASIC Moneysmart',
    title: 'Compound interest calculator (default inflation)',
    url: 'https://moneysmart.gov.au/budgeting/compound-interest-calculator',
    note: 'Also the midpoint of the Reserve Bank of Australia’s 2–3% inflation target.',
  },
} as const satisfies Sourced & Record<string, unknown>;

// ---------------------------------------------------------------------------
// Risk profiles

/** The risk styles of journey-spec §3 (journey/answers.ts RISK_STYLES values). */
export type RiskProfileId = 'conservative' | 'cautious' | 'moderate' | 'moderately-aggressive' | 'aggressive' | 'highly-aggressive';

/** One risk profile's long-run assumptions. */
export interface RiskProfile {
  /** Its name is the catalogue's (journey/messages.ts `RISK_LABELS`, by this id). */
  id: RiskProfileId;
  /** Share in growth assets (shares, property), 0–1. */
  growth: number;
  /** Share in defensive assets (cash, bonds), 0–1. */
  defensive: number;
  /** The shortest goal, in years, the profile suits. */
  minHorizonYears: number;
  /** Expected (arithmetic mean) annual return before fees. */
  grossReturn: number;
  /** Annual volatility (standard deviation of the annual return). */
  volatility: number;
  /** `grossReturn` less the investment fee (the table's "net of 0.7%" column). */
  netReturn: number;
  /**
   * The median (geometric) annual return net of fees: the "median net" column of
   * JOURNEY-ENGINE.md's table as published. Everything the engine plans on uses
   * it: the monthly payment, the median path, and the centre of the simulated
   * returns. {@link lognormalMedian} of `netReturn` and `volatility` is a
   * cross-check only (see {@link RISK_PROFILES}).
   */
  medianNetReturn: number;
}

/** The investment fee, a year, on the balance; see {@link INVESTMENT_FEE_SOURCE}. */
export const INVESTMENT_FEE_RATE = 0.007;

/** The source and effective date of {@link INVESTMENT_FEE_RATE}. */
export const INVESTMENT_FEE_SOURCE: Sourced = {
  effectiveFrom: '2026-01-01',
  source: {
    publisher: JOURNEY_ENGINE_SPEC,
    title: '"Fees": investment fee 0.7% a year (journey-spec §9); "Risk profiles": returns net of 0.7%',
    note: 'The fee of the illustrative funds recommended; shown in dollars as well as a percentage (ASIC RG 97, see FEES).',
  },
};

/**
 * σ_ln² = ln(1 + σ²/(1+m)²), median = exp(ln(1+m) − σ_ln²/2) − 1 (JOURNEY-ENGINE.md
 * "Risk profiles"): the median of a lognormal annual growth factor with mean 1+m and
 * standard deviation σ. The engine plans on the table's published median instead;
 * this is the cross-check the tests hold it to.
 */
export function lognormalMedian(mean: number, volatility: number): number {
  const s2 = lognormalVariance(mean, volatility);
  return Math.exp(Math.log(1 + mean) - s2 / 2) - 1;
}

/** The standard normal's 5th percentile: a year as bad as one in twenty. */
const ONE_YEAR_IN_TWENTY_Z = 1.6449;

/**
 * The return of a bad year for a profile, one year in twenty (issue 15: the possible loss shown where the style is
 * chosen): the 5th percentile of its annual return after fees, in the projection's lognormal model (its net mean and
 * volatility, projection.ts).
 */
export function badYearReturn(p: Pick<RiskProfile, 'netReturn' | 'volatility'>): number {
  const s2 = lognormalVariance(p.netReturn, p.volatility);
  return Math.exp(Math.log(1 + p.netReturn) - s2 / 2 - ONE_YEAR_IN_TWENTY_Z * Math.sqrt(s2)) - 1;
}

/**
 * The standard normal quantile (Acklam's rational approximation, relative error under 1.2e-9): z with Φ(z) = p.
 * 0.5 → 0, 0.75 → 0.6745, 0.95 → 1.6449.
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError('p must be between 0 and 1');
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const tail = (q: number) =>
    (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/**
 * The annual return a plan over `years` is made on, so that `confidence` of outcomes reach it (issue 15): in the
 * projection's lognormal model (centred on the published median, projection.ts), the average log return over
 * `years` is normal with the median's log and a standard deviation σ_ln/√years, so the return beaten with
 * probability `confidence` is (1 + median) · e^(−z σ_ln / √years) − 1, z the normal quantile of `confidence`.
 * At a confidence of 0.5 it is the median (JOURNEY-ENGINE.md's worked examples). Exact for a first deposit;
 * deposits made later are invested for less time, so the projection states the plan's own chance beside it.
 */
export function planningReturn(
  p: Pick<RiskProfile, 'medianNetReturn' | 'netReturn' | 'volatility'>,
  years: number,
  confidence: number,
): number {
  const z = normalQuantile(confidence);
  // the median itself, not (1 + m) · e⁰ − 1 with its rounding error
  if (z === 0) return p.medianNetReturn;
  const sigma = Math.sqrt(lognormalVariance(p.netReturn, p.volatility));
  return (1 + p.medianNetReturn) * Math.exp((-z * sigma) / Math.sqrt(years)) - 1;
}

/** σ_ln², the variance of the log of the annual growth factor. */
export function lognormalVariance(mean: number, volatility: number): number {
  return Math.log(1 + (volatility * volatility) / ((1 + mean) * (1 + mean)));
}

function profile(
  id: RiskProfileId,
  growthPct: number,
  minHorizonYears: number,
  grossReturn: number,
  volatility: number,
  medianNetReturn: number,
): RiskProfile {
  // Rounded to whole basis points so 0.056 − 0.007 is 0.049, not 0.048999….
  const netReturn = Math.round((grossReturn - INVESTMENT_FEE_RATE) * 10_000) / 10_000;
  return {
    id,
    growth: growthPct / 100,
    defensive: (100 - growthPct) / 100,
    minHorizonYears,
    grossReturn,
    volatility,
    netReturn,
    medianNetReturn,
  };
}

/**
 * The six profiles, least risky first: illustrative long-run assumptions with
 * Vanguard Australia's diversified growth/defensive splits as anchors.
 *
 * The last argument is the table's published "median net" column, and the engine
 * plans on it as published: JOURNEY-ENGINE.md's checked examples (Moderate, 5
 * years: about $891 a month for $60,000, about $1,008 for $60,000 in today's
 * dollars) are computed with 4.7%, not with the formula's 4.674%, which gives
 * $891.85 and $1,009.04. The formula agrees with the column to within 0.1
 * percentage point for five profiles; Highly aggressive computes to 5.72% where
 * the table prints 5.6% (a rounding slip in the document, which would round to
 * 5.7%). engine-assumptions.test.ts keeps the formula as that cross-check.
 */
export const RISK_PROFILES: readonly RiskProfile[] = [
  profile('conservative', 30, 2, 0.05, 0.046, 0.042),
  profile('cautious', 40, 3, 0.053, 0.057, 0.045),
  profile('moderate', 50, 5, 0.056, 0.069, 0.047),
  profile('moderately-aggressive', 70, 6, 0.063, 0.096, 0.051),
  profile('aggressive', 90, 7, 0.069, 0.124, 0.055),
  profile('highly-aggressive', 100, 10, 0.073, 0.138, 0.056),
];

export const RISK_PROFILES_SOURCE: Sourced = {
  effectiveFrom: '2026-01-01',
  source: {
    publisher: 'Vanguard Australia',
    title: 'Diversified ETFs and funds (growth/defensive splits)',
    url: 'https://www.vanguard.com.au/personal/invest-with-us/diversified-etfs',
    note: 'Returns and volatilities are illustrative long-run assumptions, not forecasts.',
  },
};

export function riskProfile(id: string): RiskProfile | undefined {
  return RISK_PROFILES.find((p) => p.id === id);
}

// ---------------------------------------------------------------------------
// Fees

export const FEES = {
  /** The upfront adviser fee, in dollars. */
  upfrontAdviserFee: 500,
  /** journey-spec §9: invoiced, so it is not taken from the money invested. */
  upfrontFeeDeducted: false,
  administrationFeeRate: 0,
  investmentFeeRate: INVESTMENT_FEE_RATE,
  effectiveFrom: '2026-01-01',
  source: {
    publisher: 'ASIC',
    title: 'RG 97 Disclosing fees and costs in PDSs and periodic statements',
    url: 'https://asic.gov.au/regulatory-resources/find-a-document/regulatory-guides/rg-97-disclosing-fees-and-costs-in-pdss-and-periodic-statements/',
    note: 'Fees are shown in dollars as well as percentages. The amounts are journey-spec §9.',
  },
} as const satisfies Sourced & Record<string, unknown>;

// ---------------------------------------------------------------------------
// Suitability

export const SUITABILITY = {
  /** journey-spec §9. */
  minAge: 18,
  /** journey-spec §9: a goal a year or more away. */
  minGoalYears: 1,
  /**
   * Debts to repay before investing (issue 15): those charging this rate a year or more. It is almost
   * twice the highest return any risk profile is expected to earn after fees (5.6%, Highly aggressive),
   * so repaying such a debt first beats investing; a mortgage at today's rates is below it.
   */
  highInterestRate: 0.1,
  /** The kinds taken to charge that much when their rate is not given: credit cards and personal loans usually do. */
  highInterestDebtTypes: ['credit-card', 'personal-loan'] as readonly string[],
  /**
   * High-interest balances this small in all (in dollars) do not stop the advice: the needs analysis says to clear
   * them from cash. A method choice: a month's spending on a card paid off in full should not turn advice away.
   */
  smallDebtDollars: 1_000,
  effectiveFrom: '2026-01-01',
  source: {
    publisher: 'ASIC',
    title: 'RG 255 Providing digital financial product advice to retail clients',
    url: 'https://asic.gov.au/regulatory-resources/find-a-document/regulatory-guides/rg-255-providing-digital-financial-product-advice-to-retail-clients/',
    note:
      'A digital advice tool should filter out clients it does not suit. The high-interest threshold and the small-balance allowance are this ' +
      'engine’s method; Moneysmart (moneysmart.gov.au, "Paying off debt") advises paying off high-interest debts such as credit cards first.',
  },
} as const satisfies Sourced & Record<string, unknown>;

// ---------------------------------------------------------------------------
// Projection

/** How the projection is drawn: this engine's method, not a published figure. */
export const PROJECTION = {
  /** Monte Carlo paths when none are asked for ("a few thousand paths"). */
  defaultPaths: 2_000,
  /** The seed when none is given, so the same answers always draw the same chart. */
  defaultSeed: 20_260_701,
  /** Percentile bands shown. */
  percentiles: [0.1, 0.5, 0.9] as readonly number[],
  /** The longest goal the engine plans for, and the furthest the "longer time" lever looks. */
  maxYears: MAX_GOAL_YEARS,
  /**
   * issue 15: the share of outcomes a plan is made to reach. Planning on the median return reaches the goal in about
   * half of them (a coin flip); the plan's return is the one its timeframe's returns beat this often (`planningReturn`).
   */
  confidence: 0.75,
  effectiveFrom: '2026-01-01',
  source: {
    publisher: JOURNEY_ENGINE_SPEC,
    title: 'How we project your investment',
    note:
      'A seeded Monte Carlo of lognormal monthly returns ("a few thousand paths; the same inputs always give the same ' +
      'chart") with 10th/50th/90th percentile bands. The 2,000 paths, the seed and the 50-year limit are this engine’s choices.',
  },
} as const satisfies Sourced & Record<string, unknown>;

// ---------------------------------------------------------------------------
// Every source

/**
 * Every figure block the engine uses, by name, each with its source and effective
 * date (JOURNEY-ENGINE.md: "put every rate, threshold and assumption in one
 * versioned assumptions module with its source and effective date"). For a list
 * of sources beside the figures, and for the test that none is left without one.
 */
export const ASSUMPTION_SOURCES: Readonly<Record<string, Sourced>> = {
  ...Object.fromEntries(TAX_TABLES.map((t) => [`tax rates ${t.financialYear}`, t])),
  'low income tax offset': LITO,
  'Medicare levy': MEDICARE_LEVY,
  'Medicare levy surcharge': MEDICARE_LEVY_SURCHARGE,
  'frequencies per year': FREQUENCY_PER_YEAR_SOURCE,
  'benefit payments per year': BENEFIT_PAYMENTS_PER_YEAR_SOURCE,
  'Age Pension age': AGE_PENSION_AGE_SOURCE,
  ...Object.fromEntries(Object.entries(BENEFIT_TAX).map(([type, b]) => [`benefit tax: ${type}`, b])),
  'needs analysis': NEEDS,
  inflation: INFLATION,
  'investment fee rate': INVESTMENT_FEE_SOURCE,
  'risk profiles': RISK_PROFILES_SOURCE,
  fees: FEES,
  suitability: SUITABILITY,
  projection: PROJECTION,
};

/** One source behind the advice, for listing: who published it, what, where, and from when. */
export interface SourceLine {
  title: string;
  publisher: string;
  url?: string;
  /** `YYYY-MM-DD`. */
  effectiveFrom: string;
}

/** The sources behind advice worked out with the tax table of `taxTableYear`: every sourced figure block once, other years' tax tables left out. */
export function sourcesInForce(taxTableYear: string | undefined): SourceLine[] {
  const found = new Map<string, SourceLine>();
  for (const [name, { source, effectiveFrom }] of Object.entries(ASSUMPTION_SOURCES)) {
    if (name.startsWith('tax rates ') && name !== `tax rates ${taxTableYear}`) continue;
    if (!found.has(source.title))
      found.set(source.title, { title: source.title, publisher: source.publisher, url: source.url, effectiveFrom });
  }
  return [...found.values()];
}

// ---------------------------------------------------------------------------
// By date

/** The figures in force on one date. */
export interface Assumptions {
  version: string;
  /** The financial year of the date, e.g. '2026-27' (1 July to 30 June). */
  financialYear: string;
  /** The tax table used: the date's year, or the nearest held when the date is outside them. */
  taxTable: TaxTable;
  lito: typeof LITO;
  medicareLevy: typeof MEDICARE_LEVY;
  medicareLevySurcharge: typeof MEDICARE_LEVY_SURCHARGE & {
    /** The tiers of the date's financial year (the nearest held). */
    tiers: readonly SurchargeTier[];
    familyTiers: readonly SurchargeTier[];
    /** The financial year of those tiers. */
    tiersYear: string;
  };
  frequencyPerYear: typeof FREQUENCY_PER_YEAR;
  benefitPaymentsPerYear: number;
  benefitTax: typeof BENEFIT_TAX;
  agePensionAge: number;
  needs: typeof NEEDS;
  inflation: typeof INFLATION;
  riskProfiles: readonly RiskProfile[];
  fees: typeof FEES;
  suitability: typeof SUITABILITY;
  projection: typeof PROJECTION;
}

/** The financial year (1 July–30 June) of a local calendar date, e.g. 2026-07-01 → '2026-27'. */
export function financialYearOf(date: Date): string {
  const start = date.getMonth() >= 6 ? date.getFullYear() : date.getFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The tax table for a financial year: its own, else the latest before it, else the earliest held. */
export function taxTableFor(financialYear: string): TaxTable {
  let chosen: TaxTable | undefined;
  for (const t of TAX_TABLES) if (t.financialYear <= financialYear) chosen = t;
  return chosen ?? (TAX_TABLES[0] as TaxTable);
}

/** Every figure in force on `date` (its local calendar date). */
export function assumptionsFor(date: Date): Assumptions {
  const financialYear = financialYearOf(date);
  return {
    version: ASSUMPTIONS_VERSION,
    financialYear,
    taxTable: taxTableFor(financialYear),
    lito: LITO,
    medicareLevy: MEDICARE_LEVY,
    medicareLevySurcharge: {
      ...MEDICARE_LEVY_SURCHARGE,
      tiers: surchargeYearFor(financialYear).singles,
      familyTiers: surchargeYearFor(financialYear).families,
      tiersYear: surchargeYearFor(financialYear).financialYear,
    },
    frequencyPerYear: FREQUENCY_PER_YEAR,
    benefitPaymentsPerYear: BENEFIT_PAYMENTS_PER_YEAR,
    benefitTax: BENEFIT_TAX,
    agePensionAge: AGE_PENSION_AGE,
    needs: NEEDS,
    inflation: INFLATION,
    riskProfiles: RISK_PROFILES,
    fees: FEES,
    suitability: SUITABILITY,
    projection: PROJECTION,
  };
}
