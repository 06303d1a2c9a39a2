/**
 * The Simplified Chinese catalogue's words for what loads on demand (journey/messages-on-demand.ts in English): the
 * same exports in the same shapes, typed against the English so that a missing key fails `tsc`. The glossary is at the
 * top of ./messages.ts.
 */
import { BIG_SPENDS_YEARS, JOURNEY_MINUTES, MIN_AGE, MIN_GOAL_YEARS } from '../../constants';
import type { DebtOwed } from '../../engine/inputs';
import { formatCents, formatDollars, formatPercent, formatRate } from '../../format';
import { formatIsoDate } from '../../format-dates';
import type * as En from '../../messages-on-demand';
import type { DebtType, RiskStyle } from '../../option-values';
import { DEBT_LABELS, RETIREMENT_WORDS, RISK_LABELS, UNIT_WORDS } from './labels';

const years = UNIT_WORDS.years;
const SAVINGS_ACCOUNT = '高息储蓄账户或定期存款（其价值不会下跌）';

/**
 * One high-interest debt in the user's own terms, aware of whose it is: "您的信用卡欠款 $5,000，年利率 19.99%。",
 * "您伴侣的个人贷款欠款 $3,000。", "您与伴侣共同的汽车贷款欠款 …。"
 */
function debtLine(d: DebtOwed): string {
  const kind = d.type === 'other' ? '其他债务' : (DEBT_LABELS[d.type as DebtType] ?? d.type);
  const whose = d.owner === 'partner' ? '您伴侣的' : d.owner === 'joint' ? '您与伴侣共同的' : '您的';
  const amount = d.valueCents === null ? '有欠款（我们无法读取金额）' : `欠款 ${formatCents(d.valueCents)}`;
  return `${whose}${kind}${amount}${d.rate === null ? '' : `，年利率 ${formatRate(d.rate, 2)}`}。`;
}

/**
 * Why investing is not advised now (the engine's suitability rules, journey/engine/suitability.ts), by the rule's
 * code, said from its figures: a short heading, why, with the user's own figures, and what to do instead.
 */
export const UNSUITABLE_WORDS = {
  'under-18': (f) => ({
    title: `本建议适用于年满 ${f.minAge} 岁的人士`,
    explanation: `您现在 ${f.age} 岁。我们只能向年满 ${f.minAge} 岁的人士提供本建议。`,
    instead:
      `请在您年满 ${f.minAge} 岁时（${formatIsoDate(f.comeBackOn)}）再来。` +
      '在此之前，银行储蓄账户是积累储蓄的安全去处，Moneysmart（moneysmart.gov.au）也提供了入门建议。',
  }),
  retirement: () => RETIREMENT_WORDS,
  'goal-too-soon': (f) => ({
    title: '您的目标距今不到一年',
    explanation:
      '投资的价值可能下跌，而在不到一年的时间里，投资可能来不及在您需要用钱之前恢复。' +
      `本建议适用于距今至少 ${years(f.minGoalYears)}的目标。`,
    instead: `请将用于这个目标的资金存入${SAVINGS_ACCOUNT}。`,
  }),
  'goal-shorter-than-horizon': (f) => {
    const label = RISK_LABELS[f.profile as RiskStyle];
    return {
      title: `${label}适合距今至少 ${years(f.minHorizonYears)}的目标`,
      explanation:
        `您的目标距今 ${years(f.goalYears)}。${label}约将 ${Math.round(f.growth * 100)}% 投资于股票等增长型资产，` +
        `这类资产的价值可能大幅下跌，并可能需要数年才能恢复，因此它适合距今至少 ${years(f.minHorizonYears)}的目标。`,
      instead: f.suited
        ? `请选择${RISK_LABELS[f.suited as RiskStyle]}或更稳健的投资风格，它适合距今 ${years(f.goalYears)}的目标；或者为您的目标留出至少 ${years(f.minHorizonYears)}的时间。`
        : `没有任何投资风格适合距今这么近的目标。请将资金存入${SAVINGS_ACCOUNT}，或者为您的目标留出至少 ${years(f.minHorizonYears)}的时间。`,
    };
  },
  'no-income': () => ({
    title: '您目前没有收入',
    explanation:
      '您告诉我们，您没有来自工作、其他来源或福利的收入。没有收入时，您的现金就是您的生活来源，' +
      '而投资的价值可能恰好在您需要用钱时低于您投入的金额。',
    instead: `请将您的现金作为应急基金，存入${SAVINGS_ACCOUNT}，等您有了固定收入后再来。`,
  }),
  'savings-over-income': (f) => ({
    title: '您的储蓄多于您的收入',
    explanation: `${
      f.netMonthlyCents <= 0
        ? `您告诉我们，您每月储蓄 ${formatCents(f.savedMonthlyCents)}，但您没有收入。`
        : `您告诉我们，您每月储蓄 ${formatCents(f.savedMonthlyCents)}，多于您每月 ${formatCents(f.netMonthlyCents)} 的税后到手收入。`
    }我们只能根据您能够储蓄的金额进行规划。`,
    instead: '请核对您的储蓄金额和储蓄频率（“定期储蓄”），以及您的收入，然后再来。',
  }),
  'no-surplus': (f) => ({
    title: '您每月没有可用于投资的结余',
    explanation: `我们根据您的定期储蓄来计算您可以投资的金额，而${
      {
        'not-saving': '您告诉我们您没有定期储蓄',
        zero: `您告诉我们您储蓄 ${formatDollars(0)}`,
        'under-a-cent': '您告诉我们的储蓄金额折合每月不到一分钱',
      }[f.because]
    }，因此每月没有可投资的资金。`,
    instead: '请先制定预算，找出每月可以储蓄的资金（Moneysmart 的预算规划工具可以提供帮助），养成储蓄习惯，然后再来。',
  }),
  'high-interest-debt': (f) => ({
    title: '请先还清您的高息债务',
    explanation:
      `${f.debts.map(debtLine).join('')}每年 ${formatRate(f.highInterestRate, 2)} 或以上的利息远高于投资可望获得的回报，` +
      `因此先还清${f.debts.length === 1 ? '这笔债务' : '这些债务'}对您更有利。`,
    instead:
      '请将您的储蓄用于偿还这些债务，从利率最高的开始，然后再来。' +
      '如果还款有困难，全国债务求助热线（National Debt Helpline，1800 007 007）可提供免费、保密的帮助。',
  }),
} satisfies typeof En.UNSUITABLE_WORDS;

