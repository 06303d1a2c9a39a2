/** journey-spec §3: the investment style (step 4). */
import { lazy, Suspense } from 'react';
import { useJourney, useJourneySend } from '../actor-context';
import type { Inputs, Reader } from '../engine/inputs';
import { wordsReady } from '../locale';
import type { MISSING_WORDS } from '../messages-on-demand';
import { QUESTION_WORDS } from '../messages';
import { RISK_STYLES, labelOf } from '../options';
import { row } from '../review';
import { filled } from '../rules';
import { SAMPLE } from '../constants';
import { Choice, SuitabilityProblem } from './parts';
import { defineQuestion } from './question';

const W = QUESTION_WORDS.riskAssessment;
const reasons = ['goal-shorter-than-horizon'] as const;

/** What the chosen style could lose: it reads the engine's assumptions, so it loads with them, after the first page. */
const PossibleLoss = lazy(() =>
  wordsReady('messages-on-demand')
    .then(() => import('./possible-loss'))
    .then((m) => ({ default: m.PossibleLoss })),
);

function RiskAssessment() {
  const opened = useJourney((s) => s.context.answers.risk.questionnaireOpened);
  const style = useJourney((s) => s.context.answers.risk.style);
  const send = useJourneySend();
  return (
    <div className="stack">
      <div className="panel">
        <h2>{W.questionnaire}</h2>
        <p>{W.questionnaireText}</p>
        <button type="button" className="button button--secondary" onClick={() => send({ type: 'RISK.OPEN_QUESTIONNAIRE' })}>
          {W.open}
        </button>
        <p role="status" className="panel__status">
          {opened ? W.notAvailable : ''}
        </p>
      </div>
      <Choice field="risk.style" options={RISK_STYLES} question={W.style} />
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
  get title() {
    return W.title;
  },
  slice: { key: 'risk', blank: { questionnaireOpened: false, style: '' }, sample: { questionnaireOpened: false, style: SAMPLE.riskStyle } },
  asks: ['risk.style'],
  reasons,
  Body: RiskAssessment,
  rule: (a) => filled(a.risk.style),
  review: (a, s) => [row(W.review, a.risk.style, s.risk.style, (v) => labelOf(RISK_STYLES, v))],
  read: (a, r: Reader<typeof MISSING_WORDS.riskAssessment>): Pick<Inputs, 'profile'> => {
    const profile = r.riskProfile(a.risk.style) ?? null;
    if (!profile) r.miss('risk.style', 'style');
    return { profile };
  },
});
