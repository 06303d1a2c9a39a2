/** journey-spec §3: the goal (step 2); its amount and years are asked next (./goal-details.tsx). */
import { GOAL_OPTIONS, labelOf } from '../options';
import { row } from '../review';
import { filled } from '../rules';
import { SAMPLE } from '../constants';
import { Choice } from './parts';
import { defineQuestion } from './question';

const title = 'What are you investing for?';

export const goalSelection = defineQuestion({
  id: 'goalSelection',
  path: '/questionnaire/goal-selection',
  step: 2,
  title,
  lead: 'Choose the goal that matters most to you right now.',
  slice: {
    key: 'goal',
    blank: { type: '', amount: '', years: '' },
    sample: { type: 'first-home', amount: String(SAMPLE.goalAmount), years: String(SAMPLE.goalYears) },
  },
  asks: ['goal.type'],
  Body: () => <Choice field="goal.type" options={GOAL_OPTIONS} question={title} />,
  rule: (a) => filled(a.goal.type),
  review: (a, s) => [row('Goal', a.goal.type, s.goal.type, (v) => labelOf(GOAL_OPTIONS, v))],
});
