/**
 * Parts the advice pages share (needs analysis, recommendation, recommended
 * products, the statement of advice), whether they show computed or sample
 * figures: the greeting, goal progress, a figures list, the cautionary notes
 * and the fee table.
 */
import type { AdviceResult } from '../engine';
import { yearsText } from '../engine/money';
import { formatDollars, formatPercent } from '../format';
import { SAMPLE } from '../constants';
import { centsToDollars } from '../use-advice';

const $ = (cents: number) => formatDollars(centsToDollars(cents));
const pct = (rate: number) => formatPercent(Math.round(rate * 1000) / 10);

type Recommended = Extract<AdviceResult, { status: 'recommended' }>;

/** The pages' greeting: by name only for the sample household (issue 15: 'Hi Alex' greeted every real user). */
/** issue 15: no product and no statement of advice while the plan does not reach the goal. */
export const OUT_OF_REACH =
  'Your goal is out of reach as it stands, so we do not recommend a product or prepare a statement of advice yet. The recommendation shows three ways to make it work: more time, a smaller goal or a larger first deposit (Adjust goals changes the goal).';

export function Greeting({ children, sample }: { children: string; sample?: boolean }) {
  return <p className="greeting">{sample ? `Hi ${SAMPLE.name}, ${children}` : children[0]!.toUpperCase() + children.slice(1)}</p>;
}

/** 'Invest $X now and $Y a month', leaving out a part that is $0 (issue 15: 'Invest $0 now'). */
export function investText(now: string, nowCents: number, monthly: string, monthlyCents: number): string {
  const parts = [nowCents > 0 && `${now} now`, monthlyCents > 0 && `${monthly} a month`].filter(Boolean);
  return `Invest ${parts.join(' and ') || '$0'}`;
}

/** 'a' or 'an' before a word (issue 15: 'in a aggressive portfolio'). */
export { article } from '../format';

/** The recommended fund for a risk profile: named by its mix, not 'Growth' for every one (issue 15). */
export const fundName = (label: string) => `${SAMPLE.product} – ${label}`;

/** How much of the goal is available today, as a progress bar with its figures. */
export function GoalProgress({ have, goal }: { have: number; goal: number }) {
  const progress = Math.min(100, Math.round((have / Math.max(1, goal)) * 100));
  return (
    <div className="meter">
      <div
        className="meter__bar"
        role="progressbar"
        aria-label="Goal progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${formatDollars(have)} of ${formatDollars(goal)}`}
      >
        <div className="meter__fill" style={{ width: `${progress}%` }} />
      </div>
      <p className="meter__label">
        {formatDollars(have)} of {formatDollars(goal)} ({progress}%) available today
      </p>
    </div>
  );
}

export function Figures({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="figures">
      {rows.map(([label, value]) => (
        <div key={label} className="figures__item">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The needs analysis's cautionary notes (journey-spec §2): life insurance, debt repayments, retirement planning, next steps. */
export function CautionaryNotes() {
  return (
    <>
      <h2>Things to consider</h2>
      <div className="notes">
        <section className="callout">
          <h3>Life insurance</h3>
          <p>
            If others depend on your income, check that your life, TPD and income protection cover would meet their needs. This advice does
            not review your insurance.
          </p>
        </section>
        <section className="callout">
          <h3>Debt repayments</h3>
          <p>
            Paying off high-interest debt, such as credit cards and personal loans, usually beats investing. Consider repaying those first.
          </p>
        </section>
        <section className="callout">
          <h3>Retirement planning</h3>
          <p>This advice does not cover super or retirement. Your super fund or a financial adviser can help you plan for retirement.</p>
        </section>
        <section className="callout">
          <h3>Next steps</h3>
          <p>Next we recommend an investment strategy for your goal, based on what you can invest and the investment style you chose.</p>
        </section>
      </div>
    </>
  );
}

/** The fees in dollars (ASIC: fees shown in dollars as well as percentages), the first year and the whole timeframe. */
export function FeeTable({ fees: f, years }: { fees: Recommended['plan']['fees']; years: number }) {
  const rows: [string, string, keyof Recommended['plan']['fees']['firstYear']][] = [
    ['Upfront adviser fee', f.upfrontInvoiced ? 'One-off, invoiced' : 'One-off', 'upfrontAdviserCents'],
    ['Administration fee', `${pct(f.administrationFeeRate)} yearly`, 'administrationCents'],
    ['Investment fee', `${pct(f.investmentFeeRate)} yearly`, 'investmentCents'],
    ['Total', '', 'totalCents'],
  ];
  return (
    <table className="fees">
      <caption className="sr-only">Fees and charges in dollars</caption>
      <thead>
        <tr>
          <th scope="col">Fee</th>
          <th scope="col">Rate</th>
          <th scope="col">First year</th>
          <th scope="col">Over {yearsText(years)}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, rate, key]) => (
          <tr key={key}>
            <th scope="row">{name}</th>
            <td>{rate}</td>
            <td>{$(f.firstYear[key])}</td>
            <td>{$(f.wholeTimeframe[key])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
