/**
 * The journey's message catalogue in Simplified Chinese (简体中文, as Chinese-speaking Australians read it, addressing the
 * visitor as 您): the same exports, under the same names and in the same shapes as the English catalogue
 * (journey/messages.ts), each typed against it so that a missing or misspelt key fails `tsc`. What loads on demand is
 * in ./messages-on-demand.ts, a recommendation's words in ./messages-advice.ts.
 *
 * Glossary, kept the same across the three files (English → 中文):
 * - advice → 建议; personal advice → 个人建议; general information → 一般信息; digital advice → 数字化建议
 * - statement of advice → 财务建议书; product disclosure statement (PDS) → 产品披露声明（PDS）;
 *   Financial Services Guide (FSG) → 金融服务指南（FSG）; Australian Financial Services Licence → 澳大利亚金融服务许可证（AFSL）;
 *   Australian Financial Complaints Authority → 澳大利亚金融投诉局（AFCA）
 * - (financial) adviser → （理财）顾问; licensed financial adviser → 持牌理财顾问
 * - superannuation, super → 养老金（superannuation）on first use in a text, then 养老金; super fund → 养老金基金
 * - Age Pension → 老年退休金（Age Pension）(not 养老金, which is superannuation here); Family Tax Benefit → 家庭税务补助;
 *   Disability Support Pension → 残障支助金; JobSeeker Payment → 求职者津贴 (each with its English name beside it);
 *   government benefits → 政府福利
 * - Medicare levy → 医疗保险税（Medicare levy）; Medicare levy surcharge → 医疗保险附加税（Medicare levy surcharge）;
 *   private hospital cover → 私人医院保险; low income tax offset → 低收入税收抵扣; franking credits → 股息抵税额（franking credits）;
 *   seniors and pensioners tax offset → 老年人及退休金领取者税收抵扣
 * - gross income → 税前总收入; assessable income → 应税收入; take-home pay → 税后到手收入; tax rates → 税率
 * - emergency fund → 应急基金; surplus → 结余; set aside → 预留; available savings → 可用储蓄;
 *   first deposit → 首笔投入; starting amount → 启动资金; regular investment → 定期投资; big expenses → 大额支出
 * - fees and charges → 费用和收费; upfront adviser fee → 前期顾问费; administration fee → 行政管理费;
 *   investment fee → 投资费; invoiced → 开具账单收取; one-off → 一次性
 * - investment style, risk profile → 投资风格; Conservative → 保守型; Cautious → 谨慎型; Moderate → 平衡型;
 *   Moderately aggressive → 适度进取型; Aggressive → 进取型; Highly aggressive → 高度进取型
 * - growth assets → 增长型资产; defensive assets → 防御型资产; portfolio → 投资组合; index → 指数
 * - return → 回报; after fees → 扣除费用后; median → 中位数; volatility → 波动率; inflation → 通货膨胀（通胀）;
 *   outcome → 结果; simulated → 模拟; projection → 预测; in today’s dollars → 按今日币值; assumptions → 假设
 * - goal → 目标; needs analysis → 需求分析; recommendation → 推荐方案; recommend → 推荐; review → 核对;
 *   journey → 旅程; dashboard → 主页; questionnaire → 问卷
 * - life cover → 人寿保险; TPD → 完全永久残疾（TPD）保险; trauma → 重大疾病（trauma）保险; income protection → 收入保障保险
 * - estate planning → 遗产规划; relationship status → 伴侣状况; Couple → 有伴侣; Single → 单身
 * - dollars, where a text names the currency ("in dollars", "$1") → 澳元; amounts themselves come from the formatting helpers
 * Kept in Latin letters: Horizon Advice, Moneysmart, AFSL, AFCA, PDS, FSG, TPD, PDF, Word, Markdown, the date pattern
 * DD/MM/YYYY, and the legal names of the Centrelink payments beside their Chinese names.
 */