/** A Yes/No list's words where the engine finds it unanswered or empty (journey/engine/inputs.ts `Reader.list`). */
const list = (question: string, addRows: string) => ({ question, addRows });

/** What the advice engine says when an answer it needs is missing or unreadable, under the id of the question that reads it. */
export const MISSING_WORDS = {
  goalDetails: {
    amountBlank: '请输入实现目标所需的金额。',
    amountUnderMin: '请为您的目标输入 1 澳元或以上的金额。',
    amount: '请以澳元输入目标金额，例如 50,000。',
    yearsBlank: '请输入您在多少年后需要这笔钱。',
    yearsNotNumber: '请以数字输入距离目标的年数，例如 5。',
    yearsOverMax: (max: number) => `请输入距今不超过 ${max} 年的目标。`,
  },
  income: {
    amountBlank: '请输入您的税前收入。',
    amount: '请以澳元输入您的收入，例如 85,000。',
    frequency: '请选择您领取收入的频率。',
  },
  partner: {
    amountBlank: '请输入您伴侣的税前收入。',
    amount: '请以澳元输入您伴侣的收入，例如 60,000。',
    frequency: '请选择您伴侣领取收入的频率。',
    cover: '请告诉我们您的伴侣是否有私人医院保险。',
    children: '请选择受抚养子女的人数（没有则选 0）。',
  },
  additionalIncome: {
    ...list('请告诉我们您是否有其他收入。', '请添加您的其他收入，或选择“否”。'),
    amount: '请以澳元输入这项收入的金额。',
    frequency: '请选择您领取这项收入的频率。',
  },
  benefits: {
    ...list('请告诉我们您是否领取政府福利。', '请添加您领取的福利，或选择“否”。'),
    type: '请选择这是哪一项福利。',
    amount: '请以澳元输入这项福利每两周的金额。',
  },
  bigSpends: {
    question: (years: number) => `请告诉我们您预计未来 ${years} 年内是否会有大额支出。`,
    addRows: '请添加您的大额支出，或选择“否”。',
    amount: '请以澳元输入这项支出的金额。',
  },
  assets: {
    ...list('请告诉我们您是否有资产，例如银行存款。', '请添加您的资产，或选择“否”。'),
    type: '请选择这是哪一类资产。',
    amount: '请以澳元输入您持有的现金金额。',
  },
  regularSavings: {
    question: '请告诉我们您是否定期储蓄。',
    amount: '请以澳元输入您的储蓄金额。',
    frequency: '请选择您储蓄的频率。',
  },
  debts: {
    ...list('请告诉我们您是否有债务。', '请添加您的债务，或选择“否”。'),
    type: '请选择这是哪一类债务。',
    amount: '请以澳元输入您在这笔债务上的欠款金额。',
  },
  privateHealth: { question: '请告诉我们您是否有私人医院保险。' },
  riskAssessment: { style: '请选择一种投资风格。' },
} satisfies typeof En.MISSING_WORDS;

/** journey-spec §2: the pages between the dashboard and the questions (journey/screens/introduction.tsx). */
export const QUESTION_FORM_WORDS = {
  partner: {
    lead: '伴侣的收入和保险决定您的医疗保险税（Medicare levy）及附加税。',
    name: '伴侣的名字',
    amount: '伴侣的税前总收入',
    amountHint: '税前金额，不包括养老金（superannuation）',
    frequency: '多久一次？',
    cover: '您的伴侣是否有私人医院保险？',
    children: '受抚养子女',
  },
  relationshipStatus: {
    children: '受抚养子女',
    hint: '由您抚养的 21 岁以下子女，或 25 岁以下的全日制学生。单亲家长的医疗保险税（Medicare levy）及附加税采用家庭标准。如没有，请选择 0。',
  },
} satisfies typeof En.QUESTION_FORM_WORDS;

