/**
 * Needs analysis, recommendation and recommended products with the figures the
 * advice engine computes from the answers (JOURNEY-ENGINE.md), each with its
 * reason. With no answers (a deep link) the pages show the spec's sample figures
 * (journey-spec §9); when the advice does not suit, they say why and what to do.
 */
import type { ComponentType } from 'react';
import { useJourneySend } from '../actor-context';
import { Collapsible } from '../components/collapsible';
import { ProjectionChart } from '../components/projection-chart';
import type { AdviceResult, UnsuitableReason } from '../engine';
import { formatDollars, formatPercent } from '../format';
import { centsToDollars, useAdvice } from '../use-advice';
import { CautionaryNotes, Figures, GoalProgress, Greeting, SampleNeedsAnalysis, SampleRecommendation, SampleRecommendedProducts } from './advice';

const $ = (cents: number) => formatDollars(centsToDollars(cents));
const pct = (rate: number) => formatPercent(Math.round(rate * 1000) / 10);

type Recommended = Extract<AdviceResult, { status: 'recommended' }>;

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
          <th scope="col">Over {years} years</th>
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

function NotSuitable({ reasons }: { reasons: UnsuitableReason[] }) {
  return (
    <section className="panel panel--warning" aria-labelledby="not-suitable">
      <h2 id="not-suitable">We can’t recommend investing for this goal right now</h2>
      <p>Our digital advice is only for people it suits. Based on your answers:</p>
      {reasons.map((r) => (
        <div key={r.code} className="callout">
          <h3>{r.title}</h3>
          <p>{r.explanation}</p>
          <p>
            <strong>What to do instead:</strong> {r.instead}
          </p>
        </div>
      ))}
      <p>You can change your answers at any time: use the steps above, or the review page.</p>
    </section>
  );
}

/**
 * What a page shows instead of its figures: why the advice does not suit, or the sample figures (marked as examples)
 * while there are no answers to compute from; null when the advice is recommended.
 */
function notRecommended(advice: AdviceResult, Sample: ComponentType) {
  if (advice.status === 'unsuitable') return <NotSuitable reasons={advice.suitability.reasons} />;
  if (advice.status !== 'recommended')
    return (
      <>
        <SampleNote />
        <Sample />
      </>
    );
  return null;
}

function SampleNote() {
  return (
    <p className="note" role="note">
      These are <strong>example figures</strong>. Answer the questionnaire to see figures worked out from your own situation.
    </p>
  );
}

