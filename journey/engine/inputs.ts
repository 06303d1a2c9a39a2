/**
 * Reads the answers (text as typed, option values) into the numbers the engine
 * works with, and lists what is missing or unreadable. Pure.
 *
 * A row left completely blank is ignored (journey-spec §5 lets one through); a
 * list answered Yes with no usable row, or a row the engine needs that cannot be
 * read, is reported as missing. An amount over money.ts `MAX_AMOUNT_DOLLARS` cannot
 * be read either (money.ts `toCents`).
 */
import type { Answers, FieldKey, ToggleKey, YesNo } from '../../machines/journey-answers';
import { readAmount, readGoalAmount, readInterestRate, readYears, type FieldProblem } from '../answer-fields';
import { riskProfile, type Assumptions, type RiskProfile } from './assumptions';
import { ageOn, parseDateOfBirth } from './dates';
import { MAX_AMOUNT_DOLLARS, dollarsText, toCents, type Cents } from './money';

/** An answer the engine needs and could not use. */
export interface MissingAnswer {
  /** The field, or the Yes/No list, it belongs to. */
  answer: FieldKey | ToggleKey;
  /** The row, for a problem with one row of a list. */
  rowId?: number;
  /** What to do, in plain English, ready to display. */
  message: string;
}

/** An amount received regularly, made annual. */
export interface IncomeRow {
  rowId: number;
  /** The row's source or benefit type (an option value). */
  type: string;
  annualCents: Cents;
}

/** A high-interest debt still owed: its rate is at or over the threshold, or, not given, its kind's usually is (issue 15). */
export interface DebtOwed {
  rowId: number;
  type: string;
  /** Whose it is: 'self', 'joint', 'partner', or '' when not said (taken as the user's). */
  owner: string;
  /** What is owed; null when the amount cannot be read (the debt still counts as owed). */
  valueCents: Cents | null;
  /** The interest rate a year as a fraction (0.2 for 20%), as entered; null when it was not given. */
  rate: number | null;
}

/** The answers as numbers. `null` means not known (and a {@link MissingAnswer} says why). */
export interface Inputs {
  dateOfBirth: Date | null;
  /** Whole years at the calculation date. */
  age: number | null;
  relationshipStatus: string;
  /** The employment status as answered (an option value; '' when not answered). */
  employmentStatus: string;
  goalType: string;
  /** The goal in today's dollars. */
  goalTodayCents: Cents | null;
  goalYears: number | null;
  salaryAnnualCents: Cents | null;
  additionalIncome: IncomeRow[] | null;
  benefits: IncomeRow[] | null;
  bigSpendsCents: Cents | null;
  /** Cash assets (the asset rows of type cash). */
  cashCents: Cents | null;
  /** Regular savings, made monthly (0 when the answer is No). */
  savingsMonthlyCents: Cents | null;
  /** How the regular-savings question was answered: 'yes', 'no', or '' when it is not. */
  savingsAnswer: YesNo;
  /** Regular savings as entered (0 when the answer is No), and how often. */
  savingsAmountCents: Cents | null;
  savingsFrequency: string;
  /**
   * Debts charging at least the high-interest rate (a credit card or personal loan whose rate is not
   * given counts), with an amount over 0 or an amount that cannot be read. Null when it is not known
   * whether any is owed: the question is unanswered, or a row's kind is missing and no high-interest
   * debt is known.
   */
  highInterestDebts: DebtOwed[] | null;
  privateHospitalCover: boolean | null;
  profile: RiskProfile | null;
}

const blank = (s: string) => s.trim() === '';

/** The words for an amount that cannot be read: `message`, unless it is over the limit, which gets its own. */
function amountWords(problem: FieldProblem, message: string): string {
  return problem === 'over-max' ? `Enter an amount of ${dollarsText(MAX_AMOUNT_DOLLARS * 100)} or less.` : message;
}

/** `message` for an amount that cannot be read, unless it reads as money over the limit, which gets its own. */
function unreadable(text: string, message: string): string {
  const r = readAmount(text);
  return amountWords(r.ok ? 'not-money' : r.problem, message);
}

