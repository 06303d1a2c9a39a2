/**
 * Fees in dollars as well as percentages (JOURNEY-ENGINE.md "Fees"; ASIC RG 97).
 * Pure; integer cents.
 *
 * The yearly fees are charged monthly, a twelfth of the yearly rate, on each
 * month's closing balance of the median path before that month's deposit. The
 * projected returns are already net of the investment fee, so these dollars show
 * what the fee costs; they are not taken off the projection a second time.
 */
import type { Assumptions } from './assumptions';
import type { Cents } from './money';

/** Fees over a period, in cents. */
export interface FeeAmounts {
  /** The upfront adviser fee, when it falls in the period (invoiced: not taken from the investment). */
  upfrontAdviserCents: Cents;
  administrationCents: Cents;
  investmentCents: Cents;
  /** All three. */
  totalCents: Cents;
}

/** The fees of the recommendation. */
export interface Fees {
  upfrontAdviserFeeCents: Cents;
  /** True when the adviser fee is invoiced rather than taken from the first deposit (journey-spec §9). */
  upfrontInvoiced: boolean;
  /** Yearly rates on the balance. */
  administrationFeeRate: number;
  investmentFeeRate: number;
  /** The first 12 months (or the whole timeframe when it is shorter), with the upfront fee. */
  firstYear: FeeAmounts;
  /** The whole timeframe, with the upfront fee. */
  wholeTimeframe: FeeAmounts & { months: number };
  /** Each year of the plan (1 is the first 12 months; the last may be part of a year); the yearly-rate fees only. */
  byYear: { planYear: number; months: number; administrationCents: Cents; investmentCents: Cents }[];
}

/** Fees from the median path's monthly fee bases (projection.ts `MedianPath.feeBases`). */
export function fees(feeBases: readonly Cents[], a: Assumptions): Fees {
  const upfront = a.fees.upfrontAdviserFee * 100;
  const monthly = (base: Cents, rate: number) => Math.round((base * rate) / 12);
  const byYear: Fees['byYear'] = [];
  feeBases.forEach((base, m) => {
    const y = Math.floor(m / 12);
    let row = byYear[y];
    if (!row) {
      row = { planYear: y + 1, months: 0, administrationCents: 0, investmentCents: 0 };
      byYear[y] = row;
    }
    row.months++;
    row.administrationCents += monthly(base, a.fees.administrationFeeRate);
    row.investmentCents += monthly(base, a.fees.investmentFeeRate);
  });
  const amounts = (rows: Fees['byYear']): FeeAmounts => {
    const administrationCents = rows.reduce((s, r) => s + r.administrationCents, 0);
    const investmentCents = rows.reduce((s, r) => s + r.investmentCents, 0);
    return {
      upfrontAdviserCents: upfront,
      administrationCents,
      investmentCents,
      totalCents: upfront + administrationCents + investmentCents,
    };
  };
  return {
    upfrontAdviserFeeCents: upfront,
    upfrontInvoiced: !a.fees.upfrontFeeDeducted,
    administrationFeeRate: a.fees.administrationFeeRate,
    investmentFeeRate: a.fees.investmentFeeRate,
    firstYear: amounts(byYear.slice(0, 1)),
    wholeTimeframe: { ...amounts(byYear), months: feeBases.length },
    byYear,
  };
}
