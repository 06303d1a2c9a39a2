/**
 * The Arabic words of ../../messages-on-demand.ts (what loads on demand), under the same names and in the same shapes,
 * typed against it. The glossary is at the top of ./messages.ts.
 */
import { BIG_SPENDS_YEARS, JOURNEY_MINUTES, MIN_AGE, MIN_GOAL_YEARS } from '../../constants';
import type { DebtOwed } from '../../engine/inputs';
import { formatCents, formatDollars, formatPercent, formatRate } from '../../format';
import { formatIsoDate } from '../../format-dates';
import type * as En from '../../messages-on-demand';
import type { DebtType, RiskStyle } from '../../option-values';
import { count, DAYS, MINUTES, MONTHS, YEARS } from './counts';
import { DEBT_LABELS, ltr, percent, RETIREMENT_WORDS, RISK_LABELS, UNIT_WORDS } from './shared';

/** What a word made when shown is filled with. */
type Shown = string | number;

/** Within the next `years` years (a count that reads the same after any number). */
const within = (years: Shown) => `في غضون ${count(years, YEARS)} من الآن`;

const years = UNIT_WORDS.years;
const SAVINGS_ACCOUNT = 'حساب توفير بفائدة مرتفعة أو وديعة لأجل، حيث لا تنخفض قيمته';

/**
 * One high-interest debt in the user's own terms, aware of whose it is (issue 15): the debt's kind is named in quotes,
 * so it needs no agreement with the words around it.
 */
function debtLine(d: DebtOwed): string {
  const kind = DEBT_LABELS[d.type as DebtType] ?? d.type;
  const who = d.owner === 'partner' ? 'على شريك حياتك دين' : d.owner === 'joint' ? 'عليك وعلى شريك حياتك دين مشترك' : 'عليك دين';
  const amount = d.valueCents === null ? ' (لم نتمكن من قراءة مبلغه)' : ` قدره ${formatCents(d.valueCents)}`;
  return `${who} من نوع «${kind}»${amount}${d.rate === null ? '' : ` بفائدة ${formatRate(d.rate, 2)} سنويًا`}.`;
}

/** Why investing is not advised now (the engine's suitability rules), by the rule's code, said from its figures. */
export const UNSUITABLE_WORDS = {
  'under-18': (f) => ({
    title: `هذه المشورة مخصصة لمن بلغوا ${count(f.minAge, YEARS)} من العمر أو أكثر`,
    explanation: `عمرك ${count(f.age, YEARS)}. لا يمكننا تقديم هذه المشورة إلا لمن بلغوا ${count(f.minAge, YEARS)} من العمر أو أكثر.`,
    instead:
      `عُد إلينا عندما تبلغ ${count(f.minAge, YEARS)} من العمر، في ${formatIsoDate(f.comeBackOn)}. ` +
      'وإلى ذلك الحين، يُعدّ حساب التوفير المصرفي مكانًا آمنًا لتنمية مدخراتك، ويقدّم موقع Moneysmart (moneysmart.gov.au) نصائح تساعدك على البدء.',
  }),
  retirement: () => RETIREMENT_WORDS,
  'goal-too-soon': (f) => ({
    title: 'يحلّ موعد هدفك بعد أقل من سنة',
    explanation:
      'قد تنخفض قيمة الاستثمارات، وفي أقل من سنة قد لا يتسع الوقت لتعافيها قبل أن تحتاج إلى المال. ' +
      `هذه المشورة مخصصة للأهداف التي يبعد موعدها ${years(f.minGoalYears)} على الأقل.`,
    instead: `احتفظ بمال هذا الهدف في ${SAVINGS_ACCOUNT}.`,
  }),
  'goal-shorter-than-horizon': (f) => {
    const label = RISK_LABELS[f.profile as RiskStyle];
    return {
      title: `يناسب نمط «${label}» الأهداف التي يبعد موعدها ${years(f.minHorizonYears)} على الأقل`,
      explanation:
        `يبعد موعد هدفك ${years(f.goalYears)}. ويضع نمط «${label}» نحو ${percent(Math.round(f.growth * 100))} في أصول النمو مثل الأسهم، ` +
        `التي قد تنخفض قيمتها انخفاضًا حادًا وقد يستغرق تعافيها سنوات، لذا فهو يناسب الأهداف التي يبعد موعدها ${years(f.minHorizonYears)} على الأقل.`,
      instead: f.suited
        ? `اختر نمط «${RISK_LABELS[f.suited as RiskStyle]}» أو نمطًا أكثر حذرًا، فهو يناسب هدفًا يبعد موعده ${years(f.goalYears)}، أو امنح هدفك ${years(f.minHorizonYears)} على الأقل.`
        : `لا يناسب أي نمط استثمار هدفًا بهذا القرب. احتفظ بالمال في ${SAVINGS_ACCOUNT}، أو امنح هدفك ${years(f.minHorizonYears)} على الأقل.`,
    };
  },
  'no-income': () => ({
    title: 'ليس لديك دخل في الوقت الحالي',
    explanation:
      'أخبرتنا أنه ليس لديك دخل من العمل أو من مصادر أخرى أو من الإعانات. ومن دون دخل، فإن نقدك هو ما ستعيش عليه، ' +
      'وقد تصبح قيمة الاستثمار أقل مما وضعته فيه في الوقت الذي تحتاج فيه إلى المال تحديدًا.',
    instead: `احتفظ بنقدك احتياطيًا للطوارئ، في ${SAVINGS_ACCOUNT}، وعُد إلينا عندما يصبح لديك دخل منتظم.`,
  }),
  'savings-over-income': (f) => ({
    title: 'تدّخر أكثر مما تكسب',
    explanation: `${
      f.netMonthlyCents <= 0
        ? `أخبرتنا أنك تدّخر ${formatCents(f.savedMonthlyCents)} شهريًا، لكن ليس لديك دخل.`
        : `أخبرتنا أنك تدّخر ${formatCents(f.savedMonthlyCents)} شهريًا، وهذا أكثر من صافي دخلك البالغ ${formatCents(f.netMonthlyCents)} شهريًا.`
    } لا يمكننا التخطيط إلا بما تستطيع ادخاره.`,
    instead: 'تحقق من المبلغ الذي تدّخره ووتيرة ادخارك («الادخار المنتظم»)، ومن دخلك، ثم عُد إلينا.',
  }),
  'no-surplus': (f) => ({
    title: 'لا يتبقى لديك كل شهر شيء تستثمره',
    explanation: `نحسب ما يمكنك استثماره مما تدّخره بانتظام، و${
      {
        'not-saving': 'قد أخبرتنا أنك لا تدّخر بانتظام',
        zero: `قد أخبرتنا أنك تدّخر ${formatDollars(0)}`,
        'under-a-cent': 'ما أخبرتنا أنك تدّخره يقل عن سنت واحد شهريًا',
      }[f.because]
    }، لذا لا يوجد ما يمكن استثماره كل شهر.`,
    instead:
      'ابدأ بوضع ميزانية لتجد مالًا يمكنك ادخاره كل شهر (يمكن أن تساعدك أداة تخطيط الميزانية في موقع Moneysmart)، ' +
      'وكوّن عادة الادخار، ثم عُد إلينا.',
  }),
  'high-interest-debt': (f) => ({
    title: 'سدّد ديونك ذات الفائدة المرتفعة أولًا',
    explanation:
      `${f.debts.map(debtLine).join(' ')} إن فائدة بنسبة ${formatRate(f.highInterestRate, 2)} سنويًا أو أكثر تفوق بكثير ما يمكن توقّع أن يحققه أي استثمار، ` +
      `لذا فإن سداد ${f.debts.length === 1 ? 'هذا الدين' : 'هذه الديون'} أولًا يجعل وضعك أفضل.`,
    instead:
      'خصّص ما تدّخره لسداد هذه الديون، بدءًا بالدين ذي سعر الفائدة الأعلى، ثم عُد إلينا. ' +
      `وإذا كان السداد صعبًا، فإن الخط الوطني للمساعدة في الديون (National Debt Helpline) على الرقم ${ltr('1800 007 007')} يقدّم مساعدة مجانية وسرية.`,
  }),
} satisfies typeof En.UNSUITABLE_WORDS;

