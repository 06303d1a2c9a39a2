/** The chance of reaching a goal: the share of the engine's simulated outcomes that get there (JOURNEY-ENGINE.md "Projection"). */
import { lognormalVariance, type RiskProfile } from '../../../journey/engine/assumptions';
import { Normals } from '../../../journey/engine/random';
import { defineTool, dollars, money, percent, profileName, yearsWords } from './tool';
import {
  GOAL_PARAMS,
  goalAmounts,
  goalBasis,
  goalWords,
  horizonNotes,
  noProfileAnswer,
  nominalIn,
  planOn,
  profilesFor,
} from './goal-plans';
import { perYear, type Frequency } from './numbers';

interface GoalChanceArgs {
  goal: number;
  years: number;
  start?: number;
  profile?: string;
  monthly?: number;
  nominal?: boolean;
}

/** One profile's simulation: its monthly deposit, in cents. */
export interface ChanceRun {
  profile: RiskProfile;
  monthlyCents: number;
}

/**
 * The share of simulated paths that reach the goal on each profile: projection.ts `project`'s
 * `probabilityOfReachingGoal`, from the same draws with the same arithmetic, without the yearly bands it also
 * works out (every path's balance each year, sorted), which an answer does not show. The draws depend only on
 * the seed, the paths and the months, so the profiles of one question share them: drawn once, not once a
 * profile (a 50-year goal on six profiles is 600 months × 2,000 paths of draws, not six times that).
 */
export function chancesOfReaching(
  runs: readonly ChanceRun[],
  x: { startCents: number; months: number; goalNominalCents: number; paths: number; seed: number },
): number[] {
  const { months: n, paths } = x;
  const draws = new Float64Array(n * paths);
  const normal = new Normals(x.seed);
  for (let k = 0; k < draws.length; k++) draws[k] = normal.next();
  return runs.map(({ profile, monthlyCents: deposit }) => {
    // as project(): centred on the published median, the log-variance of the net mean and volatility
    const mu = Math.log(1 + profile.medianNetReturn) / 12;
    const sigma = Math.sqrt(lognormalVariance(profile.netReturn, profile.volatility) / 12);
    let reached = 0;
    for (let p = 0, k = 0; p < paths; p++) {
      let b = x.startCents;
      for (let m = 1; m <= n; m++, k++) b = b * Math.exp(mu + sigma * (draws[k] as number)) + deposit;
      if (b >= x.goalNominalCents) reached++;
    }
    return paths > 0 ? reached / paths : 0;
  });
}

/** `goal_chance`: the share of the engine's simulated outcomes that reach a goal, by risk profile. */
export const goalChanceTool = defineTool<GoalChanceArgs>({
  name: 'goal_chance',
  description:
    "The chance of reaching a goal (in today's dollars unless nominal is true) in a number of years: the share of the advice engine's simulated " +
    'market outcomes that reach it, investing a monthly amount (the journey’s plan for the goal when not given), on a risk ' +
    'profile or on every profile that suits the timeframe.',
  params: {
    ...GOAL_PARAMS,
    monthly: {
      kind: 'amount',
      description: "The amount invested each month; when not given, the plan's monthly amount for the goal.",
      required: false,
      ask: 'the amount you would invest each month (for example $800)',
    },
  },
  purpose: 'the chance of reaching your goal',
  asksBack: 'never',
  matches: (q) =>
    /\b(?:chances?|probability|likely|likelihood|odds)\b/i.test(q) &&
    /\b(?:reach|goal|target|achiev|hit|get(?:ting)? to|mak(?:e|ing) it|hav(?:e|ing))\w*/i.test(q),
  fromQuestion(numbers, q) {
    const { goal, start, deposit } = goalAmounts(numbers);
    const nominal = nominalIn(q);
    // a deposit at another frequency, made monthly the way the engine does (× payments a year ÷ 12)
    const monthly = deposit?.frequency
      ? Math.round((deposit.dollars * perYear(deposit.frequency as Frequency) * 100) / 12) / 100
      : undefined;
    return {
      ...(goal ? { goal: goal.dollars } : {}),
      ...(numbers.years !== null ? { years: numbers.years } : {}),
      ...(start ? { start: start.dollars } : {}),
      ...(numbers.profile ? { profile: numbers.profile } : {}),
      ...(monthly !== undefined ? { monthly } : {}),
      ...(nominal === undefined ? {} : { nominal }),
    };
  },
  run({ goal, years, start = 0, profile, monthly, nominal = false }, { assumptions: a }) {
    const profiles = profilesFor(years, profile, a);
    if (profiles.length === 0) return noProfileAnswer(years, a);
    const plans = profiles.map((p) => {
      const { plan } = planOn(p, goal, years, start, a, { nominal });
      return { profile: p, monthlyCents: monthly === undefined ? plan.monthlyNeededCents : Math.round(monthly * 100), plan };
    });
    // the goal's date and amount are the same on every profile (its return changes only the deposits)
    const { months, nominalCents } = plans[0]!.plan;
    const shares = chancesOfReaching(plans, {
      startCents: Math.round(start * 100),
      months,
      goalNominalCents: nominalCents,
      paths: a.projection.defaultPaths,
      seed: a.projection.defaultSeed,
    });
    const rows = plans.map((r, k) => ({ profile: r.profile, monthlyCents: r.monthlyCents, nominalCents, chance: shares[k]! }));
    const first = rows[0]!;
    const steps = goalBasis(goal, years, start, first.nominalCents, a, nominal);
    steps.push(
      monthly === undefined
        ? `3. Each month: the plan's amount for the goal on each profile (its return made cautious so that ${percent(a.projection.confidence, 0)} of outcomes reach the goal)`
        : `3. Each month: ${dollars(monthly)}`,
      `4. ${a.projection.defaultPaths.toLocaleString('en-AU')} simulated market paths for each profile (lognormal monthly returns after fees, the same seed every time); the chance is the share that reach the goal at its date`,
    );
    const chance = (c: number) => percent(c, 0);
    let figure: string;
    if (rows.length === 1) {
      steps.push(
        `5. ${profileName(first.profile)}: ${money(first.monthlyCents)} a month reaches the goal in **${chance(first.chance)}** of the paths`,
      );
      figure = `Investing ${money(first.monthlyCents)} a month on the ${profileName(first.profile)} profile, the chance of reaching ${goalWords(goal, nominal)} in ${yearsWords(years)} is **${chance(first.chance)}**.`;
    } else {
      steps.push(
        '| Risk profile | Each month | Chance of reaching the goal |\n|---|---|---|\n' +
          rows.map((r) => `| ${profileName(r.profile)} | ${money(r.monthlyCents)} | ${chance(r.chance)} |`).join('\n'),
      );
      const chances = rows.map((r) => r.chance);
      figure = `The chance of reaching ${goalWords(goal, nominal)} in ${yearsWords(years)} is between **${chance(Math.min(...chances))} and ${chance(Math.max(...chances))}**, depending on the risk profile.`;
    }
    steps.push(...horizonNotes(profiles, years), 'Past returns and these simulations are not a guarantee of what markets will do.');
    return { figure, steps };
  },
});
