/**
 * Reads the answers (text as typed, option values) into the numbers the engine
 * works with, and lists what is missing or unreadable. Pure.
 *
 * A row left completely blank is ignored (journey-spec §5 lets one through); a
 * list answered Yes with no usable row, or a row the engine needs that cannot be
 * read, is reported as missing. An amount over {@link MAX_AMOUNT_DOLLARS} cannot
 * be read either (money.ts `toCents`).
 */
import type { Answers, FieldKey, ToggleKey, YesNo } from '../../machines/journey-answers';
import { readAmount, readGoalAmount, readInterestRate, readYears, type FieldProblem } from '../answer-fields';
import { riskProfile, type Assumptions, type RiskProfile } from './assumptions';
import { ageOn, parseDateOfBirth } from './dates';
import { MAX_AMOUNT_DOLLARS, dollarsText, type Cents } from './money';

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

/** An amount in cents, or null when it is blank or cannot be read. */
function toCents(text: string): Cents | null {
  const r = readAmount(text);
  return r.ok ? r.value : null;
}

/** The words for an amount that cannot be read: `message`, unless it is over the limit, which gets its own. */
function amountWords(problem: FieldProblem, message: string): string {
  return problem === 'over-max' ? `Enter an amount of ${dollarsText(MAX_AMOUNT_DOLLARS * 100)} or less.` : message;
}

/** `message` for an amount that cannot be read, unless it reads as money over the limit, which gets its own. */
function unreadable(text: string, message: string): string {
  const r = readAmount(text);
  return amountWords(r.ok ? 'not-money' : r.problem, message);
}