export const MISSING_WORDS = {
  goalDetails: {
    amountBlank: 'أدخل المبلغ الذي تحتاجه لتحقيق هدفك.',
    amountUnderMin: 'أدخل مبلغًا لهدفك لا يقل عن دولار واحد.',
    amount: 'أدخل مبلغ هدفك بالدولار، مثل 50,000.',
    yearsBlank: 'أدخل بعد كم سنة من الآن ستحتاج إلى المال.',
    yearsNotNumber: 'أدخل عدد السنوات حتى موعد هدفك رقمًا، مثل 5.',
    yearsOverMax: (max: number) => `أدخل هدفًا لا يبعد موعده أكثر من ${count(max, YEARS)}.`,
  },
  income: {
    amountBlank: 'أدخل دخلك قبل الضريبة.',
    amount: 'أدخل دخلك بالدولار، مثل 85,000.',
    frequency: 'اختر وتيرة حصولك على دخلك.',
  },
  partner: {
    amountBlank: 'أدخل دخل شريكك قبل الضريبة.',
    amount: 'أدخل دخل شريكك بالدولار، مثل 60,000.',
    frequency: 'اختر وتيرة حصول شريكك على دخله.',
    cover: 'أخبرنا إن كان لدى شريكك تأمين صحي خاص يغطي المستشفى.',
    children: 'اختر عدد الأطفال المُعالين (0 إن لم يكن لديكم أطفال).',
  },
  additionalIncome: {
    question: 'أخبرنا إن كان لديك أي دخل آخر.',
    addRows: 'أضف دخلك الآخر، أو أجب بـ«لا».',
    amount: 'أدخل مبلغ هذا الدخل بالدولار.',
    frequency: 'اختر وتيرة حصولك على هذا الدخل.',
  },
  benefits: {
    question: 'أخبرنا إن كنت تتلقى أي إعانات حكومية.',
    addRows: 'أضف إعاناتك، أو أجب بـ«لا».',
    type: 'اختر نوع هذه الإعانة.',
    amount: 'أدخل مبلغ هذه الإعانة كل أسبوعين بالدولار.',
  },
  bigSpends: {
    question: (years: number) => `أخبرنا إن كنت تتوقع أي نفقات كبيرة ${within(years)}.`,
    addRows: 'أضف نفقاتك الكبيرة، أو أجب بـ«لا».',
    amount: 'أدخل مبلغ هذه النفقة بالدولار.',
  },
  assets: {
    question: 'أخبرنا إن كانت لديك أي أصول، مثل النقد في البنك.',
    addRows: 'أضف أصولك، أو أجب بـ«لا».',
    type: 'اختر نوع هذا الأصل.',
    amount: 'أدخل مقدار النقد الذي لديك بالدولار.',
  },
  regularSavings: {
    question: 'أخبرنا إن كنت تدّخر بانتظام.',
    amount: 'أدخل المبلغ الذي تدّخره بالدولار.',
    frequency: 'اختر وتيرة ادخارك.',
  },
  debts: {
    question: 'أخبرنا إن كانت عليك أي ديون.',
    addRows: 'أضف ديونك، أو أجب بـ«لا».',
    type: 'اختر نوع هذا الدين.',
    amount: 'أدخل المبلغ المستحق عليك لهذا الدين بالدولار.',
  },
  privateHealth: { question: 'أخبرنا إن كان لديك تأمين خاص للمستشفيات.' },
  riskAssessment: { style: 'اختر نمط استثمار.' },
} satisfies typeof En.MISSING_WORDS;

export const QUESTION_FORM_WORDS = {
  partner: {
    lead: 'دخله وتغطيته يحددان ضريبة ميديكير (Medicare levy) والرسم الإضافي عليها.',
    name: 'الاسم الأول لشريكك',
    amount: 'الدخل الإجمالي لشريكك',
    amountHint: 'قبل الضريبة، ومن دون احتساب مساهمات صندوق التقاعد (السوبر)',
    frequency: 'بأي وتيرة؟',
    cover: 'هل لدى شريكك تأمين صحي خاص يغطي المستشفى؟',
    children: 'الأطفال المُعالون',
  },
  relationshipStatus: {
    children: 'الأطفال المُعالون',
    hint: 'الأطفال دون 21 عامًا، أو الطلاب المتفرغون للدراسة دون 25 عامًا، الذين تعيلهم. يستخدم الوالد الوحيد حدود الأسرة لضريبة ميديكير (Medicare levy) والرسم الإضافي عليها. اختر 0 إن لم يكن لديك أطفال.',
  },
} satisfies typeof En.QUESTION_FORM_WORDS;

