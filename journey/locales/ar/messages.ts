/**
 * The journey's catalogue in Arabic (Modern Standard Arabic, formal and plain): the words of ../../messages.ts, under
 * the same names and in the same shapes, typed against it so that a missing key fails `tsc`. Figures come from the
 * same formatting helpers as the English; counted nouns follow the number (./counts.ts).
 *
 * Glossary (English → Arabic), the same in the three files:
 * - advice → المشورة; personal advice → مشورة شخصية; general information → معلومات عامة
 * - statement of advice → بيان المشورة; product disclosure statement → بيان الإفصاح عن المنتج
 * - Financial Services Guide → دليل الخدمات المالية; Australian Financial Services Licence → ترخيص الخدمات المالية الأسترالي
 * - (financial) adviser → مستشار (مالي); licensed → مرخَّص; complaint → شكوى
 * - Australian Financial Complaints Authority (AFCA) → هيئة الشكاوى المالية الأسترالية (AFCA)
 * - investment style (risk profile) → نمط الاستثمار; risk → المخاطر
 * - Conservative, Cautious, Moderate, Moderately aggressive, Aggressive, Highly aggressive →
 *   متحفظ، حذر، معتدل، جريء إلى حد ما، جريء، جريء جدًا
 * - growth assets → أصول النمو; defensive assets → الأصول الدفاعية; shares → الأسهم; property → العقارات; bonds → السندات
 * - portfolio → محفظة; diversified, low-cost index portfolio → محفظة مؤشرات متنوعة منخفضة التكلفة
 * - fee → رسوم; upfront adviser fee → رسوم المستشار المدفوعة مقدمًا; administration fee → رسوم الإدارة;
 *   investment fee → رسوم الاستثمار; invoiced → تصدر بها فاتورة; one-off → لمرة واحدة
 * - income tax → ضريبة الدخل; tax rates → معدلات الضريبة; tax offset → خصم ضريبي;
 *   low income tax offset → الخصم الضريبي لذوي الدخل المنخفض; tax deductible → قابل للخصم من الضريبة;
 *   franking credits → الأرصدة الضريبية على أرباح الأسهم (franking credits)
 * - gross income → الدخل الإجمالي; assessable income → الدخل الخاضع للضريبة; take-home pay → صافي الدخل
 * - superannuation, super → صندوق التقاعد (السوبر); super fund → صندوق التقاعد
 * - Medicare levy → ضريبة ميديكير; Medicare levy surcharge → ضريبة ميديكير الإضافية
 * - private hospital cover → تأمين خاص للمستشفيات
 * - government benefits → الإعانات الحكومية; Family Tax Benefit, Disability Support Pension, JobSeeker Payment, Age Pension →
 *   إعانة ضريبة الأسرة، معاش دعم ذوي الإعاقة، إعانة الباحثين عن عمل، معاش الشيخوخة (each with its English name beside it)
 * - insurance cover → التغطية التأمينية; life cover → التأمين على الحياة; total and permanent disability (TPD) →
 *   العجز الكلي والدائم (TPD); trauma cover → تأمين الأمراض والإصابات الخطيرة (Trauma); income protection → حماية الدخل
 * - emergency fund → احتياطي الطوارئ; surplus → الفائض; set aside → يُجنَّب; the unexpected → ما قد يطرأ
 * - first deposit → الدفعة الأولى; regular investment → الاستثمار المنتظم
 * - goal → الهدف; timeframe → المدة الزمنية; today’s dollars → بدولارات اليوم; inflation → التضخم
 * - median → الوسيط; outcome → نتيجة; simulated outcomes → نتائج المحاكاة; projection → التوقعات; volatility → التذبذب
 * - needs analysis → تحليل الاحتياجات; questionnaire → الاستبيان; dashboard → لوحة المعلومات; journey → مسار
 * - estate planning → تخطيط التركات; eligibility → الأهلية
 * Kept in Latin letters: Horizon Advice, Moneysmart, AFCA, TPD, PDF, Word, Markdown, the date format's digits.
 */
import type { StepNumber } from '../../../machines/journey-flow';
import { BIG_SPENDS_YEARS, MIN_AGE, MIN_GOAL_YEARS } from '../../constants';
import { MAX_GOAL_YEARS } from '../../engine/limits';
import { MAX_AMOUNT_DOLLARS } from '../../engine/money';
import { formatDollars } from '../../format';
import type * as En from '../../messages';
import { count, DAYS, YEARS, YEARS_ALONE } from './counts';
import { DEBT_LABELS, GOAL_LABELS, RETIREMENT_WORDS, RISK_LABELS, UNIT_WORDS } from './shared';

