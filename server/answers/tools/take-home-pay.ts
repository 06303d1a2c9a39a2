/** Take-home pay from an income before tax (JOURNEY-ENGINE.md "Income and tax"). */
import type { Assumptions } from '../../../journey/engine/assumptions';
import { netIncome, type NetIncome } from '../../../journey/engine/tax';
import { perYear, type Amount, type Frequency, type Numbers } from './numbers';
import { defineTool, dollars, money, per, percent, type ParamSpec, type ToolAnswer } from './tool';
import { assumptionsOf, financialYearIn } from './year';

interface TakeHomeArgs {
  /** The income before tax, in dollars, at `frequency`. */
  income: number;
  /** How often the income comes; yearly when not given. */
  frequency?: string;
  /** The frequency to lead the answer with; the income's when not given. */
  per?: string;
  /** Whether the earner holds private hospital cover; without it the Medicare levy surcharge applies. */
  privateHospitalCover?: boolean;
  /** The financial year whose tax rates to use ('2025-26'); the current year when not given. */
  year?: string;
}

/** The amount a question gives as its income: the one beside earn/salary/income, else the first. */
export function incomeOf(numbers: Numbers): Amount | undefined {
  const beside = /\b(?:earn|earning|earns|make|making|salary|income|paid|pay|wage|wages|gross|on|of)\b[^$\d]{0,25}$/;
  return numbers.amounts.find((a) => beside.test(a.before)) ?? numbers.amounts[0];
}

/** The income made annual, in cents. */
export function annualCents(income: number, frequency: string): number {
  return Math.round(income * 100 * perYear((frequency === 'annually' ? 'yearly' : frequency) as Frequency));
}

/** Take-home income for a salary alone (no other income, no benefits), at the tax rates of `a`. */
export function salaryNet(incomeAnnualCents: number, privateHospitalCover: boolean, a: Assumptions): NetIncome {
  return netIncome(
    { salaryAnnualCents: incomeAnnualCents, additionalIncomeAnnualCents: 0, benefits: [], privateHospitalCover, age: null },
    a,
  );
}

/** How the income was made annual, and tax, offset, levies and take-home pay, as numbered lines. */
export function netIncomeSteps(income: number, frequency: string, n: NetIncome): string[] {
  const times = frequency === 'yearly' || frequency === 'annually' ? '' : ` × ${perYear(frequency as Frequency)}`;
  const lines = [
    `Income before tax: ${dollars(income)} ${per(frequency)}${times} = ${money(n.assessableIncomeCents)} a year`,
    `Income tax at the ${n.taxTableYear} resident tax rates: ${money(n.bracketTaxCents)}`,
  ];
  if (n.litoCents > 0) lines.push(`Low income tax offset: −${money(n.litoCents)}`);
  lines.push(`Medicare levy: ${money(n.medicareLevyCents)}`);
  if (n.medicareLevySurchargeCents > 0) {
    lines.push(`Medicare levy surcharge (${percent(n.surchargeRate)}, no private hospital cover): ${money(n.medicareLevySurchargeCents)}`);
  }
  const taken = [n.incomeTaxCents, n.medicareLevyCents, ...(n.medicareLevySurchargeCents > 0 ? [n.medicareLevySurchargeCents] : [])];
  lines.push(
    `Take-home pay: ${money(n.assessableIncomeCents)}${taken.map((t) => ` − ${money(t)}`).join('')} = **${money(n.netAnnualCents)} a year**`,
  );
  return lines.map((line, i) => `${i + 1}. ${line}`);
}

/** The parameter of the tools that work with a year's tax rates. */
export const YEAR_PARAM = {
  kind: 'financialYear',
  description: 'The financial year whose tax rates to use, when the visitor names one; the current year when not given.',
  required: false,
  ask: 'the financial year, written like 2025-26',
} as const satisfies ParamSpec;

/** The frequencies take-home pay is shown at. */
const SHOWN: readonly Frequency[] = ['weekly', 'fortnightly', 'monthly', 'yearly'];

/** Take-home pay at a frequency: the year's divided by the payments a year, to the cent. */
const netAt = (netAnnualCents: number, f: Frequency) => Math.round(netAnnualCents / perYear(f));