export function NeedsAnalysis() {
  const advice = useAdvice();
  if (advice.status === 'unsuitable' && !advice.needs) return <NotSuitable reasons={advice.suitability.reasons} />;
  if (!advice.income || !advice.needs) {
    return (
      <>
        <SampleNote />
        <SampleNeedsAnalysis />
      </>
    );
  }
  const { income, needs } = advice;
  const ef = needs.emergencyFund;
  const sp = needs.surplus;
  return (
    <div className="stack">
      {advice.status === 'unsuitable' && <NotSuitable reasons={advice.suitability.reasons} />}
      <Figures
        rows={[
          ['Take-home pay', `${$(income.netMonthlyCents)} a month (${$(income.netAnnualCents)} a year)`],
          [`Emergency fund (${ef.months} months of your take-home pay)`, $(ef.targetCents)],
          ['Cash you have', $(ef.cashCents)],
          ['Emergency fund still to build', $(ef.shortfallCents)],
          ['Monthly surplus (what you save regularly)', `${$(sp.monthlyCents)} a month`],
          [`${Math.round(sp.setAsideShare * 100)}% set aside for unexpected expenses`, `${$(sp.setAsideMonthlyCents)} a month`],
          ['Left over to invest each month', `${$(sp.investableMonthlyCents)} a month`],
          ['Available savings to invest now', $(needs.availableSavingsCents)],
        ]}
      />
      <h2>Why these figures</h2>
      <ul className="reasons">
        <li>
          Your take-home pay is your gross income of {$(income.assessableIncomeCents)} a year less {$(income.incomeTaxCents)} income tax
          {income.litoCents > 0 ? ` (after a ${$(income.litoCents)} low income tax offset)` : ''}, {$(income.medicareLevyCents)} Medicare levy
          {income.medicareLevySurchargeCents > 0 ? ` and a ${$(income.medicareLevySurchargeCents)} Medicare levy surcharge, because you have no private hospital cover` : ''}
          {income.nonTaxableBenefitsCents > 0 ? `, plus ${$(income.nonTaxableBenefitsCents)} of tax-free benefits` : ''} ({income.taxTableYear} tax rates).
        </li>
        <li>
          We keep {ef.months} months of take-home pay as an emergency fund before investing.{' '}
          {ef.shortfallCents > 0 ? `Your cash falls ${$(ef.shortfallCents)} short of it, so there is nothing to invest from savings yet.` : 'Your cash covers it.'}
        </li>
        <li>
          We don’t ask about your expenses, so your surplus is the {$(sp.monthlyCents)} a month you told us you save. We set{' '}
          {Math.round(sp.setAsideShare * 100)}% of it aside for the unexpected, which leaves {$(sp.investableMonthlyCents)} a month.
        </li>
        {needs.bigSpends.totalCents > 0 && (
          <li>
            Your big expenses in the next {needs.bigSpends.years} years ({$(needs.bigSpends.totalCents)}) come out of your cash first and are never counted
            as money to invest{needs.bigSpends.notCoveredCents > 0 ? `; ${$(needs.bigSpends.notCoveredCents)} of them is not covered by your cash yet` : ''}.
          </li>
        )}
        {advice.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <CautionaryNotes />
    </div>
  );
}

function Chart({ advice }: { advice: Recommended }) {
  const p = advice.plan.projection;
  return (
    <>
      <ProjectionChart
        points={p.points.map((pt) => ({
          year: pt.year,
          value: centsToDollars(pt.nominal.median),
          low: centsToDollars(pt.nominal.p10),
          high: centsToDollars(pt.nominal.p90),
        }))}
        goal={centsToDollars(p.goalNominalCents)}
        summary={advice.plan.chartSummary}
      />
      <p>
        Chance of reaching your goal: <strong>{Math.round(p.probabilityOfReachingGoal * 100)}%</strong>. In today’s dollars the median outcome is{' '}
        {$(p.points[p.points.length - 1]!.today.median)}.
      </p>
      <ul className="note">
        {advice.plan.chartAssumptions.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    </>
  );
}

export function Recommendation() {
  const advice = useAdvice();
  const send = useJourneySend();
  if (advice.status !== 'recommended') return notRecommended(advice, SampleRecommendation);
  const { plan } = advice;
  return (
    <div className="stack">
      <section className="panel" aria-labelledby="goal-progress">
        <div className="panel__header">
          <h2 id="goal-progress">Your goal: {plan.goal.label}</h2>
          <button type="button" className="button button--secondary" onClick={() => send({ type: 'JOURNEY.ADJUST_GOALS' })}>
            Adjust goals
          </button>
        </div>
        <p>
          {$(plan.goal.todayCents)} in today’s dollars in {plan.goal.years} years ({plan.goal.targetYear}): about {$(plan.goal.nominalCents)} then, with{' '}
          {pct(plan.goal.inflationRate)} inflation a year.
        </p>
        <GoalProgress have={centsToDollars(plan.startingAmountCents)} goal={centsToDollars(plan.goal.nominalCents)} />
      </section>
      <section className="panel" aria-labelledby="proposed-advice">
        <h2 id="proposed-advice">Proposed advice</h2>
        {plan.reachable ? (
          <p className="big-figure" data-testid="proposed-advice">
            Invest {$(plan.startingAmountCents)} now and {$(plan.monthlyNeededCents)} a month
          </p>
        ) : (
          <p className="big-figure" data-testid="proposed-advice">
            Your goal is out of reach as it stands
          </p>
        )}
        <p>
          in a {plan.profile.label.toLowerCase()} portfolio ({Math.round(plan.profile.growth * 100)}% growth, {Math.round(plan.profile.defensive * 100)}% defensive).
        </p>
        <h3>Why</h3>
        <ul className="reasons">
          {advice.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
        {!plan.reachable && plan.levers && (
          <div className="callout" role="note">
            <h3>Three ways to make it work</h3>
            <p>
              You would need {$(plan.monthlyNeededCents)} a month, but you can invest about {$(plan.affordableMonthlyCents)} a month. You could:
            </p>
            <ul>
              <li>
                <strong>Give it more time:</strong>{' '}
                {plan.levers.longerTime
                  ? `${plan.levers.longerTime.years} years instead of ${plan.goal.years}.`
                  : 'even the longest timeframe we plan for would not be enough on its own.'}
              </li>
              <li>
                <strong>Aim for a smaller goal:</strong> {$(plan.levers.smallerGoal.todayCents)} in today’s dollars in {plan.goal.years} years.
              </li>
              <li>
                <strong>Start with more:</strong> a first deposit of {$(plan.levers.largerFirstDeposit.totalCents)} ({$(plan.levers.largerFirstDeposit.extraCents)} more).
              </li>
            </ul>
            <p>Use Adjust goals to change the amount or the years.</p>
          </div>
        )}
      </section>
      <Collapsible title="How we worked this out">
        <Figures
          rows={[
            ['Goal in future dollars', $(plan.goal.nominalCents)],
            ['First deposit (available savings)', $(plan.startingAmountCents)],
            ['Planned return (median, after fees)', `${pct(plan.annualReturn)} a year`],
            ['Regular investment needed', `${$(plan.monthlyNeededCents)} a month`],
            ['What you can invest each month', `${$(plan.affordableMonthlyCents)} a month`],
          ]}
        />
        <p className="note">
          Assumptions version {advice.assumptionsVersion}, worked out on {advice.asOf} using {advice.financialYear} tax rates. Returns are long-run assumptions for
          a {plan.profile.label.toLowerCase()} portfolio ({pct(plan.profile.grossReturn)} a year before fees, volatility {pct(plan.profile.volatility)}); the
          investment fee is {pct(plan.fees.investmentFeeRate)} a year; the adviser fee of {$(plan.fees.upfrontAdviserFeeCents)} is invoiced, not taken from your
          investment.
        </p>
      </Collapsible>
      <Collapsible title="Investment funds projection">
        <Chart advice={advice} />
      </Collapsible>
      <p className="disclaimer">
        This advice is based on your answers and on assumptions about future returns, which are not guaranteed. The value of investments can go down as well as
        up. Consider the product disclosure statement before you decide.
      </p>
    </div>
  );
}

export function RecommendedProducts() {
  const advice = useAdvice();
  const send = useJourneySend();
  if (advice.status !== 'recommended') return notRecommended(advice, SampleRecommendedProducts);
  const { plan } = advice;
  const f = plan.fees;
  return (
    <div className="stack">
      <Greeting>this is the product we recommend for your goal.</Greeting>
      <section className="panel" aria-labelledby="product-name">
        <h2 id="product-name">Diversified Growth Index Fund – {plan.profile.label}</h2>
        <p>
          A diversified, low-cost index portfolio with {Math.round(plan.profile.growth * 100)}% in growth assets and {Math.round(plan.profile.defensive * 100)}% in
          defensive assets, matching the investment style you chose.
        </p>
        <h3>Why we recommend it</h3>
        <ul className="reasons">
          {advice.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
          <li>
            Its fees are low: {pct(f.investmentFeeRate)} a year with no administration fee, about {$(f.firstYear.investmentCents)} in the first year.
          </li>
        </ul>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => send({ type: 'JOURNEY.STATEMENT' })}>
            Statement of advice
          </button>
          <button type="button" className="button button--secondary" aria-describedby="documents-note">
            Product disclosure statement
          </button>
        </div>
        <p id="documents-note" className="note">
          The product disclosure statement is available from your adviser on request; the statement of advice is ready to print or save as PDF.
        </p>
      </section>
      <Collapsible title="Fees and charges">
        <FeeTable fees={f} years={plan.goal.years} />
      </Collapsible>
      <Collapsible title="Projection">
        <Chart advice={advice} />
      </Collapsible>
    </div>
  );
}
