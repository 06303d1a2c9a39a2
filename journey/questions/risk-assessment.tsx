/** journey-spec §3: the investment style (step 4). */
import { lazy, Suspense } from 'react';
import { useJourney, useJourneySend } from '../actor-context';
import { RISK_STYLES, labelOf } from '../options';
import { row } from '../review';
import { filled } from '../rules';
import { SAMPLE } from '../constants';
import { Choice, SuitabilityProblem } from './parts';
import { defineQuestion } from './question';

const reasons = ['goal-shorter-than-horizon'] as const;

/** What the chosen style could lose: it reads the engine's assumptions, so it loads with them, after the first page. */
const PossibleLoss = lazy(() => import('./possible-loss').then((m) => ({ default: m.PossibleLoss })));

function RiskAssessment() {
  const opened = useJourney((s) => s.context.answers.risk.questionnaireOpened);
  const style = useJourney((s) => s.context.answers.risk.style);
  const send = useJourneySend();
  return (
    <div className="stack">
      <div className="panel">
        <h2>Not sure? Take the risk questionnaire</h2>
        <p>A short set of questions about how you would react to ups and downs in the value of your investment.</p>
        <button type="button" className="button button--secondary" onClick={() => send({ type: 'RISK.OPEN_QUESTIONNAIRE' })}>
          Open questionnaire
        </button>
        <p role="status" className="panel__status">
          {opened
            ? 'The risk questionnaire is not available online yet. Choose the style below that describes you best, or talk to an adviser.'
            : ''}
        </p>
      </div>
      <Choice field="risk.style" options={RISK_STYLES} question="Choose your investment style" />
      <Suspense fallback={<p role="status" className="note" />}>
        <PossibleLoss style={style} />
      </Suspense>
      <SuitabilityProblem reasons={reasons} />
    </div>
  );
}

export const riskAssessment = defineQuestion({
  id: 'riskAssessment',
  path: '/questionnaire/risk-assessment',
  step: 4,
  title: 'How do you feel about investment risk?',
  slice: { key: 'risk', blank: { questionnaireOpened: false, style: '' }, sample: { questionnaireOpened: false, style: SAMPLE.riskStyle } },
  asks: ['risk.style'],
  reasons,
  Body: RiskAssessment,
  rule: (a) => filled(a.risk.style),
  review: (a, s) => [row('Investment style', a.risk.style, s.risk.style, (v) => labelOf(RISK_STYLES, v))],
});
