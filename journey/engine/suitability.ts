/**
 * Suitability (JOURNEY-ENGINE.md "Suitability"; ASIC RG 255: a digital advice
 * tool should filter out clients it does not suit). Each rule that fails gives a
 * plain-English reason and what to do instead; any reason means no
 * recommendation is shown. Pure.
 */
import type { YesNo } from '../../machines/journey-answers';
import { RETIREMENT_WORDS } from '../messages';
import { DEBT_TYPES, labelOf } from '../options';
import type { Assumptions, RiskProfile } from './assumptions';
import { birthdayAt, dmyDate } from './dates';
import type { DebtOwed } from './inputs';
import { dollarsText, yearsText, type Cents } from './money';

/** The suitability rules, in the order they are checked. */
export type UnsuitableCode =
  | 'under-18'
  | 'retirement'
  | 'goal-too-soon'
  | 'goal-shorter-than-horizon'
  | 'no-income'
  | 'savings-over-income'
  | 'no-surplus'
  | 'high-interest-debt';

/** Why investing is not advised now. All text is ready to display. */
export interface UnsuitableReason {
  code: UnsuitableCode;
  /** A short heading. */
  title: string;
  /** Why, in plain English, with the user's own figures. */
  explanation: string;
  /** What to do instead. */
  instead: string;
}

export interface Suitability {
  /** True when no rule that could be checked failed (see `notChecked`). */
  suitable: boolean;
  reasons: UnsuitableReason[];
  /** Rules that could not be checked because an answer they need is missing. */
  notChecked: UnsuitableCode[];
}

/** The suitability of a set of answers, and whether the goal can be reached as it stands. */
export interface Assessment extends Suitability {
  /**
   * What can be invested each month reaches the goal (issue 15: no product and no statement of advice until it does;
   * the recommendation offers the three levers instead); null when an answer it needs is missing.
   */
  goalReachable: boolean | null;
}

export interface SuitabilityInput {
  /** Retired, or receiving the Age Pension (issue 15: retirement is out of scope); null when neither is answered yet. */
  retired: boolean | null;
  /** Income before tax from every source, a year (salary, other income, benefits); null when any is not known. */
  incomeAnnualCents: Cents | null;
  /** Take-home pay a month; null when it cannot be worked out. */
  netMonthlyCents: Cents | null;
  dateOfBirth: Date | null;
  age: number | null;
  goalYears: number | null;
  profile: RiskProfile | null;
  /** The monthly surplus (regular savings made monthly); null when it cannot be worked out. */
  surplusMonthlyCents: Cents | null;
  /** How the regular-savings question was answered: 'yes', 'no', or '' when it is not. */
  savingsAnswer: YesNo;
  /** The regular savings as entered (0 for No); null when the amount cannot be read. */
  savingsAmountCents: Cents | null;
  highInterestDebts: readonly DebtOwed[] | null;
}

/** The most growth-minded profile whose minimum horizon a goal `years` away meets, if any. */
export function profileForYears(years: number, profiles: readonly RiskProfile[]): RiskProfile | undefined {
  return [...profiles].reverse().find((p) => p.minHorizonYears <= years);
}

const SAVINGS_ACCOUNT = 'a high-interest savings account or a term deposit, where its value will not fall';

/** "You told us you save $X a month, more than your take-home pay of $Y a month." (or: "but no income"). */
const savingsOverIncome = (savedMonthly: Cents, netMonthly: Cents) =>
  netMonthly <= 0
    ? `You told us you save ${dollarsText(savedMonthly)} a month, but have no income.`
    : `You told us you save ${dollarsText(savedMonthly)} a month, more than your take-home pay of ${dollarsText(netMonthly)} a month.`;

/**
 * Why there is no surplus, in the user's own terms. Only reached with a known
 * surplus of 0: an unreadable savings amount leaves the rule unchecked (the
 * amount is listed as missing instead), since it does not show there is nothing
 * left over.
 */
function noSurplusBecause(x: SuitabilityInput): string {
  if (x.savingsAnswer === 'no') return 'you told us you do not save regularly';
  if (x.savingsAmountCents === 0) return 'you told us you save $0';
  // A positive amount that comes to less than half a cent a month (1 cent a year, say).
  return 'what you told us you save comes to less than a cent a month';
}

/** A rate a year as a percentage: 0.1999 -> "19.99%". */
const percent = (rate: number) => `${Number((rate * 100).toFixed(2))}%`;

/**
 * One high-interest debt in the user's own terms, aware of whose it is (issue 15): "You owe $5,000 on your credit
 * card at 19.99% a year", "Your partner owes $3,000 on their personal loan", "You and your partner owe … on a joint car loan".
 */
function debtLine(d: DebtOwed): string {
  const kind = labelOf(DEBT_TYPES, d.type).toLowerCase();
  const [who, whose] =
    d.owner === 'partner'
      ? ['Your partner owes', 'their']
      : d.owner === 'joint'
        ? ['You and your partner owe', 'a joint']
        : ['You owe', 'your'];
  const amount = d.valueCents === null ? 'money (we could not read the amount)' : dollarsText(d.valueCents);
  return `${who} ${amount} on ${whose} ${kind}${d.rate === null ? '' : ` at ${percent(d.rate)} a year`}.`;
}

/** The high-interest balances owed in all, in cents; null when an amount cannot be read. */
export function highInterestOwedCents(debts: readonly DebtOwed[]): Cents | null {
  return debts.some((d) => d.valueCents === null) ? null : debts.reduce((sum, d) => sum + (d.valueCents ?? 0), 0);
}