/** What each question's reader gets: the answers, the date, the assumptions, and where to say what is missing. */
interface Reading {
  answers: Answers;
  asOf: Date;
  a: Assumptions;
  miss: (answer: MissingAnswer['answer'], message: string, rowId?: number) => void;
  /** How many times a year a frequency comes round; undefined for one not chosen. */
  perYear: (frequency: string) => number | undefined;
}

/**
 * A Yes/No list: true when answered No, or Yes with every used row read (`read` says what a row lacks); a list
 * unanswered, or Yes with no used row, is missing. A row left completely blank (`isBlank`) is ignored (journey-spec §5).
 */
function readList<R extends { id: number }>(
  { miss }: Reading,
  key: ToggleKey,
  l: { answer: string; rows: R[] },
  words: { question: string; addRows: string },
  isBlank: (r: R) => boolean,
  read: (r: R) => boolean,
): boolean {
  if (l.answer === 'no') return true;
  if (l.answer !== 'yes') {
    miss(key, words.question);
    return false;
  }
  const used = l.rows.filter((r) => !isBlank(r));
  if (used.length === 0) {
    miss(key, words.addRows);
    return false;
  }
  return used.map(read).every(Boolean);
}

// How the engine reads each question's answers (journey/questions), in the order they are asked.

function readDateOfBirth({ answers, asOf, miss }: Reading): Pick<Inputs, 'dateOfBirth' | 'age'> {
  const dob = parseDateOfBirth(answers.dateOfBirth, asOf);
  if (!dob.ok) miss('dateOfBirth', dob.error);
  const dateOfBirth = dob.ok ? dob.date : null;
  return { dateOfBirth, age: dateOfBirth ? ageOn(dateOfBirth, asOf) : null };
}

function readGoalDetails({ answers, a, miss }: Reading): Pick<Inputs, 'goalTodayCents' | 'goalYears'> {
  let goalTodayCents: Cents | null = null;
  const goalAmount = readGoalAmount(answers.goal.amount);
  if (goalAmount.ok) goalTodayCents = goalAmount.value;
  else if (goalAmount.problem === 'blank') miss('goal.amount', 'Enter how much you need for your goal.');
  else if (goalAmount.problem === 'under-min') miss('goal.amount', 'Enter an amount for your goal of $1 or more.');
  else miss('goal.amount', amountWords(goalAmount.problem, 'Enter the amount for your goal in dollars, for example 50,000.'));
  let goalYears: number | null = null;
  const years = readYears(answers.goal.years, a.projection.maxYears);
  if (years.ok) goalYears = years.value;
  else if (years.problem === 'blank') miss('goal.years', 'Enter how many years from now you need the money.');
  else if (years.problem === 'not-number') miss('goal.years', 'Enter the years to your goal as a number, for example 5.');
  else miss('goal.years', `Enter a goal no more than ${a.projection.maxYears} years away.`);
  return { goalTodayCents, goalYears };
}

function readIncome({ answers, miss, perYear }: Reading): Pick<Inputs, 'salaryAnnualCents'> {
  const salary = blank(answers.income.amount) ? null : toCents(answers.income.amount);
  if (blank(answers.income.amount)) miss('income.amount', 'Enter your income before tax.');
  else if (salary === null) miss('income.amount', unreadable(answers.income.amount, 'Enter your income in dollars, for example 85,000.'));
  const salaryPerYear = perYear(answers.income.frequency);
  if (salaryPerYear === undefined) miss('income.frequency', 'Choose how often you receive your income.');
  return { salaryAnnualCents: salary !== null && salaryPerYear !== undefined ? salary * salaryPerYear : null };
}

