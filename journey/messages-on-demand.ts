/**
 * The catalogue's words for what loads on demand (the rest are in ./messages.ts, loaded with the first page): the
 * journey's words shown after the first page's chunk, kept out of it so that they load with what shows them.
 */
import { BIG_SPENDS_YEARS, JOURNEY_MINUTES, MIN_AGE, MIN_GOAL_YEARS } from './constants';
import type { UnsuitableCode, UnsuitableFigures, UnsuitableReason } from './engine/unsuitable';
import type { DateOfBirthProblem } from './engine/dates';
import type { DebtOwed, MissingAnswer } from './engine/inputs';
import { formatCents, formatDollars, formatPercent, formatRate } from './format';
import { formatIsoDate } from './format-dates';
import { DEBT_LABELS, FIELD_MESSAGES, RETIREMENT_WORDS, RISK_LABELS, say, sayDateOfBirthProblem, type Text, UNIT_WORDS } from './messages';
import type { DebtType, RiskStyle } from './option-values';

/** The indefinite article for a word: 'an aggressive', 'a moderate' (English grammar: the English catalogue's own). */
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

const years = UNIT_WORDS.years;
const SAVINGS_ACCOUNT = 'a high-interest savings account or a term deposit, where its value will not fall';

/**
 * One high-interest debt in the user's own terms, aware of whose it is (issue 15): "You owe $5,000 on your credit
 * card at 19.99% a year", "Your partner owes $3,000 on their personal loan", "You and your partner owe … on a joint car loan".
 */
function debtLine(d: DebtOwed): string {
  const kind = (DEBT_LABELS[d.type as DebtType] ?? d.type).toLowerCase();
  const [who, whose] =
    d.owner === 'partner'
      ? ['Your partner owes', 'their']
      : d.owner === 'joint'
        ? ['You and your partner owe', 'a joint']
        : ['You owe', 'your'];
  const amount = d.valueCents === null ? 'money (we could not read the amount)' : formatCents(d.valueCents);
  return `${who} ${amount} on ${whose} ${kind}${d.rate === null ? '' : ` at ${formatRate(d.rate, 2)} a year`}.`;
}

/** What the catalogue says of a reason: a short heading, why (with the user's own figures), and what to do instead. */
export interface ReasonWords {
  title: string;
  explanation: string;
  instead: string;
}

/**
 * Why investing is not advised now (the engine's suitability rules, journey/engine/suitability.ts), by the rule's
 * code, said from its figures: a short heading, why, with the user's own figures, and what to do instead.
 */
export const UNSUITABLE_WORDS: { [C in UnsuitableCode]: (f: Extract<UnsuitableFigures, { code: C }>) => ReasonWords } = {
  'under-18': (f) => ({
    title: `This advice is for people aged ${f.minAge} or over`,
    explanation: `You are ${f.age}. We can only give this advice to people aged ${f.minAge} or over.`,
    instead:
      `Come back when you turn ${f.minAge}, on ${formatIsoDate(f.comeBackOn)}. ` +
      'Until then, a bank savings account is a safe place to build your savings, and Moneysmart (moneysmart.gov.au) has tips to get started.',
  }),
  retirement: () => RETIREMENT_WORDS,
  'goal-too-soon': (f) => ({
    title: 'Your goal is less than a year away',
    explanation:
      'Investments can fall in value, and in less than a year there may be no time for them to recover before you need the money. ' +
      `This advice is for goals at least ${years(f.minGoalYears)} away.`,
    instead: `Keep the money for this goal in ${SAVINGS_ACCOUNT}.`,
  }),
  'goal-shorter-than-horizon': (f) => {
    const label = RISK_LABELS[f.profile as RiskStyle];
    return {
      title: `${label} suits goals at least ${years(f.minHorizonYears)} away`,
      explanation:
        `Your goal is ${years(f.goalYears)} away. ${label} puts about ${Math.round(f.growth * 100)}% in growth assets such as shares, ` +
        `whose value can fall sharply and take years to recover, so it suits goals at least ${years(f.minHorizonYears)} away.`,
      instead: f.suited
        ? `Choose ${RISK_LABELS[f.suited as RiskStyle]} or a more cautious style, which suits a goal ${years(f.goalYears)} away, or give your goal at least ${years(f.minHorizonYears)}.`
        : `No investment style suits a goal this close. Keep the money in ${SAVINGS_ACCOUNT}, or give your goal at least ${years(f.minHorizonYears)}.`,
    };
  },
  'no-income': () => ({
    title: 'You have no income at the moment',
    explanation:
      'You told us you have no income from work, other sources or benefits. Without an income, your cash is what you would live on, ' +
      'and an investment can be worth less than you put in just when you need the money.',
    instead: `Keep your cash as your emergency fund, in ${SAVINGS_ACCOUNT}, and come back when you have a regular income.`,
  }),
  'savings-over-income': (f) => ({
    title: 'You save more than you earn',
    explanation: `${
      f.netMonthlyCents <= 0
        ? `You told us you save ${formatCents(f.savedMonthlyCents)} a month, but have no income.`
        : `You told us you save ${formatCents(f.savedMonthlyCents)} a month, more than your take-home pay of ${formatCents(f.netMonthlyCents)} a month.`
    } We can only plan with what you can save.`,
    instead: 'Check the amount you save and how often (Regular savings), and your income, then come back.',
  }),
  'no-surplus': (f) => ({
    title: 'You have nothing left over each month to invest',
    explanation: `We work out what you could invest from what you save regularly, and ${
      {
        'not-saving': 'you told us you do not save regularly',
        zero: `you told us you save ${formatDollars(0)}`,
        'under-a-cent': 'what you told us you save comes to less than a cent a month',
      }[f.because]
    }, so there is nothing to invest each month.`,
    instead:
      'Start with a budget to find money you can save each month (Moneysmart’s budget planner can help), ' +
      'build a saving habit, then come back.',
  }),
  'high-interest-debt': (f) => ({
    title: 'Pay off your high-interest debt first',
    explanation:
      `${f.debts.map(debtLine).join(' ')} Interest of ${formatRate(f.highInterestRate, 2)} a year or more is far more than an investment can be expected to earn, ` +
      `so paying ${f.debts.length === 1 ? 'it' : 'these'} off first leaves you better off.`,
    instead:
      'Put what you save towards these debts, starting with the highest interest rate, then come back. ' +
      'If repayments are hard, the National Debt Helpline (1800 007 007) gives free, confidential help.',
  }),
};

