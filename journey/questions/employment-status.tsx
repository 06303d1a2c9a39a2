/** journey-spec §3: the employment status (step 3). */
import { useJourney } from '../actor-context';
import type { Inputs } from '../engine/inputs';
import { QUESTION_WORDS } from '../messages';
import { EMPLOYMENT_OPTIONS, labelOf } from '../options';
import { row } from '../review';
import { employmentProblem, filled } from '../rules';
import { Choice, ScreenProblem } from './parts';
import { defineQuestion } from './question';

const W = QUESTION_WORDS.employmentStatus;

function EmploymentStatus() {
  const status = useJourney((s) => s.context.answers.employmentStatus);
  return (
    <div className="stack">
      <Choice field="employmentStatus" options={EMPLOYMENT_OPTIONS} question={W.title} />
      <ScreenProblem problem={employmentProblem(status)} />
    </div>
  );
}

export const employmentStatus = defineQuestion({
  id: 'employmentStatus',
  path: '/questionnaire/employment-status',
  step: 3,
  get title() {
    return W.title;
  },
  slice: { key: 'employmentStatus', blank: '', sample: 'employed' },
  Body: EmploymentStatus,
  rule: (a) => filled(a.employmentStatus) && employmentProblem(a.employmentStatus) === null,
  review: (a, s) => [row(W.review, a.employmentStatus, s.employmentStatus, (v) => labelOf(EMPLOYMENT_OPTIONS, v))],
  read: (a): Pick<Inputs, 'employmentStatus'> => ({ employmentStatus: a.employmentStatus }),
});
