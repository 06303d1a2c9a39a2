/**
 * Needs analysis, recommendation and recommended products with the figures the
 * advice engine computes from the answers (JOURNEY-ENGINE.md), each with its
 * reason. With no answers (a deep link) the pages show the spec's sample figures
 * (journey-spec §9); when the advice does not suit, they say why and what to do.
 */
import type { ComponentType } from 'react';
import { useJourney, useJourneySend } from '../actor-context';
import { isEmptyAnswers } from '../../machines/journey-answers';
import { Collapsible } from '../components/collapsible';
import { ProjectionChart } from '../components/projection-chart';
import type { AdviceResult, MissingAnswer, UnsuitableReason } from '../engine';
import { sourcesInForce } from '../engine/assumptions';
import type { StepNumber } from '../../machines/journey-flow';
import { STEP_LABELS } from '../messages';
import { answerScreen, stepOfScreen } from '../questionnaire';
import { formatDollars, formatIsoDate, formatMonthYear, formatPercent } from '../format';
import { yearsText } from '../engine/money';
import { centsToDollars, useAdvice } from '../use-advice';
import { DOCUMENT_LINKS } from '../licensee';
import { CautionaryNotes, FeeTable, Figures, GoalProgress, Greeting, OUT_OF_REACH, article, fundName, investText } from './advice-parts';
import { SampleNeedsAnalysis, SampleRecommendation, SampleRecommendedProducts } from './advice-sample';

const $ = (cents: number) => formatDollars(centsToDollars(cents));
const pct = (rate: number) => formatPercent(Math.round(rate * 1000) / 10);

type Recommended = Extract<AdviceResult, { status: 'recommended' }>;

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
      <p>You can change any answer from the review page.</p>
      <ReviewButton />
    </section>
  );
}

function ReviewButton() {
  const send = useJourneySend();
  return (
    <button type="button" className="button button--secondary" onClick={() => send({ type: 'JOURNEY.GO_TO_STEP', step: 5 })}>
      Review your answers
    </button>
  );
}

/**
 * Some answers are missing, or cannot be read as numbers (a row's amount typed as "5k"): the figures
 * need them. Each says what to fix, with a way to the section it is asked in.
 */