/** A reason of the engine's (its code and figures) in the active locale's words, said where it is shown. */
export const sayReason = (reason: UnsuitableReason): ReasonWords =>
  (UNSUITABLE_WORDS[reason.code] as (f: UnsuitableFigures) => ReasonWords)(reason);

/** A reason said under the question that collects its answer (journey/rules.ts `reasonsProblem`): why, then what to do instead. */
export function reasonProblem(reason: UnsuitableReason): string {
  const w = sayReason(reason);
  return `${w.explanation} ${w.instead}`;
}

/** A Yes/No list's words where the engine finds it unanswered or empty (journey/engine/inputs.ts `Reader.list`). */
const list = (question: string, addRows: string) => ({ question, addRows });

/**
 * What the advice engine says when an answer it needs is missing or unreadable, under the id of the question that
 * reads it (its `read`, journey/questions; the engine's reader hands a question its words).
 */
export const MISSING_WORDS = {
  goalDetails: {
    amountBlank: 'Enter how much you need for your goal.',
    amountUnderMin: 'Enter an amount for your goal of $1 or more.',
    amount: 'Enter the amount for your goal in dollars, for example 50,000.',
    yearsBlank: 'Enter how many years from now you need the money.',
    yearsNotNumber: 'Enter the years to your goal as a number, for example 5.',
    yearsOverMax: (max: number) => `Enter a goal no more than ${max} years away.`,
  },
  income: {
    amountBlank: 'Enter your income before tax.',
    amount: 'Enter your income in dollars, for example 85,000.',
    frequency: 'Choose how often you receive your income.',
  },
  partner: {
    amountBlank: 'Enter your partner’s income before tax.',
    amount: 'Enter your partner’s income in dollars, for example 60,000.',
    frequency: 'Choose how often your partner receives their income.',
    cover: 'Tell us whether your partner has private hospital cover.',
    children: 'Choose how many dependent children you have (0 if none).',
  },
  additionalIncome: {
    ...list('Tell us whether you have any other income.', 'Add your other income, or answer No.'),
    amount: 'Enter the amount of this income in dollars.',
    frequency: 'Choose how often you receive this income.',
  },
  benefits: {
    ...list('Tell us whether you receive any government benefits.', 'Add your benefits, or answer No.'),
    type: 'Choose which benefit this is.',
    amount: 'Enter the fortnightly amount of this benefit in dollars.',
  },
  bigSpends: {
    question: (years: number) => `Tell us whether you expect any big expenses in the next ${years} years.`,
    addRows: 'Add your big expenses, or answer No.',
    amount: 'Enter the amount of this expense in dollars.',
  },
  assets: {
    ...list('Tell us whether you have any assets, such as cash in the bank.', 'Add your assets, or answer No.'),
    type: 'Choose what kind of asset this is.',
    amount: 'Enter how much cash you have, in dollars.',
  },
  regularSavings: {
    question: 'Tell us whether you save regularly.',
    amount: 'Enter how much you save, in dollars.',
    frequency: 'Choose how often you save.',
  },
  debts: {
    ...list('Tell us whether you have any debts.', 'Add your debts, or answer No.'),
    type: 'Choose what kind of debt this is.',
    amount: 'Enter how much you owe on this debt, in dollars.',
  },
  privateHealth: { question: 'Tell us whether you have private hospital cover.' },
  riskAssessment: { style: 'Choose an investment style.' },
};

/**
 * A missing answer (journey/engine/inputs.ts `MissingAnswer`: its question, its problem's code and figures) in words:
 * the date of birth's problems (journey/messages.ts `sayDateOfBirthProblem`), a field's own ('over-max', 'not-rate'),
 * or the question's words for what is missing, under its id.
 */