export const INTRODUCTION_WORDS = {
  intro: {
    text: 'سنسألك عنك وعن أهدافك وأوضاعك المالية وشعورك تجاه المخاطر، ثم نوصي بطريقة للاستثمار من أجل تحقيق هدفك. يستغرق ذلك نحو {minutes}.',
    minutes: count(JOURNEY_MINUTES, MINUTES),
    points: [
      'تُحفظ بياناتك تلقائيًا أثناء تقدّمك، لذا يمكنك التوقف ثم المتابعة من حيث توقفت على هذا الجهاز.',
      'بعض الإجابات معبّأة مسبقًا بناءً على ما نعرفه عنك بالفعل: تحقق منها أثناء تقدّمك.',
      'يمكنك مراجعة كل إجابة وتغييرها قبل أن نقدّم توصيتنا.',
    ],
  },
  beforeStart: {
    text: 'للحصول على أدق مشورة ممكنة، جهّز ما يلي عن أسرتك:',
    points: [
      'الدخل (قسائم الرواتب أو أحدث إقرار ضريبي لك)',
      `النفقات، بما فيها التكاليف الكبيرة المتوقعة ${within(BIG_SPENDS_YEARS)}`,
      'الأصول، مثل المدخرات والعقارات والاستثمارات',
      'الديون، مثل قرض الرهن العقاري والقروض وبطاقات الائتمان',
    ],
    partner: 'إذا كان لديك شريك حياة، يمكنك دعوته لإضافة بياناته أيضًا.',
    documents: 'مستندات للاطلاع عليها',
    read: 'يُرجى قراءة هذه المستندات قبل المتابعة:',
    fsg: 'دليل الخدمات المالية',
    privacy: 'سياسة الخصوصية وحماية البيانات الشخصية',
  },
  eligibility: {
    suits: 'تناسبك هذه المشورة إذا كنت',
    suitsPoints: [
      `تعيش في أستراليا وعمرك ${count(MIN_AGE, YEARS)} أو أكثر؛`,
      `تريد مشورة لهدف يبعد موعده ${count(MIN_GOAL_YEARS, YEARS)} أو أكثر؛`,
      'لا تتوقع تغييرات كبيرة في حياتك قريبًا؛',
      'لا تعاني مشكلات صحية تؤثر في قراراتك المالية.',
    ],
    notCovered: 'ما لا تشمله هذه المشورة',
    notCoveredPoints: ['صناديق التقاعد (السوبر) والتقاعد', 'سداد الديون', 'التأمين', 'الإعانات الحكومية', 'تخطيط التركات'],
    confirm: 'بمتابعتك، تؤكد أن هذا الوصف ينطبق عليك وأنك تفهم ما تشمله المشورة.',
  },
} satisfies typeof En.INTRODUCTION_WORDS;

export const EMBED_WORDS = {
  documentsLabel: 'مستندات تجريبية',
  documentTypes: {
    docx: 'Word (بيان الإفصاح عن المنتج)',
    pdf: 'PDF (دليل الخدمات المالية)',
    md: 'Markdown',
    txt: 'نص',
    csv: 'جدول بيانات',
    other: 'ملف آخر',
  },
  documentViewer: 'عارض المستندات',
  firstViewer: 'عارض المستندات الأول',
  secondViewer: 'عارض المستندات الثاني',
  videoPlayer: 'مشغّل الفيديو',
} satisfies typeof En.EMBED_WORDS;

// The style is named in quotes after «بنمط», so its label needs no agreement; Arabic needs no article before it.
export const POSSIBLE_LOSS_WORDS = {
  loss: (style: string, percent: number, perTenThousand: number) =>
    `في سنة سيئة، أي في سنة واحدة من كل عشرين سنة، قد تخسر محفظة بنمط «${style}» نحو ${formatPercent(percent)} من قيمتها: ${formatDollars(perTenThousand)} عن كل ${formatDollars(10_000)} تستثمرها. وقد يستغرق تعافيها سنوات.`,
  little: (style: string) =>
    `حتى في سنة سيئة، أي في سنة واحدة من كل عشرين سنة، يُتوقع ألا تخسر محفظة بنمط «${style}» إلا القليل أو لا شيء، وإن كانت قيمتها قد تنخفض مع ذلك.`,
} satisfies typeof En.POSSIBLE_LOSS_WORDS;

/**
 * The advice pages' words. Where a page puts a figure between two catalogue pieces, the Arabic pieces are written to
 * read in the page's order; a parameter the English needs only for its grammar (the article 'a'/'an') is not said.
 */