import type { FixedScreenId, StepNumber } from '../../../machines/journey-flow';
import { BIG_SPENDS_YEARS, MIN_AGE, MIN_GOAL_YEARS } from '../../constants';
import { MAX_GOAL_YEARS } from '../../engine/limits';
import { MAX_AMOUNT_DOLLARS } from '../../engine/money';
import { formatDollars } from '../../format';
import type * as En from '../../messages';
import { RETIREMENT_WORDS } from './labels';

// the words the other two files say too, in a module they share (so a chunk of them does not load this one)
export { DEBT_LABELS, GOAL_LABELS, RETIREMENT_WORDS, RISK_LABELS, UNIT_WORDS } from './labels';

const AMOUNT = {
  'not-money': '请输入以澳元计的金额，例如 1,250 或 1250.50。',
  'over-max': () => `请输入不超过 ${formatDollars(MAX_AMOUNT_DOLLARS)} 的金额。`,
} satisfies typeof En.FIELD_MESSAGES.amount;

/** What the screens say under a field, by the field's kind and the problem's code (journey/answer-fields.ts). */
export const FIELD_MESSAGES = {
  amount: AMOUNT,
  goalAmount: { ...AMOUNT, 'under-min': '请输入 1 澳元或以上的金额。' },
  goalYears: {
    'not-number': '请输入年数，例如 8 或 2.5。',
    'not-positive': '请输入大于 0 的年数。',
    'over-max': `请输入不超过 ${MAX_GOAL_YEARS} 年的年数。`,
    'under-min': `本建议适用于距今至少 ${MIN_GOAL_YEARS} 年的目标；更早需要用到的钱请存放在储蓄中。`,
  },
  rate: { 'not-rate': '请以年利率百分比输入利率，例如 19.99，或留空。' },
} satisfies typeof En.FIELD_MESSAGES;

/** Retirement is out of scope (the eligibility page), so the screens that ask say so at once, in the engine's words. */
const RETIREMENT_OUT_OF_SCOPE = `${RETIREMENT_WORDS.title}。${RETIREMENT_WORDS.explanation}${RETIREMENT_WORDS.instead}`;

export const ELIGIBILITY_MESSAGES = {
  'under-age': `本建议适用于年满 ${MIN_AGE} 岁的人士。`,
  retired: RETIREMENT_OUT_OF_SCOPE,
  'age-pension': `老年退休金（Age Pension）属于退休收入。${RETIREMENT_OUT_OF_SCOPE}`,
} satisfies typeof En.ELIGIBILITY_MESSAGES;

/** journey-spec §3: the label of each option a question offers, keyed by its value. */
export const YES_NO_LABELS = { yes: '是', no: '否' } satisfies typeof En.YES_NO_LABELS;
export const RELATIONSHIP_LABELS = { couple: '有伴侣', single: '单身' } satisfies typeof En.RELATIONSHIP_LABELS;
export const EMPLOYMENT_LABELS = {
  employed: '受雇',
  'self-employed': '自雇',
  'stay-at-home-parent': '全职在家照顾子女',
  student: '学生',
  retired: '已退休',
  'not-working': '未就业',
} satisfies typeof En.EMPLOYMENT_LABELS;
// 'yearly' and 'annually' never share a list (savings say yearly, income and debts annually), so both read 每年
export const FREQUENCY_LABELS = {
  weekly: '每周',
  fortnightly: '每两周',
  monthly: '每月',
  quarterly: '每季度',
  'half-yearly': '每半年',
  yearly: '每年',
  annually: '每年',
} satisfies typeof En.FREQUENCY_LABELS;
export const INCOME_SOURCE_LABELS = { dividends: '股息', rent: '租金', trust: '信托分配' } satisfies typeof En.INCOME_SOURCE_LABELS;
// Centrelink's payments keep their legal names beside the Chinese, as the visitor sees them on their statements
export const BENEFIT_LABELS = {
  'family-tax': '家庭税务补助（Family Tax Benefit）',
  disability: '残障支助金（Disability Support Pension）',
  jobseeker: '求职者津贴（JobSeeker Payment）',
  'age-pension': '老年退休金（Age Pension）',
} satisfies typeof En.BENEFIT_LABELS;
export const ASSET_LABELS = {
  cash: '现金',
  home: '自住房产',
  'investment-property': '投资性房产',
  'other-investment': '其他投资',
  lifestyle: '生活资产（汽车、船只、家居物品）',
  other: '其他',
} satisfies typeof En.ASSET_LABELS;
export const OWNER_LABELS = { self: '本人', joint: '共同承担', partner: '我的伴侣' } satisfies typeof En.OWNER_LABELS;
export const RISK_DESCRIPTIONS = {
  conservative: '在任何一年出现负回报的可能性都非常低。',
  cautious: '重视安全多于增长。',
  moderate: '在增长与安全之间取得平衡。',
  'moderately-aggressive': '追求增长，同时兼顾一定的安全。',
  aggressive: '重视增长多于安全。',
  'highly-aggressive': '能够接受短期亏损。',
} satisfies typeof En.RISK_DESCRIPTIONS;
export const INSURANCE_LABELS = {
  life: '人寿保险',
  tpd: '完全永久残疾（TPD）保险',
  trauma: '重大疾病（trauma）保险',
  incomeProtection: '收入保障保险（每月保额）',
} satisfies typeof En.INSURANCE_LABELS;

