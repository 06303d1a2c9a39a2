/** journey-spec §3: the goal's amount and years (step 2), in the goal's answers (./goal-selection.tsx). */
import { readGoalAmount, readGoalYears, readYears } from '../answer-fields';
import type { Inputs, Reader } from '../engine/inputs';
import { MAX_GOAL_YEARS } from '../engine/limits';
import type { MISSING_WORDS } from '../messages-on-demand';
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
  read: (answers, r: Reader<typeof MISSING_WORDS.goalDetails>): Pick<Inputs, 'goalTodayCents' | 'goalYears'> => {
    const { a, miss, amountWords, words: M } = r;
    const amount = readGoalAmount(answers.goal.amount);
    if (!amount.ok)
      miss(
        'goal.amount',
        amount.problem === 'blank'
          ? M.amountBlank
          : amount.problem === 'under-min'
            ? M.amountUnderMin
            : amountWords(amount.problem, M.amount),
      );
    const max = a.projection.maxYears;
    const years = readYears(answers.goal.years, max);
    if (!years.ok)
      miss(
        'goal.years',
        years.problem === 'blank' ? M.yearsBlank : years.problem === 'not-number' ? M.yearsNotNumber : M.yearsOverMax(max),
      );
    return { goalTodayCents: amount.ok ? amount.value : null, goalYears: years.ok ? years.value : null };
  },
});
