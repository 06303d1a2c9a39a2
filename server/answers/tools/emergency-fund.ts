/** The emergency fund: three months of take-home pay (JOURNEY-ENGINE.md "Needs analysis"). */
import { NEEDS } from '../../../journey/engine/assumptions';
import { needsAnalysis } from '../../../journey/engine/needs';
import { incomeOf, annualCents, netIncomeSteps, salaryNet, YEAR_PARAM } from './take-home-pay';
import { defineTool, dollars, money, per } from './tool';
import { assumptionsOf, financialYearIn } from './year';

interface EmergencyFundArgs {
  /** The income, in dollars, at `frequency`. */
  income: number;
  /** How often the income comes; yearly when not given. */
  frequency?: string;
  /** The income is take-home pay already (after tax); before tax when not given. */
  takeHome?: boolean;
  /** Cash held now, in dollars, to compare with the fund. */
  cash?: number;
  /** The financial year whose tax rates to use ('2025-26'); the current year when not given. */
  year?: string;
}

/** A small count in words ("three"), as a sentence says it. */
function wordOf(n: number): string {
  return ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'][n] ?? String(n);
}

/** `emergency_fund`: three months of take-home pay, and the shortfall against the cash held. */
export const emergencyFundTool = defineTool<EmergencyFundArgs>({
  name: 'emergency_fund',
  description:
    'The emergency fund the advice keeps before investing: three months of take-home pay, worked out from an income ' +
    '(before tax unless takeHome is true), and the shortfall against the cash held when it is given.',
  params: {
    income: {
      kind: 'amount',
      description: 'The income, at the frequency given.',
      required: true,
      exclusiveMin: true,
      ask: 'your income and how often you get it (for example $85,000 a year before tax, or $5,000 a month take-home)',
    },
    frequency: {
      kind: 'frequency',
      description: 'How often the income is paid; yearly when not given.',
      required: false,
      ask: 'how often you get that income (a week, a fortnight, a month or a year)',
    },
    takeHome: {
      kind: 'boolean',
      description: 'True when the income is take-home pay (after tax); it is taken as before tax when not given.',
      required: false,
      ask: 'whether that income is before or after tax',
    },
    cash: {
      kind: 'amount',
      description: 'The cash held now (savings accounts), to compare with the fund; optional.',
      required: false,
      ask: 'how much cash you hold now (for example $5,000)',
    },
    year: YEAR_PARAM,
  },
  purpose: 'your emergency fund',
  rule: `The emergency fund the advice keeps before investing is ${wordOf(NEEDS.emergencyFundMonths)} months of your take-home pay.`,
  asksBack: 'first-person',
  matches: (q) => /\b(?:emergency|rainy[- ]day)\s+(?:fund|savings|buffer|money|cash|reserve)s?\b/i.test(q),
  fromQuestion(numbers, q, asOf) {
    const year = financialYearIn(q, asOf);
    const cashWords = /\b(?:have|got|saved|savings of|hold|holding|cash of)\b[^$\d]{0,20}$/;
    const cashAfter = /^\s*(?:in\s+(?:cash|savings|the bank|my account)|saved|of savings)\b/;
    const cash = numbers.amounts.find((a) => a.frequency === null && (cashWords.test(a.before) || cashAfter.test(a.after)));
    const income = incomeOf({ ...numbers, amounts: numbers.amounts.filter((a) => a !== cash) });
    const takeHome = /\b(?:take[- ]?home|after[- ]tax|net)\b/i.test(q) ? true : /\b(?:before[- ]tax|gross)\b/i.test(q) ? false : undefined;
    return {
      ...(income ? { income: income.dollars } : {}),
      ...(income?.frequency ? { frequency: income.frequency } : {}),
      ...(takeHome === undefined ? {} : { takeHome }),
      ...(cash ? { cash: cash.dollars } : {}),
      ...(year === null ? {} : { year }),
    };
  },
  run({ income, frequency = 'yearly', takeHome = false, cash, year }, { assumptions: inForce }) {
    const a = assumptionsOf(year, inForce);
    const annual = annualCents(income, frequency);
    const net = takeHome ? null : salaryNet(annual, true, a);
    const netAnnualCents = net ? net.netAnnualCents : annual;
    const cashCents = cash === undefined ? 0 : Math.round(cash * 100);
    const needs = needsAnalysis(
      { netAnnualCents, cashCents, bigSpendsCents: 0, savingsAmountCents: 0, savingsFrequency: '', savingsMonthlyCents: 0 },
      a,
    );
    const fund = needs.emergencyFund;
    const steps = net
      ? netIncomeSteps(income, frequency, net)
      : [`1. Take-home pay: ${dollars(income)} ${per(frequency)} = **${money(netAnnualCents)} a year**`];
    steps.push(
      `${steps.length + 1}. Emergency fund, ${fund.months} months of take-home pay: ${money(netAnnualCents)} × ${fund.months} ÷ 12 = **${money(fund.targetCents)}**`,
    );
    if (cash !== undefined) {
      steps.push(
        `${steps.length + 1}. Against your cash of ${money(cashCents)}: ${
          fund.shortfallCents > 0
            ? `a shortfall of ${money(fund.shortfallCents)}`
            : `no shortfall, with ${money(cashCents - fund.targetCents)} over`
        }`,
      );
    }
    if (net) steps.push('The tax is for an Australian resident, single, with private hospital cover and no other income.');
    const shortfall =
      cash !== undefined && fund.shortfallCents > 0
        ? `; with ${money(cashCents)} in cash, you are ${money(fund.shortfallCents)} short`
        : '';
    return {
      figure: `Your emergency fund would be **${money(fund.targetCents)}**: ${fund.months} months of your take-home pay${shortfall}.`,
      steps,
    };
  },
});
