/** The thanks page after the goal's details: it asks nothing. */
import { useJourney } from '../actor-context';
import { formatEnteredMoney } from '../format';
import { GOAL_OPTIONS, labelOf } from '../options';
import { defineQuestion } from './question';

function Summary() {
  const goal = useJourney((s) => s.context.answers.goal);
  const described = goal.type && goal.amount && goal.years;
  return (
    <div className="prose">
      {described ? (
        <p>
          Your goal: <strong>{labelOf(GOAL_OPTIONS, goal.type)}</strong>, {formatEnteredMoney(goal.amount)} in {goal.years} years.
        </p>
      ) : (
        <p>Your goal is saved.</p>
      )}
      <p>
        Next, we’ll ask about your finances: your work, income, savings, assets and debts. This helps us check what you can afford to
        invest.
      </p>
    </div>
  );
}

/**
 * The spec lists no step for /questionnaire/summary, which would make it fall back to step 1 and make the
 * bar jump backwards mid-journey. It closes the goals section, so it belongs to step 2 here; the review's
 * edit of the goals skips it.
 */
export const summary = defineQuestion({
  id: 'summary',
  path: '/questionnaire/summary',
  step: 2,
  title: 'Thanks, your goal is saved',
  editable: false,
  Body: Summary,
});
