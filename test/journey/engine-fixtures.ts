/** Answer sets for the engine tests: a complete household, with any answer overridden. */
import type { Answers, BenefitRow, DebtRow } from '../../machines/journey-answers';
import { emptyAnswers } from '../../journey/questionnaire';
import type { MissingAnswer } from '../../journey/engine/inputs';
import { sayMissing } from '../../journey/messages-on-demand';

export interface Household {
  dateOfBirth?: string;
  relationshipStatus?: string;
  /** The employment status (an option value). @default 'employed' */
  employment?: string;
  goalType?: string;
  goalAmount?: string;
  goalYears?: string;
  income?: string;
  incomeFrequency?: string;
  /** Other income rows as [amount, frequency, source]. */
  additionalIncome?: [string, string, string?][];
  /** Benefit rows as [type, fortnightly amount]. */
  benefits?: [string, string][];
  /** Big spend amounts. */
  bigSpends?: string[];
  cash?: string;
  /** Regular savings; '' answers No. */
  savings?: string;
  savingsFrequency?: string;
  /** Debt rows as [type, value, interest rate as typed (default none), owner (default 'self')]. */
  debts?: [string, string, string?, string?][];
  privateHealth?: 'yes' | 'no' | '';
  riskStyle?: string;
  /** A couple's partner (issue 34): income as typed, its frequency (default annually), hospital cover (default yes), dependent children (default 0). */
  partner?: { income: string; frequency?: string; cover?: 'yes' | 'no'; children?: string };
}

/** A single 36-year-old on $90,000 with hospital cover, saving $1,000 a month, $20,000 cash, a 10-year Moderate goal of $50,000. */
export function household(h: Household = {}): Answers {
  let id = 1;
  const yesNo = <R>(rows: R[]) => ({ answer: rows.length > 0 ? ('yes' as const) : ('no' as const), rows });
  const benefits: BenefitRow[] = (h.benefits ?? []).map(([type, amount]) => ({ id: id++, type, amount }));
  const debts: DebtRow[] = (h.debts ?? []).map(([type, value, interestRate = '', owner = 'self']) => ({
    id: id++,
    type,
    value,
    owner,
    taxDeductible: 'no',
    interestRate,
    repaymentAmount: '',
    frequency: '',
  }));
  const savings = h.savings ?? '1000';
  return {
    ...emptyAnswers(),
    dateOfBirth: h.dateOfBirth ?? '15/06/1990',
    relationshipStatus: h.relationshipStatus ?? 'single',
    goal: { type: h.goalType ?? 'first-home', amount: h.goalAmount ?? '50000', years: h.goalYears ?? '10' },
    employmentStatus: h.employment ?? 'employed',
    income: { amount: h.income ?? '90000', frequency: h.incomeFrequency ?? 'annually' },
    additionalIncome: yesNo(
      (h.additionalIncome ?? []).map(([amount, frequency, source]) => ({ id: id++, source: source ?? 'dividends', amount, frequency })),
    ),
    benefits: yesNo(benefits),
    bigSpends: yesNo((h.bigSpends ?? []).map((amount) => ({ id: id++, amount }))),
    assets: h.cash === '' ? { answer: 'no', rows: [] } : { answer: 'yes', rows: [{ id: id++, type: 'cash', value: h.cash ?? '20000' }] },
    regularSavings:
      savings === ''
        ? { answer: 'no', amount: '', frequency: '' }
        : { answer: 'yes', amount: savings, frequency: h.savingsFrequency ?? 'monthly' },
    super: { balance: '50000', contributions: 'no' },
    debts: yesNo(debts),
    insurance: { life: '0', tpd: '0', trauma: '0', incomeProtection: '0' },
    privateHealth: h.privateHealth ?? 'yes',
    risk: { questionnaireOpened: false, style: h.riskStyle ?? 'moderate' },
    partner: h.partner
      ? {
          name: 'Sam',
          amount: h.partner.income,
          frequency: h.partner.frequency ?? 'annually',
          hospitalCover: h.partner.cover ?? 'yes',
          children: h.partner.children ?? '0',
        }
      : emptyAnswers().partner,
    nextRowId: id,
  };
}

/** A date in the 2025-26 financial year (the checked examples' year). */
export const FY2025_26 = new Date(2026, 2, 1);

/** Missing answers as the advice page says them: each one's answer (and row) with the catalogue's words for its code. */
export const worded = (missing: readonly MissingAnswer[]) =>
  missing.map((m) => ({ answer: m.answer, ...(m.rowId === undefined ? {} : { rowId: m.rowId }), message: sayMissing(m) }));
