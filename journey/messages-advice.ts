/**
 * The catalogue's words for a recommendation (the third part of the journey's catalogue, with ./messages.ts and
 * ./messages-on-demand.ts): its reasons, the chart's one-sentence summary and the assumptions stated beside the chart,
 * said from the figures the engine hands over (journey/engine/reasons.ts). Kept apart so that they load with the
 * advice pages that show them.
 */
import type { AdviceNote } from './engine';
import { formatCents as dollarsText, formatNumber, formatRate as percentText } from './format';
import { RISK_LABELS, UNIT_WORDS } from './messages';
import type { Projection } from './engine/projection';
import type { ReasonsInput } from './engine/reasons';
import { GOAL_OPTIONS, labelOf } from './options';

const pct = (share: number) => `${Math.round(share * 100)}%`;
const yearsText = UNIT_WORDS.years;

/** Why this recommendation, in the order a reader needs it. */
function recommendationReasons(x: ReasonsInput): string[] {
  const { profile: p, needs } = x;
  const style = RISK_LABELS[p.id];
  const reasons: string[] = [];
  const goal = x.goalType === '' ? 'your goal' : `your goal (${labelOf(GOAL_OPTIONS, x.goalType).toLowerCase()})`;

  reasons.push(
    `Because ${goal} is ${yearsText(x.years)} away and you chose ${style}, which suits goals at least ${yearsText(p.minHorizonYears)} away.`,
  );
  reasons.push(
    `${style} invests about ${pct(p.growth)} in growth assets such as shares and property and ${pct(p.defensive)} in defensive assets such as cash and bonds. ` +
      `We assume a median return of ${percentText(p.medianNetReturn)} a year after fees; some years will be higher and some will lose money. ` +
      `So that the plan reaches your goal in ${pct(x.confidence)} of outcomes, not half of them, we plan on ${percentText(x.annualReturn)} a year over your ${yearsText(x.years)}.`,
  );
  reasons.push(
    `You need ${dollarsText(x.goalTodayCents)} in today’s dollars. With prices rising ${percentText(x.inflationRate)} a year, ` +
      `that will be about ${dollarsText(x.goalNominalCents)} in ${x.targetYear}.`,
  );

  const s = needs.surplus;
  reasons.push(
    `You save ${dollarsText(s.monthlyCents)} a month, and we count that as what you have left over. ` +
      `We set aside ${pct(s.setAsideShare)} (${dollarsText(s.setAsideMonthlyCents)}) for unexpected expenses, ` +
      `which leaves ${dollarsText(s.investableMonthlyCents)} a month you could invest.`,
  );

  const ef = needs.emergencyFund;
  const big = needs.bigSpends;
  const bigText =
    big.totalCents > 0 ? ` and the ${dollarsText(big.totalCents)} you expect to spend in the next ${yearsText(big.years)}` : '';
  // with no take-home pay there is no recommendation (suitability 'no-income', issue 15), so the fund is months of it here
  if (ef.shortfallCents > 0) {
    reasons.push(
      `An emergency fund of three months of your take-home pay is ${dollarsText(ef.targetCents)}, and your cash is ${dollarsText(ef.shortfallCents)} short of it, ` +
        `so nothing is taken from your cash to invest. Consider building the fund from the amount set aside each month.`,
    );
  } else if (needs.availableSavingsCents > 0) {
    reasons.push(
      `Your cash covers an emergency fund of ${dollarsText(ef.targetCents)} (three months of your take-home pay)${bigText}, ` +
        `leaving ${dollarsText(needs.availableSavingsCents)} to start your investment.`,
    );
  } else {
    const partBig = big.fromCashCents > 0 ? ` and ${dollarsText(big.fromCashCents)} of your big expenses` : '';
    reasons.push(
      `Your cash covers an emergency fund of ${dollarsText(ef.targetCents)} (three months of your take-home pay)${partBig}, ` +
        `so there is nothing extra to start your investment with.`,
    );
  }
  if (big.notCoveredCents > 0) {
    reasons.push(
      `Your cash does not cover ${dollarsText(big.notCoveredCents)} of the big expenses you expect in the next ${yearsText(big.years)}; ` +
        'plan to save for them separately, as this investment is not meant for them.',
    );
  }

  const start = x.projection.startingAmountCents;
  const chance = Math.round(x.projection.probabilityOfReachingGoal * 100);
  if (x.monthlyNeededCents === 0) {
    const rest =
      x.leftOverCents > 0
        ? ` Your savings are more than it needs: keep the other ${dollarsText(x.leftOverCents)} for other plans, out of this investment and its fees.`
        : '';
    reasons.push(
      `A starting amount of ${dollarsText(start)} grows to your goal on its own in ${chance}% of our simulated outcomes, so no regular investment is needed.${rest}`,
    );
  } else if (x.reachable) {
    const plus = start > 0 ? `, with ${dollarsText(start)} to start,` : '';
    reasons.push(
      `Investing ${dollarsText(x.monthlyNeededCents)} a month${plus} reaches your goal in ${chance}% of our simulated outcomes.`,
    );
  } else {
    const options: string[] = [];
    const l = x.levers;
    if (l?.longerTime) options.push(`give it ${yearsText(l.longerTime.years)}`);
    if (l) options.push(`aim for ${dollarsText(l.smallerGoal.todayCents)} in today’s dollars`);
    if (l) options.push(`start with ${dollarsText(l.largerFirstDeposit.totalCents)}`);
    const last = options.pop();
    const choice = options.length > 0 ? `${options.join(', ')} or ${last}` : last;
    reasons.push(
      `Reaching your goal needs ${dollarsText(x.monthlyNeededCents)} a month, more than the ${dollarsText(s.investableMonthlyCents)} you could invest, ` +
        `so it is not reachable as it stands.${choice ? ` To reach it, you could ${choice}.` : ''}`,
    );
  }

  const f = x.fees;
  reasons.push(
    `The ${dollarsText(f.upfrontAdviserFeeCents)} adviser fee is ${f.upfrontInvoiced ? 'invoiced to you, not taken from your investment' : 'taken from your first deposit'}. ` +
      `The ${percentText(f.investmentFeeRate)} investment fee comes to about ${dollarsText(f.firstYear.investmentCents)} in the first year ` +
      `and ${dollarsText(f.wholeTimeframe.investmentCents)} over ${yearsText(x.years)}; there is no administration fee.`,
  );
  return reasons;
}

