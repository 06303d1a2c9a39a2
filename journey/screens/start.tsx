/**
 * The dashboard (journey-spec §2), the page a first visit shows; the pages between it and the questions load on
 * demand (./introduction.tsx).
 */
import type { ComponentType } from 'react';
import { useJourney, useJourneySend } from '../actor-context';
import { DASHBOARD_WORDS as W } from '../messages';
import { SCREENS, STEPS, selectResumeAt, type ScreenId } from '../questionnaire';

/** Where the dashboard's resume panel says the visitor left off. */
function placeOf(screen: ScreenId): string {
  const step = SCREENS.find((s) => s.id === screen)?.step;
  return step ? W.step(step, STEPS.length) : W.products;
}

/** 'Continue where you left off' (issue 15): shown when answers are saved on this device. */
function Resume() {
  const send = useJourneySend();
  const resumeAt = useJourney(selectResumeAt);
  if (!resumeAt) return null;
  return (
    <section className="panel resume" aria-labelledby="resume-title">
      <h2 id="resume-title">{W.welcomeBack}</h2>
      <p>{W.youWereAt(placeOf(resumeAt))}</p>
      <button type="button" className="button button--primary" onClick={() => send({ type: 'JOURNEY.RESUME' })}>
        {W.resume}
      </button>
    </section>
  );
}

function Dashboard() {
  const send = useJourneySend();
  return (
    <>
      <Resume />
      <ul className="cards" aria-label={W.journeysLabel}>
        {W.journeys.map((j) => (
          <li key={j.title} className="card">
            <h2 className="card__title">{j.title}</h2>
            <p className="card__text">{j.text}</p>
            <button type="button" className="button button--primary" onClick={() => send({ type: 'JOURNEY.CONTINUE' })}>
              {W.start}
              <span className="sr-only"> {j.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

export const BODIES = { dashboard: Dashboard } satisfies Record<string, ComponentType>;
