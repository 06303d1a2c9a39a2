/**
 * The journey's message catalogue: the words a visitor sees for each code the rules produce, keyed by
 * code. Each table is typed as total over its codes, so a code without words fails `tsc`. Words that
 * format an amount are functions, made when shown (a number format is costly to build at the journey's
 * start). So far: the field problems of journey/answer-fields.ts, the eligibility problems of
 * journey/rules.ts, the error text of journey-spec §8 and the product's name, the progress steps'
 * labels and the headings of the pages that are not questions
 * (a question's heading is declared in its module, journey/questions); the pages' other text is still
 * written where it is shown.
 */
import type { FixedScreenId, StepNumber } from '../machines/journey-flow';
import type { AmountProblem, GoalAmountProblem, GoalYearsProblem, RateProblem } from './answer-fields';
import { MIN_AGE, MIN_GOAL_YEARS } from './constants';
import { MAX_GOAL_YEARS } from './engine/limits';
import { MAX_AMOUNT_DOLLARS } from './engine/money';
import { RETIREMENT_EXPLANATION, RETIREMENT_INSTEAD, RETIREMENT_TITLE } from './engine/retirement';
import { formatDollars } from './format';

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

/** issue 15: retirement is out of scope (the eligibility page), so the screens that ask say so at once, in the engine's words. */
const RETIREMENT_OUT_OF_SCOPE = `${RETIREMENT_TITLE}. ${RETIREMENT_EXPLANATION} ${RETIREMENT_INSTEAD}`;

export const ELIGIBILITY_MESSAGES: Record<EligibilityProblem, Text> = {
  'under-age': `This advice is for people aged ${MIN_AGE} or over.`,
  retired: RETIREMENT_OUT_OF_SCOPE,
  'age-pension': `The Age Pension is retirement income. ${RETIREMENT_OUT_OF_SCOPE}`,
};

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

/** journey-spec §8: the only error text of the prototype, the router's generic fallback title. */
export const UNEXPECTED_ERROR = 'Unexpected Application Error!';

/** The words of a text. */
export const say = (text: Text): string => (typeof text === 'function' ? text() : text);
