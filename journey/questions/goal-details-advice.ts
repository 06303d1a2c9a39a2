/**
 * The goal details question's advice-only part (journey/questions/goal-details.tsx; listed in ./on-demand.ts): how the
 * engine reads the goal's amount and years, loaded with the engine rather than on the first visit.
 */
import type { Answers } from '../../machines/journey-answers';
import { readGoalAmount, readYears } from '../answer-fields';
import type { Inputs, Reader } from '../engine/inputs';
import type { MISSING_WORDS } from '../messages-on-demand';

export const goalDetailsAdvice = {
  read: (answers: Answers, r: Reader<typeof MISSING_WORDS.goalDetails>): Pick<Inputs, 'goalTodayCents' | 'goalYears'> => {
    const { a, miss, amountCode } = r;
    const amount = readGoalAmount(answers.goal.amount);
    if (!amount.ok)
      miss(
        'goal.amount',
        amount.problem === 'blank'
          ? 'amountBlank'
          : amount.problem === 'under-min'
            ? 'amountUnderMin'
            : amountCode(amount.problem, 'amount'),
      );
    const max = a.projection.maxYears;
    const years = readYears(answers.goal.years, max);
    if (!years.ok) {
      if (years.problem === 'blank') miss('goal.years', 'yearsBlank');
      else if (years.problem === 'not-number') miss('goal.years', 'yearsNotNumber');
      else miss('goal.years', 'yearsOverMax', undefined, { max });
    }
    return { goalTodayCents: amount.ok ? amount.value : null, goalYears: years.ok ? years.value : null };
  },
};
