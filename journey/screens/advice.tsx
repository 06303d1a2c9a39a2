/**
 * Review, needs analysis, recommendation and recommended products (journey-spec §2).
 * The figures are the sample of journey-spec §9 until the advice engine computes them.
 */
import { Fragment } from 'react';
import { labelOf, RISK_STYLES } from '../options';
import { useJourney, useJourneySend } from '../actor-context';
import { Collapsible } from '../components/collapsible';
import { ProjectionChart } from '../components/projection-chart';
import { SAMPLE, SAMPLE_ANSWERS, SAMPLE_PROJECTION } from '../sample';
import { formatDollars, formatPercent } from '../format';
import { reviewSections } from '../review';
import type { ComponentType } from 'react';
import { NeedsAnalysis, Recommendation, RecommendedProducts } from './advice-computed';
import { StatementOfAdvice } from './statement';

const riskLabel = labelOf(RISK_STYLES, SAMPLE.riskStyle);

export function Greeting({ children }: { children: string }) {
  return (
    <p className="greeting">
      Hi {SAMPLE.name}, {children}
    </p>
  );
}

function EditIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M13.6 2.6a2 2 0 0 1 2.8 2.8l-9.5 9.5-3.9 1.1 1.1-3.9z" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

function ReviewDetails() {
  const answers = useJourney((s) => s.context.answers);
  const send = useJourneySend();
  const sections = reviewSections(answers, SAMPLE_ANSWERS);
  const anyExample = sections.some((s) => s.rows.some((r) => r.example));
  return (
    <div className="stack">
      <Greeting>please check your details before we work out your needs.</Greeting>
      {anyExample && (
        <p className="note">
          Values marked <span className="badge">Example</span> are sample values standing in for questions you have not answered.
        </p>
      )}
      {sections.map((section) => (
        <section key={section.step} className="review-section" aria-labelledby={`review-${section.step}`}>
          <div className="review-section__header">
            <h2 id={`review-${section.step}`}>{section.title}</h2>
            <button
              type="button"
              className="icon-button"
              aria-label={`Edit ${section.title}`}
              title={`Edit ${section.title}`}
              onClick={() => send({ type: 'JOURNEY.EDIT_SECTION', step: section.step })}
            >
              <EditIcon />
            </button>
          </div>
          <dl className="review-list">
            {section.rows.map((r) => (
              <Fragment key={r.label}>
                <dt>{r.label}</dt>
                <dd>
                  <span className="review-list__value">{r.value}</span>
                  {r.example && <span className="badge">Example</span>}
                </dd>
              </Fragment>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

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
          <p>If others depend on your income, check that your life, TPD and income protection cover would meet their needs. This advice does not review your insurance.</p>
        </section>
        <section className="callout">
          <h3>Debt repayments</h3>
          <p>Paying off high-interest debt, such as credit cards and personal loans, usually beats investing. Consider repaying those first.</p>
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

export function SampleNeedsAnalysis() {
  return (
    <div className="stack">
      <Greeting>here is what your finances tell us.</Greeting>
      <Figures
        rows={[
          ['Emergency fund (three months of your take-home pay)', formatDollars(SAMPLE.emergencyFund)],
          ['Available savings to invest now', formatDollars(SAMPLE.availableSavings)],
          ['Monthly surplus', `${formatDollars(SAMPLE.surplusMonthly)} a month`],
          [`${SAMPLE.setAsideShare * 100}% set aside for unexpected expenses`, `${formatDollars(SAMPLE.setAsideMonthly)} a month`],
          ['Left over each month', `${formatDollars(SAMPLE.leftOverMonthly)} a month`],
        ]}
      />
      <CautionaryNotes />
    </div>
  );
}

const chartSummary = `Investing ${formatDollars(SAMPLE.availableSavings)} now and ${formatDollars(SAMPLE.regularInvestmentMonthly)} a month, your investment is projected to reach your goal of ${formatDollars(SAMPLE.goalAmount)} by ${SAMPLE.chart.toYear}.`;

export function SampleChart() {
  return (
    <ProjectionChart
      points={SAMPLE_PROJECTION}
      goal={SAMPLE.goalAmount}
      axisMax={SAMPLE.chart.axisMax}
      axisSteps={SAMPLE.chart.axisSteps}
      summary={chartSummary}
    />
  );
}

export function SampleRecommendation() {
  const send = useJourneySend();
  return (
    <div className="stack">
      <Greeting>here is the strategy we recommend.</Greeting>
      <section className="panel" aria-labelledby="goal-progress">
        <div className="panel__header">
          <h2 id="goal-progress">Your goal</h2>
          <button type="button" className="button button--secondary" onClick={() => send({ type: 'JOURNEY.ADJUST_GOALS' })}>
            Adjust goals
          </button>
        </div>
        <p>
          {formatDollars(SAMPLE.goalAmount)} in {SAMPLE.goalYears} years
        </p>
        <GoalProgress have={SAMPLE.availableSavings} goal={SAMPLE.goalAmount} />
      </section>
      <section className="panel" aria-labelledby="proposed-advice">
        <h2 id="proposed-advice">Proposed advice</h2>
        <p className="big-figure">
          Invest {formatDollars(SAMPLE.availableSavings)} now and {formatDollars(SAMPLE.regularInvestmentMonthly)} a month
        </p>
        <p>
          in a {riskLabel.toLowerCase()} portfolio, the investment style you chose, to reach {formatDollars(SAMPLE.goalAmount)} in {SAMPLE.goalYears} years.
        </p>
      </section>
      <Collapsible title="How we worked this out">
        <Figures
          rows={[
            ['Goal', `${formatDollars(SAMPLE.goalAmount)} in ${SAMPLE.goalYears} years`],
            ['Available savings', formatDollars(SAMPLE.availableSavings)],
            ['Emergency fund kept aside', formatDollars(SAMPLE.emergencyFund)],
            ['Left over each month after 30% set aside', `${formatDollars(SAMPLE.leftOverMonthly)} a month`],
            ['Regular investment needed', `${formatDollars(SAMPLE.regularInvestmentMonthly)} a month`],
          ]}
        />
      </Collapsible>
      <Collapsible title="Investment funds projection">
        <SampleChart />
      </Collapsible>
      <p className="disclaimer">
        This is general information based on sample figures and assumptions about future returns, which are not guaranteed. The value of
        investments can go down as well as up. Consider the product disclosure statement before you decide.
      </p>
    </div>
  );
}

export function SampleRecommendedProducts() {
  return (
    <div className="stack">
      <Greeting>this is the product we recommend for your goal.</Greeting>
      <section className="panel" aria-labelledby="product-name">
        <h2 id="product-name">{SAMPLE.product}</h2>
        <p>
          A diversified, low-cost index portfolio matching your {riskLabel.toLowerCase()} investment style.
        </p>
        <h3>Why we recommend it</h3>
        <ul className="checklist">
          <li>It matches the investment style you chose.</li>
          <li>Its fees are low: {formatPercent(SAMPLE.investmentFeePct)} a year, with no administration fee.</li>
          <li>You can start with {formatDollars(SAMPLE.availableSavings)} and add {formatDollars(SAMPLE.regularInvestmentMonthly)} a month.</li>
          <li>You can withdraw your money when you reach your goal.</li>
        </ul>
        <div className="button-row">
          <button type="button" className="button button--secondary" aria-describedby="documents-note">
            Statement of advice
          </button>
          <button type="button" className="button button--secondary" aria-describedby="documents-note">
            Product disclosure statement
          </button>
        </div>
        <p id="documents-note" className="note">
          Your statement of advice and the product disclosure statement will be available here once your advice is finalised.
        </p>
      </section>
      <Collapsible title="Fees and charges">
        <table className="fees">
          <caption className="sr-only">Fees and charges</caption>
          <thead>
            <tr>
              <th scope="col">Fee</th>
              <th scope="col">Rate</th>
              <th scope="col">In dollars</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Upfront adviser fee</th>
              <td>One-off, invoiced</td>
              <td>{formatDollars(SAMPLE.upfrontAdviserFee)}</td>
            </tr>
            <tr>
              <th scope="row">Administration fee</th>
              <td>{formatPercent(SAMPLE.administrationFeePct)} yearly</td>
              <td>{formatDollars(0)}</td>
            </tr>
            <tr>
              <th scope="row">Investment fee</th>
              <td>{formatPercent(SAMPLE.investmentFeePct)} yearly</td>
              <td>{formatDollars(SAMPLE.investmentFeeYearly)} yearly</td>
            </tr>
          </tbody>
        </table>
      </Collapsible>
      <Collapsible title="Projection">
        <SampleChart />
      </Collapsible>
    </div>
  );
}

export const BODIES = {
  reviewDetails: ReviewDetails,
  needsAnalysis: NeedsAnalysis,
  recommendation: Recommendation,
  recommendedProducts: RecommendedProducts,
  statementOfAdvice: StatementOfAdvice,
} satisfies Record<string, ComponentType>;
