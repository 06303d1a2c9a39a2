/**
 * The Simplified Chinese catalogue's words for a recommendation (journey/messages-advice.ts in English): its reasons,
 * the chart's one-sentence summary and the assumptions stated beside the chart, said from the figures the engine hands
 * over (journey/engine/reasons.ts), in the same order and under the same conditions as the English. The glossary is at
 * the top of ./messages.ts.
 */
import type { AdviceNote } from '../../engine';
import { formatCents as dollarsText, formatNumber, formatRate as percentText } from '../../format';
import type { Projection } from '../../engine/projection';
import type { ReasonsInput } from '../../engine/reasons';
import type { GoalType } from '../../option-values';
import type * as En from '../../messages-advice';
import { GOAL_LABELS, RISK_LABELS, UNIT_WORDS } from './labels';

const pct = (share: number) => `${Math.round(share * 100)}%`;
const yearsText = UNIT_WORDS.years;

// The profile and the goal are named from this catalogue's labels, by their codes (the engine's own labels are English).
const profileName = (x: ReasonsInput) => RISK_LABELS[x.profile.id];

/** Why this recommendation, in the order a reader needs it. */
function recommendationReasons(x: ReasonsInput): string[] {
  const { profile: p, needs } = x;
  const style = profileName(x);
  const reasons: string[] = [];
  const goal = x.goalType === '' ? '您的目标' : `您的目标（${GOAL_LABELS[x.goalType as GoalType]}）`;

  reasons.push(`因为${goal}距今还有 ${yearsText(x.years)}，而您选择了${style}，该风格适合距今至少 ${yearsText(p.minHorizonYears)}的目标。`);
  reasons.push(
    `${style}约将 ${pct(p.growth)} 投资于股票和房地产等增长型资产，将 ${pct(p.defensive)} 投资于现金和债券等防御型资产。` +
      `我们假设扣除费用后的年回报中位数为 ${percentText(p.medianNetReturn)}；有些年份会更高，有些年份会亏损。` +
      `为使方案在 ${pct(x.confidence)} 的结果中（而不只是一半的结果中）实现您的目标，我们在您的 ${yearsText(x.years)}期限内按每年 ${percentText(x.annualReturn)} 进行规划。`,
  );
  reasons.push(
    `按今日币值计算，您需要 ${dollarsText(x.goalTodayCents)}。按物价每年上涨 ${percentText(x.inflationRate)} 计算，` +
      `到 ${x.targetYear} 年约为 ${dollarsText(x.goalNominalCents)}。`,
  );

  const s = needs.surplus;
  reasons.push(
    `您每月储蓄 ${dollarsText(s.monthlyCents)}，我们将其视为您每月的结余。` +
      `我们预留其中的 ${pct(s.setAsideShare)}（${dollarsText(s.setAsideMonthlyCents)}）用于意外支出，` +
      `剩余每月 ${dollarsText(s.investableMonthlyCents)} 可供您投资。`,
  );

  const ef = needs.emergencyFund;
  const big = needs.bigSpends;
  const bigText = big.totalCents > 0 ? `，以及您预计在未来 ${yearsText(big.years)}内支出的 ${dollarsText(big.totalCents)}` : '';
  // with no take-home pay there is no recommendation (suitability 'no-income'), so the fund is months of it here
  if (ef.shortfallCents > 0) {
    reasons.push(
      `相当于三个月税后到手收入的应急基金为 ${dollarsText(ef.targetCents)}，您的现金距此还差 ${dollarsText(ef.shortfallCents)}，` +
        '因此不会从您的现金中拿出资金进行投资。请考虑用每月预留的金额建立这笔基金。',
    );
  } else if (needs.availableSavingsCents > 0) {
    reasons.push(
      `您的现金足以覆盖 ${dollarsText(ef.targetCents)} 的应急基金（三个月的税后到手收入）${bigText}，` +
        `剩余 ${dollarsText(needs.availableSavingsCents)} 可用于开始您的投资。`,
    );
  } else {
    const partBig = big.fromCashCents > 0 ? `，以及您大额支出中的 ${dollarsText(big.fromCashCents)}` : '';
    reasons.push(
      `您的现金足以覆盖 ${dollarsText(ef.targetCents)} 的应急基金（三个月的税后到手收入）${partBig}，` +
        '因此没有额外的资金可用于开始您的投资。',
    );
  }
  if (big.notCoveredCents > 0) {
    reasons.push(
      `对于您预计在未来 ${yearsText(big.years)}内发生的大额支出，您的现金还有 ${dollarsText(big.notCoveredCents)} 无法覆盖；` +
        '请计划另行为这些支出储蓄，因为这项投资并非为此而设。',
    );
  }

  const start = x.projection.startingAmountCents;
  const chance = Math.round(x.projection.probabilityOfReachingGoal * 100);
  if (x.monthlyNeededCents === 0) {
    const rest =
      x.leftOverCents > 0
        ? `您的储蓄超过了目标所需：请将其余的 ${dollarsText(x.leftOverCents)} 留作其他计划之用，不要放入这项投资，也就不必为其支付这项投资的费用。`
        : '';
    reasons.push(`${dollarsText(start)} 的启动资金在我们 ${chance}% 的模拟结果中可以自行增长至您的目标，因此无需定期投资。${rest}`);
  } else if (x.reachable) {
    const plus = start > 0 ? `，并以 ${dollarsText(start)} 作为启动资金` : '';
    reasons.push(`每月投资 ${dollarsText(x.monthlyNeededCents)}${plus}，在我们 ${chance}% 的模拟结果中能够实现您的目标。`);
  } else {
    const options: string[] = [];
    const l = x.levers;
    if (l?.longerTime) options.push(`将期限延长至 ${yearsText(l.longerTime.years)}`);
    if (l) options.push(`把目标定为按今日币值计算的 ${dollarsText(l.smallerGoal.todayCents)}`);
    if (l) options.push(`以 ${dollarsText(l.largerFirstDeposit.totalCents)} 作为首笔投入`);
    const last = options.pop();
    const choice = options.length > 0 ? `${options.join('、')}，或${last}` : last;
    reasons.push(
      `实现您的目标需要每月投资 ${dollarsText(x.monthlyNeededCents)}，超过您每月可以投资的 ${dollarsText(s.investableMonthlyCents)}，` +
        `因此按目前情况无法实现。${choice ? `要实现目标，您可以${choice}。` : ''}`,
    );
  }

  const f = x.fees;
  reasons.push(
    `${dollarsText(f.upfrontAdviserFeeCents)} 的顾问费${f.upfrontInvoiced ? '向您开具账单收取，不从您的投资中扣除' : '从您的首笔投入中扣除'}。` +
      `${percentText(f.investmentFeeRate)} 的投资费在第一年约为 ${dollarsText(f.firstYear.investmentCents)}，` +
      `在 ${yearsText(x.years)}内约为 ${dollarsText(f.wholeTimeframe.investmentCents)}；不收取行政管理费。`,
  );
  return reasons;
}