// the words the pages that load on demand say too, written once in ./shared.ts
export { DEBT_LABELS, GOAL_LABELS, RETIREMENT_WORDS, RISK_LABELS, UNIT_WORDS };

const AMOUNT = {
  'not-money': 'أدخل مبلغًا بالدولار، مثل 1,250 أو 1250.50.',
  'over-max': () => `أدخل مبلغًا قدره ${formatDollars(MAX_AMOUNT_DOLLARS)} أو أقل.`,
};

/** In the next {BIG_SPENDS_YEARS} years. */
const NEXT_YEARS = `في غضون ${count(BIG_SPENDS_YEARS, YEARS)} من الآن`;

export const FIELD_MESSAGES = {
  amount: AMOUNT,
  goalAmount: { ...AMOUNT, 'under-min': 'أدخل مبلغًا لا يقل عن دولار واحد.' },
  goalYears: {
    'not-number': 'أدخل عدد السنوات، مثل 8 أو 2.5.',
    'not-positive': 'أدخل عددًا من السنوات أكبر من 0.',
    'over-max': `أدخل ${count(MAX_GOAL_YEARS, YEARS)} أو أقل.`,
    'under-min': `هذه المشورة مخصصة للأهداف التي يبعد موعدها ${count(MIN_GOAL_YEARS, YEARS)} على الأقل؛ واحتفظ بالمال الذي تحتاجه قبل ذلك في مدخراتك.`,
  },
  rate: { 'not-rate': 'أدخل سعر الفائدة نسبةً مئوية سنوية، مثل 19.99، أو اتركه فارغًا.' },
} satisfies typeof En.FIELD_MESSAGES;

const RETIREMENT_OUT_OF_SCOPE = `${RETIREMENT_WORDS.title}. ${RETIREMENT_WORDS.explanation} ${RETIREMENT_WORDS.instead}`;

export const ELIGIBILITY_MESSAGES = {
  'under-age': `هذه المشورة مخصصة لمن بلغوا ${count(MIN_AGE, YEARS)} من العمر أو أكثر.`,
  retired: RETIREMENT_OUT_OF_SCOPE,
  'age-pension': `يُعدّ معاش الشيخوخة (Age Pension) دخلًا تقاعديًا. ${RETIREMENT_OUT_OF_SCOPE}`,
} satisfies typeof En.ELIGIBILITY_MESSAGES;

export const YES_NO_LABELS = { yes: 'نعم', no: 'لا' } satisfies typeof En.YES_NO_LABELS;
export const RELATIONSHIP_LABELS = { couple: 'مع شريك حياة', single: 'بلا شريك حياة' } satisfies typeof En.RELATIONSHIP_LABELS;
export const EMPLOYMENT_LABELS = {
  employed: 'موظف',
  'self-employed': 'يعمل لحسابه الخاص',
  'stay-at-home-parent': 'متفرغ لرعاية الأطفال في المنزل',
  student: 'طالب',
  retired: 'متقاعد',
  'not-working': 'لا يعمل',
} satisfies typeof En.EMPLOYMENT_LABELS;
export const FREQUENCY_LABELS = {
  weekly: 'أسبوعيًا',
  fortnightly: 'كل أسبوعين',
  monthly: 'شهريًا',
  quarterly: 'كل ثلاثة أشهر',
  'half-yearly': 'كل ستة أشهر',
  yearly: 'سنويًا',
  annually: 'سنويًا',
} satisfies typeof En.FREQUENCY_LABELS;
export const INCOME_SOURCE_LABELS = {
  dividends: 'أرباح الأسهم',
  rent: 'الإيجار',
  trust: 'توزيعات الصناديق الاستئمانية',
} satisfies typeof En.INCOME_SOURCE_LABELS;
export const BENEFIT_LABELS = {
  'family-tax': 'إعانة ضريبة الأسرة (Family Tax Benefit)',
  disability: 'معاش دعم ذوي الإعاقة (Disability Support Pension)',
  jobseeker: 'إعانة الباحثين عن عمل (JobSeeker Payment)',
  'age-pension': 'معاش الشيخوخة (Age Pension)',
} satisfies typeof En.BENEFIT_LABELS;
export const ASSET_LABELS = {
  cash: 'نقد',
  home: 'منزل السكن',
  'investment-property': 'عقار استثماري',
  'other-investment': 'استثمار آخر',
  lifestyle: 'مقتنيات شخصية (سيارة، قارب، محتويات المنزل)',
  other: 'غير ذلك',
} satisfies typeof En.ASSET_LABELS;
export const OWNER_LABELS = { self: 'أنا', joint: 'مشترك', partner: 'شريك حياتي' } satisfies typeof En.OWNER_LABELS;
export const RISK_DESCRIPTIONS = {
  conservative: 'احتمال ضئيل جدًا لتحقيق عائد سلبي في أي سنة.',
  cautious: 'الأمان مقدَّم على النمو.',
  moderate: 'توازن بين النمو والأمان.',
  'moderately-aggressive': 'النمو مع قدر من الأمان.',
  aggressive: 'النمو مقدَّم على الأمان.',
  'highly-aggressive': 'تتقبّل الخسائر قصيرة الأجل دون قلق.',
} satisfies typeof En.RISK_DESCRIPTIONS;
export const INSURANCE_LABELS = {
  life: 'التأمين على الحياة',
  tpd: 'تأمين العجز الكلي والدائم (TPD)',
  trauma: 'تأمين الأمراض والإصابات الخطيرة (Trauma)',
  incomeProtection: 'تأمين حماية الدخل (شهريًا)',
} satisfies typeof En.INSURANCE_LABELS;