/** Whether the high-interest debts stop the advice: any amount that cannot be read, or more than the small-balance allowance in all. */
export function debtsStopAdvice(debts: readonly DebtOwed[], a: Assumptions): boolean {
  const owed = highInterestOwedCents(debts);
  return owed === null || owed > a.suitability.smallDebtDollars * 100;
}

export function checkSuitability(x: SuitabilityInput, a: Assumptions): Suitability {
  const reasons: UnsuitableReason[] = [];
  const notChecked: UnsuitableCode[] = [];
  const s = a.suitability;

  if (x.age === null || x.dateOfBirth === null) notChecked.push('under-18');
  else if (x.age < s.minAge) {
    reasons.push({
      code: 'under-18',
      title: `This advice is for people aged ${s.minAge} or over`,
      explanation: `You are ${x.age}. We can only give this advice to people aged ${s.minAge} or over.`,
      instead:
        `Come back when you turn ${s.minAge}, on ${dmyDate(birthdayAt(x.dateOfBirth, s.minAge))}. ` +
        `Until then, a bank savings account is a safe place to build your savings, and Moneysmart (moneysmart.gov.au) has tips to get started.`,
    });
  }

  if (x.retired === null) notChecked.push('retirement');
  else if (x.retired) {
    // issue 15: the eligibility page excludes retirement; a retiree would otherwise be planned like a saver
    reasons.push({
      code: 'retirement',
      ...RETIREMENT_WORDS,
    });
  }

  if (x.goalYears === null) notChecked.push('goal-too-soon', 'goal-shorter-than-horizon');
  else if (x.goalYears < s.minGoalYears) {
    reasons.push({
      code: 'goal-too-soon',
      title: 'Your goal is less than a year away',
      explanation:
        'Investments can fall in value, and in less than a year there may be no time for them to recover before you need the money. ' +
        `This advice is for goals at least ${yearsText(s.minGoalYears)} away.`,
      instead: `Keep the money for this goal in ${SAVINGS_ACCOUNT}.`,
    });
  } else if (x.profile === null) notChecked.push('goal-shorter-than-horizon');
  else if (x.goalYears < x.profile.minHorizonYears) {
    const p = x.profile;
    const suited = profileForYears(x.goalYears, a.riskProfiles);
    reasons.push({
      code: 'goal-shorter-than-horizon',
      title: `${p.label} suits goals at least ${yearsText(p.minHorizonYears)} away`,
      explanation:
        `Your goal is ${yearsText(x.goalYears)} away. ${p.label} puts about ${Math.round(p.growth * 100)}% in growth assets such as shares, ` +
        `whose value can fall sharply and take years to recover, so it suits goals at least ${yearsText(p.minHorizonYears)} away.`,
      instead: suited
        ? `Choose ${suited.label} or a more cautious style, which suits a goal ${yearsText(x.goalYears)} away, or give your goal at least ${yearsText(p.minHorizonYears)}.`
        : `No investment style suits a goal this close. Keep the money in ${SAVINGS_ACCOUNT}, or give your goal at least ${yearsText(p.minHorizonYears)}.`,
    });
  }

  if (x.incomeAnnualCents === null) notChecked.push('no-income');
  else if (x.incomeAnnualCents <= 0) {
    // issue 15: without income the cash is what the household lives on; investing waits
    reasons.push({
      code: 'no-income',
      title: 'You have no income at the moment',
      explanation:
        'You told us you have no income from work, other sources or benefits. Without an income, your cash is what you would live on, ' +
        'and an investment can be worth less than you put in just when you need the money.',
      instead: `Keep your cash as your emergency fund, in ${SAVINGS_ACCOUNT}, and come back when you have a regular income.`,
    });
  }

  if (x.netMonthlyCents === null || x.surplusMonthlyCents === null) notChecked.push('savings-over-income');
  else if (x.surplusMonthlyCents > Math.max(0, x.netMonthlyCents)) {
    // issue 15: checked on the regular savings screen too (journey/rules.ts), as soon as the check has loaded
    reasons.push({
      code: 'savings-over-income',
      title: 'You save more than you earn',
      explanation: `${savingsOverIncome(x.surplusMonthlyCents, x.netMonthlyCents)} We can only plan with what you can save.`,
      instead: 'Check the amount you save and how often (Regular savings), and your income, then come back.',
    });
  }

  if (x.surplusMonthlyCents === null) notChecked.push('no-surplus');
  else if (x.surplusMonthlyCents <= 0) {
    reasons.push({
      code: 'no-surplus',
      title: 'You have nothing left over each month to invest',
      explanation:
        `We work out what you could invest from what you save regularly, and ${noSurplusBecause(x)}, ` +
        'so there is nothing to invest each month.',
      instead:
        'Start with a budget to find money you can save each month (Moneysmart’s budget planner can help), ' +
        'build a saving habit, then come back.',
    });
  }

  if (x.highInterestDebts === null) notChecked.push('high-interest-debt');
  else if (x.highInterestDebts.length > 0 && debtsStopAdvice(x.highInterestDebts, a)) {
    const debts = x.highInterestDebts;
    reasons.push({
      code: 'high-interest-debt',
      title: 'Pay off your high-interest debt first',
      explanation:
        `${debts.map(debtLine).join(' ')} Interest of ${percent(s.highInterestRate)} a year or more is far more than an investment can be expected to earn, ` +
        `so paying ${debts.length === 1 ? 'it' : 'these'} off first leaves you better off.`,
      instead:
        'Put what you save towards these debts, starting with the highest interest rate, then come back. ' +
        'If repayments are hard, the National Debt Helpline (1800 007 007) gives free, confidential help.',
    });
  }

  return { suitable: reasons.length === 0, reasons, notChecked };
}