/** journey-spec §2: the step labels of the progress bar, by step. */
export const STEP_LABELS = {
  1: '关于您',
  2: '目标',
  3: '您的财务状况',
  4: '风险',
  5: '汇总',
  6: '需求分析',
  7: '推荐方案',
} satisfies Record<StepNumber, string> satisfies typeof En.STEP_LABELS;

/** journey-spec §2: the heading of each page that is not a question. */
export const SCREEN_TITLES = {
  dashboard: '为您推荐的旅程',
  intro: '我们来谈谈您的投资目标',
  beforeStart: '开始之前',
  eligibility: '本建议适合您吗？',
  reviewDetails: '核对您的资料',
  needsAnalysis: '您的需求分析',
  recommendation: '您的投资策略',
  recommendedProducts: '为您推荐的产品',
  smartDoc: '智能文档',
  smartDocMultiple: '并排查看智能文档',
  videoEmbed: '视频',
  statementOfAdvice: '财务建议书',
} satisfies Record<FixedScreenId, string> satisfies typeof En.SCREEN_TITLES;

/** The product name, in the header and every document title: a brand, kept in Latin letters. */
export const PRODUCT_NAME = 'Horizon Advice' satisfies typeof En.PRODUCT_NAME;

/** What is wrong with a date of birth as typed (journey/engine/dates.ts `parseDateOfBirth`). */
export const DATE_OF_BIRTH_ERRORS = {
  blank: '请输入您的出生日期，例如 15/06/1990。',
  format: '请按 DD/MM/YYYY（日/月/年）格式输入您的出生日期，例如 15/06/1990。',
  month: '月份必须是 1 到 12 之间的数字。',
  notReal: (typed: string, month: string, year: number, days: number) => `${typed} 不是真实存在的日期：${year}年${month}共有 ${days} 天。`,
  future: '您的出生日期必须是今天或过去的日期。',
  tooOld: (year: number, maxAge: number) => `请检查年份：按 ${year} 年计算，您的年龄将超过 ${maxAge} 岁。`,
  months: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
} satisfies typeof En.DATE_OF_BIRTH_ERRORS;