export const STEP_LABELS = {
  1: 'معلومات عنك',
  2: 'الأهداف',
  3: 'أوضاعك المالية',
  4: 'المخاطر',
  5: 'الملخص',
  6: 'تحليل الاحتياجات',
  7: 'التوصية',
} satisfies typeof En.STEP_LABELS;

export const SCREEN_TITLES = {
  dashboard: 'المسارات الموصى بها لك',
  intro: 'لنتحدث عن أهدافك الاستثمارية',
  beforeStart: 'قبل أن تبدأ',
  eligibility: 'هل هذه المشورة مناسبة لك؟',
  reviewDetails: 'راجع بياناتك',
  needsAnalysis: 'تحليل احتياجاتك',
  recommendation: 'استراتيجيتك الاستثمارية',
  recommendedProducts: 'المنتج الموصى به لك',
  smartDoc: 'مستند ذكي',
  smartDocMultiple: 'مستندات ذكية جنبًا إلى جنب',
  videoEmbed: 'فيديو',
  statementOfAdvice: 'بيان المشورة',
} satisfies typeof En.SCREEN_TITLES;

/** The product's name stays in Latin letters. */
export const PRODUCT_NAME = 'Horizon Advice' satisfies typeof En.PRODUCT_NAME;

export const DATE_OF_BIRTH_ERRORS = {
  blank: 'أدخل تاريخ ميلادك، مثل 15/06/1990.',
  format: 'أدخل تاريخ ميلادك بالصيغة يوم/شهر/سنة، مثل 15/06/1990.',
  month: 'يجب أن يكون الشهر رقمًا من 1 إلى 12.',
  notReal: (typed: string, month: string, year: number, days: number) =>
    `التاريخ ${typed} غير موجود، فشهر ${month} ${year} فيه ${count(days, DAYS)}.`,
  future: 'يجب أن يكون تاريخ ميلادك اليوم أو في الماضي.',
  tooOld: (year: number, maxAge: number) => `تحقق من السنة: سنة ${year} تعني أن عمرك يزيد على ${count(maxAge, YEARS)}.`,
  months: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
} satisfies typeof En.DATE_OF_BIRTH_ERRORS;