function readAdditionalIncome(r: Reading): Pick<Inputs, 'additionalIncome'> {
  const { answers, miss, perYear } = r;
  const rows: IncomeRow[] = [];
  const ok = readList(
    r,
    'additionalIncome',
    answers.additionalIncome,
    { question: 'Tell us whether you have any other income.', addRows: 'Add your other income, or answer No.' },
    (row) => blank(row.source) && blank(row.amount) && blank(row.frequency),
    (row) => {
      const c = toCents(row.amount);
      const n = perYear(row.frequency);
      if (c === null) miss('additionalIncome', unreadable(row.amount, 'Enter the amount of this income in dollars.'), row.id);
      if (n === undefined) miss('additionalIncome', 'Choose how often you receive this income.', row.id);
      if (c === null || n === undefined) return false;
      rows.push({ rowId: row.id, type: row.source, annualCents: c * n });
      return true;
    },
  );
  return { additionalIncome: ok ? rows : null };
}

function readBenefits(r: Reading): Pick<Inputs, 'benefits'> {
  const { answers, a, miss } = r;
  const rows: IncomeRow[] = [];
  const ok = readList(
    r,
    'benefits',
    answers.benefits,
    { question: 'Tell us whether you receive any government benefits.', addRows: 'Add your benefits, or answer No.' },
    (row) => blank(row.type) && blank(row.amount),
    (row) => {
      const c = toCents(row.amount);
      const known = a.benefitTax[row.type] !== undefined;
      if (!known) miss('benefits', 'Choose which benefit this is.', row.id);
      if (c === null) miss('benefits', unreadable(row.amount, 'Enter the fortnightly amount of this benefit in dollars.'), row.id);
      if (c === null || !known) return false;
      rows.push({ rowId: row.id, type: row.type, annualCents: c * a.benefitPaymentsPerYear });
      return true;
    },
  );
  return { benefits: ok ? rows : null };
}

function readBigSpends(r: Reading): Pick<Inputs, 'bigSpendsCents'> {
  const { answers, a, miss } = r;
  let total = 0;
  const ok = readList(
    r,
    'bigSpends',
    answers.bigSpends,
    {
      question: `Tell us whether you expect any big expenses in the next ${a.needs.bigSpendsYears} years.`,
      addRows: 'Add your big expenses, or answer No.',
    },
    (row) => blank(row.amount),
    (row) => {
      const c = toCents(row.amount);
      if (c === null) miss('bigSpends', unreadable(row.amount, 'Enter the amount of this expense in dollars.'), row.id);
      else total += c;
      return c !== null;
    },
  );
  return { bigSpendsCents: ok ? total : null };
}

function readAssets(r: Reading): Pick<Inputs, 'cashCents'> {
  const { answers, miss } = r;
  let cash = 0;
  const ok = readList(
    r,
    'assets',
    answers.assets,
    { question: 'Tell us whether you have any assets, such as cash in the bank.', addRows: 'Add your assets, or answer No.' },
    (row) => blank(row.type) && blank(row.value),
    (row) => {
      if (blank(row.type)) {
        miss('assets', 'Choose what kind of asset this is.', row.id);
        return false;
      }
      // Only cash counts towards the emergency fund and a first deposit.
      if (row.type !== 'cash') return true;
      const c = toCents(row.value);
      if (c === null) miss('assets', unreadable(row.value, 'Enter how much cash you have, in dollars.'), row.id);
      else cash += c;
      return c !== null;
    },
  );
  return { cashCents: ok ? cash : null };
}

function readRegularSavings({
  answers,
  miss,
  perYear,
}: Reading): Pick<Inputs, 'savingsMonthlyCents' | 'savingsAnswer' | 'savingsAmountCents' | 'savingsFrequency'> {
  let savingsMonthlyCents: Cents | null = null;
  let savingsAmountCents: Cents | null = null;
  const rs = answers.regularSavings;
  if (rs.answer === 'no') {
    savingsMonthlyCents = 0;
    savingsAmountCents = 0;
  } else if (rs.answer !== 'yes') miss('regularSavings', 'Tell us whether you save regularly.');
  else {
    const c = blank(rs.amount) ? null : toCents(rs.amount);
    const n = perYear(rs.frequency);
    if (c === null) miss('regularSavings.amount', unreadable(rs.amount, 'Enter how much you save, in dollars.'));
    if (n === undefined) miss('regularSavings.frequency', 'Choose how often you save.');
    if (c !== null && n !== undefined) {
      savingsAmountCents = c;
      savingsMonthlyCents = Math.round((c * n) / 12);
    }
  }
  return { savingsMonthlyCents, savingsAnswer: rs.answer, savingsAmountCents, savingsFrequency: rs.answer === 'yes' ? rs.frequency : '' };
}

