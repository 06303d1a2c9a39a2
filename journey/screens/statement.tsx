/**
 * The statement of advice (issue 5): a printable page — save it as PDF from the
 * browser — with the client's situation and goal, the scope, the strategy and
 * product, the reasons, the risks, the fees in dollars, the assumptions version
 * and the date. Print styles hide the app around it.
 */
import { labelOf, DEBT_TYPES, RELATIONSHIP_OPTIONS, EMPLOYMENT_OPTIONS } from '../options';
import { useJourney } from '../actor-context';
import { formatDollars, formatIsoDate, formatPercent } from '../format';
import { yearsText } from '../engine/money';
import { centsToDollars, useAdvice } from '../use-advice';
import { FeeTable, fundName, investText, OUT_OF_REACH } from './advice-parts';

const $ = (cents: number) => formatDollars(centsToDollars(cents));
const pct = (rate: number) => formatPercent(Math.round(rate * 1000) / 10);

export function StatementOfAdvice() {
  const advice = useAdvice();
  const answers = useJourney((s) => s.context.answers);
  // issue 15: no statement while the plan does not reach the goal (the recommendation offers the three levers)
  if (advice.status !== 'recommended' || !advice.plan.reachable) {
    return (
      <div className="prose">
        <p>
          {advice.status === 'unsuitable'
            ? 'We have not given you a recommendation, so there is no statement of advice. The needs analysis explains why and what to do instead.'
            : advice.status === 'recommended'
              ? OUT_OF_REACH
              : 'Your statement of advice is prepared from your answers. Complete the questionnaire and accept the recommendation to see it here.'}
        </p>
      </div>
    );
  }
  const { plan, income, needs } = advice;
  return (
    <article className="soa" aria-label="Statement of advice" data-ai-private="">
      <div className="soa__actions">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          Print or save as PDF
        </button>
      </div>
      <p className="soa__meta">
        Prepared on {formatIsoDate(advice.asOf)} · Assumptions version {advice.assumptionsVersion} · Engine {advice.engineVersion} · {advice.financialYear} tax rates
      </p>

      <section>
        <h2>Your situation</h2>
        <ul>
          <li>Age {advice.age ?? 'not given'}, {labelOf(RELATIONSHIP_OPTIONS, answers.relationshipStatus).toLowerCase() || 'relationship status not given'}.</li>
          <li>{labelOf(EMPLOYMENT_OPTIONS, answers.employmentStatus) || 'Employment not given'}.</li>
          {income && (
            <li>
              Take-home pay {$(income.netAnnualCents)} a year ({$(income.netMonthlyCents)} a month) from assessable income of {$(income.assessableIncomeCents)}.
            </li>
          )}
          {income && <li>{income.privateHospitalCover ? 'Private hospital cover held.' : 'No private hospital cover (the Medicare levy surcharge applies above its threshold).'}</li>}
          {needs && (
            <>
              <li>
                Emergency fund of {$(needs.emergencyFund.targetCents)} ({needs.emergencyFund.months} months of take-home pay) kept in cash; cash held{' '}
                {$(needs.emergencyFund.cashCents)}
                {needs.emergencyFund.shortfallCents > 0 ? `, ${$(needs.emergencyFund.shortfallCents)} short of it` : ''}.
              </li>
              <li>
                {needs.bigSpends.totalCents > 0
                  ? `Big expenses of ${$(needs.bigSpends.totalCents)} expected in the next ${needs.bigSpends.years} years, set aside from cash and never invested.`
                  : `No big expenses expected in the next ${needs.bigSpends.years} years.`}
              </li>
              <li>
                Regular savings of {$(needs.surplus.monthlyCents)} a month, of which {$(needs.surplus.investableMonthlyCents)} can be invested after setting aside{' '}
                {Math.round(needs.surplus.setAsideShare * 100)}% for the unexpected.
              </li>
            </>
          )}
          <li>
            {answers.debts.answer === 'yes' && answers.debts.rows.length > 0
              ? `Debts: ${answers.debts.rows.map((d) => labelOf(DEBT_TYPES, d.type).toLowerCase() || 'a debt').join(', ')}.`
              : 'No debts.'}
          </li>
        </ul>
      </section>

      <section>
        <h2>Your goal</h2>
        <p>
          {plan.goal.label}: {$(plan.goal.todayCents)} in today’s dollars in {yearsText(plan.goal.years)} ({plan.goal.targetYear}), about {$(plan.goal.nominalCents)}{' '}
          then at {pct(plan.goal.inflationRate)} inflation.
        </p>
      </section>

      <section>
        <h2>Scope of this advice</h2>
        <p>
          This advice covers investing towards the goal above. It does not cover superannuation and retirement, paying off debts, insurance, government benefits or
          estate planning.
        </p>
      </section>

      <section>
        <h2>Our recommendation</h2>
        <p>
          {investText($(plan.startingAmountCents), plan.startingAmountCents, $(plan.monthlyNeededCents), plan.monthlyNeededCents)}{' '}
          in the {fundName(plan.profile.label)} ({Math.round(plan.profile.growth * 100)}% growth, {Math.round(plan.profile.defensive * 100)}%
          defensive).
        </p>
        <h3>Why</h3>
        <ul>
          {advice.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>

      <section>
        <h2>Risks</h2>
        <ul>
          <li>
            Returns are not guaranteed. We plan on {pct(plan.annualReturn)} a year after fees (the median), but the value of your investment will rise and fall; in
            our projection there is a {Math.round(plan.projection.probabilityOfReachingGoal * 100)}% chance of reaching your goal on time.
          </li>
          <li>A {plan.profile.label.toLowerCase()} portfolio can fall in value in some years; it suits goals at least {plan.profile.minHorizonYears} years away.</li>
          <li>Inflation may be higher than the {pct(plan.goal.inflationRate)} a year assumed, making the goal cost more.</li>
        </ul>
      </section>

      <section>
        <h2>Fees in dollars</h2>
        <FeeTable fees={plan.fees} years={plan.goal.years} />
      </section>

      <section>
        <h2>Assumptions</h2>
        <ul>
          {plan.chartAssumptions.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
        <p className="note">
          This is personal advice, prepared by a digital advice tool from the answers you gave on {formatIsoDate(advice.asOf)}. It relies on those answers being complete
          and correct: if your situation changes, or anything here is wrong, come back and update your answers. Horizon Advice is a demonstration.
        </p>
      </section>
    </article>
  );
}
