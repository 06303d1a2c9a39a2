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
import { Sentence } from '../components/sentence';
import { ProjectionChart } from '../components/projection-chart';
import type { AdviceResult, MissingAnswer, UnsuitableReason } from '../engine';
import { sourcesInForce } from '../engine/assumptions';
import type { StepNumber } from '../../machines/journey-flow';
import { RISK_LABELS, STEP_LABELS, UNIT_WORDS } from '../messages';
import { answerScreen, stepOfScreen } from '../questionnaire';
import { formatDollars, formatPercent } from '../format';
import { formatIsoDate, formatMonthYear } from '../format-dates';
import { centsToDollars, useAdvice } from '../use-advice';
import { DOCUMENT_LINKS } from '../licensee';
import { CautionaryNotes, FeeTable, Figures, GoalProgress, Greeting, OUT_OF_REACH, fundName, inSentence, investText } from './advice-parts';
import { SampleNeedsAnalysis, SampleRecommendation, SampleRecommendedProducts } from './advice-sample';
import { noteText, REASON_WORDS } from '../messages-advice';
import { ADVICE_WORDS, sayMissing, sayReason } from '../messages-on-demand';

const M = ADVICE_WORDS.computed;

const $ = (cents: number) => formatDollars(centsToDollars(cents));
const pct = (rate: number) => formatPercent(Math.round(rate * 1000) / 10);

type Recommended = Extract<AdviceResult, { status: 'recommended' }>;

function NotSuitable({ reasons }: { reasons: UnsuitableReason[] }) {
  return (
    <section className="panel panel--warning" aria-labelledby="not-suitable">
      <h2 id="not-suitable">{M.weCanTRecommend}</h2>
      <p>{M.ourDigitalAdviceIs}</p>
      {reasons.map((r) => {
        const w = sayReason(r);
        return (
          <div key={r.code} className="callout">
            <h3>{w.title}</h3>
            <p>{w.explanation}</p>
            <p>
              <strong>{M.whatToDoInstead}</strong> {w.instead}
            </p>
          </div>
        );
      })}
      <p>{M.youCanChangeAny}</p>
      <ReviewButton />
    </section>
  );
}

