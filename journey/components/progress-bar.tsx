/** The 7-step progress bar of the questionnaire (journey-spec §2): an ordered list; the current step has aria-current="step". */
import type { StepNumber } from '../../machines/journey-flow';
import { FRAME_WORDS, STEP_LABELS } from '../messages';
import { STEPS } from '../questionnaire';
import { useJourneySend } from '../actor-context';

export function ProgressBar({ current }: { current: StepNumber }) {
  const send = useJourneySend();
  return (
    <nav className="progress" aria-label={FRAME_WORDS.progress}>
      <ol className="progress__steps">
        {STEPS.map((step) => {
          const state = step.n < current ? 'done' : step.n === current ? 'current' : 'todo';
          return (
            <li key={step.n} className="progress__step" data-state={state}>
              <button
                type="button"
                className="progress__button"
                aria-current={state === 'current' ? 'step' : undefined}
                onClick={() => send({ type: 'JOURNEY.GO_TO_STEP', step: step.n })}
              >
                <span className="progress__number" aria-hidden="true">
                  {step.n}
                </span>
                {/* the visible label is hidden below 48rem; the button's name must not be (issue 15: axe button-name) */}
                <span className="progress__label" aria-hidden="true">
                  {STEP_LABELS[step.n]}
                </span>
                <span className="sr-only">{FRAME_WORDS.step(step.n, STEPS.length, STEP_LABELS[step.n])}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
