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
import { Fragment } from 'react';
import { FeeTable, fundName, investText, OUT_OF_REACH } from './advice-parts';
import { AFCA, AFSL, BUSINESS, COMPLAINT_DAYS, DOCUMENT_LINKS, EMAIL, HOURS, ISSUER, PHONE } from '../licensee';
import { reviewSections, SAMPLE_ANSWERS } from '../questionnaire';

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
        Prepared on {formatIsoDate(advice.asOf)} · Assumptions version {advice.assumptionsVersion} · Engine {advice.engineVersion} ·{' '}
        {advice.financialYear} tax rates
      </p>

      <section>
        <h2>Your situation</h2>
        <ul>
          <li>
            Age {advice.age ?? 'not given'},{' '}
            {labelOf(RELATIONSHIP_OPTIONS, answers.relationshipStatus).toLowerCase() || 'relationship status not given'}.
          </li>
          <li>{labelOf(EMPLOYMENT_OPTIONS, answers.employmentStatus) || 'Employment not given'}.</li>
          {income && (
            <li>
              Take-home pay {$(income.netAnnualCents)} a year ({$(income.netMonthlyCents)} a month) from assessable income of{' '}
              {$(income.assessableIncomeCents)}.
            </li>
          )}
          {income && (
            <li>
              {income.privateHospitalCover
                ? 'Private hospital cover held.'
                : 'No private hospital cover (the Medicare levy surcharge applies above its threshold).'}
            </li>
          )}
          {needs && (
            <>
              <li>
                Emergency fund of {$(needs.emergencyFund.targetCents)} ({needs.emergencyFund.months} months of take-home pay) kept in cash;
                cash held {$(needs.emergencyFund.cashCents)}
                {needs.emergencyFund.shortfallCents > 0 ? `, ${$(needs.emergencyFund.shortfallCents)} short of it` : ''}.
              </li>
              <li>
                {needs.bigSpends.totalCents > 0
                  ? `Big expenses of ${$(needs.bigSpends.totalCents)} expected in the next ${needs.bigSpends.years} years, set aside from cash and never invested.`
                  : `No big expenses expected in the next ${needs.bigSpends.years} years.`}
              </li>
              <li>
                Regular savings of {$(needs.surplus.monthlyCents)} a month, of which {$(needs.surplus.investableMonthlyCents)} can be
                invested after setting aside {Math.round(needs.surplus.setAsideShare * 100)}% for the unexpected.
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
          {plan.goal.label}: {$(plan.goal.todayCents)} in today’s dollars in {yearsText(plan.goal.years)} ({plan.goal.targetYear}), about{' '}
          {$(plan.goal.nominalCents)} then at {pct(plan.goal.inflationRate)} inflation.
        </p>
      </section>

      <section>
        <h2>Scope of this advice</h2>
        <p>
          This advice covers investing towards the goal above. It does not cover superannuation and retirement, paying off debts, insurance,
          government benefits or estate planning.
        </p>
      </section>

      <section>
        <h2>Our recommendation</h2>
        <p>
          {investText($(plan.startingAmountCents), plan.startingAmountCents, $(plan.monthlyNeededCents), plan.monthlyNeededCents)} in the{' '}
          {fundName(plan.profile.label)} ({Math.round(plan.profile.growth * 100)}% growth, {Math.round(plan.profile.defensive * 100)}%
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
            Returns are not guaranteed. We plan on {pct(plan.annualReturn)} a year after fees (the return beaten over your timeframe in{' '}
            {Math.round(plan.confidence * 100)}% of outcomes; the median is {pct(plan.profile.medianNetReturn)}), but the value of your
            investment will rise and fall; in our projection there is a {Math.round(plan.projection.probabilityOfReachingGoal * 100)}%
            chance of reaching your goal on time.
          </li>
          <li>
            A {plan.profile.label.toLowerCase()} portfolio can fall in value in some years; it suits goals at least{' '}
            {plan.profile.minHorizonYears} years away.
          </li>
          <li>Inflation may be higher than the {pct(plan.goal.inflationRate)} a year assumed, making the goal cost more.</li>
        </ul>
      </section>

      <section>
        <h2>Fees in dollars</h2>
        <FeeTable fees={plan.fees} years={plan.goal.years} />
      </section>

      <section>
        <h2>Who gives this advice</h2>
        <p>
          {BUSINESS}, Australian Financial Services Licence {AFSL} (a demonstration number: Horizon Advice is a fictional business). Our
          Financial Services Guide says who we are and what we do: <a href={DOCUMENT_LINKS.fsg}>read the Financial Services Guide</a>. The
          product is explained in its <a href={DOCUMENT_LINKS.pds}>product disclosure statement</a>, which you should read before you
          decide.
        </p>
      </section>

      <section>
        <h2>How we are paid, and our conflicts</h2>
        <ul>
          <li>
            For this advice we charge an upfront adviser fee of {$(plan.fees.upfrontAdviserFeeCents)}, invoiced to you: it is not taken from
            your investment.
          </li>
          <li>
            The fund’s fees are paid to its issuer, {ISSUER}, which is related to us: we recommend its fund, and the group earns its fees.
            We receive no commissions, and our advisers are paid a salary with no bonus tied to the products they recommend.
          </li>
        </ul>
      </section>

      <section>
        <h2>Speak with an adviser</h2>
        <p>
          One of our advisers can go through this advice with you, or give you advice on anything it does not cover: call {PHONE} ({HOURS})
          or email {EMAIL}.
        </p>
      </section>

      <section>
        <h2>If you have a complaint</h2>
        <p>
          Tell us first: email {EMAIL} or call {PHONE}. We will acknowledge your complaint within one business day and give you our final
          response within {COMPLAINT_DAYS} days. If you are not satisfied, you can go to the Australian Financial Complaints Authority
          (AFCA), a free and independent service: {AFCA}.
        </p>
      </section>

      <section>
        <h2>The answers this advice is based on</h2>
        {reviewSections(answers, SAMPLE_ANSWERS).map((section) => (
          <div key={section.step}>
            <h3>{section.title}</h3>
            <dl className="review-list">
              {section.rows
                .filter((r) => !r.example)
                .map((r) => (
                  <Fragment key={r.label}>
                    <dt>{r.label}</dt>
                    <dd>{r.value}</dd>
                  </Fragment>
                ))}
            </dl>
          </div>
        ))}
      </section>

      <section>
        <h2>Assumptions</h2>
        <ul>
          {plan.chartAssumptions.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
        <p className="note">
          This is personal advice, prepared by a digital advice tool from the answers you gave on {formatIsoDate(advice.asOf)}. It relies on
          those answers being complete and correct: if your situation changes, or anything here is wrong, come back and update your answers.
          Horizon Advice is a demonstration.
        </p>
      </section>
    </article>
  );
}