export function sayMissing({ question, problem, figures = {} }: MissingAnswer): string {
  if (question === 'dateOfBirth') return sayDateOfBirthProblem({ code: problem, ...figures } as DateOfBirthProblem);
  if (problem === 'over-max') return say(FIELD_MESSAGES.amount['over-max']);
  if (problem === 'not-rate') return say(FIELD_MESSAGES.rate['not-rate']);
  const words = (MISSING_WORDS as Record<string, Record<string, Text | ((...f: unknown[]) => string)> | undefined>)[question]?.[problem];
  return typeof words === 'function' ? words(...Object.values(figures)) : (words ?? '');
}

/**
 * The words of a question whose form loads on demand (keeping the first visit small), by the question's id: its
 * fields' labels, also its rows' labels on the review (journey/questionnaire.ts `reviewSections`).
 */
export const QUESTION_FORM_WORDS = {
  partner: {
    lead: 'Their income and cover set your Medicare levy and surcharge.',
    name: 'Partner’s first name',
    amount: 'Partner’s gross income',
    amountHint: 'Before tax, excluding super',
    frequency: 'How often?',
    cover: 'Does your partner have private hospital cover?',
    children: 'Dependent children',
  },
  relationshipStatus: {
    children: 'Dependent children',
    hint: 'Children under 21, or full-time students under 25, whom you support. A single parent’s Medicare levy and surcharge use the family thresholds. Choose 0 if none.',
  },
};

/** journey-spec §2: the pages between the dashboard and the questions (journey/screens/introduction.tsx). */
export const INTRODUCTION_WORDS = {
  intro: {
    /** The page's first sentence: {minutes} is `minutes`, in bold. */
    text: 'We’ll ask about you, your goals, your finances and how you feel about risk, then recommend a way to invest towards your goal. It takes about {minutes}.',
    minutes: `${JOURNEY_MINUTES} minutes`,
    points: [
      'Your details save automatically as you go, so you can stop and pick up where you left off on this device.',
      'Some answers are pre-populated from what we already know about you: check them as you go.',
      'You can review and change every answer before we make a recommendation.',
    ],
  },
  beforeStart: {
    text: 'To get the most accurate advice, have these to hand for your household:',
    points: [
      'Income (payslips or your latest tax return)',
      `Expenses, including big costs coming up in the next ${BIG_SPENDS_YEARS} years`,
      'Assets, such as savings, property and investments',
      'Debts, such as your mortgage, loans and credit cards',
    ],
    partner: 'If you have a partner, you can invite them to add their details too.',
    documents: 'Documents to read',
    read: 'Please read these before you continue:',
    fsg: 'Financial Services Guide',
    privacy: 'Privacy & Personal Data Protection Policy',
  },
  eligibility: {
    suits: 'This advice suits you if you',
    suitsPoints: [
      `live in Australia and are ${MIN_AGE} or over;`,
      `want advice for a goal that is ${MIN_GOAL_YEARS} years or more away;`,
      'have no big changes coming up in your life;',
      'have no health issues that affect your financial decisions.',
    ],
    notCovered: 'What this advice does not cover',
    notCoveredPoints: ['Superannuation and retirement', 'Paying off debts', 'Insurance', 'Government benefits', 'Estate planning'],
    confirm: 'By continuing you confirm that this describes you and that you understand what the advice covers.',
  },
};

/** The embed pages (journey/screens/embeds.tsx): the demo's document types and the slots' names. */
export const EMBED_WORDS = {
  documentsLabel: 'Demo documents',
  documentTypes: { docx: 'Word (PDS)', pdf: 'PDF (FSG)', md: 'Markdown', txt: 'Text', csv: 'Spreadsheet', other: 'Other file' },
  documentViewer: 'Document viewer',
  firstViewer: 'First document viewer',
  secondViewer: 'Second document viewer',
  videoPlayer: 'Video player',
};

/** issue 15: what an investment style could lose in a bad year (journey/questions/possible-loss.tsx), made when shown. */
export const POSSIBLE_LOSS_WORDS = {
  loss: (style: string, percent: number, perTenThousand: number) =>
    `In a bad year, one year in twenty, ${article(style)} ${style.toLowerCase()} portfolio could lose about ${formatPercent(percent)} of its value: ${formatDollars(perTenThousand)} on every ${formatDollars(10_000)} invested. It can take years to recover.`,
  little: (style: string) =>
    `Even in a bad year, one year in twenty, ${article(style)} ${style.toLowerCase()} portfolio is expected to lose little or nothing, though its value can still fall.`,
};

/** What a word made when shown is filled with. */
type Shown = string | number;

/**
 * The advice pages' words (journey/screens: the review, the needs analysis, the recommendation, the products, the
 * statement of advice, the sample figures, and the projection chart), by page, in the order each page shows them:
 * a page's sentences are split where it shows a computed figure between their words.
 */