export const INTRODUCTION_WORDS = {
  intro: {
    text: '我们会询问您的个人情况、目标、财务状况以及您对风险的看法，然后推荐一种为实现目标而投资的方式。整个过程大约需要 {minutes}。',
    minutes: `${JOURNEY_MINUTES} 分钟`,
    points: [
      '您的资料会在填写过程中自动保存，因此您可以随时暂停，之后在此设备上从上次离开的地方继续。',
      '部分回答已根据我们已掌握的您的信息预先填写：请在填写过程中逐一核对。',
      '在我们提出推荐之前，您可以核对并修改每一个回答。',
    ],
  },
  beforeStart: {
    text: '为获得最准确的建议，请准备好您家庭的以下资料：',
    points: [
      '收入（工资单或您最近一次的报税表）',
      `支出，包括未来 ${BIG_SPENDS_YEARS} 年内即将发生的大额开支`,
      '资产，例如储蓄、房产和投资',
      '债务，例如住房贷款、其他贷款和信用卡',
    ],
    partner: '如果您有伴侣，也可以邀请对方添加他们的资料。',
    documents: '需阅读的文件',
    read: '请在继续之前阅读以下文件：',
    fsg: '金融服务指南（FSG）',
    privacy: '隐私与个人数据保护政策',
  },
  eligibility: {
    suits: '如果您符合以下情况，本建议适合您：',
    suitsPoints: [
      `居住在澳大利亚，且年满 ${MIN_AGE} 岁；`,
      `希望就距今 ${MIN_GOAL_YEARS} 年或以上的目标获得建议；`,
      '生活中没有即将发生的重大变化；',
      '没有影响您财务决策的健康问题。',
    ],
    notCovered: '本建议不涵盖的内容',
    notCoveredPoints: ['养老金（superannuation）和退休', '偿还债务', '保险', '政府福利', '遗产规划'],
    confirm: '继续即表示您确认上述情况符合您的实际情况，并且您了解本建议所涵盖的内容。',
  },
} satisfies typeof En.INTRODUCTION_WORDS;

/** The embed pages (journey/screens/embeds.tsx): the demo's document types and the slots' names. */
export const EMBED_WORDS = {
  documentsLabel: '演示文档',
  documentTypes: {
    docx: 'Word 文档（PDS）',
    pdf: 'PDF 文档（FSG）',
    md: 'Markdown 文档',
    txt: '纯文本',
    csv: '电子表格',
    other: '其他文件',
  },
  documentViewer: '文档查看器',
  firstViewer: '第一个文档查看器',
  secondViewer: '第二个文档查看器',
  videoPlayer: '视频播放器',
} satisfies typeof En.EMBED_WORDS;

/** What an investment style could lose in a bad year (journey/questions/possible-loss.tsx), made when shown. */
export const POSSIBLE_LOSS_WORDS = {
  loss: (style: string, percent: number, perTenThousand: number) =>
    `在不利的年份（每二十年中有一年），${style}投资组合可能损失约 ${formatPercent(percent)} 的价值：每投资 ${formatDollars(10_000)} 损失 ${formatDollars(perTenThousand)}。可能需要数年才能恢复。`,
  little: (style: string) => `即使在不利的年份（每二十年中有一年），${style}投资组合预计只会有少量损失或没有损失，但其价值仍有可能下跌。`,
} satisfies typeof En.POSSIBLE_LOSS_WORDS;

/** What a word made when shown is filled with. */
type Shown = string | number;

/**
 * The advice pages' words, by page, in the order each page shows them (journey/messages-on-demand.ts `ADVICE_WORDS`).
 */
