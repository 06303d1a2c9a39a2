/**
 * The journey's message catalogue: every word a visitor sees, keyed by code (a problem's, a screen's) or grouped by
 * what shows it (a question's words under its id), typed so that a missing key fails `tsc`. Words that format an
 * amount or carry a figure are functions, made when shown (a number format is costly to build at the journey's
 * start). This file holds what a first visit can show: the frame, the dashboard, the questions, the field and
 * eligibility problems (journey/answer-fields.ts, journey/rules.ts), the error text of journey-spec §8 and the
 * product's name; the words of what loads on demand (the pages between the dashboard and the questions, the
 * advice pages, the engine's missing answers) are in ./messages-on-demand.ts, and a recommendation's (its reasons,
 * the chart's summary and assumptions) in ./messages-advice.ts, which load with them.
 * test/architecture/catalogue.test.ts fails on words written anywhere else in journey/.
 */
import type { FixedScreenId, StepNumber } from '../machines/journey-flow';
import type { AmountProblem, GoalAmountProblem, GoalYearsProblem, RateProblem } from './answer-fields';
import { BIG_SPENDS_YEARS, MIN_AGE, MIN_GOAL_YEARS } from './constants';
import type { DateOfBirthProblem } from './engine/dates';
import { MAX_GOAL_YEARS } from './engine/limits';
import { MAX_AMOUNT_DOLLARS } from './engine/money';
import { formatDollars, formatNumber } from './format';
import type {
  AssetType,
  BenefitType,
  DebtOwner,
  DebtType,
  Employment,
  Frequency,
  GoalType,
  IncomeSource,
  InsuranceKey,
  Relationship,
  RiskStyle,
  YesNo,
} from './option-values';

/** Words, or words made when shown. */
export type Text = string | (() => string);

/** Words for every code but 'blank' (a field with nothing in it yet says nothing). */
type Said<P extends string> = Record<Exclude<P, 'blank'>, Text>;

const AMOUNT = {
  'not-money': 'Enter an amount in dollars, for example 1,250 or 1250.50.',
  'over-max': () => `Enter an amount of ${formatDollars(MAX_AMOUNT_DOLLARS)} or less.`,
} satisfies Said<AmountProblem>;

/** What the screens say under a field, by the field's kind and the problem's code (journey/answer-fields.ts). */
export const FIELD_MESSAGES = {
  amount: AMOUNT,
  goalAmount: { ...AMOUNT, 'under-min': 'Enter an amount of $1 or more.' } satisfies Said<GoalAmountProblem>,
  goalYears: {
    'not-number': 'Enter a number of years, for example 8 or 2.5.',
    'not-positive': 'Enter a number of years greater than 0.',
    'over-max': `Enter ${MAX_GOAL_YEARS} years or fewer.`,
    // checked where the years are entered, not at step 6 (issue 15)
    'under-min': `This advice is for goals at least ${MIN_GOAL_YEARS} years away; keep money you need sooner in savings.`,
  } satisfies Said<GoalYearsProblem>,
  rate: { 'not-rate': 'Enter the interest rate as a percentage a year, for example 19.99, or leave it empty.' } satisfies Said<RateProblem>,
};

/** Why the advice is not for this visitor, said on the screen that asks (issue 15). */
export type EligibilityProblem = 'under-age' | 'retired' | 'age-pension';

/** Why this advice turns retirement away (issue 15): the engine's reason (engine/suitability.ts); the screens that ask say it too. */
export const RETIREMENT_WORDS = {
  title: 'This advice does not cover retirement',
  explanation:
    'This advice is for saving towards a goal while you earn. Investing in retirement means planning an income from your savings, ' +
    'super and the Age Pension, which it does not cover (see the eligibility page).',
  instead:
    'A licensed financial adviser can help you plan your retirement income; Moneysmart’s retirement planner (moneysmart.gov.au) is a good start.',
};

/** issue 15: retirement is out of scope (the eligibility page), so the screens that ask say so at once, in the engine's words. */
const RETIREMENT_OUT_OF_SCOPE = `${RETIREMENT_WORDS.title}. ${RETIREMENT_WORDS.explanation} ${RETIREMENT_WORDS.instead}`;

export const ELIGIBILITY_MESSAGES: Record<EligibilityProblem, Text> = {
  'under-age': `This advice is for people aged ${MIN_AGE} or over.`,
  retired: RETIREMENT_OUT_OF_SCOPE,
  'age-pension': `The Age Pension is retirement income. ${RETIREMENT_OUT_OF_SCOPE}`,
};

/** journey-spec §3: the label of each option a question offers, keyed by its value, in the order the question lists them
 * (journey/options.ts reads them). */