/** `take_home_pay`: take-home pay from an income before tax, a week, a fortnight, a month and a year. */
export const takeHomePayTool = defineTool<TakeHomeArgs>({
  name: 'take_home_pay',
  description:
    'Take-home (net) pay after income tax, the low income tax offset and the Medicare levy, for an Australian resident ' +
    'with a salary alone, at the tax rates of the financial year asked about (the current one when none is named); a week, ' +
    'a fortnight, a month and a year.',
  params: {
    income: {
      kind: 'amount',
      description: 'The income before tax, at the frequency given.',
      required: true,
      exclusiveMin: true,
      ask: 'your income before tax and how often you get it (for example $85,000 a year or $3,000 a fortnight)',
    },
    frequency: {
      kind: 'frequency',
      description: 'How often the income is paid; yearly when not given.',
      required: false,
      ask: 'how often you get that income (a week, a fortnight, a month or a year)',
    },
    per: {
      kind: 'frequency',
      description: 'The frequency of take-home pay asked about; that of the income when not given.',
      required: false,
      ask: 'whether you want the take-home pay a week, a fortnight, a month or a year',
    },
    privateHospitalCover: {
      kind: 'boolean',
      description:
        'Whether the earner has private hospital cover. When not given, the answer assumes cover and says what the surcharge would be without it.',
      required: false,
      ask: 'whether you have private hospital cover',
    },
    year: YEAR_PARAM,
  },
  purpose: 'your take-home pay',
  asksBack: 'first-person',
  matches: (q) =>
    /\b(?:take[- ]?home|net (?:pay|income|salary|wage)|after[- ]tax|income tax|in (?:my|the|your) (?:hand|pocket)|pay ?(?:check|cheque|packet)|how much tax|what tax|tax (?:will|would|do|should) (?:i|you))\b/i.test(
      q,
    ) && !/\bemergency\b/i.test(q),
  fromQuestion(numbers, q, asOf) {
    const income = incomeOf(numbers);
    const year = financialYearIn(q, asOf);
    const cover =
      /\b(?:without|no|don't have|do not have|haven't got)\s+(?:any\s+)?(?:private\s+)?(?:hospital|health)\s+(?:cover|insurance)/i.test(q)
        ? false
        : /\bwith\s+(?:private\s+)?(?:hospital|health)\s+(?:cover|insurance)/i.test(q)
          ? true
          : undefined;
    return {
      ...(income ? { income: income.dollars } : {}),
      ...(income?.frequency ? { frequency: income.frequency } : {}),
      ...(numbers.frequency ? { per: numbers.frequency } : {}),
      ...(cover === undefined ? {} : { privateHospitalCover: cover }),
      ...(year === null ? {} : { year }),
    };
  },
  run({ income, frequency = 'yearly', per: asked, privateHospitalCover, year }, { assumptions: inForce }): ToolAnswer {
    const a = assumptionsOf(year, inForce);
    const annual = annualCents(income, frequency);
    const n = salaryNet(annual, privateHospitalCover ?? true, a);
    const lead = ((asked ?? frequency) === 'annually' ? 'yearly' : (asked ?? frequency)) as Frequency;
    const others = SHOWN.filter((f) => f !== lead).map((f) => `${money(netAt(n.netAnnualCents, f))} ${per(f)}`);
    const paid = money(n.incomeTaxCents + n.medicareLevyCents + n.medicareLevySurchargeCents);
    const figure = `On ${dollars(income)} ${per(frequency)} before tax, you pay ${paid} a year in income tax and Medicare levy, and your take-home pay is **${money(netAt(n.netAnnualCents, lead))} ${per(lead)}** (${others.join(', ')}).`;
    const steps = netIncomeSteps(income, frequency, n);
    const split = SHOWN.filter((f) => f !== 'yearly').map((f) => `${money(netAt(n.netAnnualCents, f))} ${per(f)}`);
    steps.push(`${steps.length + 1}. A year ÷ 52, 26 and 12: ${split.join(', ')}`);
    const notes = ['This is for an Australian resident for tax, single, with no deductions, no other income and no HELP debt.'];
    if (privateHospitalCover === undefined) {
      const without = salaryNet(annual, false, a);
      notes.push(
        without.medicareLevySurchargeCents > 0
          ? `It assumes private hospital cover: without it, the Medicare levy surcharge of ${percent(without.surchargeRate)} (${money(without.medicareLevySurchargeCents)}) would leave ${money(without.netAnnualCents)} a year.`
          : 'At this income the Medicare levy surcharge does not apply, with or without private hospital cover.',
      );
    }
    if (a.financialYear < n.taxTableYear) notes.push(`The ${n.taxTableYear} tax rates are the earliest held, used for ${a.financialYear}.`);
    return { figure, steps: [...steps, notes.join(' ')] };
  },
});
