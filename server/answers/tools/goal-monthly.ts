/** The monthly amount that reaches a goal (JOURNEY-ENGINE.md "Regular investment for the goal"). */
import { defineTool, dollars, money, percent, yearsWords } from './tool';
import { GOAL_PARAMS, goalAmounts, goalBasis, horizonNotes, noProfileAnswer, planOn, profilesFor } from './goal-plans';

interface GoalMonthlyArgs {
  goal: number;
  years: number;
  start?: number;
  profile?: string;
}

/** `goal_monthly_investment`: the monthly amount that reaches a goal in today's dollars, by risk profile. */
export const goalMonthlyTool = defineTool<GoalMonthlyArgs>({
  name: 'goal_monthly_investment',
  description:
    "The amount to invest each month to reach a goal (in today's dollars) in a number of years, on a risk profile " +
    '(or on every profile that suits the timeframe), the way the advice journey works it out.',
  params: GOAL_PARAMS,
  purpose: 'the monthly amount for your goal',
  asksBack: 'never',
  matches: (q, numbers) =>
    (numbers.frequency === 'monthly' || /\bmonthly\b|\beach month\b|\bper month\b|\ba month\b/i.test(q)) &&
    /\b(?:reach|goal|target|get(?:ting)? to|hav|sav|invest|put(?:ting)? (?:away|aside)|accumulat|build|retir|end up with)\w*/i.test(q),
  fromQuestion(numbers) {
    const { goal, start } = goalAmounts(numbers);
    return {
      ...(goal ? { goal: goal.dollars } : {}),
      ...(numbers.years !== null ? { years: numbers.years } : {}),
      ...(start ? { start: start.dollars } : {}),
      ...(numbers.profile ? { profile: numbers.profile } : {}),
    };
  },
  run({ goal, years, start = 0, profile }, { assumptions: a }) {
    const profiles = profilesFor(years, profile, a);
    if (profiles.length === 0) return noProfileAnswer(years, a);
    const plans = profiles.map((p) => ({ profile: p, ...planOn(p, goal, years, start, a) }));
    const first = plans[0]!;
    const steps = goalBasis(goal, years, start, first.plan.nominalCents, a);
    steps.push(
      `4. Each month, over n = ${first.plan.months} months: (goal − start × (1 + i)^n) × i ÷ ((1 + i)^n − 1), rounded up to the cent`,
    );
    let figure: string;
    if (plans.length === 1) {
      const { profile: p, annualReturn, plan } = first;
      steps.push(`5. ${p.label}: R = ${percent(annualReturn)} a year, so **${money(plan.monthlyNeededCents)} a month**`);
      figure = `To reach ${dollars(goal)} in today's dollars in ${yearsWords(years)} on the ${p.label} profile, you would invest **${money(plan.monthlyNeededCents)} a month**.`;
    } else {
      steps.push(
        '| Risk profile | Return planned on (a year) | Each month |\n|---|---|---|\n' +
          plans
            .map(({ profile: p, annualReturn, plan }) => `| ${p.label} | ${percent(annualReturn)} | ${money(plan.monthlyNeededCents)} |`)
            .join('\n'),
      );
      const amounts = plans.map((x) => x.plan.monthlyNeededCents);
      figure = `To reach ${dollars(goal)} in today's dollars in ${yearsWords(years)}, you would invest between **${money(Math.min(...amounts))} and ${money(Math.max(...amounts))} a month**, depending on the risk profile.`;
    }
    steps.push(...horizonNotes(profiles, years));
    if (first.plan.monthlyNeededCents === 0)
      steps.push('The starting amount alone is expected to reach the goal, so nothing more is needed each month.');
    return { figure, steps };
  },
});