function ReviewButton() {
  const send = useJourneySend();
  return (
    <button type="button" className="button button--secondary" onClick={() => send({ type: 'JOURNEY.GO_TO_STEP', step: 5 })}>
      {M.reviewYourAnswers}
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
      <h2 id="incomplete">{M.weNeedAFew}</h2>
      <ul className="reasons">
        {missing.map((m) => {
          const step = stepOfScreen(answerScreen(m.answer));
          return (
            <li key={`${m.answer}-${m.rowId ?? ''}`}>
              {sayMissing(m)}{' '}
              {step && (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => send({ type: 'JOURNEY.GO_TO_STEP', step: step.n as StepNumber })}
                >
                  {M.goTo(STEP_LABELS[step.n])}
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
      <Sentence text={M.theseAre} parts={{ example: <strong>{M.exampleFigures}</strong> }} />
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
          [M.takeHomePayRow, M.aMonthAYear($(income.netMonthlyCents), $(income.netAnnualCents))],
          [ef.allCash ? M.emergencyFundAllYour : M.emergencyFundMonthsOf(ef.months), $(ef.targetCents)],
          [M.cashYouHave, $(ef.cashCents)],
          [M.emergencyFundStillTo, $(ef.shortfallCents)],
          [M.monthlySurplusWhatYou, M.perMonth($(sp.monthlyCents))],
          [M.setAsideForUnexpected(Math.round(sp.setAsideShare * 100)), M.perMonth($(sp.setAsideMonthlyCents))],
          [M.leftOverToInvest, M.perMonth($(sp.investableMonthlyCents))],
          // issue 34: the cash that clears small high-interest debts is not offered again
          ...(needs.debtsToClear.fromCashCents > 0
            ? [[M.debtClearedFromCash, $(needs.debtsToClear.fromCashCents)] as [string, string]]
            : []),
          [M.availableSavingsToInvest, $(needs.availableSavingsCents)],
        ]}
      />
      <h2>{M.whyTheseFigures}</h2>
      <ul className="reasons">
        <li>
          {M.yourTakeHomePay(
            $(income.assessableIncomeCents),
            $(income.incomeTaxCents),
            income.litoCents > 0 ? M.afterALowIncome($(income.litoCents)) : '',
            $(income.medicareLevyCents),
            income.medicareLevySurchargeCents > 0
              ? // a single parent pays it for their own (and their children's) lack of cover, as a single does
                (income.family && !income.family.soleParent ? M.andAFamilySurcharge : M.andAMedicareLevy)(
                  $(income.medicareLevySurchargeCents),
                )
              : '',
            income.nonTaxableBenefitsCents > 0 ? M.plusOfTaxFree($(income.nonTaxableBenefitsCents)) : '',
            income.taxTableYear,
          )}
        </li>
        <li>
          {ef.allCash
            ? M.withoutAnIncomeYour
            : M.weKeepMonthsOf(ef.months, ef.shortfallCents > 0 ? M.yourCashFallsShort($(ef.shortfallCents)) : M.yourCashCoversIt)}
        </li>
        <li>{M.weDonTAsk($(sp.monthlyCents), Math.round(sp.setAsideShare * 100), $(sp.investableMonthlyCents))}</li>
        {needs.bigSpends.totalCents > 0 && (
          <li>
            {M.yourBigExpensesIn(
              needs.bigSpends.years,
              $(needs.bigSpends.totalCents),
              needs.bigSpends.notCoveredCents > 0 ? M.ofThemIsNot($(needs.bigSpends.notCoveredCents)) : '',
            )}
          </li>
        )}
        {advice.notes.map(noteText).map((n) => (
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
            <strong>{M.takeHomePay}</strong>
            {M.assessableIncomeLessIncome(
              $(income.assessableIncomeCents),
              $(income.incomeTaxCents),
              $(income.bracketTaxCents),
              $(income.litoCents),
              $(income.medicareLevyCents),
              income.medicareLevySurchargeCents > 0 ? M.andTheMedicareLevy($(income.medicareLevySurchargeCents)) : '',
              income.nonTaxableBenefitsCents > 0 ? M.plusTaxFreeBenefits($(income.nonTaxableBenefitsCents)) : '',
              $(income.netAnnualCents),
              $(income.netMonthlyCents),
              income.taxTableYear,
            )}
          </li>
        )}
        {needs && (
          <li>
            <strong>{M.emergencyFundAndFirst}</strong>
            {M.keptInCashOf(
              needs.emergencyFund.months,
              $(income?.netMonthlyCents ?? 0),
              $(needs.emergencyFund.targetCents),
              $(needs.emergencyFund.cashCents),
              $(needs.availableSavingsCents),
              needs.upfrontFeeDeducted ? M.lessTheAdviserFee : '',
              plan.leftOverCents > 0
                ? M.upToWhatThe($(plan.startingAmountCents), $(plan.leftOverCents))
                : M.allOfIt($(plan.startingAmountCents)),
            )}
          </li>
        )}
        {needs && (
          <li>
            <strong>{M.whatYouCanInvest}</strong>
            {M.regularSavingsAMonth(
              $(needs.surplus.monthlyCents),
              Math.round(needs.surplus.setAsideShare * 100),
              $(needs.surplus.investableMonthlyCents),
            )}
          </li>
        )}
        <li>
          <Sentence
            text={M.goalFormula}
            parts={{
              title: <strong>{M.theGoalInFuture}</strong>,
              today: $(plan.goal.todayCents),
              inflation: pct(plan.goal.inflationRate),
              years: <sup>{plan.goal.years}</sup>,
              nominal: $(plan.goal.nominalCents),
              year: plan.goal.targetYear,
            }}
          />
        </li>
        <li>
          <Sentence
            text={M.investmentFormula}
            parts={{
              title: <strong>{M.theRegularInvestment}</strong>,
              annualReturn: pct(plan.annualReturn),
              profile: inSentence(RISK_LABELS[plan.profile.id]),
              years: UNIT_WORDS.years(plan.goal.years),
              confidence: Math.round(plan.confidence * 100),
              median: pct(plan.profile.medianNetReturn),
              twelfth: <sup>1/12</sup>,
              months,
              n: <sup>{M.n}</sup>,
              n2: <sup>{M.n}</sup>,
              monthlyNeeded: $(plan.monthlyNeededCents),
              affordable: $(plan.affordableMonthlyCents),
            }}
          />
        </li>
      </ol>
      <p className="note">
        {M.assumptionsVersionEngineWorked(
          advice.assumptionsVersion,
          advice.engineVersion,
          formatIsoDate(advice.asOf),
          advice.financialYear,
          inSentence(RISK_LABELS[plan.profile.id]),
          pct(plan.profile.grossReturn),
          pct(plan.profile.volatility),
          pct(plan.fees.investmentFeeRate),
          $(plan.fees.upfrontAdviserFeeCents),
        )}
      </p>
      <h3>{M.sources}</h3>
      <ul className="sources">
        {sourcesInForce(income?.taxTableYear).map((src) => (
          <li key={src.title}>
            <Sentence
              text={M.source}
              parts={{
                publisher: src.publisher,
                title: src.url ? <a href={src.url}>{src.title}</a> : src.title,
                date: formatIsoDate(src.effectiveFrom),
              }}
            />
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
        summary={REASON_WORDS.chartSummary(advice.reasons)}
      />
      <p>
        <Sentence
          text={M.chanceOfReachingYour}
          parts={{
            chance: <strong>{Math.round(p.probabilityOfReachingGoal * 100)}%</strong>,
            median: $(p.points[p.points.length - 1]!.today.median),
          }}
        />
      </p>
      <ul className="note">
        {REASON_WORDS.chartAssumptions(advice.reasons).map((a) => (
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
          <h2 id="goal-progress">{M.yourGoal(plan.goal.label)}</h2>
          <button type="button" className="button button--secondary" onClick={() => send({ type: 'JOURNEY.ADJUST_GOALS' })}>
            {M.adjustGoals}
          </button>
        </div>
        <p>
          {M.inTodaySDollars4(
            $(plan.goal.todayCents),
            plan.goal.years,
            plan.goal.targetYear,
            $(plan.goal.nominalCents),
            pct(plan.goal.inflationRate),
          )}
        </p>
        <GoalProgress have={centsToDollars(plan.startingAmountCents)} goal={centsToDollars(plan.goal.nominalCents)} />
      </section>
      <section className="panel" aria-labelledby="proposed-advice">
        <h2 id="proposed-advice">{M.proposedAdvice}</h2>
        {plan.reachable ? (
          <p className="big-figure" data-testid="proposed-advice">
            {/* issue 15: the chance in the headline, not the sixth reason */}
            {M.aChanceOfReaching(
              investText($(plan.startingAmountCents), plan.startingAmountCents, $(plan.monthlyNeededCents), plan.monthlyNeededCents),
              Math.round(plan.projection.probabilityOfReachingGoal * 100),
            )}
          </p>
        ) : (
          <p className="big-figure" data-testid="proposed-advice">
            {M.goalOutOfReach}
          </p>
        )}
        <p>
          {/* the reachable headline goes on into this line; the out-of-reach one is whole, and this is a sentence of its own */}
          {(plan.reachable ? M.inPortfolioGrowthDefensive : M.workedOutForPortfolio)(
            RISK_LABELS[plan.profile.id],
            Math.round(plan.profile.growth * 100),
            Math.round(plan.profile.defensive * 100),
          )}
        </p>
        <h3>{M.why}</h3>
        <ul className="reasons">
          {REASON_WORDS.reasons(advice.reasons).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
        {!plan.reachable && plan.levers && (
          <div className="callout" role="note">
            <h3>{M.threeWaysToMake}</h3>
            <p>{M.youWouldNeedA($(plan.monthlyNeededCents), $(plan.affordableMonthlyCents))}</p>
            <ul>
              <li>
                <strong>{M.giveItMoreTime}</strong>{' '}
                {plan.levers.longerTime ? M.insteadOf(plan.levers.longerTime.years, plan.goal.years) : M.evenTheLongestTimeframe}
              </li>
              <li>
                <strong>{M.aimForASmaller}</strong> {M.smallerGoal($(plan.levers.smallerGoal.todayCents), plan.goal.years)}
              </li>
              <li>
                <strong>{M.startWithMore}</strong>
                {M.aFirstDepositOf($(plan.levers.largerFirstDeposit.totalCents), $(plan.levers.largerFirstDeposit.extraCents))}
              </li>
            </ul>
            <p>{M.useAdjustGoalsTo}</p>
          </div>
        )}
      </section>
      <Collapsible title={M.howWeWorkedThis}>
        <Working advice={advice} />
      </Collapsible>
      <Collapsible title={M.investmentFundsProjection}>
        <Chart advice={advice} />
      </Collapsible>
      <p className="disclaimer">{M.thisAdviceIsBased}</p>
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
      <Greeting>{M.thisIsTheProduct}</Greeting>
      <section className="panel" aria-labelledby="product-name">
        <h2 id="product-name">{fundName(RISK_LABELS[plan.profile.id])}</h2>
        <p>{M.aDiversifiedLowCost(Math.round(plan.profile.growth * 100), Math.round(plan.profile.defensive * 100))}</p>
        <h3>{M.whyWeRecommendIt}</h3>
        <ul className="reasons">
          {REASON_WORDS.reasons(advice.reasons).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => send({ type: 'JOURNEY.STATEMENT' })}>
            {M.statementOfAdvice}
          </button>
          {/* issue 15: the PDS opens in the document viewer (the demo's embed route), where the assistant can answer questions on it */}
          <a className="button button--secondary" href={DOCUMENT_LINKS.pds} aria-describedby="documents-note">
            {M.productDisclosureStatement}
          </a>
        </div>
        <p id="documents-note" className="note">
          {M.readTheProductDisclosure}
        </p>
      </section>
      <Collapsible title={M.feesAndCharges}>
        <FeeTable fees={f} years={plan.goal.years} />
      </Collapsible>
      <Collapsible title={M.projection}>
        <Chart advice={advice} />
      </Collapsible>
    </div>
  );
}
