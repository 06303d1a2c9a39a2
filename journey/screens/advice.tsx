/**
 * The advice screens (journey-spec §2): review, needs analysis, recommendation,
 * recommended products and the statement of advice. The review is here; the
 * computed pages are in advice-computed.tsx and statement.tsx.
 */
import { Fragment, type ComponentType } from 'react';
import { JourneyActorContext } from '../actor-context';
import { AdviceGate } from '../records/gate';
import type { JourneyRef } from '../records/kept';
import { SaveLater } from '../records/save-later';
import { useAdviceStatus } from '../records/status';
import { selectAdvice } from '../../machines/advice-status';
import { FRAME_WORDS } from '../messages';
import { useJourney, useJourneySend } from '../actor-context';
import { reviewSections, SAMPLE_ANSWERS } from '../questionnaire';
import { ON_DEMAND } from '../questions/on-demand';
import { Sentence } from '../components/sentence';
import { Greeting } from './advice-parts';
import { NeedsAnalysis, Recommendation, RecommendedProducts } from './advice-computed';
import { StatementOfAdvice } from './statement';
import type { BodyProps } from './index';
import { ADVICE_WORDS, QUESTION_FORM_WORDS } from '../messages-on-demand';

const M = ADVICE_WORDS.review;

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
  const sections = reviewSections(answers, SAMPLE_ANSWERS, QUESTION_FORM_WORDS, ON_DEMAND);
  const anyExample = sections.some((s) => s.rows.some((r) => r.example));
  return (
    <div className="stack">
      <Greeting>{M.pleaseCheckYourDetails}</Greeting>
      {anyExample && (
        <p className="note">
          <Sentence text={M.valuesMarked} parts={{ example: <span className="badge">{M.example}</span> }} />
        </p>
      )}
      {sections.map((section) => (
        <section key={section.step} className="review-section" aria-labelledby={`review-${section.step}`}>
          <div className="review-section__header">
            <h2 id={`review-${section.step}`}>{section.title}</h2>
            <button
              type="button"
              className="icon-button"
              aria-label={M.edit(section.title)}
              title={M.edit(section.title)}
              onClick={() => send({ type: 'JOURNEY.EDIT_SECTION', step: section.step })}
            >
              <EditIcon />
            </button>
          </div>
          <dl className="review-list" data-ai-private="">
            {section.rows.map((r) => (
              <Fragment key={r.label}>
                <dt>{r.label}</dt>
                <dd>
                  <span className="review-list__value">{r.value}</span>
                  {r.example && <span className="badge">{M.example}</span>}
                </dd>
              </Fragment>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

/**
 * A page with a recommendation, shown only while the site's advice is not paused (issue 34, the kill switch); the pages
 * after the questionnaire's carry "Save and continue later" here (the questionnaire's carry it in the frame).
 */
const gated = (Body: ComponentType, later = false, next?: () => string) =>
  function Gated({ Nav }: BodyProps) {
    const answers = useJourney((s) => s.context.answers);
    const journey = JourneyActorContext.useActorRef();
    return (
      <>
        <AdviceGate answers={answers} journey={journey}>
          <Body />
          {later && <SaveLater journey={journey} />}
        </AdviceGate>
        {next && Nav && <GatedNav journey={journey} Nav={Nav} next={next} />}
      </>
    );
  };

/**
 * The page's nav (the frame's own, handed to the page: `BodyProps.Nav`) with its way on only while advice is open:
 * paused, the pages after it are paused too, so only Back is offered (the paused panel says whom to ask instead).
 */
function GatedNav({ journey, Nav, next }: { journey: JourneyRef; Nav: NonNullable<BodyProps['Nav']>; next: () => string }) {
  // while the status is asked the way on shows, as it did before the gate asked
  const open = useAdviceStatus(journey, selectAdvice) !== 'paused';
  return <Nav continueLabel={open ? next() : null} />;
}

export const BODIES = {
  reviewDetails: ReviewDetails,
  needsAnalysis: NeedsAnalysis,
  recommendation: gated(Recommendation, false, () => ADVICE_WORDS.acceptAndContinue),
  recommendedProducts: gated(RecommendedProducts, true, () => FRAME_WORDS.continue),
  statementOfAdvice: gated(StatementOfAdvice, true),
} satisfies Record<string, ComponentType<BodyProps>>;