export const YES_NO_LABELS = { yes: 'Yes', no: 'No' } satisfies Record<YesNo, string>;
export const RELATIONSHIP_LABELS = { couple: 'Couple', single: 'Single' } satisfies Record<Relationship, string>;
export const GOAL_LABELS = {
  travel: 'Travelling overseas',
  'first-home': 'Buying your first home',
  'next-home': 'Buying your next home',
  'getting-together': 'Getting together',
  baby: 'Having a baby',
  business: 'Starting a business',
} satisfies Record<GoalType, string>;
export const EMPLOYMENT_LABELS = {
  employed: 'Employed',
  'self-employed': 'Self-employed',
  'stay-at-home-parent': 'Stay-at-home parent',
  student: 'Student',
  retired: 'Retired',
  'not-working': 'Not working',
} satisfies Record<Employment, string>;
export const FREQUENCY_LABELS = {
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  'half-yearly': 'Half yearly',
  yearly: 'Yearly',
  annually: 'Annually',
} satisfies Record<Frequency, string>;
export const INCOME_SOURCE_LABELS = { dividends: 'Dividends', rent: 'Rent', trust: 'Trust distributions' } satisfies Record<
  IncomeSource,
  string
>;
export const BENEFIT_LABELS = {
  'family-tax': 'Family Tax Benefit',
  disability: 'Disability Support Pension',
  jobseeker: 'JobSeeker Payment',
  'age-pension': 'Age Pension',
} satisfies Record<BenefitType, string>;
export const ASSET_LABELS = {
  cash: 'Cash',
  home: 'Home',
  'investment-property': 'Investment property',
  'other-investment': 'Other investment',
  lifestyle: 'Lifestyle (car, boat, contents)',
  other: 'Other',
} satisfies Record<AssetType, string>;
export const DEBT_LABELS = {
  mortgage: 'Mortgage',
  'investment-loan': 'Investment loan',
  'car-loan': 'Car loan',
  'personal-loan': 'Personal loan',
  'credit-card': 'Credit card',
  other: 'Other',
} satisfies Record<DebtType, string>;
export const OWNER_LABELS = { self: 'Me', joint: 'Joint', partner: 'My partner' } satisfies Record<DebtOwner, string>;
export const RISK_LABELS = {
  conservative: 'Conservative',
  cautious: 'Cautious',
  moderate: 'Moderate',
  'moderately-aggressive': 'Moderately aggressive',
  aggressive: 'Aggressive',
  'highly-aggressive': 'Highly aggressive',
} satisfies Record<RiskStyle, string>;
export const RISK_DESCRIPTIONS = {
  conservative: 'Very low likelihood of a negative return in any year.',
  cautious: 'Security over growth.',
  moderate: 'A balance of growth and security.',
  'moderately-aggressive': 'Growth with some security.',
  aggressive: 'Growth over security.',
  'highly-aggressive': 'Comfortable with short-term losses.',
} satisfies Record<RiskStyle, string>;
export const INSURANCE_LABELS = {
  life: 'Life cover',
  tpd: 'Total and permanent disability (TPD) cover',
  trauma: 'Trauma cover',
  incomeProtection: 'Income protection (per month)',
} satisfies Record<InsuranceKey, string>;

/** journey-spec §2: the step labels of the progress bar, by step (the flow carries the numbers). */
export const STEP_LABELS: Record<StepNumber, string> = {
  1: 'About you',
  2: 'Goals',
  3: 'Your finances',
  4: 'Risk',
  5: 'Summary',
  6: 'Needs analysis',
  7: 'Recommendation',
};

/** journey-spec §2: the heading of each page that is not a question (a question's is in its module, journey/questions). */
export const SCREEN_TITLES: Record<FixedScreenId, string> = {
  dashboard: 'Your recommended journeys',
  intro: 'Let’s talk about your investment goals',
  beforeStart: 'Before you start',
  eligibility: 'Is this advice right for you?',
  reviewDetails: 'Review your details',
  needsAnalysis: 'Your needs analysis',
  recommendation: 'Your investment strategy',
  recommendedProducts: 'Your recommended product',
  smartDoc: 'Smart document',
  smartDocMultiple: 'Smart documents side by side',
  videoEmbed: 'Video',
  statementOfAdvice: 'Statement of advice',
};

/** The product name, in the header and every document title. */
export const PRODUCT_NAME = 'Horizon Advice';

/** Units said with a figure, in sentences of every part of the catalogue: 1 → "1 year", 2.5 → "2.5 years". */
export const UNIT_WORDS = {
  years: (years: number) => `${formatNumber(years, 1)} ${years === 1 ? 'year' : 'years'}`,
};