/** Each question's words, under its id (journey/questions). */
export const QUESTION_WORDS = {
  dateOfBirth: {
    title: '您的出生日期是？',
    lead: `您需要年满 ${MIN_AGE} 岁才能使用本建议。`,
    label: '出生日期',
    hint: '例如 15/06/1990（日/月/年）',
    placeholder: 'DD/MM/YYYY',
  },
  relationshipStatus: { title: '您的伴侣状况是？', review: '伴侣状况' },
  goalSelection: {
    title: '您投资是为了什么？',
    lead: '请选择您目前最重视的目标。',
    review: '目标',
  },
  goalDetails: {
    title: '请介绍一下您的目标',
    amount: '您需要多少钱？',
    amountHint: '按今日币值计算',
    years: '距今多少年？',
    yearsHint: '例如 8 或 2.5',
    reviewAmount: '所需金额',
    reviewYears: '距今年数',
    yearsValue: (years: string) => `${years} 年`,
  },
  summary: {
    title: '谢谢，您的目标已保存',
    /** The goal, its kind in the {goal} slot (in bold), its amount and years as entered. */
    goal: (amount: string, years: string) => `您的目标：{goal}，${years} 年后需要 ${amount}。`,
    saved: '您的目标已保存。',
    next: '接下来，我们会询问您的财务状况：您的工作、收入、储蓄、资产和债务。这有助于我们核实您有能力投资多少。',
  },
  employmentStatus: { title: '您的就业状况是？', review: '就业状况' },
  income: {
    title: '您的收入是多少？',
    amount: '税前总收入',
    amountHint: '税前金额，不包括养老金（superannuation）',
    frequency: '多久一次？',
  },
  partner: {
    title: '关于您的伴侣',
  },
  additionalIncome: {
    title: '您还有其他收入吗？',
    lead: '例如股息、租金或信托分配。',
    item: '收入',
    source: '来源',
    amount: '金额',
    frequency: '多久一次？',
    review: '其他收入',
  },
  benefits: {
    title: '您是否领取政府福利？',
    item: '福利',
    type: '福利',
    amount: '每两周金额',
    review: '政府福利',
    /** A benefit's amount on the review page. */
    perFortnight: (amount: string) => `每两周 ${amount}`,
  },
  bigSpends: {
    title: `未来 ${BIG_SPENDS_YEARS} 年内，您预计会有大额支出吗？`,
    lead: `例如未来 ${BIG_SPENDS_YEARS} 年内的婚礼、购车、房屋翻新或学费。`,
    item: '支出',
    amount: '金额',
    review: `未来 ${BIG_SPENDS_YEARS} 年内的大额支出`,
  },
  assets: {
    title: '您有资产吗？',
    lead: '包括现金、您的住房、投资和贵重物品。',
    item: '资产',
    type: '类型',
    value: '价值',
    review: '资产',
  },
  regularSavings: {
    title: '您是否定期储蓄？',
    amount: '您每次储蓄多少？',
    frequency: '多久一次？',
    review: '定期储蓄',
  },
  super: {
    title: '请介绍一下您的养老金（superannuation）',
    balance: '养老金总余额',
    balanceHint: '请将您所有养老金基金的余额相加',
    contributions: '您目前是否向养老金进行个人供款？',
    reviewBalance: '养老金余额',
    reviewContributions: '养老金个人供款',
  },
  debts: {
    title: '您有债务吗？',
    item: '债务',
    type: '类型',
    value: '欠款金额',
    owner: '这是谁的债务？',
    taxDeductible: '利息可以抵税吗？',
    interestRate: '利率（年利率 %）',
    repaymentAmount: '还款金额',
    frequency: '还款频率',
    review: '债务',
  },
  insuranceCover: { title: '您有哪些保险保障？', lead: '如果您没有某类保险，请填 0。' },
  privateHealth: {
    title: '您有私人医院保险吗？',
    lead: '医院保险会影响您需缴纳的医疗保险附加税（Medicare levy surcharge）。',
    review: '私人医院保险',
  },
  riskAssessment: {
    title: '您如何看待投资风险？',
    questionnaire: '不确定？请完成风险问卷',
    questionnaireText: '一组简短的问题，了解您对投资价值的涨跌会作何反应。',
    open: '打开问卷',
    notAvailable: '风险问卷暂未在线提供。请在下方选择最符合您情况的投资风格，或咨询顾问。',
    style: '请选择您的投资风格',
    review: '投资风格',
  },
} satisfies typeof En.QUESTION_WORDS;

