/**
 * The Arabic words of ../../messages-advice.ts (a recommendation's reasons, the chart's summary and assumptions, the
 * notes on how the figures were simplified), under the same names and in the same shapes, typed against it. The
 * glossary is at the top of ./messages.ts. The investment style and the goal are named from this catalogue's labels,
 * by their codes.
 */
import type { Projection } from '../../engine/projection';
import type { ReasonsInput } from '../../engine/reasons';
import { formatCents as dollarsText, formatNumber, formatRate as percentText } from '../../format';
import type * as En from '../../messages-advice';
import type { GoalType } from '../../option-values';
import { GOAL_LABELS, ltr, percent, RISK_LABELS, UNIT_WORDS } from './shared';

const yearsText = UNIT_WORDS.years;
const pct = (share: number) => percent(Math.round(share * 100));

/** Why this recommendation, in the order a reader needs it. */
function recommendationReasons(x: ReasonsInput): string[] {
  const { profile: p, needs } = x;
  const label = RISK_LABELS[p.id];
  const reasons: string[] = [];
  const goal = x.goalType === '' ? 'هدفك' : `هدفك (${GOAL_LABELS[x.goalType as GoalType] ?? ''})`;

  reasons.push(
    `لأن موعد ${goal} يحلّ بعد ${yearsText(x.years)}، وقد اخترت نمط «${label}» الذي يناسب الأهداف التي يبعد موعدها ${yearsText(p.minHorizonYears)} على الأقل.`,
  );
  reasons.push(
    `يستثمر نمط «${label}» نحو ${pct(p.growth)} في أصول النمو مثل الأسهم والعقارات، و${pct(p.defensive)} في الأصول الدفاعية مثل النقد والسندات. ` +
      `ونفترض عائدًا وسيطًا قدره ${percentText(p.medianNetReturn)} سنويًا بعد الرسوم؛ وستكون بعض السنوات أعلى من ذلك، وستتكبّد سنوات أخرى خسائر. ` +
      `ولكي تبلغ الخطة هدفك في ${pct(x.confidence)} من النتائج، لا في نصفها فقط، نعتمد في تخطيطنا عائدًا قدره ${percentText(x.annualReturn)} سنويًا على مدى ${yearsText(x.years)} حتى موعد هدفك.`,
  );
  reasons.push(
    `تحتاج إلى ${dollarsText(x.goalTodayCents)} بدولارات اليوم. ومع ارتفاع الأسعار بنسبة ${percentText(x.inflationRate)} سنويًا، ` +
      `سيعادل ذلك نحو ${dollarsText(x.goalNominalCents)} في عام ${x.targetYear}.`,
  );

  const s = needs.surplus;
  reasons.push(
    `تدّخر ${dollarsText(s.monthlyCents)} شهريًا، ونعدّ هذا المبلغ ما يتبقى لديك. ` +
      `ونجنّب ${pct(s.setAsideShare)} (${dollarsText(s.setAsideMonthlyCents)}) للنفقات غير المتوقعة، ` +
      `فيتبقى ${dollarsText(s.investableMonthlyCents)} شهريًا يمكنك استثماره.`,
  );

  const ef = needs.emergencyFund;
  const big = needs.bigSpends;
  const bigText =
    big.totalCents > 0 ? ` والمبلغ ${dollarsText(big.totalCents)} الذي تتوقع إنفاقه في غضون ${yearsText(big.years)} من الآن` : '';
  // as in the English: with no take-home pay there is no recommendation, so the fund is months of it here
  if (ef.shortfallCents > 0) {
    reasons.push(
      `يبلغ احتياطي الطوارئ المعادل لصافي دخلك عن ثلاثة أشهر ${dollarsText(ef.targetCents)}، وينقص نقدك عنه بمقدار ${dollarsText(ef.shortfallCents)}، ` +
        'لذا لا يُؤخذ شيء من نقدك للاستثمار. فكّر في بناء هذا الاحتياطي من المبلغ الذي يُجنَّب كل شهر.',
    );
  } else if (needs.availableSavingsCents > 0) {
    reasons.push(
      `يغطي نقدك احتياطي طوارئ قدره ${dollarsText(ef.targetCents)} (صافي دخلك عن ثلاثة أشهر)${bigText}، ` +
        `ويتبقى ${dollarsText(needs.availableSavingsCents)} لبدء استثمارك.`,
    );
  } else {
    const partBig = big.fromCashCents > 0 ? ` ومبلغ ${dollarsText(big.fromCashCents)} من نفقاتك الكبيرة` : '';
    reasons.push(
      `يغطي نقدك احتياطي طوارئ قدره ${dollarsText(ef.targetCents)} (صافي دخلك عن ثلاثة أشهر)${partBig}، ` +
        'لذا لا يتبقى مبلغ إضافي تبدأ به استثمارك.',
    );
  }
  if (big.notCoveredCents > 0) {
    reasons.push(
      `لا يغطي نقدك مبلغ ${dollarsText(big.notCoveredCents)} من النفقات الكبيرة التي تتوقعها في غضون ${yearsText(big.years)} من الآن؛ ` +
        'خطّط للادخار لها بشكل منفصل، فهذا الاستثمار ليس مخصصًا لها.',
    );
  }

  const start = x.projection.startingAmountCents;
  const chance = Math.round(x.projection.probabilityOfReachingGoal * 100);
  if (x.monthlyNeededCents === 0) {
    const rest =
      x.leftOverCents > 0
        ? ` مدخراتك تزيد على ما يحتاجه الهدف: احتفظ بالمبلغ الباقي البالغ ${dollarsText(x.leftOverCents)} لخطط أخرى، خارج هذا الاستثمار ورسومه.`
        : '';
    reasons.push(
      `يمكن لمبلغ ابتدائي قدره ${dollarsText(start)} أن ينمو وحده حتى يبلغ هدفك في ${percent(chance)} من نتائج المحاكاة التي أجريناها، لذا لا حاجة إلى استثمار منتظم.${rest}`,
    );
  } else if (x.reachable) {
    const plus = start > 0 ? `، مع مبلغ ${dollarsText(start)} للبدء،` : '';
    reasons.push(
      `إن استثمار ${dollarsText(x.monthlyNeededCents)} شهريًا${plus} يحقق هدفك في ${percent(chance)} من نتائج المحاكاة التي أجريناها.`,
    );
  } else {
    const options: string[] = [];
    const l = x.levers;
    if (l?.longerTime) options.push(`أن تمنحه ${yearsText(l.longerTime.years)}`);
    if (l) options.push(`أن تستهدف ${dollarsText(l.smallerGoal.todayCents)} بدولارات اليوم`);
    if (l) options.push(`أن تبدأ بمبلغ ${dollarsText(l.largerFirstDeposit.totalCents)}`);
    const last = options.pop();
    const choice = options.length > 0 ? `${options.join('، ')} أو ${last}` : last;
    reasons.push(
      `يتطلب بلوغ هدفك ${dollarsText(x.monthlyNeededCents)} شهريًا، وهو أكثر من مبلغ ${dollarsText(s.investableMonthlyCents)} الذي يمكنك استثماره، ` +
        `لذا لا يمكن بلوغه بوضعه الحالي.${choice ? ` لتحقيقه، يمكنك ${choice}.` : ''}`,
    );
  }

  const f = x.fees;
  reasons.push(
    (f.upfrontInvoiced
      ? `تصدر فاتورة رسوم المستشار البالغة ${dollarsText(f.upfrontAdviserFeeCents)} باسمك، ولا تُقتطع من استثمارك. `
      : `تُقتطع رسوم المستشار البالغة ${dollarsText(f.upfrontAdviserFeeCents)} من دفعتك الأولى. `) +
      `وتبلغ رسوم الاستثمار بنسبة ${percentText(f.investmentFeeRate)} نحو ${dollarsText(f.firstYear.investmentCents)} في السنة الأولى ` +
      `و${dollarsText(f.wholeTimeframe.investmentCents)} على مدى ${yearsText(x.years)}؛ ولا توجد رسوم إدارة.`,
  );
  return reasons;
}