/** What is wrong with a date of birth as typed (journey/engine/dates.ts `parseDateOfBirth`). */
export const DATE_OF_BIRTH_ERRORS = {
  blank: 'Enter your date of birth, for example 15/06/1990.',
  format: 'Enter your date of birth as DD/MM/YYYY, for example 15/06/1990.',
  month: 'The month must be a number from 1 to 12.',
  notReal: (typed: string, month: string, year: number, days: number) => `${typed} is not a real date: ${month} ${year} has ${days} days.`,
  future: 'Your date of birth must be today or in the past.',
  tooOld: (year: number, maxAge: number) => `Check the year: ${year} would make you over ${maxAge}.`,
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};

/** A date of birth's problem (journey/engine/dates.ts `parseDateOfBirth`, by code with its figures) in words. */
export function sayDateOfBirthProblem(p: DateOfBirthProblem): string {
  const E = DATE_OF_BIRTH_ERRORS;
  return p.code === 'not-real'
    ? E.notReal(p.text, E.months[p.month - 1]!, p.year, p.days)
    : p.code === 'too-old'
      ? E.tooOld(p.year, p.maxAge)
      : E[p.code];
}

/**
 * Each question's words, under its id (journey/questions): its heading and lead, its fields' labels and hints, its
 * rows on the review page (what the engine says of its missing answers is in journey/messages-on-demand.ts).
 */
export const QUESTION_WORDS = {
  dateOfBirth: {
    title: 'What is your date of birth?',
    lead: `You need to be ${MIN_AGE} or over to use this advice.`,
    label: 'Date of birth',
    hint: 'For example, 15/06/1990 (DD/MM/YYYY)',
    placeholder: 'DD/MM/YYYY',
  },
  relationshipStatus: { title: 'What is your relationship status?', review: 'Relationship status' },
  goalSelection: {
    title: 'What are you investing for?',
    lead: 'Choose the goal that matters most to you right now.',
    review: 'Goal',
  },
  goalDetails: {
    title: 'Tell us about your goal',
    amount: 'How much will you need?',
    amountHint: 'In today’s dollars',
    years: 'How many years from now?',
    yearsHint: 'For example, 8 or 2.5',
    reviewAmount: 'Amount needed',
    reviewYears: 'Years from now',
    yearsValue: (years: string) => `${years} years`,
  },
  summary: {
    title: 'Thanks, your goal is saved',
    /** The goal, its kind in the {goal} slot (in bold), its amount and years as entered. */
    goal: (amount: string, years: string) => `Your goal: {goal}, ${amount} in ${years} years.`,
    saved: 'Your goal is saved.',
    next: 'Next, we’ll ask about your finances: your work, income, savings, assets and debts. This helps us check what you can afford to invest.',
  },
  employmentStatus: { title: 'What is your employment status?', review: 'Employment status' },
  income: {
    title: 'What is your income?',
    amount: 'Gross income',
    amountHint: 'Before tax, excluding super',
    frequency: 'How often?',
  },
  partner: {
    title: 'About your partner',
  },
  additionalIncome: {
    title: 'Do you have any other income?',
    lead: 'For example dividends, rent or trust distributions.',
    item: 'Income',
    source: 'Source',
    amount: 'Amount',
    frequency: 'How often?',
    review: 'Other income',
  },
  benefits: {
    title: 'Do you receive any government benefits?',
    item: 'Benefit',
    type: 'Benefit',
    amount: 'Amount per fortnight',
    review: 'Government benefits',
    /** A benefit's amount on the review page. */
    perFortnight: (amount: string) => `${amount} a fortnight`,
  },
  bigSpends: {
    title: `Do you expect any big expenses in the next ${BIG_SPENDS_YEARS} years?`,
    lead: `For example a wedding, a car, renovations or school fees in the next ${BIG_SPENDS_YEARS} years.`,
    item: 'Expense',
    amount: 'Amount',
    review: `Big expenses in the next ${BIG_SPENDS_YEARS} years`,
  },
  assets: {
    title: 'Do you have any assets?',
    lead: 'Include cash, your home, investments and valuable possessions.',
    item: 'Asset',
    type: 'Type',
    value: 'Value',
    review: 'Assets',
  },
  regularSavings: {
    title: 'Do you save regularly?',
    amount: 'How much do you save?',
    frequency: 'How often?',
    review: 'Regular savings',
  },
  super: {
    title: 'Tell us about your superannuation',
    balance: 'Total super balance',
    balanceHint: 'Add up all of your super funds',
    contributions: 'Are you making personal contributions to your super?',
    reviewBalance: 'Super balance',
    reviewContributions: 'Personal super contributions',
  },
  debts: {
    title: 'Do you have any debts?',
    item: 'Debt',
    type: 'Type',
    value: 'Amount owing',
    owner: 'Whose debt is it?',
    taxDeductible: 'Is the interest tax deductible?',
    interestRate: 'Interest rate (% a year)',
    repaymentAmount: 'Repayment amount',
    frequency: 'Repayment frequency',
    review: 'Debts',
  },
  insuranceCover: { title: 'What insurance cover do you have?', lead: 'Enter 0 where you have no cover of that kind.' },
  privateHealth: {
    title: 'Do you have private hospital cover?',
    lead: 'Hospital cover affects the Medicare levy surcharge you pay.',
    review: 'Private hospital cover',
  },
  riskAssessment: {
    title: 'How do you feel about investment risk?',
    questionnaire: 'Not sure? Take the risk questionnaire',
    questionnaireText: 'A short set of questions about how you would react to ups and downs in the value of your investment.',
    open: 'Open questionnaire',
    notAvailable:
      'The risk questionnaire is not available online yet. Choose the style below that describes you best, or talk to an adviser.',
    style: 'Choose your investment style',
    review: 'Investment style',
  },
};

