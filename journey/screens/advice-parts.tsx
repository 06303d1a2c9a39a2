/**
 * Parts the advice pages share (needs analysis, recommendation, recommended
 * products, the statement of advice), whether they show computed or sample
 * figures: the greeting, goal progress, a figures list, the cautionary notes
 * and the fee table.
 */
import type { AdviceResult } from '../engine';
import { formatDollars, formatPercent } from '../format';
import { SAMPLE } from '../constants';
import { centsToDollars } from '../use-advice';
import { ADVICE_WORDS } from '../messages-on-demand';

const M = ADVICE_WORDS.parts;

const $ = (cents: number) => formatDollars(centsToDollars(cents));
const pct = (rate: number) => formatPercent(Math.round(rate * 1000) / 10);

type Recommended = Extract<AdviceResult, { status: 'recommended' }>;

/** The pages' greeting: by name only for the sample household (issue 15: 'Hi Alex' greeted every real user). */
/** issue 15: no product and no statement of advice while the plan does not reach the goal. */
export const OUT_OF_REACH = M.yourGoalIsOut;

/** A label (a relationship status, a debt, an investment style) as it reads inside a sentence in the locale. */
export const inSentence = (label: string): string => M.inSentence(label);

export function Greeting({ children, sample }: { children: string; sample?: boolean }) {
  return <p className="greeting">{sample ? M.hi(SAMPLE.name, children) : M.sentenceStart(children)}</p>;
}

/** 'Invest $X now and $Y a month', leaving out a part that is $0 (issue 15: 'Invest $0 now'). */
export function investText(now: string, nowCents: number, monthly: string, monthlyCents: number): string {
  if (nowCents > 0) return monthlyCents > 0 ? M.investNowAndMonthly(now, monthly) : M.investNow(now);
  return monthlyCents > 0 ? M.investMonthly(monthly) : M.invest(formatDollars(0));
}

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
        aria-label={M.goalProgress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={M.of(formatDollars(have), formatDollars(goal))}
      >
        <div className="meter__fill" style={{ width: `${progress}%` }} />
      </div>
      <p className="meter__label">{M.available(formatDollars(have), formatDollars(goal), progress)}</p>
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
      <h2>{M.thingsToConsider}</h2>
      <div className="notes">
        <section className="callout">
          <h3>{M.lifeInsurance}</h3>
          <p>{M.ifOthersDependOn}</p>
        </section>
        <section className="callout">
          <h3>{M.debtRepayments}</h3>
          <p>{M.payingOffHighInterest}</p>
        </section>
        <section className="callout">
          <h3>{M.retirementPlanning}</h3>
          <p>{M.thisAdviceDoesNot}</p>
        </section>
        <section className="callout">
          <h3>{M.nextSteps}</h3>
          <p>{M.nextWeRecommendAn}</p>
        </section>
      </div>
    </>
  );
}

/** The fees in dollars (ASIC: fees shown in dollars as well as percentages), the first year and the whole timeframe. */
export function FeeTable({ fees: f, years }: { fees: Recommended['plan']['fees']; years: number }) {
  const rows: [string, string, keyof Recommended['plan']['fees']['firstYear']][] = [
    [M.upfrontAdviserFee, f.upfrontInvoiced ? M.oneOffInvoiced : M.oneOff, 'upfrontAdviserCents'],
    [M.administrationFee, M.rateYearly(pct(f.administrationFeeRate)), 'administrationCents'],
    [M.investmentFee, M.rateYearly(pct(f.investmentFeeRate)), 'investmentCents'],
    [M.total, '', 'totalCents'],
  ];
  return (
    <table className="fees">
      <caption className="sr-only">{M.feesAndChargesIn}</caption>
      <thead>
        <tr>
          <th scope="col">{M.fee}</th>
          <th scope="col">{M.rate}</th>
          <th scope="col">{M.firstYear}</th>
          <th scope="col">{M.overYears(years)}</th>
        </tr>
      </thead>
      <tbody>
        {/* each figure names its column too (data-label), for the stacked layout of a phone's width (journey.css) */}
        {rows.map(([name, rate, key]) => (
          <tr key={key}>
            <th scope="row">{name}</th>
            <td data-label={M.rate}>{rate}</td>
            <td data-label={M.firstYear}>{$(f.firstYear[key])}</td>
            <td data-label={M.overYears(years)}>{$(f.wholeTimeframe[key])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