/** The journey's frame: header, page navigation, error pages. */
export const FRAME_WORDS = {
  skipLink: '跳至正文',
  home: `${PRODUCT_NAME}，前往您的主页`,
  saved: '您的回答已保存在此设备上',
  startAgain: '重新开始',
  clearAll: '要清除您的所有回答吗？',
  clear: '清除回答',
  cancel: '取消',
  loading: '正在加载…',
  back: '返回',
  continue: '继续',
  returnToReview: '保存并返回核对页面',
  returnToRecommendation: '保存并返回推荐方案',
  continueTo: { intro: '我们开始吧', eligibility: '同意并继续' },
  dashboardLead: '请选择一个旅程，只需几个步骤即可获得个人建议。',
  progress: '进度',
  step: (n: number, of: number, label: string) => `第 ${n} 步，共 ${of} 步：${label}`,
  notFound: '找不到页面',
  /** The address asked for in the {path} slot. */
  noPage: '地址 {path} 没有对应的页面。该页面可能已移动，或地址可能输入有误。',
  toDashboard: '前往您的主页',
  // journey-spec §8: the error page's lead under the generic title
  somethingWrong: '显示此页面时出错。您的回答已保存。',
  // journey-spec §8: the router's generic fallback title. The English catalogue keeps the spec's words; a visitor
  // reading Chinese gets them in Chinese (the languages point: every visitor-facing string is the catalogue's)
  unexpectedError: '应用程序发生意外错误！',
  /** The language picker's label (journey/app.tsx). */
  language: '语言',
} satisfies typeof En.FRAME_WORDS;

/** The journey's languages, each named in its own language (the same in every locale's catalogue). */
export const LOCALE_NAMES = { en: 'English', ar: 'العربية', 'zh-Hans': '简体中文' } satisfies typeof En.LOCALE_NAMES;

/** journey-spec §2: the dashboard (journey/screens/start.tsx). */
export const DASHBOARD_WORDS = {
  journeysLabel: '推荐旅程',
  journeys: [
    { title: '退休', text: '规划舒适退休所需的收入。' },
    { title: '投资', text: '获取为实现您个人目标而投资的建议。' },
    { title: '投资选择', text: '比较投资您现有资金的不同方式。' },
    { title: '财务健康检查', text: '了解您目前的财务状况，以及下一步需要改善的方面。' },
  ],
  start: '开始',
  welcomeBack: '欢迎回来',
  youWereAt: (place: string) => `您上次停在${place}。`,
  step: (step: StepNumber, of: number) => `第 ${step} 步（共 ${of} 步）：${STEP_LABELS[step]}`,
  products: '为您推荐的产品页面',
  resume: '从上次离开的地方继续',
} satisfies typeof En.DASHBOARD_WORDS;

/** journey-spec §4: a Yes/No list's rows (journey/components/row-list.tsx), by what one row is called ('资产'). */
export const ROW_LIST_WORDS = {
  empty: (item: string) => `请至少添加一项${item}才能继续。`,
  legend: (item: string, n: number) => `第 ${n} 项${item}`,
  remove: (item: string, n: number) => `删除第 ${n} 项${item}`,
  add: '+ 再添加一项',
} satisfies typeof En.ROW_LIST_WORDS;

/** The review page's values (journey/review.ts). */
export const REVIEW_WORDS = {
  none: '无',
  yes: '是',
  no: '否',
  /** A row's amount that is not entered. */
  noAmount: '—',
  /** An amount with how often it comes (the frequency's label, '' when not chosen): '每周 $500'. */
  amountPer: (amount: string, frequency: string) => (frequency ? `${frequency} ${amount}` : amount),
  /** One row of a list on the review: what it is, and its amount. */
  item: (kind: string, amount: string) => `${kind}：${amount}`,
} satisfies typeof En.REVIEW_WORDS;