export const ADVICE_WORDS = {
  /** The recommendation's Continue (it comes with the advice's status: journey/screens/advice.tsx). */
  acceptAndContinue: 'Accept and continue',
  review: {
    pleaseCheckYourDetails: 'please check your details before we work out your needs.',
    /** The sentence, with the Example badge in its slot. */
    valuesMarked: 'Values marked {example} are sample values standing in for questions you have not answered.',
    example: 'Example',
    edit: (title: Shown) => `Edit ${title}`,
  },
  parts: {
    /** A label (a relationship status, a debt, an investment style) as it reads inside a sentence: lower case in English. */
    inSentence: (label: string) => label.toLowerCase(),
    /** A sentence that starts with words made to follow the greeting (`hi`): its first letter a capital in English. */
    sentenceStart: (text: string) => text.charAt(0).toUpperCase() + text.slice(1),
    hi: (name: Shown, children: Shown) => `Hi ${name}, ${children}`,
    goalProgress: 'Goal progress',
    of: (have: Shown, goal: Shown) => `${have} of ${goal}`,
    available: (have: string, goal: string, progress: number) => `${have} of ${goal} (${progress}%) available today`,
    thingsToConsider: 'Things to consider',
    lifeInsurance: 'Life insurance',
    ifOthersDependOn:
      'If others depend on your income, check that your life, TPD and income protection cover would meet their needs. This advice does not review your insurance.',
    debtRepayments: 'Debt repayments',
    payingOffHighInterest:
      'Paying off high-interest debt, such as credit cards and personal loans, usually beats investing. Consider repaying those first.',
    retirementPlanning: 'Retirement planning',
    thisAdviceDoesNot:
      'This advice does not cover super or retirement. Your super fund or a financial adviser can help you plan for retirement.',
    nextSteps: 'Next steps',
    nextWeRecommendAn:
      'Next we recommend an investment strategy for your goal, based on what you can invest and the investment style you chose.',
    feesAndChargesIn: 'Fees and charges in dollars',
    fee: 'Fee',
    rate: 'Rate',
    firstYear: 'First year',
    /** The fee table's last column: the whole timeframe. */
    overYears: (goalYears: number) => `Over ${years(goalYears)}`,
    /** A fee's rate a year. */
    rateYearly: (rate: Shown) => `${rate} yearly`,
    yourGoalIsOut:
      'Your goal is out of reach as it stands, so we do not recommend a product or prepare a statement of advice yet. The recommendation shows three ways to make it work: more time, a smaller goal or a larger first deposit (Adjust goals changes the goal).',
    perMonth: (monthly: Shown) => `${monthly} a month`,
    /** The proposed advice: a first deposit and a monthly amount, or either alone, or (both $0) the amount alone. */
    investNowAndMonthly: (now: Shown, monthly: Shown) => `Invest ${now} now and ${monthly} a month`,
    investNow: (now: Shown) => `Invest ${now} now`,
    investMonthly: (monthly: Shown) => `Invest ${monthly} a month`,
    invest: (amount: Shown) => `Invest ${amount}`,
    upfrontAdviserFee: 'Upfront adviser fee',
    oneOffInvoiced: 'One-off, invoiced',
    oneOff: 'One-off',
    administrationFee: 'Administration fee',
    investmentFee: 'Investment fee',
    total: 'Total',
  },
  computed: {
    weCanTRecommend: 'We can’t recommend investing for this goal right now',
    ourDigitalAdviceIs: 'Our digital advice is only for people it suits. Based on your answers:',
    whatToDoInstead: 'What to do instead:',
    youCanChangeAny: 'You can change any answer from the review page.',
    reviewYourAnswers: 'Review your answers',
    weNeedAFew: 'We need a few more answers to work out your figures',
    /** A missing answer's link to its step. */
    goTo: (step: Shown) => `Go to ${step}`,
    theseAre: 'These are {example}. Answer the questionnaire to see figures worked out from your own situation.',
    exampleFigures: 'example figures',
    whyTheseFigures: 'Why these figures',
    afterALowIncome: (lito: Shown) => ` (after a ${lito} low income tax offset)`,
    andAMedicareLevy: (medicareLevySurcharge: Shown) =>
      ` and a ${medicareLevySurcharge} Medicare levy surcharge, because you have no private hospital cover`,
    /** issue 34: a couple pays the surcharge unless both partners hold hospital cover. */
    andAFamilySurcharge: (medicareLevySurcharge: Shown) =>
      ` and a ${medicareLevySurcharge} Medicare levy surcharge, because you and your partner do not both have private hospital cover`,
    plusOfTaxFree: (nonTaxableBenefits: Shown) => `, plus ${nonTaxableBenefits} of tax-free benefits`,
    withoutAnIncomeYour:
      'Without an income, your cash is what you would live on, so we keep all of it as your emergency fund and do not suggest investing any of it.',
    weKeepMonthsOf: (months: Shown, shortfall: Shown) =>
      `We keep ${months} months of take-home pay as an emergency fund before investing. ${shortfall}`,
    ofThemIsNot: (notCovered: Shown) => `; ${notCovered} of them is not covered by your cash yet`,
    takeHomePay: 'Take-home pay.',
    andTheMedicareLevy: (medicareLevySurcharge: Shown) => ` and the Medicare levy surcharge ${medicareLevySurcharge}`,
    plusTaxFreeBenefits: (nonTaxableBenefits: Shown) => `, plus tax-free benefits ${nonTaxableBenefits}`,
    emergencyFundAndFirst: 'Emergency fund and first deposit.',
    lessTheAdviserFee: ', less the adviser fee',
    /** The first deposit, where all of what is left is invested (`upToWhatThe` where some is left out). */
    allOfIt: (startingAmount: Shown) => `: ${startingAmount}`,
    upToWhatThe: (startingAmount: Shown, leftOver: Shown) =>
      `, up to what the goal needs (its amount then, discounted at the planning return): ${startingAmount}; the other ${leftOver} is left out`,
    whatYouCanInvest: 'What you can invest.',
    theGoalInFuture: 'The goal in future dollars.',
    /** The goal's formula: its title in bold, the years as an exponent. */
    goalFormula: '{title} {today} × (1 + {inflation}){years} = {nominal} in {year}.',
    theRegularInvestment: 'The regular investment.',
    sources: 'Sources',
    /** A source of the figures: its publisher, its title (a link where it has one) and the date it is in force from. */
    source: '{publisher}, {title} (from {date})',
    /** The chance in bold. */
    chanceOfReachingYour: 'Chance of reaching your goal: {chance}. In today’s dollars the median outcome is {median}.',
    yourGoal: (goal: Shown) => `Your goal: ${goal}`,
    adjustGoals: 'Adjust goals',
    proposedAdvice: 'Proposed advice',
    /** The headline of a plan that does not reach the goal (a sentence of its own, the portfolio's follows). */
    goalOutOfReach: 'Your goal is out of reach with what you can invest',
    why: 'Why',
    threeWaysToMake: 'Three ways to make it work',
    giveItMoreTime: 'Give it more time:',
    insteadOf: (longerYears: number, goalYears: number) => `${years(longerYears)} instead of ${years(goalYears)}.`,
    evenTheLongestTimeframe: 'even the longest timeframe we plan for would not be enough on its own.',
    aimForASmaller: 'Aim for a smaller goal:',
    /** The smaller goal: its amount in today's dollars, in the goal's years. */
    smallerGoal: (today: Shown, goalYears: number) => `${today} in today’s dollars in ${years(goalYears)}.`,
    startWithMore: 'Start with more:',
    useAdjustGoalsTo: 'Use Adjust goals to change the amount or the years. We recommend a product once the plan reaches your goal.',
    howWeWorkedThis: 'How we worked this out',
    investmentFundsProjection: 'Investment funds projection',
    thisAdviceIsBased:
      'This advice is based on your answers and on assumptions about future returns, which are not guaranteed. The value of investments can go down as well as up. Consider the product disclosure statement before you decide.',
    thisIsTheProduct: 'this is the product we recommend for your goal.',
    whyWeRecommendIt: 'Why we recommend it',
    statementOfAdvice: 'Statement of advice',
    productDisclosureStatement: 'Product disclosure statement',
    readTheProductDisclosure:
      'Read the product disclosure statement before you decide to invest; the statement of advice is ready to print or save as PDF.',
    feesAndCharges: 'Fees and charges',
    projection: 'Projection',
    yourCashFallsShort: (shortfall: Shown) => `Your cash falls ${shortfall} short of it, so there is nothing to invest from savings yet.`,
    yourCashCoversIt: 'Your cash covers it.',
    takeHomePayRow: 'Take-home pay',
    aMonthAYear: (netMonthly: Shown, netAnnual: Shown) => `${netMonthly} a month (${netAnnual} a year)`,
    emergencyFundAllYour: 'Emergency fund (all your cash: you have no income)',
    emergencyFundMonthsOf: (months: Shown) => `Emergency fund (${months} months of your take-home pay)`,
    cashYouHave: 'Cash you have',
    emergencyFundStillTo: 'Emergency fund still to build',
    monthlySurplusWhatYou: 'Monthly surplus (what you save regularly)',
    perMonth: (monthly: Shown) => `${monthly} a month`,
    setAsideForUnexpected: (setAsideShare: Shown) => `${setAsideShare}% set aside for unexpected expenses`,
    leftOverToInvest: 'Left over to invest each month',
    availableSavingsToInvest: 'Available savings to invest now',
    debtClearedFromCash: 'High-interest debt cleared from your cash',
    yourTakeHomePay: (
      assessableIncome: Shown,
      incomeTax: Shown,
      lito: Shown,
      medicareLevy: Shown,
      medicareLevySurcharge: Shown,
      nonTaxableBenefits: Shown,
      taxTableYear: Shown,
    ) =>
      `Your take-home pay is your gross income of ${assessableIncome} a year less ${incomeTax} income tax${lito}, ${medicareLevy} Medicare levy${medicareLevySurcharge}${nonTaxableBenefits} (${taxTableYear} tax rates).`,
    weDonTAsk: (monthly: Shown, setAsideShare: Shown, investableMonthly: Shown) =>
      `We don’t ask about your expenses, so your surplus is the ${monthly} a month you told us you save. We set ${setAsideShare}% of it aside for the unexpected, which leaves ${investableMonthly} a month.`,
    yourBigExpensesIn: (years: Shown, total: Shown, notCovered: Shown) =>
      `Your big expenses in the next ${years} years (${total}) come out of your cash, after the emergency fund is kept aside, and are never counted as money to invest${notCovered}.`,
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
      `Assumptions version ${assumptionsVersion}, engine ${engineVersion}, worked out on ${asOf} using ${financialYear} tax rates. Returns are long-run assumptions for a ${label} portfolio (${grossReturn} a year before fees, volatility ${volatility}); the investment fee is ${investmentFeeRate} a year; the adviser fee of ${upfrontAdviserFee} is invoiced, not taken from your investment.`,
    inTodaySDollars4: (today: Shown, goalYears: number, targetYear: Shown, nominal: Shown, inflationRate: Shown) =>
      `${today} in today’s dollars in ${years(goalYears)} (${targetYear}): about ${nominal} then, with ${inflationRate} inflation a year.`,
    /** The risk style's name as the options list it (journey/messages.ts `RISK_LABELS`). */
    inPortfolioGrowthDefensive: (style: string, growth: Shown, defensive: Shown) =>
      `in ${article(style)} ${style.toLowerCase()} portfolio (${growth}% growth, ${defensive}% defensive).`,
    /** The portfolio's line after the out-of-reach headline, a sentence of its own (the style as `inPortfolioGrowthDefensive` takes it). */
    workedOutForPortfolio: (style: string, growth: Shown, defensive: Shown) =>
      `We worked this out for ${article(style)} ${style.toLowerCase()} portfolio (${growth}% growth, ${defensive}% defensive).`,
    youWouldNeedA: (monthlyNeeded: Shown, affordableMonthly: Shown) =>
      `You would need ${monthlyNeeded} a month, but you can invest about ${affordableMonthly} a month. You could:`,
    aDiversifiedLowCost: (growth: Shown, defensive: Shown) =>
      `A diversified, low-cost index portfolio with ${growth}% in growth assets and ${defensive}% in defensive assets, matching the investment style you chose.`,
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
      ` Assessable income ${assessableIncome} less income tax ${incomeTax} (tax ${bracketTax} less the low income tax offset ${lito}), the Medicare levy ${medicareLevy}${medicareLevySurcharge}${nonTaxableBenefits}: ${netAnnual} a year, ${netMonthly} a month (${taxTableYear} tax rates).`,
    keptInCashOf: (
      months: Shown,
      netMonthly: Shown,
      target: Shown,
      cash: Shown,
      availableSavings: Shown,
      upfrontFeeDeducted: Shown,
      leftOver: Shown,
    ) =>
      ` ${months} × ${netMonthly} = ${target} kept in cash. Of your cash of ${cash}, what is left above it, any high-interest debt cleared from it and any big expenses, ${availableSavings}, is the first deposit${upfrontFeeDeducted}${leftOver}.`,
    regularSavingsAMonth: (monthly: Shown, setAsideShare: Shown, investableMonthly: Shown) =>
      ` Regular savings ${monthly} a month, less ${setAsideShare}% set aside for the unexpected: ${investableMonthly} a month.`,
    /** The regular investment's formula: its title in bold, the exponents (1/12, n, n) in their slots. */
    investmentFormula:
      '{title} At {annualReturn} a year after fees (the return the {profile} portfolio beats over {years} in {confidence}% of outcomes; ' +
      'its median is {median}), a monthly rate i = (1 + {annualReturn}){twelfth} − 1. Over n = {months} months, ' +
      'payment = (goal − first deposit × (1 + i){n}) × i ÷ ((1 + i){n2} − 1) = {monthlyNeeded} a month, against {affordable} a month you can invest.',
    n: 'n',
    aChanceOfReaching: (monthlyNeeded: Shown, probabilityOfReachingGoal: Shown) =>
      `${monthlyNeeded}: a ${probabilityOfReachingGoal}% chance of reaching your goal`,
    aFirstDepositOf: (total: Shown, extra: Shown) => ` a first deposit of ${total} (${extra} more).`,
  },
  statement: {
    weHaveNotGiven:
      'We have not given you a recommendation, so there is no statement of advice. The needs analysis explains why and what to do instead.',
    yourStatementOfAdvice:
      'Your statement of advice is prepared from your answers. Complete the questionnaire and accept the recommendation to see it here.',
    statementOfAdvice: 'Statement of advice',
    printOrSaveAs: 'Print or save as PDF',
    /** The foot of every printed page: {page} and {pages} are the page's number and the count. */
    pageOfPages: 'Page {page} of {pages}',
    yourSituation: 'Your situation',
    /** The first line of the situation: the age (or `notGiven`) and the relationship status (or `relationshipStatusNotGiven`). */
    ageAndRelationship: (age: Shown, relationship: Shown) => `Age ${age}, ${relationship}.`,
    notGiven: 'not given',
    relationshipStatusNotGiven: 'relationship status not given',
    employmentNotGiven: 'Employment not given',
    /** The situation's second line: the employment status (or `employmentNotGiven`). */
    employment: (employment: Shown) => `${employment}.`,
    privateHospitalCoverHeld: 'Private hospital cover held.',
    /** A couple where only the client holds hospital cover: the surcharge still applies over the family threshold. */
    partnerHasNoHospitalCover:
      'Private hospital cover held, but not by your partner: a couple pays the Medicare levy surcharge above the family threshold unless both hold it.',
    noPrivateHospitalCover: 'No private hospital cover (the Medicare levy surcharge applies above its threshold).',
    shortOfIt: (shortfall: Shown) => `, ${shortfall} short of it`,
    bigExpensesOfExpected: (total: Shown, years: Shown) =>
      `Big expenses of ${total} expected in the next ${years} years, set aside from cash and never invested.`,
    noBigExpensesExpected: (years: Shown) => `No big expenses expected in the next ${years} years.`,
    /** The debts, a list (journey/screens/statement.tsx `formatList`) of their names (`inSentence`, or `aDebt`). */
    debts: (debts: Shown) => `Debts: ${debts}.`,
    noDebts: 'No debts.',
    yourGoal: 'Your goal',
    scopeOfThisAdvice: 'Scope of this advice',
    thisAdviceCoversInvesting:
      'This advice covers investing towards the goal above. It does not cover superannuation and retirement, paying off debts, insurance, government benefits or estate planning.',
    ourRecommendation: 'Our recommendation',
    why: 'Why',
    risks: 'Risks',
    feesInDollars: 'Fees in dollars',
    whoGivesThisAdvice: 'Who gives this advice',
    readTheFinancialServices: 'read the Financial Services Guide',
    productDisclosureStatement: 'product disclosure statement',
    /** Who gives the advice, with links to the guide ({fsg}: `readTheFinancialServices`) and the product's statement ({pds}). */
    whoGivesIt:
      '{business}, Australian Financial Services Licence {afsl} (a demonstration number: Horizon Advice is a fictional business). ' +
      'Our Financial Services Guide says who we are and what we do: {fsg}. The product is explained in its {pds}, which you should read before you decide.',
    howWeArePaid: 'How we are paid, and our conflicts',
    speakWithAnAdviser: 'Speak with an adviser',
    ifYouHaveA: 'If you have a complaint',
    theAnswersThisAdvice: 'The answers this advice is based on',
    assumptions: 'Assumptions',
    aDebt: 'a debt',
    preparedOnAssumptionsVersion: (asOf: Shown, assumptionsVersion: Shown, engineVersion: Shown, financialYear: Shown) =>
      `Prepared on ${asOf} · Assumptions version ${assumptionsVersion} · Engine ${engineVersion} · ${financialYear} tax rates`,
    takeHomePayA: (netAnnual: Shown, netMonthly: Shown, assessableIncome: Shown) =>
      `Take-home pay ${netAnnual} a year (${netMonthly} a month) from assessable income of ${assessableIncome}.`,
    emergencyFundOfMonths: (target: Shown, months: Shown, cash: Shown, shortfall: Shown) =>
      `Emergency fund of ${target} (${months} months of take-home pay) kept in cash; cash held ${cash}${shortfall}.`,
    regularSavingsOfA: (monthly: Shown, investableMonthly: Shown, setAsideShare: Shown) =>
      `Regular savings of ${monthly} a month, of which ${investableMonthly} can be invested after setting aside ${setAsideShare}% for the unexpected.`,
    inTodaySDollars: (label: Shown, today: Shown, goalYears: number, targetYear: Shown, nominal: Shown, inflationRate: Shown) =>
      `${label}: ${today} in today’s dollars in ${years(goalYears)} (${targetYear}), about ${nominal} then at ${inflationRate} inflation.`,
    inTheGrowthDefensive: (monthlyNeeded: Shown, fundName: Shown, growth: Shown, defensive: Shown) =>
      `${monthlyNeeded} in the ${fundName} (${growth}% growth, ${defensive}% defensive).`,
    returnsAreNotGuaranteed: (annualReturn: Shown, confidence: Shown, medianNetReturn: Shown, probabilityOfReachingGoal: Shown) =>
      `Returns are not guaranteed. We plan on ${annualReturn} a year after fees (the return beaten over your timeframe in ${confidence}% of outcomes; the median is ${medianNetReturn}), but the value of your investment will rise and fall; in our projection there is a ${probabilityOfReachingGoal}% chance of reaching your goal on time.`,
    aPortfolioCanFall: (label: Shown, minHorizonYears: Shown) =>
      `A ${label} portfolio can fall in value in some years; it suits goals at least ${minHorizonYears} years away.`,
    inflationMayBeHigher: (inflationRate: Shown) =>
      `Inflation may be higher than the ${inflationRate} a year assumed, making the goal cost more.`,
    forThisAdviceWe: (upfrontAdviserFee: Shown) =>
      `For this advice we charge an upfront adviser fee of ${upfrontAdviserFee}, invoiced to you: it is not taken from your investment.`,
    theFundSFees: (ISSUER: Shown) =>
      `The fund’s fees are paid to its issuer, ${ISSUER}, which is related to us: we recommend its fund, and the group earns its fees. We receive no commissions, and our advisers are paid a salary with no bonus tied to the products they recommend.`,
    /** When the advisers answer the phone (the licensee's hours, journey/licensee.ts `HOURS`, which the server's documents say). */
    adviserHours: '9am to 5pm AEST, Monday to Friday',
    /** AFCA's contacts (journey/licensee.ts `AFCA_CONTACTS`): its website, email address, phone number and postal address. */
    afcaContacts: (web: Shown, email: Shown, phone: Shown, post: Shown) => `${web}, ${email}, ${phone}, or ${post}`,
    oneOfOurAdvisers: (PHONE: Shown, HOURS: Shown, EMAIL: Shown) =>
      `One of our advisers can go through this advice with you, or give you advice on anything it does not cover: call ${PHONE} (${HOURS}) or email ${EMAIL}.`,
    tellUsFirstEmail: (EMAIL: Shown, PHONE: Shown, COMPLAINT_DAYS: Shown, AFCA: Shown) =>
      `Tell us first: email ${EMAIL} or call ${PHONE}. We will acknowledge your complaint within one business day and give you our final response within ${COMPLAINT_DAYS} days. If you are not satisfied, you can go to the Australian Financial Complaints Authority (AFCA), a free and independent service: ${AFCA}.`,
    thisIsPersonalAdvice: (asOf: Shown) =>
      `This is personal advice, prepared by a digital advice tool from the answers you gave on ${asOf}. It relies on those answers being complete and correct: if your situation changes, or anything here is wrong, come back and update your answers. Horizon Advice is a demonstration.`,
  },
  sample: {
    hereIsWhatYour: 'here is what your finances tell us.',
    hereIsTheStrategy: 'here is the strategy we recommend.',
    yourGoal: 'Your goal',
    adjustGoals: 'Adjust goals',
    proposedAdvice: 'Proposed advice',
    howWeWorkedThis: 'How we worked this out',
    investmentFundsProjection: 'Investment funds projection',
    thisIsGeneralInformation:
      'This is general information based on sample figures and assumptions about future returns, which are not guaranteed. The value of investments can go down as well as up. Consider the product disclosure statement before you decide.',
    thisIsTheProduct: 'this is the product we recommend for your goal.',
    whyWeRecommendIt: 'Why we recommend it',
    itMatchesTheInvestment: 'It matches the investment style you chose.',
    youCanWithdrawYour: 'You can withdraw your money when you reach your goal.',
    statementOfAdvice: 'Statement of advice',
    productDisclosureStatement: 'Product disclosure statement',
    yourStatementOfAdvice:
      'Your statement of advice and the product disclosure statement will be available here once your advice is finalised.',
    feesAndCharges: 'Fees and charges',
    fee: 'Fee',
    rate: 'Rate',
    inDollars: 'In dollars',
    upfrontAdviserFee: 'Upfront adviser fee',
    oneOffInvoiced: 'One-off, invoiced',
    administrationFee: 'Administration fee',
    /** A fee's rate, or its amount, a year. */
    yearly: (rate: Shown) => `${rate} yearly`,
    investmentFee: 'Investment fee',
    projection: 'Projection',
    investingNowAndA: (availableSavings: Shown, regularInvestmentMonthly: Shown, goalAmount: Shown, toYear: Shown) =>
      `Investing ${availableSavings} now and ${regularInvestmentMonthly} a month, your investment is projected to reach your goal of ${goalAmount} by ${toYear}.`,
    emergencyFundThreeMonths: 'Emergency fund (three months of your take-home pay)',
    availableSavingsToInvest: 'Available savings to invest now',
    monthlySurplus: 'Monthly surplus',
    perMonth: (surplusMonthly: Shown) => `${surplusMonthly} a month`,
    setAsideForUnexpected: (setAsideShare: Shown) => `${setAsideShare}% set aside for unexpected expenses`,
    leftOverEachMonth: 'Left over each month',
    goal: 'Goal',
    inYears: (goalAmount: Shown, goalYears: Shown) => `${goalAmount} in ${goalYears} years`,
    availableSavings: 'Available savings',
    emergencyFundKeptAside: 'Emergency fund kept aside',
    leftOverEachMonth2: 'Left over each month after 30% set aside',
    regularInvestmentNeeded: 'Regular investment needed',
    inYears2: (goalAmount: Shown, goalYears: Shown) => `${goalAmount} in ${goalYears} years`,
    investNowAndA: (availableSavings: Shown, regularInvestmentMonthly: Shown) =>
      `Invest ${availableSavings} now and ${regularInvestmentMonthly} a month`,
    /** The risk style's name as the options list it (journey/messages.ts `RISK_LABELS`). */
    inPortfolioTheInvestment: (style: string, goalAmount: Shown, goalYears: Shown) =>
      `in ${article(style)} ${style.toLowerCase()} portfolio, the investment style you chose, to reach ${goalAmount} in ${goalYears} years.`,
    aDiversifiedLowCost: (riskLabel: Shown) => `A diversified, low-cost index portfolio matching your ${riskLabel} investment style.`,
    itsFeesAreLow: (investmentFeePct: Shown) => `Its fees are low: ${investmentFeePct} a year, with no administration fee.`,
    youCanStartWith: (availableSavings: Shown, regularInvestmentMonthly: Shown) =>
      `You can start with ${availableSavings} and add ${regularInvestmentMonthly} a month.`,
  },
  chart: {
    /** The goal line's label on the chart. */
    goal: (amount: Shown) => `Goal ${amount}`,
    /** The legend's three keys: the median line, the shaded band, the goal line. */
    medianProjection: 'Median projection',
    inOutcomesFallIn: '8 in 10 outcomes fall in the shaded range',
    yourGoal: 'Your goal',
    projectedValueByYear: 'Projected value by year',
    year: 'Year',
    low: 'Low (10th)',
    median: 'Median',
    projectedValue: 'Projected value',
    high: 'High (90th)',
    medianTodaySDollars: 'Median, today’s dollars',
    investmentProjectionTo: (points: Shown, points2: Shown) => `Investment projection, ${points} to ${points2}`,
  },
};
