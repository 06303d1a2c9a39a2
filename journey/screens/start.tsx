/** The screens before the questionnaire: dashboard, intro, before you start, eligibility (journey-spec §2). */
import { DOCUMENT_LINKS } from '../licensee';
import { useJourney, useJourneySend } from '../actor-context';
import { STEP_LABELS } from '../messages';
import { SCREENS, STEPS, selectResumeAt, type ScreenId } from '../questionnaire';
import { Collapsible } from '../components/collapsible';
import { BIG_SPENDS_YEARS, JOURNEY_MINUTES, MIN_AGE, MIN_GOAL_YEARS } from '../constants';
import type { ComponentType } from 'react';

const JOURNEYS = [
  { title: 'Retirement', text: 'Plan the income you will need to retire comfortably.' },
  { title: 'Investment', text: 'Get advice on investing towards a goal of your own.' },
  { title: 'Investment Choice', text: 'Compare ways to invest what you already have.' },
  { title: 'Financial health check', text: 'See where you stand today and what to work on next.' },
];

/** Where the dashboard's resume panel says the visitor left off. */
function placeOf(screen: ScreenId): string {
  const step = SCREENS.find((s) => s.id === screen)?.step;
  return step ? `step ${step} of ${STEPS.length}, ${STEP_LABELS[step]}` : 'your recommended products';
}

/** 'Continue where you left off' (issue 15): shown when answers are saved on this device. */
function Resume() {
  const send = useJourneySend();
  const resumeAt = useJourney(selectResumeAt);
  if (!resumeAt) return null;
  return (
    <section className="panel resume" aria-labelledby="resume-title">
      <h2 id="resume-title">Welcome back</h2>
      <p>You were at {placeOf(resumeAt)}.</p>
      <button type="button" className="button button--primary" onClick={() => send({ type: 'JOURNEY.RESUME' })}>
        Continue where you left off
      </button>
    </section>
  );
}

function Dashboard() {
  const send = useJourneySend();
  return (
    <>
      <Resume />
      <ul className="cards" aria-label="Recommended journeys">
        {JOURNEYS.map((j) => (
          <li key={j.title} className="card">
            <h2 className="card__title">{j.title}</h2>
            <p className="card__text">{j.text}</p>
            <button type="button" className="button button--primary" onClick={() => send({ type: 'JOURNEY.CONTINUE' })}>
              Start<span className="sr-only"> {j.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function Intro() {
  return (
    <div className="prose">
      <p>
        We’ll ask about you, your goals, your finances and how you feel about risk, then recommend a way to invest towards your goal. It
        takes about <strong>{JOURNEY_MINUTES} minutes</strong>.
      </p>
      <ul className="checklist">
        <li>Your details save automatically as you go, so you can stop and pick up where you left off on this device.</li>
        <li>Some answers are pre-populated from what we already know about you: check them as you go.</li>
        <li>You can review and change every answer before we make a recommendation.</li>
      </ul>
    </div>
  );
}

function BeforeStart() {
  return (
    <div className="prose">
      <p>To get the most accurate advice, have these to hand for your household:</p>
      <ul className="checklist">
        <li>Income (payslips or your latest tax return)</li>
        <li>Expenses, including big costs coming up in the next {BIG_SPENDS_YEARS} years</li>
        <li>Assets, such as savings, property and investments</li>
        <li>Debts, such as your mortgage, loans and credit cards</li>
      </ul>
      <p>If you have a partner, you can invite them to add their details too.</p>
      <Collapsible title="Documents to read">
        <p>Please read these before you continue:</p>
        <ul>
          <li>
            <a href={DOCUMENT_LINKS.fsg}>Financial Services Guide</a>
          </li>
          <li>
            <a href={DOCUMENT_LINKS.privacy}>Privacy &amp; Personal Data Protection Policy</a>
          </li>
        </ul>
      </Collapsible>
    </div>
  );
}

function Eligibility() {
  return (
    <div className="prose">
      <h2>This advice suits you if you</h2>
      <ul className="checklist">
        <li>live in Australia and are {MIN_AGE} or over;</li>
        <li>want advice for a goal that is {MIN_GOAL_YEARS} years or more away;</li>
        <li>have no big changes coming up in your life;</li>
        <li>have no health issues that affect your financial decisions.</li>
      </ul>
      <h2>What this advice does not cover</h2>
      <ul>
        <li>Superannuation and retirement</li>
        <li>Paying off debts</li>
        <li>Insurance</li>
        <li>Government benefits</li>
        <li>Estate planning</li>
      </ul>
      <p>By continuing you confirm that this describes you and that you understand what the advice covers.</p>
    </div>
  );
}

export const BODIES = {
  dashboard: Dashboard,
  intro: Intro,
  beforeStart: BeforeStart,
  eligibility: Eligibility,
} satisfies Record<string, ComponentType>;
