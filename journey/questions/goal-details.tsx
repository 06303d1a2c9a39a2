/** journey-spec §3: the goal's amount and years (step 2), in the goal's answers (./goal-selection.tsx). */
import { readGoalAmount, readGoalYears } from '../answer-fields';
import { MAX_GOAL_YEARS } from '../engine/limits';
import { QUESTION_WORDS } from '../messages';
import { money, row } from '../review';
import { goalAmountProblem, yearsProblem } from '../rules';
import { CheckedField, useField } from './parts';
import { defineQuestion } from './question';

const W = QUESTION_WORDS.goalDetails;

function GoalDetails() {
  const [amount, setAmount] = useField('goal.amount');
  const [years, setYears] = useField('goal.years');
  return (
    <div className="stack">
      <CheckedField label={W.amount} hint={W.amountHint} money value={amount} onChange={setAmount} problem={goalAmountProblem} />
      <CheckedField label={W.years} hint={W.yearsHint} inputMode="decimal" value={years} onChange={setYears} problem={yearsProblem} />
    </div>
  );
}

export const goalDetails = defineQuestion({
  id: 'goalDetails',
  path: '/questionnaire/goal-details',
  step: 2,
  get title() {
    return W.title;
  },
  asks: ['goal.amount', 'goal.years'],
  Body: GoalDetails,
  rule: (a) => readGoalAmount(a.goal.amount).ok && readGoalYears(a.goal.years, MAX_GOAL_YEARS).ok,
  review: (a, s) => [
    row(W.reviewAmount, a.goal.amount, s.goal.amount, money),
    row(W.reviewYears, a.goal.years, s.goal.years, W.yearsValue),
  ],
});