function readDebts(r: Reading): Pick<Inputs, 'highInterestDebts'> {
  const { answers, a, miss } = r;
  const highInterestDebts: DebtOwed[] = [];
  const ok = readList(
    r,
    'debts',
    answers.debts,
    { question: 'Tell us whether you have any debts.', addRows: 'Add your debts, or answer No.' },
    (row) => blank(row.type) && blank(row.value),
    (row) => {
      if (blank(row.type)) {
        miss('debts', 'Choose what kind of debt this is.', row.id);
        return false;
      }
      // issue 15: the rate decides when it is given; a kind decides only when it is not
      const read = readInterestRate(row.interestRate);
      if (!read.ok) {
        miss('debts', 'Enter the interest rate as a percentage a year, for example 19.99, or leave it empty.', row.id);
        return true;
      }
      const rate = read.value;
      const high = rate === null ? a.suitability.highInterestDebtTypes.includes(row.type) : rate >= a.suitability.highInterestRate;
      if (!high) return true;
      const c = toCents(row.value);
      const owed = { rowId: row.id, type: row.type, owner: row.owner, rate };
      if (c === null) {
        miss('debts', unreadable(row.value, 'Enter how much you owe on this debt, in dollars.'), row.id);
        // JOURNEY-ENGINE.md "Suitability": a high-interest debt with an amount that cannot be
        // read is still owed, so the debt rule fails on it rather than going unchecked
        // (which would let the rest of the answers through).
        highInterestDebts.push({ ...owed, valueCents: null });
      } else if (c > 0) highInterestDebts.push({ ...owed, valueCents: c });
      return true;
    },
  );
  // A row of unknown kind leaves the list unknown, unless a high-interest debt is known anyway.
  return { highInterestDebts: ok || highInterestDebts.length > 0 ? highInterestDebts : null };
}

function readPrivateHealth({ answers, miss }: Reading): Pick<Inputs, 'privateHospitalCover'> {
  if (answers.privateHealth === '') miss('privateHealth', 'Tell us whether you have private hospital cover.');
  return { privateHospitalCover: answers.privateHealth === '' ? null : answers.privateHealth === 'yes' };
}

function readRiskAssessment({ answers, miss }: Reading): Pick<Inputs, 'profile'> {
  const profile = riskProfile(answers.risk.style) ?? null;
  if (!profile) miss('risk.style', 'Choose an investment style.');
  return { profile };
}

/** Reads the answers as at `asOf`, question by question in the order they are asked (so are the missing answers). */
export function readAnswers(answers: Answers, asOf: Date, a: Assumptions): { inputs: Inputs; missing: MissingAnswer[] } {
  const missing: MissingAnswer[] = [];
  const reading: Reading = {
    answers,
    asOf,
    a,
    miss: (answer, message, rowId) => missing.push(rowId === undefined ? { answer, message } : { answer, rowId, message }),
    perYear: (f) => a.frequencyPerYear[f],
  };
  const inputs: Inputs = {
    ...readDateOfBirth(reading),
    relationshipStatus: answers.relationshipStatus,
    goalType: answers.goal.type,
    ...readGoalDetails(reading),
    employmentStatus: answers.employmentStatus,
    ...readIncome(reading),
    ...readAdditionalIncome(reading),
    ...readBenefits(reading),
    ...readBigSpends(reading),
    ...readAssets(reading),
    ...readRegularSavings(reading),
    ...readDebts(reading),
    ...readPrivateHealth(reading),
    ...readRiskAssessment(reading),
  };
  return { missing, inputs };
}
