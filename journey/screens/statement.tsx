/**
 * The statement of advice (issue 5): a printable page — save it as PDF from the
 * browser — with the client's situation and goal, the scope, the strategy and
 * product, the reasons, the risks, the fees in dollars, the assumptions version
 * and the date. Print styles hide the app around it.
 */
import { labelOf, DEBT_TYPES, RELATIONSHIP_OPTIONS, EMPLOYMENT_OPTIONS } from '../options';
import { useJourney } from '../actor-context';
import { formatDollars, formatLocale, formatPercent } from '../format';
import { formatIsoDate } from '../format-dates';
import { centsToDollars, useAdvice } from '../use-advice';
import { Fragment, useEffect } from 'react';
import { Sentence } from '../components/sentence';
import { RISK_LABELS } from '../messages';
import { FeeTable, fundName, inSentence, investText, OUT_OF_REACH } from './advice-parts';
import { AFCA_CONTACTS, AFSL, BUSINESS, COMPLAINT_DAYS, DOCUMENT_LINKS, EMAIL, ISSUER, PHONE } from '../licensee';
import { reviewSections, SAMPLE_ANSWERS } from '../questionnaire';
import { noteText, REASON_WORDS } from '../messages-advice';
import { ADVICE_WORDS, QUESTION_FORM_WORDS } from '../messages-on-demand';
import { ON_DEMAND } from '../questions/on-demand';
import { JourneyActorContext } from '../actor-context';
import { Acceptance } from '../records/acceptance';
import { couple } from '../questions/partner';

const M = ADVICE_WORDS.statement;

const $ = (cents: number) => formatDollars(centsToDollars(cents));
const pct = (rate: number) => formatPercent(Math.round(rate * 1000) / 10);

/** A list of names, joined as the locale joins a list (`Intl.ListFormat`): "credit card and car loan". */
const formatList = (items: readonly string[]) => new Intl.ListFormat(formatLocale(), { type: 'conjunction' }).format(items);

/** A CSS string of the text, for a custom property that a `content` reads. */
const cssString = (text: string) => `"${text.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}"`;

/**
 * The printed statement's running head and foot (journey.css, `@page`): the licensee's name and 'Page N of M' on
 * every page, handed to the page's margin boxes as custom properties of the root element while the statement shows.
 * They are set through the CSSOM: the page's CSP allows no inline style.
 */
function PrintedPages() {
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--soa-licensee', cssString(BUSINESS));
    // 'Page {page} of {pages}': the words as strings, the placeholders as the page counters
    root.setProperty(
      '--soa-page',
      M.pageOfPages
        .split(/\{(pages?)\}/)
        .map((part, i) => (i % 2 ? `counter(${part})` : cssString(part)))
        .join(' '),
    );
    return () => {
      root.removeProperty('--soa-licensee');
      root.removeProperty('--soa-page');
    };
  }, []);
  return null;
}