/** The journey's frame (journey/app.tsx, journey/components/progress-bar.tsx, journey/screens/index.tsx): header, page navigation, error pages. */
export const FRAME_WORDS = {
  skipLink: 'Skip to content',
  home: `${PRODUCT_NAME}, go to your dashboard`,
  saved: 'Your answers are saved on this device',
  startAgain: 'Start again',
  clearAll: 'Clear all your answers?',
  clear: 'Clear answers',
  cancel: 'Cancel',
  loading: 'Loading…',
  back: 'Back',
  continue: 'Continue',
  returnToReview: 'Save and return to review',
  returnToRecommendation: 'Save and return to recommendation',
  /** The Continue button's words on the screens that say it otherwise. */
  continueTo: { intro: "Let's get started", eligibility: 'Agree and continue' },
  dashboardLead: 'Choose a journey to get personal advice in a few steps.',
  progress: 'Progress',
  step: (n: number, of: number, label: string) => `Step ${n} of ${of}: ${label}`,
  notFound: 'Page not found',
  /** The address asked for in the {path} slot. */
  noPage: 'There is no page at {path}. It may have moved, or the address may be mistyped.',
  toDashboard: 'Go to your dashboard',
  // journey-spec §8: the error page's lead under the generic title
  somethingWrong: 'Something went wrong while showing this page. Your answers are saved.',
  // journey-spec §8: the only error text of the prototype, the router's generic fallback title (word for word in English)
  unexpectedError: 'Unexpected Application Error!',
  /** The language picker's label (journey/app.tsx). */
  language: 'Language',
};

/**
 * The journey's languages, each named in its own language for the picker (journey/locale.ts): the same in every
 * locale's catalogue, so that a visitor finds their language whatever the page is in.
 */
export const LOCALE_NAMES = { en: 'English', ar: 'العربية', 'zh-Hans': '简体中文' };

/** journey-spec §2: the dashboard (journey/screens/start.tsx). */
export const DASHBOARD_WORDS = {
  journeysLabel: 'Recommended journeys',
  journeys: [
    { title: 'Retirement', text: 'Plan the income you will need to retire comfortably.' },
    { title: 'Investment', text: 'Get advice on investing towards a goal of your own.' },
    { title: 'Investment Choice', text: 'Compare ways to invest what you already have.' },
    { title: 'Financial health check', text: 'See where you stand today and what to work on next.' },
  ],
  start: 'Start',
  // issue 15: 'Continue where you left off', when answers are saved on this device
  welcomeBack: 'Welcome back',
  youWereAt: (place: string) => `You were at ${place}.`,
  step: (step: StepNumber, of: number) => `step ${step} of ${of}, ${STEP_LABELS[step]}`,
  products: 'your recommended products',
  resume: 'Continue where you left off',
};

/** journey-spec §4: a Yes/No list's rows (journey/components/row-list.tsx), by what one row is called ('Asset'). */
export const ROW_LIST_WORDS = {
  empty: (item: string) => `Add at least one ${item.toLowerCase()} to continue.`,
  legend: (item: string, n: number) => `${item} ${n}`,
  remove: (item: string, n: number) => `Remove ${item.toLowerCase()} ${n}`,
  add: '+ Add another',
};

/** The review page's values (journey/review.ts). */
export const REVIEW_WORDS = {
  none: 'None',
  yes: 'Yes',
  no: 'No',
  /** A row's amount that is not entered. */
  noAmount: '—',
  /** An amount with how often it comes (the frequency's label, '' when not chosen): '$500 weekly'. */
  amountPer: (amount: string, frequency: string) => (frequency ? `${amount} ${frequency.toLowerCase()}` : amount),
  /** One row of a list on the review: what it is, and its amount. */
  item: (kind: string, amount: string) => `${kind}: ${amount}`,
};

/** The words of a text. */
export const say = (text: Text): string => (typeof text === 'function' ? text() : text);
