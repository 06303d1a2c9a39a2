/**
 * The needs analysis (JOURNEY-ENGINE.md "Needs analysis"): emergency fund,
 * monthly surplus, the share set aside, big spends and the savings available to
 * start investing. Pure; integer cents.
 *
 * Cash is earmarked in this order: first the emergency fund, then the small high-interest debts the advice says to
 * clear from cash (issue 34: the cash that clears them is not offered again to invest), then the big spends of the
 * next five years; only what is left is available to invest.
 */
import type { Assumptions } from './assumptions';
import { rateOfCents, type Cents } from './money';

export interface NeedsInput {
  netAnnualCents: Cents;
  cashCents: Cents;
  bigSpendsCents: Cents;
  /** Regular savings as entered (0 when the answer is No). */
  savingsAmountCents: Cents;
  /** How often (an option value; '' when the answer is No). */
  savingsFrequency: string;
  /** Regular savings made monthly. */
  savingsMonthlyCents: Cents;
  /** Small high-interest debts to clear from cash before investing (0 when none). @default 0 */
  debtsToClearCents?: Cents;
}

/** The needs analysis. Amounts in cents. */
export interface Needs {
  emergencyFund: {
    /** How many months of take-home pay ("three months of your take-home pay"). */
    months: number;
    /** months × monthly net income (worked from the annual figure: net annual × 3 / 12); all the cash when there is no income. */
    targetCents: Cents;
    /** issue 15: no take-home pay, so all the cash is kept as the emergency fund and none of it is offered to invest. */
    allCash: boolean;
    /** Cash assets. */
    cashCents: Cents;
    /** max(0, target − cash). */
    shortfallCents: Cents;
  };
  surplus: {
    /**
     * The monthly surplus. The questionnaire asks no expenses, so this is the
     * regular savings made monthly; say so where it is shown.
     */
    monthlyCents: Cents;
    /** The regular savings as entered, and how often ('' when the user does not save regularly). */
    savingsAmountCents: Cents;
    savingsFrequency: string;
    /** The share set aside for unexpected expenses (0.3). */
    setAsideShare: number;
    setAsideMonthlyCents: Cents;
    /** surplus − set aside: what could be invested each month. */
    investableMonthlyCents: Cents;
  };
  bigSpends: {
    /** The window, in years (5). */
    years: number;
    totalCents: Cents;
    /** The part of the big spends met from cash left after the emergency fund. */
    fromCashCents: Cents;
    /** The part cash cannot meet; it is never taken from the investment. */
    notCoveredCents: Cents;
  };
  /** issue 34: the small high-interest debts the advice says to clear from cash, before the big spends. */
  debtsToClear: {
    totalCents: Cents;
    /** The part cleared from cash left after the emergency fund (never from the emergency fund). */
    fromCashCents: Cents;
    /** The part cash cannot clear; it is to be repaid from the regular savings. */
    notCoveredCents: Cents;
  };
  /** Cash above the emergency fund, the debts cleared and the big spends: max(0, cash − emergency fund − debts − big spends). */
  availableSavingsCents: Cents;
  /** Whether the upfront adviser fee is taken from the first deposit (journey-spec §9: no, it is invoiced). */
  upfrontFeeDeducted: boolean;
  /** The first deposit: available savings, less the upfront fee when it is deducted. */
  startingAmountCents: Cents;
}

export function needsAnalysis(input: NeedsInput, a: Assumptions): Needs {
  const months = a.needs.emergencyFundMonths;
  // issue 15: with no income, months of take-home pay come to nothing; the cash is what the household would live on
  const allCash = input.netAnnualCents <= 0;
  const targetCents = allCash ? input.cashCents : Math.round((input.netAnnualCents * months) / 12);
  const afterEmergency = Math.max(0, input.cashCents - targetCents);
  const debts = input.debtsToClearCents ?? 0;
  const debtsFromCash = Math.min(debts, afterEmergency);
  const afterDebts = afterEmergency - debtsFromCash;
  const fromCashCents = Math.min(input.bigSpendsCents, afterDebts);
  const availableSavingsCents = afterDebts - fromCashCents;
  const setAsideMonthlyCents = rateOfCents(input.savingsMonthlyCents, a.needs.setAsideShare);
  const deducted = a.fees.upfrontFeeDeducted;
  return {
    emergencyFund: {
      months,
      targetCents,
      allCash,
      cashCents: input.cashCents,
      shortfallCents: Math.max(0, targetCents - input.cashCents),
    },
    surplus: {
      monthlyCents: input.savingsMonthlyCents,
      savingsAmountCents: input.savingsAmountCents,
      savingsFrequency: input.savingsFrequency,
      setAsideShare: a.needs.setAsideShare,
      setAsideMonthlyCents,
      investableMonthlyCents: input.savingsMonthlyCents - setAsideMonthlyCents,
    },
    bigSpends: {
      years: a.needs.bigSpendsYears,
      totalCents: input.bigSpendsCents,
      fromCashCents,
      notCoveredCents: input.bigSpendsCents - fromCashCents,
    },
    debtsToClear: { totalCents: debts, fromCashCents: debtsFromCash, notCoveredCents: debts - debtsFromCash },
    availableSavingsCents,
    upfrontFeeDeducted: deducted,
    startingAmountCents: Math.max(0, availableSavingsCents - (deducted ? a.fees.upfrontAdviserFee * 100 : 0)),
  };
}