/** The chart's one-sentence summary. */
function chartSummary(p: Projection, targetYear: number): string {
  const last = p.points[p.points.length - 1];
  if (!last) return '';
  const chance = Math.round(p.probabilityOfReachingGoal * 100);
  return (
    `في النتيجة الوسيطة، ينمو استثمارك إلى ${dollarsText(last.nominal.median)} بحلول عام ${targetYear} مقارنةً بهدف قدره ${dollarsText(p.goalNominalCents)}؛ ` +
    `وتنتهي 9 من كل 10 نتائج محاكاة فوق ${dollarsText(last.nominal.p10)}، و1 من كل 10 فوق ${dollarsText(last.nominal.p90)}، ويبلغ ${percent(chance)} منها الهدف.`
  );
}

/** The assumptions stated beside the chart, ending with the reminder that it is not a guarantee. */
function chartAssumptions({ profile, inflationRate, fees, projection }: ReasonsInput): string[] {
  return [
    `العوائد: نمط «${RISK_LABELS[profile.id]}»، بوسيط قدره ${percentText(profile.medianNetReturn)} سنويًا بعد رسوم الاستثمار البالغة ${percentText(fees.investmentFeeRate)}، ` +
      `مع تقلبات صعودًا وهبوطًا بنحو ${percentText(profile.volatility)} سنويًا.`,
    `التضخم: ${percentText(inflationRate)} سنويًا، للأرقام المعروضة بدولارات اليوم.`,
    `تستند النطاقات إلى ${formatNumber(projection.paths)} نتيجة محاكاة: تنتهي 1 من كل 10 نتائج تحت الخط الأدنى، و1 من كل 10 فوق الخط الأعلى.`,
    'هذه توقعات وليست ضمانًا. قد تنخفض قيمة استثمارك، والعوائد السابقة لا تُنبئ بالعوائد المستقبلية.',
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

/** The notes on how the figures were simplified (the engine's AdviceNote), by code. */
export const NOTE_WORDS = {
  'family-medicare': (n: { familyIncomeCents: number; dependants: number }) =>
    `تستخدم ضريبة ميديكير وتخفيضها لذوي الدخل المنخفض والرسم الإضافي عليها حدود الأسرة، على الدخل الخاضع للضريبة لأسرتك البالغ ${dollarsText(n.familyIncomeCents)} (دخلك ودخل شريكك) مع ${n.dependants} من الأطفال المُعالين. صافي الدخل المعروض هو دخلك وحدك.`,
  'sole-parent-medicare': (n: { dependants: number; levyThresholdCents: number; surchargeThresholdCents: number }) =>
    `بصفتك والدًا وحيدًا مع ${n.dependants} من الأطفال المُعالين، تستخدم ضريبة ميديكير وتخفيضها لذوي الدخل المنخفض حد الأسرة (لا ضريبة حتى دخل خاضع للضريبة قدره ${dollarsText(n.levyThresholdCents)})، ويستخدم الرسم الإضافي، المستحق عند غياب تأمين المستشفى الخاص لك ولأطفالك، حدود الأسرة (فيما يزيد على ${dollarsText(n.surchargeThresholdCents)}).`,
  'seniors-offset': () =>
    'قد يحق لك الحصول على الخصم الضريبي لكبار السن وأصحاب المعاشات، وهو ما لم نُدرجه، لذا قد يكون صافي دخلك أعلى مما هو معروض.',
  'clear-high-interest': (n: { owedCents: number; fromCashCents: number; notCoveredCents: number }) =>
    `سدّد أولًا مبلغ ${dollarsText(n.owedCents)} المستحق عليك بسعر فائدة مرتفع: فلا يمكن توقّع أن يحقق أي استثمار عائدًا بهذا القدر. ` +
    (n.notCoveredCents > 0 && n.fromCashCents === 0
      ? 'لا يزيد نقدك على صندوق الطوارئ، فسدّده كله من ادخارك المنتظم قبل أن تبدأ.'
      : n.notCoveredCents > 0
        ? `يأتي ${dollarsText(n.fromCashCents)} منه من نقدك الزائد على صندوق الطوارئ ولا يُحتسب ضمن المدخرات المتاحة للاستثمار؛ وسدّد الباقي البالغ ${dollarsText(n.notCoveredCents)} من ادخارك المنتظم قبل أن تبدأ.`
        : 'ويأتي من نقدك الزائد على صندوق الطوارئ ولا يُحتسب ضمن المدخرات المتاحة للاستثمار.'),
  'other-income-taxed': () =>
    'عاملنا دخلك الآخر على أنه خاضع للضريبة بالكامل، من دون أي خصومات أو أرصدة ضريبية على أرباح الأسهم (franking credits).',
  'earliest-tax-rates': (n) => `استخدمنا معدلات الضريبة لعام ${ltr(n.taxYear)}، وهي أقدم ما لدينا، للسنة المالية ${ltr(n.financialYear)}.`,
} satisfies typeof En.NOTE_WORDS;