/** The chart's one-sentence summary. */
function chartSummary(p: Projection, targetYear: number): string {
  const last = p.points[p.points.length - 1];
  if (!last) return '';
  const chance = Math.round(p.probabilityOfReachingGoal * 100);
  return (
    `In a median outcome your investment grows to ${dollarsText(last.nominal.median)} by ${targetYear} against a goal of ${dollarsText(p.goalNominalCents)}; ` +
    `9 in 10 simulated outcomes end above ${dollarsText(last.nominal.p10)}, 1 in 10 above ${dollarsText(last.nominal.p90)}, and ${chance}% reach the goal.`
  );
}

/** The assumptions stated beside the chart, ending with the reminder that it is not a guarantee. */
function chartAssumptions({ profile, inflationRate, fees, projection }: ReasonsInput): string[] {
  return [
    `Returns: ${RISK_LABELS[profile.id]}, a median of ${percentText(profile.medianNetReturn)} a year after the ${percentText(fees.investmentFeeRate)} investment fee, ` +
      `with ups and downs of about ${percentText(profile.volatility)} a year.`,
    `Inflation: ${percentText(inflationRate)} a year, for the figures in today’s dollars.`,
    `The bands come from ${formatNumber(projection.paths)} simulated outcomes: 1 in 10 ends below the lower line and 1 in 10 above the upper line.`,
    'This is a projection, not a guarantee. Your investment can fall in value, and past returns do not predict future ones.',
  ];
}

export const REASON_WORDS = {
  /** Why this recommendation, in the order a reader needs it. */
  reasons: recommendationReasons,
  /** The chart's one-sentence summary. */
  chartSummary: (x: ReasonsInput) => chartSummary(x.projection, x.targetYear),
  /** The assumptions stated beside the chart, ending with the reminder that it is not a guarantee. */
  chartAssumptions,
};

type NoteCode = AdviceNote['code'];

/** The notes on how the figures were simplified (the engine's AdviceNote), by code. */
export const NOTE_WORDS: { [C in NoteCode]: (n: Extract<AdviceNote, { code: C }>) => string } = {
  'family-medicare': (n) =>
    `Your Medicare levy, its low-income reduction and the surcharge use the family thresholds, on your family’s taxable income of ${dollarsText(n.familyIncomeCents)} (yours and your partner’s; dependent children: ${n.dependants}). The take-home pay shown is yours alone.`,
  'sole-parent-medicare': (n) =>
    `As a single parent with ${n.dependants === 1 ? 'a dependent child' : `${n.dependants} dependent children`}, your Medicare levy and its low-income reduction use the family threshold (no levy up to ${dollarsText(n.levyThresholdCents)} of taxable income), and the surcharge, payable without private hospital cover for you and your children, the family thresholds (from over ${dollarsText(n.surchargeThresholdCents)}).`,
  'seniors-offset': () =>
    'You may be entitled to the seniors and pensioners tax offset, which we have not included, so your take-home pay may be higher than shown.',
  'clear-high-interest': (n) =>
    `Clear the ${dollarsText(n.owedCents)} you owe at a high interest rate first: no investment can be expected to earn that much. ` +
    (n.notCoveredCents > 0 && n.fromCashCents === 0
      ? 'Your cash does not go beyond the emergency fund, so repay all of it from your regular savings before you start.'
      : n.notCoveredCents > 0
        ? `${dollarsText(n.fromCashCents)} of it comes from your cash above the emergency fund and is not counted as savings to invest; repay the other ${dollarsText(n.notCoveredCents)} from your regular savings before you start.`
        : 'It comes from your cash above the emergency fund and is not counted as savings to invest.'),
  'other-income-taxed': () => 'We treated your other income as taxable in full, without deductions or franking credits.',
  'earliest-tax-rates': (n) => `We used the ${n.taxYear} tax rates, the earliest we hold, for ${n.financialYear}.`,
};

/** A note's words. */
export const noteText = (n: AdviceNote): string => (NOTE_WORDS[n.code] as (n: AdviceNote) => string)(n);