/** The chart's one-sentence summary. */
function chartSummary(p: Projection, targetYear: number): string {
  const last = p.points[p.points.length - 1];
  if (!last) return '';
  const chance = Math.round(p.probabilityOfReachingGoal * 100);
  return (
    `在中位数结果下，到 ${targetYear} 年您的投资将增长至 ${dollarsText(last.nominal.median)}，而目标为 ${dollarsText(p.goalNominalCents)}；` +
    `10 个模拟结果中有 9 个最终高于 ${dollarsText(last.nominal.p10)}，10 个中有 1 个高于 ${dollarsText(last.nominal.p90)}，有 ${chance}% 的结果能实现目标。`
  );
}

/** The assumptions stated beside the chart, ending with the reminder that it is not a guarantee. */
function chartAssumptions(x: ReasonsInput): string[] {
  const { profile, inflationRate, fees, projection } = x;
  return [
    `回报：${profileName(x)}，扣除 ${percentText(fees.investmentFeeRate)} 的投资费后，年回报中位数为 ${percentText(profile.medianNetReturn)}，` +
      `每年的上下波动约为 ${percentText(profile.volatility)}。`,
    `通货膨胀：每年 ${percentText(inflationRate)}，用于按今日币值计算的数据。`,
    `区间来自 ${formatNumber(projection.paths)} 个模拟结果：10 个中有 1 个最终低于下方的线，10 个中有 1 个最终高于上方的线。`,
    '这是预测，而非保证。您的投资价值可能下跌，过往回报并不能预测未来的回报。',
  ];
}

export const REASON_WORDS = {
  /** Why this recommendation, in the order a reader needs it. */
  reasons: recommendationReasons,
  /** The chart's one-sentence summary. */
  chartSummary: (x: ReasonsInput) => chartSummary(x.projection, x.targetYear),
  /** The assumptions stated beside the chart, ending with the reminder that it is not a guarantee. */
  chartAssumptions,
} satisfies typeof En.REASON_WORDS;

type NoteCode = AdviceNote['code'];

/** The notes on how the figures were simplified (the engine's AdviceNote), by code. */
export const NOTE_WORDS: { [C in NoteCode]: (n: Extract<AdviceNote, { code: C }>) => string } = {
  'family-medicare': (n) =>
    `您的医疗保险税（Medicare levy）、其低收入减免及附加税均采用家庭标准，按您家庭的应税收入 ${dollarsText(n.familyIncomeCents)}（您与伴侣合计）及 ${n.dependants} 名受抚养子女计算。所示税后到手收入仅为您本人的收入。`,
  'sole-parent-medicare': (n) =>
    `作为有 ${n.dependants} 名受抚养子女的单亲家长，您的医疗保险税（Medicare levy）及其低收入减免采用家庭标准（应税收入不超过 ${dollarsText(n.levyThresholdCents)} 无需缴纳），附加税（您和子女没有私人医院保险时缴纳）亦采用家庭标准（超过 ${dollarsText(n.surchargeThresholdCents)} 起征）。`,
  'seniors-offset': () =>
    '您可能有资格获得老年人及退休金领取者税收抵扣（seniors and pensioners tax offset），我们未将其计算在内，因此您的税后到手收入可能高于所示金额。',
  'clear-high-interest': (n) =>
    `请先还清以高利率所欠的 ${dollarsText(n.owedCents)}：任何投资都不能指望赚取那么高的回报。` +
    (n.notCoveredCents > 0 && n.fromCashCents === 0
      ? '您的现金没有超出应急基金，请在开始投资前用定期储蓄全部偿还。'
      : n.notCoveredCents > 0
        ? `其中 ${dollarsText(n.fromCashCents)} 来自您超出应急基金的现金，不计入可用于投资的储蓄；其余 ${dollarsText(n.notCoveredCents)} 请在开始投资前用定期储蓄偿还。`
        : '这笔钱来自您超出应急基金的现金，不计入可用于投资的储蓄。'),
  'other-income-taxed': () => '我们将您的其他收入全额视为应税收入，未计入任何扣除项或股息抵税额（franking credits）。',
  'earliest-tax-rates': (n) => `我们对 ${n.financialYear} 年度采用了 ${n.taxYear} 年度的税率，这是我们所掌握的最早税率。`,
} satisfies typeof En.NOTE_WORDS;
