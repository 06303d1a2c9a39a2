/**
 * The advice pages with the spec's sample figures (journey-spec §9), shown
 * when there are no answers to compute from (a deep link), marked as examples.
 */
import { labelOf, RISK_STYLES } from '../options';
import { useJourneySend } from '../actor-context';
import { Collapsible } from '../components/collapsible';
import { ProjectionChart } from '../components/projection-chart';
import { SAMPLE, SAMPLE_PROJECTION } from '../constants';
import { formatDollars, formatPercent } from '../format';
import { CautionaryNotes, Figures, GoalProgress, Greeting, article } from './advice-parts';

const riskLabel = labelOf(RISK_STYLES, SAMPLE.riskStyle);

export function SampleNeedsAnalysis() {
  return (
    <div className="stack">
      <Greeting sample>here is what your finances tell us.</Greeting>
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
      <Greeting sample>here is the strategy we recommend.</Greeting>
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
          in {article(riskLabel)} {riskLabel.toLowerCase()} portfolio, the investment style you chose, to reach{' '}
          {formatDollars(SAMPLE.goalAmount)} in {SAMPLE.goalYears} years.
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
      <Greeting sample>this is the product we recommend for your goal.</Greeting>
      <section className="panel" aria-labelledby="product-name">
        <h2 id="product-name">{SAMPLE.product}</h2>
        <p>A diversified, low-cost index portfolio matching your {riskLabel.toLowerCase()} investment style.</p>
        <h3>Why we recommend it</h3>
        <ul className="checklist">
          <li>It matches the investment style you chose.</li>
          <li>Its fees are low: {formatPercent(SAMPLE.investmentFeePct)} a year, with no administration fee.</li>
          <li>
            You can start with {formatDollars(SAMPLE.availableSavings)} and add {formatDollars(SAMPLE.regularInvestmentMonthly)} a month.
          </li>
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