/** Reads the answers as at `asOf`. */
export function readAnswers(answers: Answers, asOf: Date, a: Assumptions): { inputs: Inputs; missing: MissingAnswer[] } {
  const missing: MissingAnswer[] = [];
  const miss = (answer: MissingAnswer['answer'], message: string, rowId?: number) =>
    missing.push(rowId === undefined ? { answer, message } : { answer, rowId, message });
  const perYear = (f: string) => a.frequencyPerYear[f];

  // Date of birth
  let dateOfBirth: Date | null = null;
  const dob = parseDateOfBirth(answers.dateOfBirth, asOf);
  if (dob.ok) dateOfBirth = dob.date;
  else miss('dateOfBirth', dob.error);
  const age = dateOfBirth ? ageOn(dateOfBirth, asOf) : null;

  // Goal
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

  // Income
  let salaryAnnualCents: Cents | null = null;
  const salary = blank(answers.income.amount) ? null : toCents(answers.income.amount);
  if (blank(answers.income.amount)) miss('income.amount', 'Enter your income before tax.');
  else if (salary === null) miss('income.amount', unreadable(answers.income.amount, 'Enter your income in dollars, for example 85,000.'));
  const salaryPerYear = perYear(answers.income.frequency);
  if (salaryPerYear === undefined) miss('income.frequency', 'Choose how often you receive your income.');
  if (salary !== null && salaryPerYear !== undefined) salaryAnnualCents = salary * salaryPerYear;

  // A Yes/No list: null until answered, [] for No.
  const list = <R extends { id: number }>(
    key: ToggleKey,
    l: { answer: string; rows: R[] },
    question: string,
    addRows: string,
    isBlank: (r: R) => boolean,
    read: (r: R) => boolean,
  ): boolean => {
    if (l.answer === 'no') return true;
    if (l.answer !== 'yes') {
      miss(key, question);
      return false;
    }
    const used = l.rows.filter((r) => !isBlank(r));
    if (used.length === 0) {
      miss(key, addRows);
      return false;
    }
    return used.map(read).every(Boolean);
  };

  const additionalIncome: IncomeRow[] = [];
  const additionalOk = list(
    'additionalIncome',
    answers.additionalIncome,
    'Tell us whether you have any other income.',
    'Add your other income, or answer No.',
    (r) => blank(r.source) && blank(r.amount) && blank(r.frequency),
    (r) => {
      const c = toCents(r.amount);
      const n = perYear(r.frequency);
      if (c === null) miss('additionalIncome', unreadable(r.amount, 'Enter the amount of this income in dollars.'), r.id);
      if (n === undefined) miss('additionalIncome', 'Choose how often you receive this income.', r.id);
      if (c === null || n === undefined) return false;
      additionalIncome.push({ rowId: r.id, type: r.source, annualCents: c * n });
      return true;
    },
  );

  const benefits: IncomeRow[] = [];
  const benefitsOk = list(
    'benefits',
    answers.benefits,
    'Tell us whether you receive any government benefits.',
    'Add your benefits, or answer No.',
    (r) => blank(r.type) && blank(r.amount),
    (r) => {
      const c = toCents(r.amount);
      const known = a.benefitTax[r.type] !== undefined;
      if (!known) miss('benefits', 'Choose which benefit this is.', r.id);
      if (c === null) miss('benefits', unreadable(r.amount, 'Enter the fortnightly amount of this benefit in dollars.'), r.id);
      if (c === null || !known) return false;
      benefits.push({ rowId: r.id, type: r.type, annualCents: c * a.benefitPaymentsPerYear });
      return true;
    },
  );

  let bigSpendsTotal = 0;
  const bigSpendsOk = list(
    'bigSpends',
    answers.bigSpends,
    `Tell us whether you expect any big expenses in the next ${a.needs.bigSpendsYears} years.`,
    'Add your big expenses, or answer No.',
    (r) => blank(r.amount),
    (r) => {
      const c = toCents(r.amount);
      if (c === null) miss('bigSpends', unreadable(r.amount, 'Enter the amount of this expense in dollars.'), r.id);
      else bigSpendsTotal += c;
      return c !== null;
    },
  );

  let cash = 0;
  const assetsOk = list(
    'assets',
    answers.assets,
    'Tell us whether you have any assets, such as cash in the bank.',
    'Add your assets, or answer No.',
    (r) => blank(r.type) && blank(r.value),
    (r) => {
      if (blank(r.type)) {
        miss('assets', 'Choose what kind of asset this is.', r.id);
        return false;
      }
      // Only cash counts towards the emergency fund and a first deposit.
      if (r.type !== 'cash') return true;
      const c = toCents(r.value);
      if (c === null) miss('assets', unreadable(r.value, 'Enter how much cash you have, in dollars.'), r.id);
      else cash += c;
      return c !== null;
    },
  );

  // Regular savings
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

  const highInterestDebts: DebtOwed[] = [];
  const debtsOk = list(
    'debts',
    answers.debts,
    'Tell us whether you have any debts.',
    'Add your debts, or answer No.',
    (r) => blank(r.type) && blank(r.value),
    (r) => {
      if (blank(r.type)) {
        miss('debts', 'Choose what kind of debt this is.', r.id);
        return false;
      }
      // issue 15: the rate decides when it is given; a kind decides only when it is not
      const read = readInterestRate(r.interestRate);
      if (!read.ok) {
        miss('debts', 'Enter the interest rate as a percentage a year, for example 19.99, or leave it empty.', r.id);
        return true;
      }
      const rate = read.value;
      const high = rate === null ? a.suitability.highInterestDebtTypes.includes(r.type) : rate >= a.suitability.highInterestRate;
      if (!high) return true;
      const c = toCents(r.value);
      const owed = { rowId: r.id, type: r.type, owner: r.owner, rate };
      if (c === null) {
        miss('debts', unreadable(r.value, 'Enter how much you owe on this debt, in dollars.'), r.id);
        // JOURNEY-ENGINE.md "Suitability": a high-interest debt with an amount that cannot be
        // read is still owed, so the debt rule fails on it rather than going unchecked
        // (which would let the rest of the answers through).
        highInterestDebts.push({ ...owed, valueCents: null });
      } else if (c > 0) highInterestDebts.push({ ...owed, valueCents: c });
      return true;
    },
  );

  let privateHospitalCover: boolean | null = null;
  if (answers.privateHealth === '') miss('privateHealth', 'Tell us whether you have private hospital cover.');
  else privateHospitalCover = answers.privateHealth === 'yes';

  const profile = riskProfile(answers.risk.style) ?? null;
  if (!profile) miss('risk.style', 'Choose an investment style.');

  return {
    missing,
    inputs: {
      dateOfBirth,
      age,
      relationshipStatus: answers.relationshipStatus,
      employmentStatus: answers.employmentStatus,
      goalType: answers.goal.type,
      goalTodayCents,
      goalYears,
      salaryAnnualCents,
      additionalIncome: additionalOk ? additionalIncome : null,
      benefits: benefitsOk ? benefits : null,
      bigSpendsCents: bigSpendsOk ? bigSpendsTotal : null,
      cashCents: assetsOk ? cash : null,
      savingsMonthlyCents,
      savingsAnswer: rs.answer,
      savingsAmountCents,
      savingsFrequency: rs.answer === 'yes' ? rs.frequency : '',
      // A row of unknown kind leaves the list unknown, unless a high-interest debt is known anyway.
      highInterestDebts: debtsOk || highInterestDebts.length > 0 ? highInterestDebts : null,
      privateHospitalCover,
      profile,
    },
  };
}
