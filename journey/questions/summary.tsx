/** The thanks page after the goal's details: it asks nothing. */
import { useJourney } from '../actor-context';
import { Sentence } from '../components/sentence';
import { formatEnteredMoney } from '../format';
import { QUESTION_WORDS } from '../messages';
import { GOAL_OPTIONS, labelOf } from '../options';
import { defineQuestion } from './question';

const W = QUESTION_WORDS.summary;

function Summary() {
  const goal = useJourney((s) => s.context.answers.goal);
  const described = goal.type && goal.amount && goal.years;
  return (
    <div className="prose">
      {described ? (
        <p>
          <Sentence
            text={W.goal(formatEnteredMoney(goal.amount), goal.years)}
            parts={{ goal: <strong>{labelOf(GOAL_OPTIONS, goal.type)}</strong> }}
          />
        </p>
      ) : (
        <p>{W.saved}</p>
      )}
      <p>{W.next}</p>
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
  get title() {
    return W.title;
  },
  editable: false,
  Body: Summary,
});