export const QUESTION_WORDS = {
  dateOfBirth: {
    title: 'ما تاريخ ميلادك؟',
    lead: `يجب أن يكون عمرك ${count(MIN_AGE, YEARS)} أو أكثر لتستفيد من هذه المشورة.`,
    label: 'تاريخ الميلاد',
    hint: 'مثال: 15/06/1990 (يوم/شهر/سنة)',
    placeholder: 'يوم/شهر/سنة',
  },
  relationshipStatus: { title: 'ما حالتك الاجتماعية؟', review: 'الحالة الاجتماعية' },
  goalSelection: {
    title: 'ما الذي تستثمر من أجله؟',
    lead: 'اختر الهدف الأهم بالنسبة إليك الآن.',
    review: 'الهدف',
  },
  goalDetails: {
    title: 'أخبرنا عن هدفك',
    amount: 'ما المبلغ الذي ستحتاجه؟',
    amountHint: 'بدولارات اليوم',
    years: 'بعد كم سنة من الآن؟',
    yearsHint: 'مثل 8 أو 2.5',
    reviewAmount: 'المبلغ المطلوب',
    reviewYears: 'عدد السنوات من الآن',
    yearsValue: (years: string) => count(years, YEARS_ALONE),
  },
  summary: {
    title: 'شكرًا، تم حفظ هدفك',
    goal: (amount: string, years: string) => `هدفك: {goal}، ${amount} خلال ${count(years, YEARS)}.`,
    saved: 'تم حفظ هدفك.',
    next: 'بعد ذلك، سنسألك عن أوضاعك المالية: عملك ودخلك ومدخراتك وأصولك وديونك. يساعدنا ذلك على التحقق من المبلغ الذي تستطيع تحمّل استثماره.',
  },
  employmentStatus: { title: 'ما وضعك الوظيفي؟', review: 'الوضع الوظيفي' },
  income: {
    title: 'ما دخلك؟',
    amount: 'الدخل الإجمالي',
    amountHint: 'قبل الضريبة، ومن دون احتساب مساهمات صندوق التقاعد (السوبر)',
    frequency: 'بأي وتيرة؟',
  },
  partner: {
    title: 'عن شريكك',
  },
  additionalIncome: {
    title: 'هل لديك أي دخل آخر؟',
    lead: 'مثل أرباح الأسهم أو الإيجار أو توزيعات الصناديق الاستئمانية.',
    item: 'دخل',
    source: 'المصدر',
    amount: 'المبلغ',
    frequency: 'بأي وتيرة؟',
    review: 'الدخل الآخر',
  },
  benefits: {
    title: 'هل تتلقى أي إعانات حكومية؟',
    item: 'إعانة',
    type: 'الإعانة',
    amount: 'المبلغ كل أسبوعين',
    review: 'الإعانات الحكومية',
    perFortnight: (amount: string) => `${amount} كل أسبوعين`,
  },
  bigSpends: {
    title: `هل تتوقع أي نفقات كبيرة ${NEXT_YEARS}؟`,
    lead: `مثل حفل زفاف أو سيارة أو تجديدات في المنزل أو رسوم مدرسية ${NEXT_YEARS}.`,
    item: 'نفقة',
    amount: 'المبلغ',
    review: `النفقات الكبيرة ${NEXT_YEARS}`,
  },
  assets: {
    title: 'هل لديك أي أصول؟',
    lead: 'أدرج النقد ومنزلك واستثماراتك ومقتنياتك الثمينة.',
    item: 'أصل',
    type: 'النوع',
    value: 'القيمة',
    review: 'الأصول',
  },
  regularSavings: {
    title: 'هل تدّخر بانتظام؟',
    amount: 'كم تدّخر؟',
    frequency: 'بأي وتيرة؟',
    review: 'الادخار المنتظم',
  },
  super: {
    title: 'أخبرنا عن صندوق التقاعد (السوبر) الخاص بك',
    balance: 'إجمالي رصيد صندوق التقاعد (السوبر)',
    balanceHint: 'اجمع أرصدة جميع صناديق التقاعد (السوبر) لديك',
    contributions: 'هل تقدّم مساهمات شخصية إلى صندوق التقاعد (السوبر) الخاص بك؟',
    reviewBalance: 'رصيد صندوق التقاعد (السوبر)',
    reviewContributions: 'المساهمات الشخصية في صندوق التقاعد (السوبر)',
  },
  debts: {
    title: 'هل عليك أي ديون؟',
    item: 'دين',
    type: 'النوع',
    value: 'المبلغ المستحق',
    owner: 'لمن هذا الدين؟',
    taxDeductible: 'هل الفائدة قابلة للخصم من الضريبة؟',
    interestRate: 'سعر الفائدة (% سنويًا)',
    repaymentAmount: 'مبلغ السداد',
    frequency: 'وتيرة السداد',
    review: 'الديون',
  },
  insuranceCover: { title: 'ما التغطية التأمينية التي لديك؟', lead: 'أدخل 0 إذا لم تكن لديك تغطية من هذا النوع.' },
  privateHealth: {
    title: 'هل لديك تأمين خاص للمستشفيات؟',
    lead: 'يؤثر تأمين المستشفيات في ضريبة ميديكير الإضافية التي تدفعها.',
    review: 'التأمين الخاص للمستشفيات',
  },
  riskAssessment: {
    title: 'ما شعورك تجاه مخاطر الاستثمار؟',
    questionnaire: 'لست متأكدًا؟ أجب عن استبيان المخاطر',
    questionnaireText: 'مجموعة قصيرة من الأسئلة عن ردّة فعلك تجاه ارتفاع قيمة استثمارك وانخفاضها.',
    open: 'فتح الاستبيان',
    notAvailable: 'استبيان المخاطر غير متاح عبر الإنترنت بعد. اختر من الأنماط أدناه النمط الذي يصفك على أفضل وجه، أو تحدّث إلى مستشار.',
    style: 'اختر نمط الاستثمار الخاص بك',
    review: 'نمط الاستثمار',
  },
} satisfies typeof En.QUESTION_WORDS;

