/** The monthly amount that reaches a goal (JOURNEY-ENGINE.md "Regular investment for the goal"). */
import { defineTool, money, percent, profileName, yearsWords } from './tool';
import {
  GOAL_PARAMS,
  goalAmounts,
  goalBasis,
  goalWords,
  horizonNotes,
  MEDIAN,
  noProfileAnswer,
  nominalIn,
  planOn,
  profilesFor,
} from './goal-plans';

interface GoalMonthlyArgs {
  goal: number;
  years: number;
  start?: number;
  profile?: string;
  nominal?: boolean;
}

/** "between $a and $b", or "$a" when they are the same. */
function range(amounts: readonly number[]): string {
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  return low === high ? money(low) : `between ${money(low)} and ${money(high)}`;
}

/**
 * `goal_monthly_investment`: the monthly amount that reaches a goal, by risk profile, two ways: on the profile's
 * median return (the engine specification's figure) and as the journey plans it, so that the engine's confidence
 * of outcomes reach the goal (the figure the visitor's advice shows).
 */
export const goalMonthlyTool = defineTool<GoalMonthlyArgs>({
  name: 'goal_monthly_investment',
  description:
    "The amount to invest each month to reach a goal (in today's dollars unless nominal is true) in a number of years, on a " +
    'risk profile (or on every profile that suits the timeframe): on the median return, and as the advice journey plans it ' +
    '(so that most outcomes reach the goal). Give both figures, each with its label.',
  params: GOAL_PARAMS,
  purpose: 'the monthly amount for your goal',
  asksBack: 'never',
  matches: (q, numbers) =>
    (numbers.frequency === 'monthly' || /\bmonthly\b|\beach month\b|\bper month\b|\ba month\b/i.test(q)) &&
    /\b(?:reach|goal|target|get(?:ting)? to|hav|sav|invest|put(?:ting)? (?:away|aside)|accumulat|build|retir|end up with)\w*/i.test(q),
  fromQuestion(numbers, q) {
    const { goal, start } = goalAmounts(numbers);
    const nominal = nominalIn(q);
    return {
      ...(goal ? { goal: goal.dollars } : {}),
      ...(numbers.years !== null ? { years: numbers.years } : {}),
      ...(start ? { start: start.dollars } : {}),
      ...(numbers.profile ? { profile: numbers.profile } : {}),
      ...(nominal === undefined ? {} : { nominal }),
    };
  },
  run({ goal, years, start = 0, profile, nominal = false }, { assumptions: a }) {
    const profiles = profilesFor(years, profile, a);
    if (profiles.length === 0) return noProfileAnswer(years, a);
    const plans = profiles.map((p) => ({
      profile: p,
      planned: planOn(p, goal, years, start, a, { nominal }),
      median: planOn(p, goal, years, start, a, { nominal, confidence: MEDIAN }),
    }));
    const first = plans[0]!;
    const confidence = percent(a.projection.confidence, 0);
    const asAdvised = `planned so that ${confidence} of outcomes reach it, as your advice does`;
    const steps = goalBasis(goal, years, start, first.planned.plan.nominalCents, a, nominal);
    steps.push(
      `3. Two returns after fees, R a year: the profile's median return, and the return your advice plans on, the median made cautious so that ${confidence} of outcomes reach the goal; the monthly rate i = (1 + R)^(1/12) − 1`,
      `4. Each month, over n = ${first.planned.plan.months} months: (goal − start × (1 + i)^n) × i ÷ ((1 + i)^n − 1), rounded up to the cent`,
    );
    const goalText = goalWords(goal, nominal);
    let figure: string;
    if (plans.length === 1) {
      const { profile: p, planned, median } = first;
      steps.push(
        `5. ${profileName(p)} on its median return: R = ${percent(median.annualReturn)} a year, so **${money(median.plan.monthlyNeededCents)} a month**`,
        `6. ${profileName(p)} as your advice plans: R = ${percent(planned.annualReturn)} a year, so **${money(planned.plan.monthlyNeededCents)} a month**`,
      );
      figure = `To reach ${goalText} in ${yearsWords(years)} on the ${profileName(p)} profile: on the profile's median return, **${money(median.plan.monthlyNeededCents)} a month**; ${asAdvised}, **${money(planned.plan.monthlyNeededCents)} a month**.`;
    } else {
      steps.push(
        '| Risk profile | Return your advice plans on (a year) | Each month, as your advice plans | Median return (a year) | Each month on the median |\n|---|---|---|---|---|\n' +
          plans
            .map(
              ({ profile: p, planned, median }) =>
                `| ${profileName(p)} | ${percent(planned.annualReturn)} | ${money(planned.plan.monthlyNeededCents)} | ${percent(median.annualReturn)} | ${money(median.plan.monthlyNeededCents)} |`,
            )
            .join('\n'),
      );
      const median = range(plans.map((x) => x.median.plan.monthlyNeededCents));
      const planned = range(plans.map((x) => x.planned.plan.monthlyNeededCents));
      figure = `To reach ${goalText} in ${yearsWords(years)}, depending on the risk profile: on the profiles' median returns, **${median} a month**; ${asAdvised}, **${planned} a month**.`;
    }
    steps.push(...horizonNotes(profiles, years));
    if (first.planned.plan.monthlyNeededCents === 0)
      steps.push('The starting amount alone is expected to reach the goal, so nothing more is needed each month.');
    return { figure, steps };
  },
});
