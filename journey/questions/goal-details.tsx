/** journey-spec §3: the goal's amount and years (step 2), in the goal's answers (./goal-selection.tsx). */
import { readGoalAmount, readGoalYears } from '../answer-fields';
import { MAX_GOAL_YEARS } from '../engine/limits';
import { money, row } from '../review';
import { goalAmountProblem, yearsProblem } from '../rules';
import { CheckedField, useField } from './parts';
import { defineQuestion } from './question';

function GoalDetails() {
  const [amount, setAmount] = useField('goal.amount');
  const [years, setYears] = useField('goal.years');
  return (
    <div className="stack">
      <CheckedField
        label="How much will you need?"
        hint="In today’s dollars"
        money
        value={amount}
        onChange={setAmount}
        problem={goalAmountProblem}
      />
      <CheckedField
        label="How many years from now?"
        hint="For example, 8 or 2.5"
        inputMode="decimal"
        value={years}
        onChange={setYears}
        problem={yearsProblem}
      />
    </div>
  );
}

export const goalDetails = defineQuestion({
  id: 'goalDetails',
  path: '/questionnaire/goal-details',
  step: 2,
  title: 'Tell us about your goal',
  asks: ['goal.amount', 'goal.years'],
  Body: GoalDetails,
  rule: (a) => readGoalAmount(a.goal.amount).ok && readGoalYears(a.goal.years, MAX_GOAL_YEARS).ok,
  review: (a, s) => [
    row('Amount needed', a.goal.amount, s.goal.amount, money),
    row('Years from now', a.goal.years, s.goal.years, (v) => `${v} years`),
  ],
});