export const FRAME_WORDS = {
  skipLink: 'الانتقال إلى المحتوى',
  home: `${PRODUCT_NAME}، الانتقال إلى لوحة معلوماتك`,
  saved: 'إجاباتك محفوظة على هذا الجهاز',
  startAgain: 'البدء من جديد',
  clearAll: 'هل تريد مسح جميع إجاباتك؟',
  clear: 'مسح الإجابات',
  cancel: 'إلغاء',
  loading: 'جارٍ التحميل…',
  back: 'رجوع',
  continue: 'متابعة',
  returnToReview: 'الحفظ والعودة إلى المراجعة',
  returnToRecommendation: 'الحفظ والعودة إلى التوصية',
  continueTo: { intro: 'لنبدأ', eligibility: 'الموافقة والمتابعة' },
  dashboardLead: 'اختر مسارًا لتحصل على مشورة شخصية في بضع خطوات.',
  progress: 'التقدّم',
  step: (n: number, of: number, label: string) => `الخطوة ${n} من ${of}: ${label}`,
  notFound: 'الصفحة غير موجودة',
  noPage: 'لا توجد صفحة على العنوان {path}. ربما نُقلت، أو ربما كُتب العنوان بشكل خاطئ.',
  toDashboard: 'الانتقال إلى لوحة معلوماتك',
  // journey-spec §8: the error page's lead under the generic title
  somethingWrong: 'حدث خطأ أثناء عرض هذه الصفحة. إجاباتك محفوظة.',
  // journey-spec §8's error text: the English stays word for word in the English catalogue; a visitor reading Arabic
  // needs the error in Arabic (the languages point)
  unexpectedError: 'حدث خطأ غير متوقع في التطبيق!',
  language: 'اللغة',
} satisfies typeof En.FRAME_WORDS;

/** The languages, each named in its own language (the same in every locale's catalogue). */
export const LOCALE_NAMES = { en: 'English', ar: 'العربية', 'zh-Hans': '简体中文' } satisfies typeof En.LOCALE_NAMES;

export const DASHBOARD_WORDS = {
  journeysLabel: 'المسارات الموصى بها',
  journeys: [
    { title: 'التقاعد', text: 'خطّط للدخل الذي ستحتاجه لتتقاعد براحة.' },
    { title: 'الاستثمار', text: 'احصل على مشورة بشأن الاستثمار من أجل هدف خاص بك.' },
    { title: 'خيارات الاستثمار', text: 'قارن بين طرق استثمار ما لديك بالفعل.' },
    { title: 'فحص الصحة المالية', text: 'اعرف أين تقف اليوم وما الذي ينبغي أن تعمل عليه بعد ذلك.' },
  ],
  start: 'ابدأ',
  welcomeBack: 'مرحبًا بعودتك',
  youWereAt: (place: string) => `توقفت عند ${place}.`,
  step: (step: StepNumber, of: number) => `الخطوة ${step} من ${of}، ${STEP_LABELS[step]}`,
  products: 'المنتجات الموصى بها لك',
  resume: 'المتابعة من حيث توقفت',
} satisfies typeof En.DASHBOARD_WORDS;

export const ROW_LIST_WORDS = {
  // the item's name stands apart, in brackets: an Arabic number word would have to agree with its gender
  empty: (item: string) => `أضف بندًا واحدًا على الأقل (${item}) للمتابعة.`,
  legend: (item: string, n: number) => `${item} ${n}`,
  remove: (item: string, n: number) => `إزالة ${item} ${n}`,
  add: '+ إضافة بند آخر',
} satisfies typeof En.ROW_LIST_WORDS;

export const REVIEW_WORDS = {
  none: 'لا يوجد',
  yes: 'نعم',
  no: 'لا',
  noAmount: '—',
  // the frequency's labels are adverbs («أسبوعيًا»), said after the amount as they are
  amountPer: (amount: string, frequency: string) => (frequency ? `${amount} ${frequency}` : amount),
  item: (kind: string, amount: string) => `${kind}: ${amount}`,
} satisfies typeof En.REVIEW_WORDS;