export const ADVICE_WORDS = {
  acceptAndContinue: 'القبول والمتابعة',
  review: {
    pleaseCheckYourDetails: 'يُرجى التحقق من بياناتك قبل أن نحدّد احتياجاتك.',
    valuesMarked: 'القيم التي تحمل الشارة {example} قيم نموذجية تحل محل إجابات الأسئلة التي لم تُجب عنها.',
    example: 'مثال',
    edit: (title: Shown) => `تعديل ${title}`,
  },
  parts: {
    // Arabic has no letter case: a label, or a sentence's start, reads as it is
    inSentence: (label: string) => label,
    sentenceStart: (text: string) => text,
    hi: (name: Shown, children: Shown) => `مرحبًا ${name}، ${children}`,
    goalProgress: 'التقدّم نحو الهدف',
    of: (have: Shown, goal: Shown) => `${have} من ${goal}`,
    available: (have: string, goal: string, progress: number) => `متاح اليوم: ${have} من ${goal} (${percent(progress)})`,
    thingsToConsider: 'أمور ينبغي مراعاتها',
    lifeInsurance: 'التأمين على الحياة',
    ifOthersDependOn:
      'إذا كان غيرك يعتمد على دخلك، فتحقق من أن تغطيتك بالتأمين على الحياة وتأمين العجز الكلي والدائم (TPD) وتأمين حماية الدخل تكفي لتلبية احتياجاتهم. لا تتضمن هذه المشورة مراجعة تأمينك.',
    debtRepayments: 'سداد الديون',
    payingOffHighInterest:
      'عادةً ما يكون سداد الديون ذات الفائدة المرتفعة، مثل بطاقات الائتمان والقروض الشخصية، أجدى من الاستثمار. فكّر في سدادها أولًا.',
    retirementPlanning: 'التخطيط للتقاعد',
    thisAdviceDoesNot:
      'لا تشمل هذه المشورة صندوق التقاعد (السوبر) ولا التقاعد. يمكن لصندوق التقاعد الخاص بك أو لمستشار مالي مساعدتك في التخطيط للتقاعد.',
    nextSteps: 'الخطوات التالية',
    nextWeRecommendAn: 'بعد ذلك نوصي باستراتيجية استثمار لهدفك، بناءً على المبلغ الذي يمكنك استثماره ونمط الاستثمار الذي اخترته.',
    feesAndChargesIn: 'الرسوم والتكاليف بالدولار',
    fee: 'الرسم',
    rate: 'النسبة',
    firstYear: 'السنة الأولى',
    overYears: (goalYears: number) => `على مدى ${years(goalYears)}`,
    rateYearly: (rate: Shown) => `${rate} سنويًا`,
    yourGoalIsOut:
      'لا يمكن بلوغ هدفك بوضعه الحالي، لذا لا نوصي بمنتج ولا نُعدّ بيان مشورة بعد. تعرض التوصية ثلاث طرق لتحقيقه: مدة أطول، أو هدف أصغر، أو دفعة أولى أكبر («تعديل الأهداف» يغيّر الهدف).',
    perMonth: (monthly: Shown) => `${monthly} شهريًا`,
    investNowAndMonthly: (now: Shown, monthly: Shown) => `استثمر ${now} الآن و${monthly} شهريًا`,
    investNow: (now: Shown) => `استثمر ${now} الآن`,
    investMonthly: (monthly: Shown) => `استثمر ${monthly} شهريًا`,
    invest: (amount: Shown) => `استثمر ${amount}`,
    upfrontAdviserFee: 'رسوم المستشار المدفوعة مقدمًا',
    oneOffInvoiced: 'لمرة واحدة، تصدر بها فاتورة',
    oneOff: 'لمرة واحدة',
    administrationFee: 'رسوم الإدارة',
    investmentFee: 'رسوم الاستثمار',
    total: 'الإجمالي',
  },
  computed: {
    weCanTRecommend: 'لا يمكننا أن نوصي بالاستثمار لهذا الهدف في الوقت الحالي',
    ourDigitalAdviceIs: 'مشورتنا الرقمية مخصصة فقط لمن تناسبهم. بناءً على إجاباتك:',
    whatToDoInstead: 'ما يمكنك فعله بدلًا من ذلك:',
    youCanChangeAny: 'يمكنك تغيير أي إجابة من صفحة المراجعة.',
    reviewYourAnswers: 'مراجعة إجاباتك',
    weNeedAFew: 'نحتاج إلى بعض الإجابات الإضافية لحساب أرقامك',
    goTo: (step: Shown) => `الانتقال إلى ${step}`,
    theseAre: 'هذه {example}. أجب عن الاستبيان لترى أرقامًا محسوبة بناءً على وضعك الخاص.',
    exampleFigures: 'أرقام توضيحية',
    whyTheseFigures: 'لماذا هذه الأرقام',
    afterALowIncome: (lito: Shown) => ` (بعد الخصم الضريبي لذوي الدخل المنخفض البالغ ${lito})`,
    andAMedicareLevy: (medicareLevySurcharge: Shown) =>
      `، وضريبة ميديكير الإضافية البالغة ${medicareLevySurcharge} لأنه ليس لديك تأمين خاص للمستشفيات`,
    andAFamilySurcharge: (medicareLevySurcharge: Shown) =>
      `، وضريبة ميديكير الإضافية البالغة ${medicareLevySurcharge} لأنه ليس لديك ولشريكك كليكما تأمين خاص للمستشفيات`,
    plusOfTaxFree: (nonTaxableBenefits: Shown) => `، ويُضاف إلى ذلك ${nonTaxableBenefits} من الإعانات المعفاة من الضريبة`,
    withoutAnIncomeYour:
      'بما أنه ليس لديك دخل، فإن نقدك هو ما ستعيش عليه، لذلك نحتفظ به كله احتياطيًا للطوارئ ولا نقترح استثمار أي جزء منه.',
    weKeepMonthsOf: (months: Shown, shortfall: Shown) =>
      `قبل الاستثمار، نحتفظ بصافي دخلك عن ${count(months, MONTHS)} احتياطيًا للطوارئ. ${shortfall}`,
    ofThemIsNot: (notCovered: Shown) => `؛ ولم يغطِّ نقدك بعدُ ${notCovered} منها`,
    takeHomePay: 'صافي الدخل.',
    andTheMedicareLevy: (medicareLevySurcharge: Shown) => ` وضريبة ميديكير الإضافية ${medicareLevySurcharge}`,
    plusTaxFreeBenefits: (nonTaxableBenefits: Shown) => `، وتُضاف الإعانات المعفاة من الضريبة ${nonTaxableBenefits}`,
    emergencyFundAndFirst: 'احتياطي الطوارئ والدفعة الأولى.',
    lessTheAdviserFee: '، بعد خصم رسوم المستشار',
    allOfIt: (startingAmount: Shown) => `: ${startingAmount}`,
    upToWhatThe: (startingAmount: Shown, leftOver: Shown) =>
      `، في حدود ما يحتاجه الهدف (مبلغه في ذلك الحين، مخصومًا بمعدل العائد المعتمد في التخطيط): ${startingAmount}؛ ويُستبعد المبلغ الباقي البالغ ${leftOver}`,
    whatYouCanInvest: 'ما يمكنك استثماره.',
    theGoalInFuture: 'الهدف بدولارات المستقبل.',
    // a formula reads left to right, as written in mathematics (isolated, so the exponents stay by their brackets)
    goalFormula: '{title} \u2066{today} × (1 + {inflation}){years} = {nominal}\u2069 في عام {year}.',
    theRegularInvestment: 'الاستثمار المنتظم.',
    sources: 'المصادر',
    // the publisher and the title are often in English: each is isolated, so its own brackets and commas keep their order
    source: '\u2068{publisher}\u2069، \u2068{title}\u2069 (اعتبارًا من {date})',
    chanceOfReachingYour: 'احتمال بلوغ هدفك: {chance}. بدولارات اليوم، تبلغ النتيجة الوسيطة {median}.',
    yourGoal: (goal: Shown) => `هدفك: ${goal}`,
    adjustGoals: 'تعديل الأهداف',
    proposedAdvice: 'المشورة المقترحة',
    goalOutOfReach: 'لا يمكن بلوغ هدفك بالمبلغ الذي تستطيع استثماره',
    why: 'الأسباب',
    threeWaysToMake: 'ثلاث طرق لتحقيقه',
    giveItMoreTime: 'امنحه وقتًا أطول:',
    insteadOf: (longerYears: number, goalYears: number) => `${years(longerYears)} بدلًا من ${years(goalYears)}.`,
    evenTheLongestTimeframe: 'حتى أطول مدة نخطط لها لن تكفي وحدها.',
    aimForASmaller: 'اجعل هدفك أصغر:',
    smallerGoal: (today: Shown, goalYears: number) => `${today} بدولارات اليوم خلال ${years(goalYears)}.`,
    startWithMore: 'ابدأ بمبلغ أكبر:',
    useAdjustGoalsTo: 'استخدم «تعديل الأهداف» لتغيير المبلغ أو عدد السنوات. سنوصي بمنتج بمجرد أن تبلغ الخطة هدفك.',
    howWeWorkedThis: 'كيف توصلنا إلى ذلك',
    investmentFundsProjection: 'توقعات الأموال المستثمرة',
    thisAdviceIsBased:
      'تستند هذه المشورة إلى إجاباتك وإلى افتراضات بشأن العوائد المستقبلية، وهي غير مضمونة. يمكن أن تنخفض قيمة الاستثمارات كما يمكن أن ترتفع. ادرس بيان الإفصاح عن المنتج قبل أن تتخذ قرارك.',
    thisIsTheProduct: 'هذا هو المنتج الذي نوصي به لهدفك.',
    whyWeRecommendIt: 'لماذا نوصي به',
    statementOfAdvice: 'بيان المشورة',
    productDisclosureStatement: 'بيان الإفصاح عن المنتج',
    readTheProductDisclosure: 'اقرأ بيان الإفصاح عن المنتج قبل أن تقرر الاستثمار؛ أما بيان المشورة فهو جاهز للطباعة أو للحفظ بصيغة PDF.',
    feesAndCharges: 'الرسوم والتكاليف',
    projection: 'التوقعات',
    yourCashFallsShort: (shortfall: Shown) =>
      `ينقص نقدك عن هذا الاحتياطي بمقدار ${shortfall}، لذا لا يوجد بعدُ ما يمكن استثماره من المدخرات.`,
    yourCashCoversIt: 'يغطيه نقدك.',
    takeHomePayRow: 'صافي الدخل',
    aMonthAYear: (netMonthly: Shown, netAnnual: Shown) => `${netMonthly} شهريًا (${netAnnual} سنويًا)`,
    emergencyFundAllYour: 'احتياطي الطوارئ (كل نقدك: ليس لديك دخل)',
    emergencyFundMonthsOf: (months: Shown) => `احتياطي الطوارئ (صافي دخلك عن ${count(months, MONTHS)})`,
    cashYouHave: 'النقد المتوفر لديك',
    emergencyFundStillTo: 'ما يلزم بعدُ لاستكمال احتياطي الطوارئ',
    monthlySurplusWhatYou: 'الفائض الشهري (ما تدّخره بانتظام)',
    perMonth: (monthly: Shown) => `${monthly} شهريًا`,
    setAsideForUnexpected: (setAsideShare: Shown) => `${percent(setAsideShare)} تُجنَّب للنفقات غير المتوقعة`,
    leftOverToInvest: 'المتبقي للاستثمار كل شهر',
    availableSavingsToInvest: 'المدخرات المتاحة للاستثمار الآن',
    debtClearedFromCash: 'دين مرتفع الفائدة يُسدَّد من نقدك',
    yourTakeHomePay: (
      assessableIncome: Shown,
      incomeTax: Shown,
      lito: Shown,
      medicareLevy: Shown,
      medicareLevySurcharge: Shown,
      nonTaxableBenefits: Shown,
      taxTableYear: Shown,
    ) =>
      `صافي دخلك هو دخلك الإجمالي البالغ ${assessableIncome} سنويًا، مطروحًا منه ضريبة الدخل البالغة ${incomeTax}${lito}، وضريبة ميديكير البالغة ${medicareLevy}${medicareLevySurcharge}${nonTaxableBenefits} (وفق معدلات الضريبة لعام ${ltr(taxTableYear)}).`,
    weDonTAsk: (monthly: Shown, setAsideShare: Shown, investableMonthly: Shown) =>
      `لا نسألك عن نفقاتك، لذا فإن فائضك هو مبلغ ${monthly} شهريًا الذي أخبرتنا أنك تدّخره. ونجنّب ${percent(setAsideShare)} منه لما قد يطرأ، فيتبقى ${investableMonthly} شهريًا.`,
    yourBigExpensesIn: (years: Shown, total: Shown, notCovered: Shown) =>
      `تُدفع نفقاتك الكبيرة المتوقعة ${within(years)} (${total}) من نقدك، بعد تجنيب احتياطي الطوارئ، ولا تُحتسب أبدًا ضمن المال المتاح للاستثمار${notCovered}.`,
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
      `إصدار الافتراضات ${assumptionsVersion}، والمحرك ${engineVersion}، وقد أُجري الحساب في ${ltr(asOf)} وفق معدلات الضريبة لعام ${ltr(financialYear)}. العوائد افتراضات طويلة الأجل لمحفظة بنمط «${label}» (${grossReturn} سنويًا قبل الرسوم، والتذبذب ${volatility})؛ ورسوم الاستثمار ${investmentFeeRate} سنويًا؛ أما رسوم المستشار البالغة ${upfrontAdviserFee} فتصدر بها فاتورة، ولا تُقتطع من استثمارك.`,
    inTodaySDollars4: (today: Shown, goalYears: number, targetYear: Shown, nominal: Shown, inflationRate: Shown) =>
      `${today} بدولارات اليوم خلال ${years(goalYears)} (${targetYear}): أي نحو ${nominal} في ذلك الحين، مع تضخم بنسبة ${inflationRate} سنويًا.`,
    inPortfolioGrowthDefensive: (style: string, growth: Shown, defensive: Shown) =>
      `في محفظة بنمط «${style}» (${percent(growth)} أصول نمو، و${percent(defensive)} أصول دفاعية).`,
    workedOutForPortfolio: (style: string, growth: Shown, defensive: Shown) =>
      `أجرينا هذا الحساب لمحفظة بنمط «${style}» (${percent(growth)} أصول نمو، و${percent(defensive)} أصول دفاعية).`,
    youWouldNeedA: (monthlyNeeded: Shown, affordableMonthly: Shown) =>
      `ستحتاج إلى ${monthlyNeeded} شهريًا، لكن بإمكانك استثمار نحو ${affordableMonthly} شهريًا. يمكنك:`,
    aDiversifiedLowCost: (growth: Shown, defensive: Shown) =>
      `محفظة مؤشرات متنوعة منخفضة التكلفة تضم ${percent(growth)} من أصول النمو و${percent(defensive)} من الأصول الدفاعية، بما يتوافق مع نمط الاستثمار الذي اخترته.`,
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
      ` الدخل الخاضع للضريبة ${assessableIncome} مطروحًا منه ضريبة الدخل ${incomeTax} (ضريبة قدرها ${bracketTax} مطروحًا منها الخصم الضريبي لذوي الدخل المنخفض ${lito})، وضريبة ميديكير ${medicareLevy}${medicareLevySurcharge}${nonTaxableBenefits}: ${netAnnual} سنويًا، و${netMonthly} شهريًا (وفق معدلات الضريبة لعام ${ltr(taxTableYear)}).`,
    keptInCashOf: (
      months: Shown,
      netMonthly: Shown,
      target: Shown,
      cash: Shown,
      availableSavings: Shown,
      upfrontFeeDeducted: Shown,
      leftOver: Shown,
    ) =>
      ` ${ltr(`${months} × ${netMonthly} = ${target}`)} يُحتفظ بها نقدًا. ومن نقدك البالغ ${cash}، فإن ما يتبقى بعد هذا المبلغ وأي دين مرتفع الفائدة يُسدَّد منه وأي نفقات كبيرة، وهو ${availableSavings}، يشكّل الدفعة الأولى${upfrontFeeDeducted}${leftOver}.`,
    regularSavingsAMonth: (monthly: Shown, setAsideShare: Shown, investableMonthly: Shown) =>
      ` الادخار المنتظم ${monthly} شهريًا، مطروحًا منه ${percent(setAsideShare)} تُجنَّب لما قد يطرأ: ${investableMonthly} شهريًا.`,
    investmentFormula:
      '{title} بعائد قدره {annualReturn} سنويًا بعد الرسوم (وهو العائد الذي تتجاوزه محفظة نمط «{profile}» على مدى {years} في \u2066{confidence}%\u2069 من النتائج؛ ' +
      'ووسيطه {median})، يكون المعدل الشهري \u2066i = (1 + {annualReturn}){twelfth} − 1\u2069. وعلى مدى عدد من الأشهر \u2066n = {months}\u2069، ' +
      '\u2066الدفعة = (الهدف − الدفعة الأولى × (1 + i){n}) × i ÷ ((1 + i){n2} − 1) = {monthlyNeeded}\u2069 شهريًا، مقابل {affordable} شهريًا يمكنك استثماره.',
    n: 'n',
    aChanceOfReaching: (monthlyNeeded: Shown, probabilityOfReachingGoal: Shown) =>
      `${monthlyNeeded}: احتمال بنسبة ${percent(probabilityOfReachingGoal)} لبلوغ هدفك`,
    aFirstDepositOf: (total: Shown, extra: Shown) => ` دفعة أولى قدرها ${total} (بزيادة ${extra}).`,
  },
  statement: {
    weHaveNotGiven: 'لم نقدّم لك توصية، لذا لا يوجد بيان مشورة. يوضح تحليل الاحتياجات السبب وما يمكنك فعله بدلًا من ذلك.',
    yourStatementOfAdvice: 'يُعدّ بيان المشورة الخاص بك بناءً على إجاباتك. أكمل الاستبيان واقبل التوصية لتراه هنا.',
    statementOfAdvice: 'بيان المشورة',
    printOrSaveAs: 'الطباعة أو الحفظ بصيغة PDF',
    pageOfPages: 'الصفحة {page} من {pages}',
    yourSituation: 'وضعك',
    ageAndRelationship: (age: Shown, relationship: Shown) => `العمر: ${age}، ${relationship}.`,
    notGiven: 'غير مذكور',
    relationshipStatusNotGiven: 'الحالة الاجتماعية غير مذكورة',
    employmentNotGiven: 'الوضع الوظيفي غير مذكور',
    employment: (employment: Shown) => `${employment}.`,
    privateHospitalCoverHeld: 'لديك تأمين خاص للمستشفيات.',
    partnerHasNoHospitalCover:
      'لديك تأمين خاص للمستشفيات، لكن ليس لدى شريكك: يدفع الزوجان ضريبة ميديكير الإضافية فوق عتبة دخل الأسرة ما لم يكن لدى كليهما هذا التأمين.',
    noPrivateHospitalCover: 'ليس لديك تأمين خاص للمستشفيات (تُطبَّق ضريبة ميديكير الإضافية فوق عتبة الدخل الخاصة بها).',
    shortOfIt: (shortfall: Shown) => `، أي أقل منه بمقدار ${shortfall}`,
    bigExpensesOfExpected: (total: Shown, years: Shown) =>
      `نفقات كبيرة قدرها ${total} متوقعة ${within(years)}، تُجنَّب من النقد ولا تُستثمر أبدًا.`,
    noBigExpensesExpected: (years: Shown) => `لا نفقات كبيرة متوقعة ${within(years)}.`,
    debts: (aDebt: Shown) => `الديون: ${aDebt}.`,
    noDebts: 'لا ديون.',
    yourGoal: 'هدفك',
    scopeOfThisAdvice: 'نطاق هذه المشورة',
    thisAdviceCoversInvesting:
      'تشمل هذه المشورة الاستثمار من أجل تحقيق الهدف المذكور أعلاه. ولا تشمل صناديق التقاعد (السوبر) والتقاعد، ولا سداد الديون، ولا التأمين، ولا الإعانات الحكومية، ولا تخطيط التركات.',
    ourRecommendation: 'توصيتنا',
    why: 'الأسباب',
    risks: 'المخاطر',
    feesInDollars: 'الرسوم بالدولار',
    whoGivesThisAdvice: 'مَن يقدّم هذه المشورة',
    readTheFinancialServices: 'اقرأ دليل الخدمات المالية',
    productDisclosureStatement: 'بيان الإفصاح عن المنتج',
    whoGivesIt:
      '{business}، ترخيص الخدمات المالية الأسترالي رقم {afsl} (رقم للعرض التوضيحي: Horizon Advice شركة خيالية). ' +
      'يوضح دليل الخدمات المالية الخاص بنا مَن نحن وما الذي نقدّمه: {fsg}. ويُشرح المنتج في {pds} الخاص به، الذي ينبغي أن تقرأه قبل أن تقرر.',
    howWeArePaid: 'كيف نتقاضى أجرنا، وتضارب المصالح لدينا',
    speakWithAnAdviser: 'تحدّث إلى مستشار',
    ifYouHaveA: 'إذا كانت لديك شكوى',
    theAnswersThisAdvice: 'الإجابات التي تستند إليها هذه المشورة',
    assumptions: 'الافتراضات',
    aDebt: 'دين',
    preparedOnAssumptionsVersion: (asOf: Shown, assumptionsVersion: Shown, engineVersion: Shown, financialYear: Shown) =>
      `أُعدّ في ${asOf} · إصدار الافتراضات ${assumptionsVersion} · المحرك ${engineVersion} · معدلات الضريبة لعام ${ltr(financialYear)}`,
    takeHomePayA: (netAnnual: Shown, netMonthly: Shown, assessableIncome: Shown) =>
      `صافي الدخل ${netAnnual} سنويًا (${netMonthly} شهريًا) من دخل خاضع للضريبة قدره ${assessableIncome}.`,
    emergencyFundOfMonths: (target: Shown, months: Shown, cash: Shown, shortfall: Shown) =>
      `احتياطي طوارئ قدره ${target} (صافي دخلك عن ${count(months, MONTHS)}) يُحتفظ به نقدًا؛ والنقد المتوفر ${cash}${shortfall}.`,
    regularSavingsOfA: (monthly: Shown, investableMonthly: Shown, setAsideShare: Shown) =>
      `ادخار منتظم قدره ${monthly} شهريًا، يمكن استثمار ${investableMonthly} منه بعد تجنيب ${percent(setAsideShare)} لما قد يطرأ.`,
    inTodaySDollars: (label: Shown, today: Shown, goalYears: number, targetYear: Shown, nominal: Shown, inflationRate: Shown) =>
      `${label}: ${today} بدولارات اليوم خلال ${years(goalYears)} (${targetYear})، أي نحو ${nominal} في ذلك الحين بمعدل تضخم ${inflationRate}.`,
    inTheGrowthDefensive: (monthlyNeeded: Shown, fundName: Shown, growth: Shown, defensive: Shown) =>
      `${monthlyNeeded} في ${fundName} (${percent(growth)} أصول نمو، و${percent(defensive)} أصول دفاعية).`,
    returnsAreNotGuaranteed: (annualReturn: Shown, confidence: Shown, medianNetReturn: Shown, probabilityOfReachingGoal: Shown) =>
      `العوائد غير مضمونة. نعتمد في تخطيطنا عائدًا قدره ${annualReturn} سنويًا بعد الرسوم (وهو العائد الذي يُتجاوز على مدى مدتك الزمنية في ${percent(confidence)} من النتائج؛ والوسيط ${medianNetReturn})، لكن قيمة استثمارك سترتفع وتنخفض؛ وفي توقعاتنا، يبلغ احتمال وصولك إلى هدفك في موعده ${percent(probabilityOfReachingGoal)}.`,
    aPortfolioCanFall: (label: Shown, minHorizonYears: Shown) =>
      `قد تنخفض قيمة محفظة بنمط «${label}» في بعض السنوات؛ وهي تناسب الأهداف التي يبعد موعدها ${count(minHorizonYears, YEARS)} على الأقل.`,
    inflationMayBeHigher: (inflationRate: Shown) =>
      `قد يكون التضخم أعلى من المعدل المفترض البالغ ${inflationRate} سنويًا، مما يجعل تكلفة الهدف أكبر.`,
    forThisAdviceWe: (upfrontAdviserFee: Shown) =>
      `نتقاضى عن هذه المشورة رسوم مستشار مدفوعة مقدمًا قدرها ${upfrontAdviserFee}، تصدر بها فاتورة باسمك: فهي لا تُقتطع من استثمارك.`,
    theFundSFees: (ISSUER: Shown) =>
      `تُدفع رسوم الصندوق إلى الجهة المصدرة له، ${ISSUER}، وهي جهة مرتبطة بنا: فنحن نوصي بصندوقها، وتجني المجموعة رسومه. لا نتلقى أي عمولات، ويتقاضى مستشارونا راتبًا من دون أي مكافأة مرتبطة بالمنتجات التي يوصون بها.`,
    adviserHours: 'من الساعة 9 صباحًا حتى الساعة 5 مساءً بتوقيت شرق أستراليا الرسمي (AEST)، من الاثنين إلى الجمعة',
    afcaContacts: (web: Shown, email: Shown, phone: Shown, post: Shown) =>
      `الموقع الإلكتروني ${ltr(web)}، أو البريد الإلكتروني ${email}، أو الهاتف ${ltr(phone)}، أو بالبريد على العنوان ${ltr(post)}`,
    oneOfOurAdvisers: (PHONE: Shown, HOURS: Shown, EMAIL: Shown) =>
      `يمكن لأحد مستشارينا مراجعة هذه المشورة معك، أو تقديم مشورة لك في أي أمر لا تشمله: اتصل على ${ltr(PHONE)} (${HOURS}) أو راسلنا على ${EMAIL}.`,
    tellUsFirstEmail: (EMAIL: Shown, PHONE: Shown, COMPLAINT_DAYS: Shown, AFCA: Shown) =>
      `أخبرنا أولًا: راسلنا على ${EMAIL} أو اتصل على ${ltr(PHONE)}. سنؤكد استلام شكواك خلال يوم عمل واحد، وسنقدّم لك ردّنا النهائي خلال ${count(COMPLAINT_DAYS, DAYS)}. وإذا لم تكن راضيًا، يمكنك اللجوء إلى هيئة الشكاوى المالية الأسترالية (AFCA)، وهي خدمة مجانية ومستقلة: ${AFCA}.`,
    thisIsPersonalAdvice: (asOf: Shown) =>
      `هذه مشورة شخصية أعدّتها أداة مشورة رقمية بناءً على الإجابات التي قدّمتها في ${asOf}. وهي تعتمد على أن تكون تلك الإجابات كاملة وصحيحة: فإذا تغيّر وضعك، أو كان أي شيء هنا غير صحيح، فعُد وحدّث إجاباتك. Horizon Advice نموذج للعرض التوضيحي.`,
  },
  sample: {
    hereIsWhatYour: 'إليك ما تخبرنا به أوضاعك المالية.',
    hereIsTheStrategy: 'إليك الاستراتيجية التي نوصي بها.',
    yourGoal: 'هدفك',
    adjustGoals: 'تعديل الأهداف',
    proposedAdvice: 'المشورة المقترحة',
    howWeWorkedThis: 'كيف توصلنا إلى ذلك',
    investmentFundsProjection: 'توقعات الأموال المستثمرة',
    thisIsGeneralInformation:
      'هذه معلومات عامة تستند إلى أرقام نموذجية وإلى افتراضات بشأن العوائد المستقبلية، وهي غير مضمونة. يمكن أن تنخفض قيمة الاستثمارات كما يمكن أن ترتفع. ادرس بيان الإفصاح عن المنتج قبل أن تتخذ قرارك.',
    thisIsTheProduct: 'هذا هو المنتج الذي نوصي به لهدفك.',
    whyWeRecommendIt: 'لماذا نوصي به',
    itMatchesTheInvestment: 'يتوافق مع نمط الاستثمار الذي اخترته.',
    youCanWithdrawYour: 'يمكنك سحب أموالك عندما تبلغ هدفك.',
    statementOfAdvice: 'بيان المشورة',
    productDisclosureStatement: 'بيان الإفصاح عن المنتج',
    yourStatementOfAdvice: 'سيتوفر هنا بيان المشورة وبيان الإفصاح عن المنتج الخاصان بك بعد الانتهاء من إعداد مشورتك.',
    feesAndCharges: 'الرسوم والتكاليف',
    fee: 'الرسم',
    rate: 'النسبة',
    inDollars: 'بالدولار',
    upfrontAdviserFee: 'رسوم المستشار المدفوعة مقدمًا',
    oneOffInvoiced: 'لمرة واحدة، تصدر بها فاتورة',
    administrationFee: 'رسوم الإدارة',
    yearly: (rate: Shown) => `${rate} سنويًا`,
    investmentFee: 'رسوم الاستثمار',
    projection: 'التوقعات',
    investingNowAndA: (availableSavings: Shown, regularInvestmentMonthly: Shown, goalAmount: Shown, toYear: Shown) =>
      `باستثمار ${availableSavings} الآن و${regularInvestmentMonthly} شهريًا، يُتوقع أن يبلغ استثمارك هدفك البالغ ${goalAmount} بحلول عام ${toYear}.`,
    emergencyFundThreeMonths: 'احتياطي الطوارئ (صافي دخلك عن ثلاثة أشهر)',
    availableSavingsToInvest: 'المدخرات المتاحة للاستثمار الآن',
    monthlySurplus: 'الفائض الشهري',
    perMonth: (surplusMonthly: Shown) => `${surplusMonthly} شهريًا`,
    setAsideForUnexpected: (setAsideShare: Shown) => `${percent(setAsideShare)} تُجنَّب للنفقات غير المتوقعة`,
    leftOverEachMonth: 'المتبقي كل شهر',
    goal: 'الهدف',
    inYears: (goalAmount: Shown, goalYears: Shown) => `${goalAmount} خلال ${count(goalYears, YEARS)}`,
    availableSavings: 'المدخرات المتاحة',
    emergencyFundKeptAside: 'احتياطي الطوارئ المُجنَّب',
    leftOverEachMonth2: 'المتبقي كل شهر بعد تجنيب \u206630%\u2069',
    regularInvestmentNeeded: 'الاستثمار المنتظم المطلوب',
    inYears2: (goalAmount: Shown, goalYears: Shown) => `${goalAmount} خلال ${count(goalYears, YEARS)}`,
    investNowAndA: (availableSavings: Shown, regularInvestmentMonthly: Shown) =>
      `استثمر ${availableSavings} الآن و${regularInvestmentMonthly} شهريًا`,
    inPortfolioTheInvestment: (style: string, goalAmount: Shown, goalYears: Shown) =>
      `في محفظة بنمط «${style}»، وهو نمط الاستثمار الذي اخترته، لتبلغ ${goalAmount} خلال ${count(goalYears, YEARS)}.`,
    aDiversifiedLowCost: (riskLabel: Shown) => `محفظة مؤشرات متنوعة منخفضة التكلفة تتوافق مع نمط الاستثمار «${riskLabel}» الخاص بك.`,
    itsFeesAreLow: (investmentFeePct: Shown) => `رسومه منخفضة: ${investmentFeePct} سنويًا، من دون رسوم إدارة.`,
    youCanStartWith: (availableSavings: Shown, regularInvestmentMonthly: Shown) =>
      `يمكنك البدء بمبلغ ${availableSavings} وإضافة ${regularInvestmentMonthly} شهريًا.`,
  },
  chart: {
    goal: (amount: Shown) => `الهدف ${amount}`,
    medianProjection: 'التوقع الوسيط',
    inOutcomesFallIn: '8 من كل 10 نتائج تقع ضمن النطاق المظلل',
    yourGoal: 'هدفك',
    projectedValueByYear: 'القيمة المتوقعة حسب السنة',
    year: 'السنة',
    low: 'منخفض (المئين 10)',
    median: 'الوسيط',
    projectedValue: 'القيمة المتوقعة',
    high: 'مرتفع (المئين 90)',
    medianTodaySDollars: 'الوسيط بدولارات اليوم',
    investmentProjectionTo: (points: Shown, points2: Shown) => `توقعات الاستثمار، من ${points} إلى ${points2}`,
  },
} satisfies typeof En.ADVICE_WORDS;
