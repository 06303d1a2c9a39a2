/**
 * The catalogue's words for what loads on demand (the rest are in ./messages.ts, loaded with the first page): the
 * journey's words shown after the first page's chunk, kept out of it so that they load with what shows them.
 */
import { BIG_SPENDS_YEARS, JOURNEY_MINUTES, MIN_AGE, MIN_GOAL_YEARS } from './constants';

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

/** journey-spec §2: the pages between the dashboard and the questions (journey/screens/introduction.tsx). */
export const INTRODUCTION_WORDS = {
  intro: {
    text: 'We’ll ask about you, your goals, your finances and how you feel about risk, then recommend a way to invest towards your goal. It takes about',
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
