/** journey-spec §3: the goal (step 2); its amount and years are asked next (./goal-details.tsx). */
import { SAMPLE } from '../constants';
import type { Inputs } from '../engine/inputs';
import { QUESTION_WORDS } from '../messages';
import { GOAL_OPTIONS, labelOf } from '../options';
import { row } from '../review';
import { filled } from '../rules';
import { Choice } from './parts';
import { defineQuestion } from './question';

const W = QUESTION_WORDS.goalSelection;

export const goalSelection = defineQuestion({
  id: 'goalSelection',
  path: '/questionnaire/goal-selection',
  step: 2,
  get title() {
    return W.title;
  },
  get lead() {
    return W.lead;
  },
  slice: {
    key: 'goal',
    blank: { type: '', amount: '', years: '' },
    sample: { type: 'first-home', amount: String(SAMPLE.goalAmount), years: String(SAMPLE.goalYears) },
  },
  asks: ['goal.type'],
  Body: () => <Choice field="goal.type" options={GOAL_OPTIONS} question={W.title} />,
  rule: (a) => filled(a.goal.type),
  review: (a, s) => [row(W.review, a.goal.type, s.goal.type, (v) => labelOf(GOAL_OPTIONS, v))],
  read: (a): Pick<Inputs, 'goalType'> => ({ goalType: a.goal.type }),
});