export function StatementOfAdvice() {
  const journey = JourneyActorContext.useActorRef();
  const advice = useAdvice();
  const answers = useJourney((s) => s.context.answers);
  // issue 15: no statement while the plan does not reach the goal (the recommendation offers the three levers)
  if (advice.status !== 'recommended' || !advice.plan.reachable) {
    return (
      <div className="prose">
        <p>
          {advice.status === 'unsuitable' ? M.weHaveNotGiven : advice.status === 'recommended' ? OUT_OF_REACH : M.yourStatementOfAdvice}
        </p>
      </div>
    );
  }
  const { plan, income, needs } = advice;
  return (
    <article className="soa" aria-label={M.statementOfAdvice} data-ai-private="">
      <PrintedPages />
      <div className="soa__actions">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          {M.printOrSaveAs}
        </button>
      </div>
      <p className="soa__meta">
        {M.preparedOnAssumptionsVersion(formatIsoDate(advice.asOf), advice.assumptionsVersion, advice.engineVersion, advice.financialYear)}
      </p>
      {/* issue 34: the statement kept on the server, its PDF and the acceptance (both partners' for a couple) */}
      <Acceptance partner={couple(answers) ? answers.partner.name.trim() || null : null} journey={journey} />

      <section>
        <h2>{M.yourSituation}</h2>
        <ul>
          <li>
            {M.ageAndRelationship(
              advice.age ?? M.notGiven,
              inSentence(labelOf(RELATIONSHIP_OPTIONS, answers.relationshipStatus)) || M.relationshipStatusNotGiven,
            )}
          </li>
          <li>{M.employment(labelOf(EMPLOYMENT_OPTIONS, answers.employmentStatus) || M.employmentNotGiven)}</li>
          {income && <li>{M.takeHomePayA($(income.netAnnualCents), $(income.netMonthlyCents), $(income.assessableIncomeCents))}</li>}
          {income && (
            <li>
              {!income.privateHospitalCover
                ? M.noPrivateHospitalCover
                : // a couple pays the surcharge unless both hold cover: the take-home pay above has it taken off
                  income.family && !income.family.partnerHospitalCover
                  ? M.partnerHasNoHospitalCover
                  : M.privateHospitalCoverHeld}
            </li>
          )}
          {needs && (
            <>
              <li>
                {M.emergencyFundOfMonths(
                  $(needs.emergencyFund.targetCents),
                  needs.emergencyFund.months,
                  $(needs.emergencyFund.cashCents),
                  needs.emergencyFund.shortfallCents > 0 ? M.shortOfIt($(needs.emergencyFund.shortfallCents)) : '',
                )}
              </li>
              <li>
                {needs.bigSpends.totalCents > 0
                  ? M.bigExpensesOfExpected($(needs.bigSpends.totalCents), needs.bigSpends.years)
                  : M.noBigExpensesExpected(needs.bigSpends.years)}
              </li>
              <li>
                {M.regularSavingsOfA(
                  $(needs.surplus.monthlyCents),
                  $(needs.surplus.investableMonthlyCents),
                  Math.round(needs.surplus.setAsideShare * 100),
                )}
              </li>
            </>
          )}
          {/* the needs analysis's notes too (the debt to clear from cash first, whose take-home pay it is): without
              them the statement's first deposit is not what its cash, emergency fund and big expenses leave */}
          {advice.notes.map(noteText).map((n) => (
            <li key={n}>{n}</li>
          ))}
          <li>
            {answers.debts.answer === 'yes' && answers.debts.rows.length > 0
              ? M.debts(formatList(answers.debts.rows.map((d) => inSentence(labelOf(DEBT_TYPES, d.type)) || M.aDebt)))
              : M.noDebts}
          </li>
        </ul>
      </section>

      <section>
        <h2>{M.yourGoal}</h2>
        <p>
          {M.inTodaySDollars(
            plan.goal.label,
            $(plan.goal.todayCents),
            plan.goal.years,
            plan.goal.targetYear,
            $(plan.goal.nominalCents),
            pct(plan.goal.inflationRate),
          )}
        </p>
      </section>

      <section>
        <h2>{M.scopeOfThisAdvice}</h2>
        <p>{M.thisAdviceCoversInvesting}</p>
      </section>

      <section>
        <h2>{M.ourRecommendation}</h2>
        <p>
          {M.inTheGrowthDefensive(
            investText($(plan.startingAmountCents), plan.startingAmountCents, $(plan.monthlyNeededCents), plan.monthlyNeededCents),
            fundName(RISK_LABELS[plan.profile.id]),
            Math.round(plan.profile.growth * 100),
            Math.round(plan.profile.defensive * 100),
          )}
        </p>
        <h3>{M.why}</h3>
        <ul>
          {REASON_WORDS.reasons(advice.reasons).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>

      <section>
        <h2>{M.risks}</h2>
        <ul>
          <li>
            {M.returnsAreNotGuaranteed(
              pct(plan.annualReturn),
              Math.round(plan.confidence * 100),
              pct(plan.profile.medianNetReturn),
              Math.round(plan.projection.probabilityOfReachingGoal * 100),
            )}
          </li>
          <li>{M.aPortfolioCanFall(inSentence(RISK_LABELS[plan.profile.id]), plan.profile.minHorizonYears)}</li>
          <li>{M.inflationMayBeHigher(pct(plan.goal.inflationRate))}</li>
        </ul>
      </section>

      <section>
        <h2>{M.feesInDollars}</h2>
        <FeeTable fees={plan.fees} years={plan.goal.years} />
      </section>

      <section>
        <h2>{M.whoGivesThisAdvice}</h2>
        <p>
          <Sentence
            text={M.whoGivesIt}
            parts={{
              business: BUSINESS,
              afsl: AFSL,
              fsg: <a href={DOCUMENT_LINKS.fsg}>{M.readTheFinancialServices}</a>,
              pds: <a href={DOCUMENT_LINKS.pds}>{M.productDisclosureStatement}</a>,
            }}
          />
        </p>
      </section>

      <section>
        <h2>{M.howWeArePaid}</h2>
        <ul>
          <li>{M.forThisAdviceWe($(plan.fees.upfrontAdviserFeeCents))}</li>
          <li>{M.theFundSFees(ISSUER)}</li>
        </ul>
      </section>

      <section>
        <h2>{M.speakWithAnAdviser}</h2>
        <p>{M.oneOfOurAdvisers(PHONE, M.adviserHours, EMAIL)}</p>
      </section>

      <section>
        <h2>{M.ifYouHaveA}</h2>
        <p>
          {M.tellUsFirstEmail(
            EMAIL,
            PHONE,
            COMPLAINT_DAYS,
            M.afcaContacts(AFCA_CONTACTS.web, AFCA_CONTACTS.email, AFCA_CONTACTS.phone, AFCA_CONTACTS.post),
          )}
        </p>
      </section>

      <section>
        <h2>{M.theAnswersThisAdvice}</h2>
        {/* the on-demand parts too: a couple's partner rows, as the PDF lists them */}
        {reviewSections(answers, SAMPLE_ANSWERS, QUESTION_FORM_WORDS, ON_DEMAND).map((section) => (
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
        <h2>{M.assumptions}</h2>
        <ul>
          {REASON_WORDS.chartAssumptions(advice.reasons).map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
        <p className="note">{M.thisIsPersonalAdvice(formatIsoDate(advice.asOf))}</p>
      </section>
    </article>
  );
}
