/** The fees in dollars on an amount invested (JOURNEY-ENGINE.md "Fees": dollars as well as percentages). */
import { rateOfCents } from '../../../journey/engine/money';
import type { Amount } from './numbers';
import { defineTool, dollars, money, percent, yearsWords } from './tool';

interface FeesArgs {
  /** The balance, in dollars. */
  amount: number;
  /** Whole years the balance is held; one when not given. */
  years?: number;
}

/** The amount a question names as its balance: the first without a frequency ("$500 a month" is a deposit, not a balance). */
function balanceOf(amounts: readonly Amount[]): Amount | undefined {
  return amounts.find((a) => a.frequency === null);
}

/** `fees_on_amount`: the yearly fees in dollars and cents on a balance, fee by fee, and over whole years. */
export const feesTool = defineTool<FeesArgs>({
  name: 'fees_on_amount',
  description:
    'The yearly fees, in dollars and cents, on an amount invested, fee by fee (investment and administration fees), ' +
    'and over several years when asked; also names the one-off upfront adviser fee. Call it for any question about ' +
    'the fees or costs on a given amount.',
  params: {
    amount: {
      kind: 'amount',
      description: 'The balance invested.',
      required: true,
      exclusiveMin: true,
      ask: 'the amount invested (for example $20,000)',
    },
    years: {
      kind: 'years',
      integer: true,
      description: 'How many whole years the balance is held; 1 when not given.',
      required: false,
      ask: 'the number of whole years (for example 5 years)',
    },
  },
  purpose: 'the fees',
  asksBack: 'never',
  // the fees on a balance; not a fee on a transaction ("Is there a fee to withdraw $5,000?"), which the site's pages answer
  matches: (q) =>
    /\b(?:fees?|costs?|charges?|charged)\b/i.test(q) && !/\b(?:withdraw|exit|switch|contribut|leav|transfer|clos|cancel)\w*/i.test(q),
  fromQuestion(numbers) {
    const balance = balanceOf(numbers.amounts);
    return {
      ...(balance ? { amount: balance.dollars } : {}),
      ...(numbers.years !== null ? { years: numbers.years } : {}),
    };
  },
  run({ amount, years = 1 }, { assumptions: a }) {
    const balance = Math.round(amount * 100);
    const f = a.fees;
    // a balance held all year pays the yearly rate of it (the fee is worked daily and taken monthly)
    const investment = rateOfCents(balance, f.investmentFeeRate);
    const administration = rateOfCents(balance, f.administrationFeeRate);
    const yearly = investment + administration;
    const adviser = f.upfrontAdviserFee * 100;
    const figure =
      years === 1
        ? `On a balance of ${dollars(amount)}, the fees come to **${money(yearly)} a year**.`
        : `On a balance of ${dollars(amount)} held for ${yearsWords(years)}, the fees come to **${money(yearly * years)}** (${money(yearly)} a year).`;
    const steps = [
      `1. Investment fee: ${percent(f.investmentFeeRate)} a year × ${money(balance)} = ${money(investment)} a year`,
      `2. Administration fee: ${percent(f.administrationFeeRate)} a year × ${money(balance)} = ${money(administration)} a year`,
      `3. Fees a year: ${money(investment)} + ${money(administration)} = ${money(yearly)}`,
    ];
    if (years !== 1) steps.push(`4. Over ${yearsWords(years)}: ${years} × ${money(yearly)} = ${money(yearly * years)}`);
    steps.push(
      `The fees are worked out on your balance as it changes, so they grow as it grows. The upfront adviser fee of ${money(adviser)} is charged once, ${
        f.upfrontFeeDeducted ? 'taken from your first deposit' : 'invoiced to you, not taken from your investment'
      }.`,
    );
    return { figure, steps };
  },
});
