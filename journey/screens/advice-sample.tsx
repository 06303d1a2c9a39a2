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
import { CautionaryNotes, Figures, GoalProgress, Greeting, inSentence } from './advice-parts';
import { ADVICE_WORDS } from '../messages-on-demand';

const M = ADVICE_WORDS.sample;

const riskLabel = labelOf(RISK_STYLES, SAMPLE.riskStyle);

export function SampleNeedsAnalysis() {
  return (
    <div className="stack">
      <Greeting sample>{M.hereIsWhatYour}</Greeting>
      <Figures
        rows={[
          [M.emergencyFundThreeMonths, formatDollars(SAMPLE.emergencyFund)],
          [M.availableSavingsToInvest, formatDollars(SAMPLE.availableSavings)],
          [M.monthlySurplus, M.perMonth(formatDollars(SAMPLE.surplusMonthly))],
          [M.setAsideForUnexpected(SAMPLE.setAsideShare * 100), M.perMonth(formatDollars(SAMPLE.setAsideMonthly))],
          [M.leftOverEachMonth, M.perMonth(formatDollars(SAMPLE.leftOverMonthly))],
        ]}
      />
      <CautionaryNotes />
    </div>
  );
}

const chartSummary = M.investingNowAndA(
  formatDollars(SAMPLE.availableSavings),
  formatDollars(SAMPLE.regularInvestmentMonthly),
  formatDollars(SAMPLE.goalAmount),
  SAMPLE.chart.toYear,
);

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
      <Greeting sample>{M.hereIsTheStrategy}</Greeting>
      <section className="panel" aria-labelledby="goal-progress">
        <div className="panel__header">
          <h2 id="goal-progress">{M.yourGoal}</h2>
          <button type="button" className="button button--secondary" onClick={() => send({ type: 'JOURNEY.ADJUST_GOALS' })}>
            {M.adjustGoals}
          </button>
        </div>
        <p>{M.inYears2(formatDollars(SAMPLE.goalAmount), SAMPLE.goalYears)}</p>
        <GoalProgress have={SAMPLE.availableSavings} goal={SAMPLE.goalAmount} />
      </section>
      <section className="panel" aria-labelledby="proposed-advice">
        <h2 id="proposed-advice">{M.proposedAdvice}</h2>
        <p className="big-figure">
          {M.investNowAndA(formatDollars(SAMPLE.availableSavings), formatDollars(SAMPLE.regularInvestmentMonthly))}
        </p>
        <p>{M.inPortfolioTheInvestment(riskLabel, formatDollars(SAMPLE.goalAmount), SAMPLE.goalYears)}</p>
      </section>
      <Collapsible title={M.howWeWorkedThis}>
        <Figures
          rows={[
            [M.goal, M.inYears(formatDollars(SAMPLE.goalAmount), SAMPLE.goalYears)],
            [M.availableSavings, formatDollars(SAMPLE.availableSavings)],
            [M.emergencyFundKeptAside, formatDollars(SAMPLE.emergencyFund)],
            [M.leftOverEachMonth2, M.perMonth(formatDollars(SAMPLE.leftOverMonthly))],
            [M.regularInvestmentNeeded, M.perMonth(formatDollars(SAMPLE.regularInvestmentMonthly))],
          ]}
        />
      </Collapsible>
      <Collapsible title={M.investmentFundsProjection}>
        <SampleChart />
      </Collapsible>
      <p className="disclaimer">{M.thisIsGeneralInformation}</p>
    </div>
  );
}

export function SampleRecommendedProducts() {
  return (
    <div className="stack">
      <Greeting sample>{M.thisIsTheProduct}</Greeting>
      <section className="panel" aria-labelledby="product-name">
        <h2 id="product-name">{SAMPLE.product}</h2>
        <p>{M.aDiversifiedLowCost(inSentence(riskLabel))}</p>
        <h3>{M.whyWeRecommendIt}</h3>
        <ul className="checklist">
          <li>{M.itMatchesTheInvestment}</li>
          <li>{M.itsFeesAreLow(formatPercent(SAMPLE.investmentFeePct))}</li>
          <li>{M.youCanStartWith(formatDollars(SAMPLE.availableSavings), formatDollars(SAMPLE.regularInvestmentMonthly))}</li>
          <li>{M.youCanWithdrawYour}</li>
        </ul>
        <div className="button-row">
          <button type="button" className="button button--secondary" aria-describedby="documents-note">
            {M.statementOfAdvice}
          </button>
          <button type="button" className="button button--secondary" aria-describedby="documents-note">
            {M.productDisclosureStatement}
          </button>
        </div>
        <p id="documents-note" className="note">
          {M.yourStatementOfAdvice}
        </p>
      </section>
      <Collapsible title={M.feesAndCharges}>
        <table className="fees">
          <caption className="sr-only">{M.feesAndCharges}</caption>
          <thead>
            <tr>
              <th scope="col">{M.fee}</th>
              <th scope="col">{M.rate}</th>
              <th scope="col">{M.inDollars}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{M.upfrontAdviserFee}</th>
              <td>{M.oneOffInvoiced}</td>
              <td>{formatDollars(SAMPLE.upfrontAdviserFee)}</td>
            </tr>
            <tr>
              <th scope="row">{M.administrationFee}</th>
              <td>{M.yearly(formatPercent(SAMPLE.administrationFeePct))}</td>
              <td>{formatDollars(0)}</td>
            </tr>
            <tr>
              <th scope="row">{M.investmentFee}</th>
              <td>{M.yearly(formatPercent(SAMPLE.investmentFeePct))}</td>
              <td>{M.yearly(formatDollars(SAMPLE.investmentFeeYearly))}</td>
            </tr>
          </tbody>
        </table>
      </Collapsible>
      <Collapsible title={M.projection}>
        <SampleChart />
      </Collapsible>
    </div>
  );
}