function Incomplete({ missing }: { missing: MissingAnswer[] }) {
  const send = useJourneySend();
  return (
    <section className="panel panel--warning" aria-labelledby="incomplete">
      <h2 id="incomplete">We need a few more answers to work out your figures</h2>
      <ul className="reasons">
        {missing.map((m) => {
          const step = stepOfScreen(answerScreen(m.answer));
          return (
            <li key={`${m.answer}-${m.rowId ?? ''}`}>
              {m.message}{' '}
              {step && (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => send({ type: 'JOURNEY.GO_TO_STEP', step: step.n as StepNumber })}
                >
                  Go to {STEP_LABELS[step.n]}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** True when the visitor has answered something (a deep link with no answers shows the sample figures). */
const useHasAnswers = () => useJourney((s) => !isEmptyAnswers(s.context.answers));

/**
 * What a page shows instead of its figures: why the advice does not suit, or the sample figures (marked as examples)
 * while there are no answers to compute from; null when the advice is recommended.
 */
function notRecommended(advice: AdviceResult, Sample: ComponentType, hasAnswers: boolean) {
  if (advice.status === 'unsuitable') return <NotSuitable reasons={advice.suitability.reasons} />;
  if (advice.status === 'incomplete' && hasAnswers) return <Incomplete missing={advice.completeness.missing} />;
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
  const hasAnswers = useHasAnswers();
  if (advice.status === 'unsuitable' && !advice.needs) return <NotSuitable reasons={advice.suitability.reasons} />;
  if ((!advice.income || !advice.needs) && hasAnswers) return <Incomplete missing={advice.completeness.missing} />;
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
    <div className="stack" data-ai-private="">
      {advice.status === 'unsuitable' && <NotSuitable reasons={advice.suitability.reasons} />}
      <Figures
        rows={[
          ['Take-home pay', `${$(income.netMonthlyCents)} a month (${$(income.netAnnualCents)} a year)`],
          [
            ef.allCash
              ? 'Emergency fund (all your cash: you have no income)'
              : `Emergency fund (${ef.months} months of your take-home pay)`,
            $(ef.targetCents),
          ],
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
          {income.litoCents > 0 ? ` (after a ${$(income.litoCents)} low income tax offset)` : ''}, {$(income.medicareLevyCents)} Medicare
          levy
          {income.medicareLevySurchargeCents > 0
            ? ` and a ${$(income.medicareLevySurchargeCents)} Medicare levy surcharge, because you have no private hospital cover`
            : ''}
          {income.nonTaxableBenefitsCents > 0 ? `, plus ${$(income.nonTaxableBenefitsCents)} of tax-free benefits` : ''} (
          {income.taxTableYear} tax rates).
        </li>
        <li>
          {ef.allCash
            ? 'Without an income, your cash is what you would live on, so we keep all of it as your emergency fund and do not suggest investing any of it.'
            : `We keep ${ef.months} months of take-home pay as an emergency fund before investing. ${
                ef.shortfallCents > 0
                  ? `Your cash falls ${$(ef.shortfallCents)} short of it, so there is nothing to invest from savings yet.`
                  : 'Your cash covers it.'
              }`}
        </li>
        <li>
          We don’t ask about your expenses, so your surplus is the {$(sp.monthlyCents)} a month you told us you save. We set{' '}
          {Math.round(sp.setAsideShare * 100)}% of it aside for the unexpected, which leaves {$(sp.investableMonthlyCents)} a month.
        </li>
        {needs.bigSpends.totalCents > 0 && (
          <li>
            Your big expenses in the next {needs.bigSpends.years} years ({$(needs.bigSpends.totalCents)}) come out of your cash, after the
            emergency fund is kept aside, and are never counted as money to invest
            {needs.bigSpends.notCoveredCents > 0 ? `; ${$(needs.bigSpends.notCoveredCents)} of them is not covered by your cash yet` : ''}.
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

/** 'How we worked this out': the working, step by step with the figures, then the assumptions and their sources. */
function Working({ advice }: { advice: Recommended }) {
  const { plan, income, needs } = advice;
  const months = plan.projection.points.at(-1)?.months ?? Math.round(plan.goal.years * 12);
  return (
    <div className="prose">
      <ol className="working">
        {income && (
          <li>
            <strong>Take-home pay.</strong> Assessable income {$(income.assessableIncomeCents)} less income tax {$(income.incomeTaxCents)}{' '}
            (tax {$(income.bracketTaxCents)} less the low income tax offset {$(income.litoCents)}), the Medicare levy{' '}
            {$(income.medicareLevyCents)}
            {income.medicareLevySurchargeCents > 0 ? ` and the Medicare levy surcharge ${$(income.medicareLevySurchargeCents)}` : ''}
            {income.nonTaxableBenefitsCents > 0 ? `, plus tax-free benefits ${$(income.nonTaxableBenefitsCents)}` : ''}:{' '}
            {$(income.netAnnualCents)} a year, {$(income.netMonthlyCents)} a month ({income.taxTableYear} tax rates).
          </li>
        )}
        {needs && (
          <li>
            <strong>Emergency fund and first deposit.</strong> {needs.emergencyFund.months} × {$(income?.netMonthlyCents ?? 0)} ={' '}
            {$(needs.emergencyFund.targetCents)} kept in cash. Of your cash of {$(needs.emergencyFund.cashCents)}, what is left above it and
            any big expenses, {$(needs.availableSavingsCents)}, is the first deposit
            {needs.upfrontFeeDeducted ? ', less the adviser fee' : ''}
            {plan.leftOverCents > 0
              ? `, up to what the goal needs (its amount then, discounted at the planning return): ${$(plan.startingAmountCents)}; the other ${$(plan.leftOverCents)} is left out`
              : `: ${$(plan.startingAmountCents)}`}
            .
          </li>
        )}
        {needs && (
          <li>
            <strong>What you can invest.</strong> Regular savings {$(needs.surplus.monthlyCents)} a month, less{' '}
            {Math.round(needs.surplus.setAsideShare * 100)}% set aside for the unexpected: {$(needs.surplus.investableMonthlyCents)} a
            month.
          </li>
        )}
        <li>
          <strong>The goal in future dollars.</strong> {$(plan.goal.todayCents)} × (1 + {pct(plan.goal.inflationRate)})
          <sup>{plan.goal.years}</sup> = {$(plan.goal.nominalCents)} in {plan.goal.targetYear}.
        </li>
        <li>
          <strong>The regular investment.</strong> At {pct(plan.annualReturn)} a year after fees (the return the{' '}
          {plan.profile.label.toLowerCase()} portfolio beats over {yearsText(plan.goal.years)} in {Math.round(plan.confidence * 100)}% of
          outcomes; its median is {pct(plan.profile.medianNetReturn)}), a monthly rate i = (1 + {pct(plan.annualReturn)})<sup>1/12</sup> −
          1. Over n = {months} months, payment = (goal − first deposit × (1 + i)<sup>n</sup>) × i ÷ ((1 + i)
          <sup>n</sup> − 1) = {$(plan.monthlyNeededCents)} a month, against {$(plan.affordableMonthlyCents)} a month you can invest.
        </li>
      </ol>
      <p className="note">
        Assumptions version {advice.assumptionsVersion}, engine {advice.engineVersion}, worked out on {advice.asOf} using{' '}
        {advice.financialYear} tax rates. Returns are long-run assumptions for a {plan.profile.label.toLowerCase()} portfolio (
        {pct(plan.profile.grossReturn)} a year before fees, volatility {pct(plan.profile.volatility)}); the investment fee is{' '}
        {pct(plan.fees.investmentFeeRate)} a year; the adviser fee of {$(plan.fees.upfrontAdviserFeeCents)} is invoiced, not taken from your
        investment.
      </p>
      <h3>Sources</h3>
      <ul className="sources">
        {sourcesInForce(income?.taxTableYear).map((src) => (
          <li key={src.title}>
            {src.publisher}, {src.url ? <a href={src.url}>{src.title}</a> : src.title} (from {formatIsoDate(src.effectiveFrom)})
          </li>
        ))}
      </ul>
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
          // placed by month, so a part year (2.5 years) is drawn to scale and named by its month
          at: p.points[0]!.year + pt.months / 12,
          label: pt.months % 12 === 0 ? String(pt.year) : formatMonthYear(advice.asOf, pt.months),
          today: centsToDollars(pt.today.median),
          value: centsToDollars(pt.nominal.median),
          low: centsToDollars(pt.nominal.p10),
          high: centsToDollars(pt.nominal.p90),
        }))}
        goal={centsToDollars(p.goalNominalCents)}
        summary={advice.plan.chartSummary}
      />
      <p>
        Chance of reaching your goal: <strong>{Math.round(p.probabilityOfReachingGoal * 100)}%</strong>. In today’s dollars the median
        outcome is {$(p.points[p.points.length - 1]!.today.median)}.
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
  const hasAnswers = useHasAnswers();
  if (advice.status !== 'recommended') return notRecommended(advice, SampleRecommendation, hasAnswers);
  const { plan } = advice;
  return (
    <div className="stack" data-ai-private="">
      <section className="panel" aria-labelledby="goal-progress">
        <div className="panel__header">
          <h2 id="goal-progress">Your goal: {plan.goal.label}</h2>
          <button type="button" className="button button--secondary" onClick={() => send({ type: 'JOURNEY.ADJUST_GOALS' })}>
            Adjust goals
          </button>
        </div>
        <p>
          {$(plan.goal.todayCents)} in today’s dollars in {yearsText(plan.goal.years)} ({plan.goal.targetYear}): about{' '}
          {$(plan.goal.nominalCents)} then, with {pct(plan.goal.inflationRate)} inflation a year.
        </p>
        <GoalProgress have={centsToDollars(plan.startingAmountCents)} goal={centsToDollars(plan.goal.nominalCents)} />
      </section>
      <section className="panel" aria-labelledby="proposed-advice">
        <h2 id="proposed-advice">Proposed advice</h2>
        {plan.reachable ? (
          <p className="big-figure" data-testid="proposed-advice">
            {/* issue 15: the chance in the headline, not the sixth reason */}
            {investText($(plan.startingAmountCents), plan.startingAmountCents, $(plan.monthlyNeededCents), plan.monthlyNeededCents)}: a{' '}
            {Math.round(plan.projection.probabilityOfReachingGoal * 100)}% chance of reaching your goal
          </p>
        ) : (
          <p className="big-figure" data-testid="proposed-advice">
            Your goal is out of reach as it stands
          </p>
        )}
        <p>
          in {article(plan.profile.label)} {plan.profile.label.toLowerCase()} portfolio ({Math.round(plan.profile.growth * 100)}% growth,{' '}
          {Math.round(plan.profile.defensive * 100)}% defensive).
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
              You would need {$(plan.monthlyNeededCents)} a month, but you can invest about {$(plan.affordableMonthlyCents)} a month. You
              could:
            </p>
            <ul>
              <li>
                <strong>Give it more time:</strong>{' '}
                {plan.levers.longerTime
                  ? `${yearsText(plan.levers.longerTime.years)} instead of ${yearsText(plan.goal.years)}.`
                  : 'even the longest timeframe we plan for would not be enough on its own.'}
              </li>
              <li>
                <strong>Aim for a smaller goal:</strong> {$(plan.levers.smallerGoal.todayCents)} in today’s dollars in{' '}
                {yearsText(plan.goal.years)}.
              </li>
              <li>
                <strong>Start with more:</strong> a first deposit of {$(plan.levers.largerFirstDeposit.totalCents)} (
                {$(plan.levers.largerFirstDeposit.extraCents)} more).
              </li>
            </ul>
            <p>Use Adjust goals to change the amount or the years. We recommend a product once the plan reaches your goal.</p>
          </div>
        )}
      </section>
      <Collapsible title="How we worked this out">
        <Working advice={advice} />
      </Collapsible>
      <Collapsible title="Investment funds projection">
        <Chart advice={advice} />
      </Collapsible>
      <p className="disclaimer">
        This advice is based on your answers and on assumptions about future returns, which are not guaranteed. The value of investments can
        go down as well as up. Consider the product disclosure statement before you decide.
      </p>
    </div>
  );
}

export function RecommendedProducts() {
  const advice = useAdvice();
  const send = useJourneySend();
  const hasAnswers = useHasAnswers();
  if (advice.status !== 'recommended') return notRecommended(advice, SampleRecommendedProducts, hasAnswers);
  const { plan } = advice;
  if (!plan.reachable) return <p className="panel panel--warning">{OUT_OF_REACH}</p>;
  const f = plan.fees;
  return (
    <div className="stack" data-ai-private="">
      <Greeting>this is the product we recommend for your goal.</Greeting>
      <section className="panel" aria-labelledby="product-name">
        <h2 id="product-name">{fundName(plan.profile.label)}</h2>
        <p>
          A diversified, low-cost index portfolio with {Math.round(plan.profile.growth * 100)}% in growth assets and{' '}
          {Math.round(plan.profile.defensive * 100)}% in defensive assets, matching the investment style you chose.
        </p>
        <h3>Why we recommend it</h3>
        <ul className="reasons">
          {advice.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => send({ type: 'JOURNEY.STATEMENT' })}>
            Statement of advice
          </button>
          {/* issue 15: the PDS opens in the document viewer (the demo's embed route), where the assistant can answer questions on it */}
          <a className="button button--secondary" href={DOCUMENT_LINKS.pds} aria-describedby="documents-note">
            Product disclosure statement
          </a>
        </div>
        <p id="documents-note" className="note">
          Read the product disclosure statement before you decide to invest; the statement of advice is ready to print or save as PDF.
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