export const ADVICE_WORDS = {
  acceptAndContinue: '接受并继续',
  review: {
    pleaseCheckYourDetails: '在我们分析您的需求之前，请核对您的资料。',
    /** The sentence, with the Example badge in its slot. */
    valuesMarked: '标有{example}的数值是示例值，用于代替您尚未回答的问题。',
    example: '示例',
    edit: (title: Shown) => `编辑“${title}”`,
  },
  parts: {
    // Chinese has no letter case: a label, or a sentence's start, reads as it is
    inSentence: (label: string) => label,
    sentenceStart: (text: string) => text,
    hi: (name: Shown, children: Shown) => `您好，${name}。${children}`,
    goalProgress: '目标进度',
    of: (have: Shown, goal: Shown) => `目标 ${goal}，已有 ${have}`,
    available: (have: string, goal: string, progress: number) => `目前可用 ${have}，占目标 ${goal} 的 ${progress}%`,
    thingsToConsider: '需要考虑的事项',
    lifeInsurance: '人寿保险',
    ifOthersDependOn:
      '如果有他人依靠您的收入生活，请确认您的人寿保险、完全永久残疾（TPD）保险和收入保障保险能否满足他们的需要。本建议不审查您的保险。',
    debtRepayments: '偿还债务',
    payingOffHighInterest: '偿还高息债务（例如信用卡和个人贷款）通常比投资更划算。请考虑先偿还这些债务。',
    retirementPlanning: '退休规划',
    thisAdviceDoesNot: '本建议不涵盖养老金（superannuation）或退休。您的养老金基金或理财顾问可以帮助您规划退休。',
    nextSteps: '后续步骤',
    nextWeRecommendAn: '接下来，我们会根据您可投资的金额和您选择的投资风格，为您的目标推荐一项投资策略。',
    feesAndChargesIn: '以澳元计的费用和收费',
    fee: '费用',
    rate: '费率',
    firstYear: '首年',
    /** The fee table's last column: the whole timeframe. */
    overYears: (goalYears: number) => `${years(goalYears)}合计`,
    /** A fee's rate a year. */
    rateYearly: (rate: Shown) => `每年 ${rate}`,
    yourGoalIsOut:
      '按目前情况，您的目标无法实现，因此我们暂不推荐产品，也暂不编制财务建议书。推荐方案页面列出了三种实现目标的方法：延长期限、缩小目标或增加首笔投入（“调整目标”可以更改目标）。',
    perMonth: (monthly: Shown) => `每月 ${monthly}`,
    /** The proposed advice: a first deposit and a monthly amount, or either alone, or (both $0) the amount alone. */
    investNowAndMonthly: (now: Shown, monthly: Shown) => `现在投资 ${now}，之后每月投资 ${monthly}`,
    investNow: (now: Shown) => `现在投资 ${now}`,
    investMonthly: (monthly: Shown) => `每月投资 ${monthly}`,
    invest: (amount: Shown) => `投资 ${amount}`,
    upfrontAdviserFee: '前期顾问费',
    oneOffInvoiced: '一次性，开具账单收取',
    oneOff: '一次性',
    administrationFee: '行政管理费',
    investmentFee: '投资费',
    total: '合计',
  },
  computed: {
    weCanTRecommend: '我们目前无法建议您为这个目标进行投资',
    ourDigitalAdviceIs: '我们的数字化建议仅提供给适合接受这项建议的人士。根据您的回答：',
    whatToDoInstead: '其他做法：',
    youCanChangeAny: '您可以在核对页面修改任何回答。',
    reviewYourAnswers: '核对您的回答',
    weNeedAFew: '我们还需要您再回答几个问题，才能计算出您的数据',
    /** A missing answer's link to its step. */
    goTo: (step: Shown) => `前往“${step}”`,
    theseAre: '这些是{example}。请完成问卷，以查看根据您自身情况计算出的数据。',
    exampleFigures: '示例数据',
    whyTheseFigures: '这些数据的由来',
    afterALowIncome: (lito: Shown) => `（已减去 ${lito} 的低收入税收抵扣）`,
    andAMedicareLevy: (medicareLevySurcharge: Shown) =>
      `，以及因您没有私人医院保险而需缴纳的医疗保险附加税（Medicare levy surcharge）${medicareLevySurcharge}`,
    andAFamilySurcharge: (medicareLevySurcharge: Shown) =>
      `，以及因您和伴侣并非都有私人医院保险而需缴纳的医疗保险附加税（Medicare levy surcharge）${medicareLevySurcharge}`,
    plusOfTaxFree: (nonTaxableBenefits: Shown) => `，再加上 ${nonTaxableBenefits} 的免税福利`,
    withoutAnIncomeYour: '由于您没有收入，您的现金就是您的生活来源，因此我们将其全部保留作为应急基金，不建议将其中任何部分用于投资。',
    weKeepMonthsOf: (months: Shown, shortfall: Shown) => `在投资之前，我们会先保留 ${months} 个月的税后到手收入作为应急基金。${shortfall}`,
    ofThemIsNot: (notCovered: Shown) => `；其中 ${notCovered} 目前还未被您的现金覆盖`,
    takeHomePay: '税后到手收入。',
    andTheMedicareLevy: (medicareLevySurcharge: Shown) => `，以及医疗保险附加税（Medicare levy surcharge）${medicareLevySurcharge}`,
    plusTaxFreeBenefits: (nonTaxableBenefits: Shown) => `，再加上免税福利 ${nonTaxableBenefits}`,
    emergencyFundAndFirst: '应急基金和首笔投入。',
    lessTheAdviserFee: '（扣除顾问费后）',
    allOfIt: (startingAmount: Shown) => `：${startingAmount}`,
    upToWhatThe: (startingAmount: Shown, leftOver: Shown) =>
      `，以目标所需为上限（即目标届时的金额按规划回报率折现后的数值）：${startingAmount}；其余 ${leftOver} 不计入`,
    whatYouCanInvest: '您可以投资的金额。',
    theGoalInFuture: '以未来币值计算的目标。',
    /** The goal's formula: its title in bold, the years as an exponent. */
    goalFormula: '{title}{today} × (1 + {inflation}){years} = {year} 年的 {nominal}。',
    theRegularInvestment: '定期投资额。',
    sources: '资料来源',
    /** A source of the figures: its publisher, its title (a link where it has one) and the date it is in force from. */
    source: '{publisher}，{title}（自 {date} 起生效）',
    /** The chance in bold. */
    chanceOfReachingYour: '实现目标的概率：{chance}。按今日币值计算，中位数结果为 {median}。',
    yourGoal: (goal: Shown) => `您的目标：${goal}`,
    adjustGoals: '调整目标',
    proposedAdvice: '建议方案',
    /** The headline of a plan that does not reach the goal (a sentence of its own, the portfolio's follows). */
    goalOutOfReach: '以您可投资的金额，您的目标无法实现',
    why: '原因',
    threeWaysToMake: '实现目标的三种方法',
    giveItMoreTime: '延长期限：',
    insteadOf: (longerYears: number, goalYears: number) => `${years(longerYears)}，而不是 ${years(goalYears)}。`,
    evenTheLongestTimeframe: '即使采用我们规划的最长期限，单靠延长时间也不足以实现目标。',
    aimForASmaller: '缩小目标：',
    /** The smaller goal: its amount in today's dollars, in the goal's years. */
    smallerGoal: (today: Shown, goalYears: number) => `${years(goalYears)}后达到按今日币值计算的 ${today}。`,
    startWithMore: '加大首笔投入：',
    useAdjustGoalsTo: '请使用“调整目标”来更改金额或年限。一旦方案能够实现您的目标，我们就会推荐产品。',
    howWeWorkedThis: '我们的计算方法',
    investmentFundsProjection: '投资基金预测',
    thisAdviceIsBased:
      '本建议基于您的回答以及对未来回报的假设，这些回报并无保证。投资价值可能下跌，也可能上涨。在做出决定之前，请考虑产品披露声明（PDS）。',
    thisIsTheProduct: '这是我们为您的目标推荐的产品。',
    whyWeRecommendIt: '我们推荐它的理由',
    statementOfAdvice: '财务建议书',
    productDisclosureStatement: '产品披露声明（PDS）',
    readTheProductDisclosure: '在决定投资之前，请阅读产品披露声明；财务建议书已准备就绪，可以打印或另存为 PDF。',
    feesAndCharges: '费用和收费',
    projection: '预测',
    yourCashFallsShort: (shortfall: Shown) => `您的现金距此还差 ${shortfall}，因此目前没有可以从储蓄中拿出来投资的资金。`,
    yourCashCoversIt: '您的现金足以覆盖这笔应急基金。',
    takeHomePayRow: '税后到手收入',
    aMonthAYear: (netMonthly: Shown, netAnnual: Shown) => `每月 ${netMonthly}（每年 ${netAnnual}）`,
    emergencyFundAllYour: '应急基金（您的全部现金：您没有收入）',
    emergencyFundMonthsOf: (months: Shown) => `应急基金（${months} 个月的税后到手收入）`,
    cashYouHave: '您持有的现金',
    emergencyFundStillTo: '尚待建立的应急基金',
    monthlySurplusWhatYou: '每月结余（您定期储蓄的金额）',
    perMonth: (monthly: Shown) => `每月 ${monthly}`,
    setAsideForUnexpected: (setAsideShare: Shown) => `预留 ${setAsideShare}% 用于意外支出`,
    leftOverToInvest: '每月剩余可投资金额',
    availableSavingsToInvest: '现在可用于投资的储蓄',
    debtClearedFromCash: '用现金还清的高利率债务',
    yourTakeHomePay: (
      assessableIncome: Shown,
      incomeTax: Shown,
      lito: Shown,
      medicareLevy: Shown,
      medicareLevySurcharge: Shown,
      nonTaxableBenefits: Shown,
      taxTableYear: Shown,
    ) =>
      `您的税后到手收入是每年税前总收入 ${assessableIncome}，减去所得税 ${incomeTax}${lito}、医疗保险税（Medicare levy）${medicareLevy}${medicareLevySurcharge}${nonTaxableBenefits}（按 ${taxTableYear} 税率计算）。`,
    weDonTAsk: (monthly: Shown, setAsideShare: Shown, investableMonthly: Shown) =>
      `我们不询问您的支出情况，因此您的结余就是您告诉我们的每月储蓄 ${monthly}。我们将其中的 ${setAsideShare}% 预留用于意外情况，剩余每月 ${investableMonthly}。`,
    yourBigExpensesIn: (years: Shown, total: Shown, notCovered: Shown) =>
      `您未来 ${years} 年内的大额支出（${total}）在预留应急基金之后从您的现金中支出，绝不会计入可投资的资金${notCovered}。`,
    assumptionsVersionEngineWorked: (
      assumptionsVersion: Shown,
      engineVersion: Shown,
      asOf: Shown,
      financialYear: Shown,
      label: Shown,
      grossReturn: Shown,
      volatility: Shown,
      investmentFeeRate: Shown,
      upfrontAdviserFee: Shown,
    ) =>
      `假设版本 ${assumptionsVersion}，引擎版本 ${engineVersion}，于 ${asOf} 按 ${financialYear} 税率计算。回报是对${label}投资组合的长期假设（扣除费用前每年 ${grossReturn}，波动率 ${volatility}）；投资费为每年 ${investmentFeeRate}；${upfrontAdviserFee} 的顾问费另行开具账单收取，不从您的投资中扣除。`,
    inTodaySDollars4: (today: Shown, goalYears: number, targetYear: Shown, nominal: Shown, inflationRate: Shown) =>
      `${years(goalYears)}后（${targetYear} 年）按今日币值计为 ${today}：按每年 ${inflationRate} 的通胀率计算，届时约为 ${nominal}。`,
    /** The risk style's name as RISK_LABELS gives it. */
    inPortfolioGrowthDefensive: (style: string, growth: Shown, defensive: Shown) =>
      `投资于${style}投资组合（增长型资产 ${growth}%，防御型资产 ${defensive}%）。`,
    /** The portfolio's line after the out-of-reach headline, a sentence of its own. */
    workedOutForPortfolio: (style: string, growth: Shown, defensive: Shown) =>
      `我们是按${style}投资组合（增长型资产 ${growth}%，防御型资产 ${defensive}%）计算的。`,
    youWouldNeedA: (monthlyNeeded: Shown, affordableMonthly: Shown) =>
      `您每月需要投入 ${monthlyNeeded}，但您每月大约可以投资 ${affordableMonthly}。您可以：`,
    aDiversifiedLowCost: (growth: Shown, defensive: Shown) =>
      `一个分散投资、低成本的指数投资组合，增长型资产占 ${growth}%，防御型资产占 ${defensive}%，与您选择的投资风格相符。`,
    assessableIncomeLessIncome: (
      assessableIncome: Shown,
      incomeTax: Shown,
      bracketTax: Shown,
      lito: Shown,
      medicareLevy: Shown,
      medicareLevySurcharge: Shown,
      nonTaxableBenefits: Shown,
      netAnnual: Shown,
      netMonthly: Shown,
      taxTableYear: Shown,
    ) =>
      `应税收入 ${assessableIncome}，减去所得税 ${incomeTax}（税额 ${bracketTax} 减去低收入税收抵扣 ${lito}）、医疗保险税（Medicare levy）${medicareLevy}${medicareLevySurcharge}${nonTaxableBenefits}：每年 ${netAnnual}，每月 ${netMonthly}（按 ${taxTableYear} 税率计算）。`,
    keptInCashOf: (
      months: Shown,
      netMonthly: Shown,
      target: Shown,
      cash: Shown,
      availableSavings: Shown,
      upfrontFeeDeducted: Shown,
      leftOver: Shown,
    ) =>
      `${months} × ${netMonthly} = ${target}，以现金形式保留。在您的现金 ${cash} 中，超出这笔金额、用其还清的高利率债务及所有大额支出的部分，即 ${availableSavings}，就是首笔投入${upfrontFeeDeducted}${leftOver}。`,
    regularSavingsAMonth: (monthly: Shown, setAsideShare: Shown, investableMonthly: Shown) =>
      `每月定期储蓄 ${monthly}，减去为意外情况预留的 ${setAsideShare}%：每月 ${investableMonthly}。`,
    /** The regular investment's formula: its title in bold, the exponents (1/12, n, n) in their slots. */
    investmentFormula:
      '{title}按扣除费用后每年 {annualReturn} 的回报计算（在 {years}内，{profile}投资组合有 {confidence}% 的结果能超过这一回报；' +
      '其中位数为 {median}），月回报率 i = (1 + {annualReturn}){twelfth} − 1。在 n = {months} 个月内，' +
      '每月投入额 = (目标 − 首笔投入 × (1 + i){n}) × i ÷ ((1 + i){n2} − 1) = 每月 {monthlyNeeded}，而您每月可投资 {affordable}。',
    // the exponent of the formula, a mathematical symbol
    n: 'n',
    aChanceOfReaching: (monthlyNeeded: Shown, probabilityOfReachingGoal: Shown) =>
      `${monthlyNeeded}：实现目标的概率为 ${probabilityOfReachingGoal}%`,
    aFirstDepositOf: (total: Shown, extra: Shown) => `首笔投入 ${total}（多投入 ${extra}）。`,
  },
  statement: {
    weHaveNotGiven: '我们尚未向您提供推荐，因此没有财务建议书。需求分析页面说明了原因以及您可以改做什么。',
    yourStatementOfAdvice: '您的财务建议书根据您的回答编制。请完成问卷并接受推荐方案，即可在此查看。',
    statementOfAdvice: '财务建议书',
    printOrSaveAs: '打印或另存为 PDF',
    /** The foot of every printed page: {page} and {pages} are the page's number and the count. */
    pageOfPages: '第 {page} 页，共 {pages} 页',
    yourSituation: '您的情况',
    /** The first line of the situation: the age (or `notGiven`) and the relationship status (or `relationshipStatusNotGiven`). */
    ageAndRelationship: (age: Shown, relationship: Shown) => `年龄：${age}；${relationship}。`,
    notGiven: '未提供',
    relationshipStatusNotGiven: '未提供伴侣状况',
    employmentNotGiven: '未提供就业状况',
    employment: (employment: Shown) => `${employment}。`,
    privateHospitalCoverHeld: '持有私人医院保险。',
    partnerHasNoHospitalCover:
      '您持有私人医院保险，但您的伴侣没有：夫妻二人须都持有该保险，否则收入超过家庭门槛时须缴纳医疗保险附加税（Medicare levy surcharge）。',
    noPrivateHospitalCover: '没有私人医院保险：收入超过相关门槛时，须缴纳医疗保险附加税（Medicare levy surcharge）。',
    shortOfIt: (shortfall: Shown) => `，距此还差 ${shortfall}`,
    bigExpensesOfExpected: (total: Shown, years: Shown) =>
      `预计未来 ${years} 年内有 ${total} 的大额支出，这笔钱已从现金中预留，绝不用于投资。`,
    noBigExpensesExpected: (years: Shown) => `预计未来 ${years} 年内没有大额支出。`,
    debts: (aDebt: Shown) => `债务：${aDebt}。`,
    noDebts: '没有债务。',
    yourGoal: '您的目标',
    scopeOfThisAdvice: '本建议的范围',
    thisAdviceCoversInvesting:
      '本建议涵盖为实现上述目标而进行的投资。它不涵盖养老金（superannuation）和退休、偿还债务、保险、政府福利或遗产规划。',
    ourRecommendation: '我们的推荐',
    why: '原因',
    risks: '风险',
    feesInDollars: '以澳元计的费用',
    whoGivesThisAdvice: '由谁为您提供本建议',
    readTheFinancialServices: '请阅读金融服务指南',
    productDisclosureStatement: '产品披露声明',
    /** Who gives the advice, with links to the guide ({fsg}: `readTheFinancialServices`) and the product's statement ({pds}). */
    whoGivesIt:
      '{business}，澳大利亚金融服务许可证（AFSL）编号 {afsl}（演示编号：Horizon Advice 是虚构的企业）。' +
      '我们的金融服务指南（FSG）介绍了我们是谁以及我们做什么：{fsg}。该产品的详情载于其{pds}中，您应在做出决定前阅读。',
    howWeArePaid: '我们如何获得报酬，以及我们的利益冲突',
    speakWithAnAdviser: '与顾问交谈',
    ifYouHaveA: '如果您有投诉',
    theAnswersThisAdvice: '本建议所依据的回答',
    assumptions: '假设',
    aDebt: '一笔债务',
    preparedOnAssumptionsVersion: (asOf: Shown, assumptionsVersion: Shown, engineVersion: Shown, financialYear: Shown) =>
      `编制日期 ${asOf} · 假设版本 ${assumptionsVersion} · 引擎版本 ${engineVersion} · ${financialYear} 税率`,
    takeHomePayA: (netAnnual: Shown, netMonthly: Shown, assessableIncome: Shown) =>
      `税后到手收入每年 ${netAnnual}（每月 ${netMonthly}），来自 ${assessableIncome} 的应税收入。`,
    emergencyFundOfMonths: (target: Shown, months: Shown, cash: Shown, shortfall: Shown) =>
      `以现金保留 ${target} 的应急基金（${months} 个月的税后到手收入）；现有现金 ${cash}${shortfall}。`,
    regularSavingsOfA: (monthly: Shown, investableMonthly: Shown, setAsideShare: Shown) =>
      `每月定期储蓄 ${monthly}，在预留 ${setAsideShare}% 用于意外情况后，其中 ${investableMonthly} 可以用于投资。`,
    inTodaySDollars: (label: Shown, today: Shown, goalYears: number, targetYear: Shown, nominal: Shown, inflationRate: Shown) =>
      `${label}：${years(goalYears)}后（${targetYear} 年）按今日币值计为 ${today}，按 ${inflationRate} 的通胀率计算，届时约为 ${nominal}。`,
    inTheGrowthDefensive: (monthlyNeeded: Shown, fundName: Shown, growth: Shown, defensive: Shown) =>
      `${monthlyNeeded}，投入 ${fundName}（增长型资产 ${growth}%，防御型资产 ${defensive}%）。`,
    returnsAreNotGuaranteed: (annualReturn: Shown, confidence: Shown, medianNetReturn: Shown, probabilityOfReachingGoal: Shown) =>
      `回报没有保证。我们按扣除费用后每年 ${annualReturn} 的回报进行规划（在您的投资期限内，有 ${confidence}% 的结果能超过这一回报；中位数为 ${medianNetReturn}），但您的投资价值会有涨有跌；在我们的预测中，按时实现目标的概率为 ${probabilityOfReachingGoal}%。`,
    aPortfolioCanFall: (label: Shown, minHorizonYears: Shown) =>
      `${label}投资组合在某些年份可能会贬值；它适合距今至少 ${minHorizonYears} 年的目标。`,
    inflationMayBeHigher: (inflationRate: Shown) => `通货膨胀可能高于假设的每年 ${inflationRate}，使实现目标所需的金额更高。`,
    forThisAdviceWe: (upfrontAdviserFee: Shown) =>
      `就本建议，我们收取 ${upfrontAdviserFee} 的前期顾问费，向您开具账单收取：该费用不从您的投资中扣除。`,
    theFundSFees: (ISSUER: Shown) =>
      `该基金的费用支付给其发行机构 ${ISSUER}，该机构是我们的关联公司：我们推荐其基金，本集团因此赚取这些费用。我们不收取任何佣金，我们的顾问领取薪金，没有与其推荐的产品挂钩的奖金。`,
    adviserHours: '澳大利亚东部标准时间（AEST）周一至周五上午 9 点至下午 5 点',
    afcaContacts: (web: Shown, email: Shown, phone: Shown, post: Shown) =>
      `网站 ${web}、电子邮件 ${email}、电话 ${phone}，或邮寄至 ${post}`,
    oneOfOurAdvisers: (PHONE: Shown, HOURS: Shown, EMAIL: Shown) =>
      `我们的顾问可以与您一起逐项讲解本建议，或就本建议未涵盖的任何事项为您提供建议：请致电 ${PHONE}（${HOURS}）或发送电子邮件至 ${EMAIL}。`,
    tellUsFirstEmail: (EMAIL: Shown, PHONE: Shown, COMPLAINT_DAYS: Shown, AFCA: Shown) =>
      `请先告诉我们：发送电子邮件至 ${EMAIL} 或致电 ${PHONE}。我们会在一个工作日内确认收到您的投诉，并在 ${COMPLAINT_DAYS} 天内给出最终答复。如果您不满意，可以联系澳大利亚金融投诉局（AFCA），这是一项免费且独立的服务：${AFCA}。`,
    thisIsPersonalAdvice: (asOf: Shown) =>
      `这是个人建议，由数字化建议工具根据您于 ${asOf} 提供的回答编制。本建议的前提是这些回答完整且正确：如果您的情况发生变化，或此处有任何内容有误，请回来更新您的回答。Horizon Advice 是一个演示项目。`,
  },
  sample: {
    hereIsWhatYour: '以下是您的财务状况所反映的情况。',
    hereIsTheStrategy: '以下是我们推荐的策略。',
    yourGoal: '您的目标',
    adjustGoals: '调整目标',
    proposedAdvice: '建议方案',
    howWeWorkedThis: '我们的计算方法',
    investmentFundsProjection: '投资基金预测',
    thisIsGeneralInformation:
      '这是基于示例数据和未来回报假设的一般信息，这些回报并无保证。投资价值可能下跌，也可能上涨。在做出决定之前，请考虑产品披露声明（PDS）。',
    thisIsTheProduct: '这是我们为您的目标推荐的产品。',
    whyWeRecommendIt: '我们推荐它的理由',
    itMatchesTheInvestment: '它与您选择的投资风格相符。',
    youCanWithdrawYour: '实现目标时，您可以取出您的资金。',
    statementOfAdvice: '财务建议书',
    productDisclosureStatement: '产品披露声明（PDS）',
    yourStatementOfAdvice: '您的建议最终确定后，财务建议书和产品披露声明将在此提供。',
    feesAndCharges: '费用和收费',
    fee: '费用',
    rate: '费率',
    inDollars: '金额（澳元）',
    upfrontAdviserFee: '前期顾问费',
    oneOffInvoiced: '一次性，开具账单收取',
    administrationFee: '行政管理费',
    /** A fee's rate, or its amount, a year. */
    yearly: (rate: Shown) => `每年 ${rate}`,
    investmentFee: '投资费',
    projection: '预测',
    investingNowAndA: (availableSavings: Shown, regularInvestmentMonthly: Shown, goalAmount: Shown, toYear: Shown) =>
      `现在投资 ${availableSavings}，之后每月投资 ${regularInvestmentMonthly}，预计到 ${toYear} 年，您的投资将达到 ${goalAmount} 的目标。`,
    emergencyFundThreeMonths: '应急基金（三个月的税后到手收入）',
    availableSavingsToInvest: '现在可用于投资的储蓄',
    monthlySurplus: '每月结余',
    perMonth: (surplusMonthly: Shown) => `每月 ${surplusMonthly}`,
    setAsideForUnexpected: (setAsideShare: Shown) => `预留 ${setAsideShare}% 用于意外支出`,
    leftOverEachMonth: '每月剩余',
    goal: '目标',
    inYears: (goalAmount: Shown, goalYears: Shown) => `${goalYears} 年后 ${goalAmount}`,
    availableSavings: '可用储蓄',
    emergencyFundKeptAside: '预留的应急基金',
    leftOverEachMonth2: '预留 30% 后的每月剩余',
    regularInvestmentNeeded: '所需的定期投资',
    inYears2: (goalAmount: Shown, goalYears: Shown) => `${goalYears} 年后达到 ${goalAmount}`,
    investNowAndA: (availableSavings: Shown, regularInvestmentMonthly: Shown) =>
      `现在投资 ${availableSavings}，之后每月投资 ${regularInvestmentMonthly}`,
    /** The risk style's name as RISK_LABELS gives it. */
    inPortfolioTheInvestment: (style: string, goalAmount: Shown, goalYears: Shown) =>
      `投资于${style}投资组合（即您选择的投资风格），以在 ${goalYears} 年后达到 ${goalAmount}。`,
    aDiversifiedLowCost: (riskLabel: Shown) => `一个分散投资、低成本的指数投资组合，与您的${riskLabel}投资风格相符。`,
    itsFeesAreLow: (investmentFeePct: Shown) => `费用低廉：每年 ${investmentFeePct}，且不收取行政管理费。`,
    youCanStartWith: (availableSavings: Shown, regularInvestmentMonthly: Shown) =>
      `您可以先投入 ${availableSavings}，之后每月追加 ${regularInvestmentMonthly}。`,
  },
  chart: {
    /** The goal line's label on the chart. */
    goal: (amount: Shown) => `目标 ${amount}`,
    /** The legend's three keys: the median line, the shaded band, the goal line. */
    medianProjection: '中位数预测',
    inOutcomesFallIn: '10 个结果中有 8 个落在阴影范围内',
    yourGoal: '您的目标',
    projectedValueByYear: '各年预测价值',
    year: '年份',
    low: '低（第 10 百分位）',
    median: '中位数',
    projectedValue: '预测价值',
    high: '高（第 90 百分位）',
    medianTodaySDollars: '中位数（按今日币值）',
    investmentProjectionTo: (points: Shown, points2: Shown) => `投资预测，${points} 至 ${points2}`,
  },
} satisfies typeof En.ADVICE_WORDS;
