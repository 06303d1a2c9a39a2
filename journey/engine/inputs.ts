/**
 * What the engine reads from the answers (text as typed, option values): the numbers it works with,
 * and what is missing or unreadable. Each question module declares how its answers are read (its
 * `read`, journey/questions), with the {@link Reader} below; journey/engine/read-answers.ts folds them.
 *
 * A row left completely blank is ignored (journey-spec §5 lets one through); a
 * list answered Yes with no usable row, or a row the engine needs that cannot be
 * read, is reported as missing. An amount over money.ts `MAX_AMOUNT_DOLLARS` cannot
 * be read either (money.ts `toCents`).
 */
import type { AnswerKey, RowField, RowListKey, RowTypes, YesNo } from '../../machines/journey-answers';
import type { FieldProblem } from '../answer-fields';
import type { Assumptions, RiskProfile } from './assumptions';
import type { Cents } from './money';

/** The figures a missing answer's words are made with (a number of years, a date as typed), by name. */
export type Figures = Record<string, string | number>;

/**
 * An answer the engine needs and could not use, by code (the catalogue says it: journey/messages-on-demand.ts
 * `sayMissing`).
 */
export interface MissingAnswer {
  /** The id of the question that reads it (journey/questions), under which the catalogue words its problems. */
  question: string;
  /** The field, or the Yes/No list, it belongs to. */
  answer: AnswerKey;
  /** The row, for a problem with one row of a list. */
  rowId?: number;
  /** What is wrong, by code: see {@link MissingCode}. */
  problem: string;
  /** The figures its words are made with, when they have some. */
  figures?: Figures;
}

/** The codes of a field's own problems a question says missing with: an amount over the limit, a rate that cannot be read. */
export type FieldCode = 'over-max' | 'not-rate';

/**
 * A missing answer's problem: a key of the question's words for what is missing (journey/messages-on-demand.ts
 * `MISSING_WORDS`, under its id; any code for a question without a type for them), or a field's own code.
 */
export type MissingCode<Words = Record<string, unknown>> = Extract<keyof Words, string> | FieldCode;

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

/** A couple's partner, for the family thresholds of the Medicare levy and surcharge (issue 34). */
export interface PartnerInput {
  /** Their income before tax, made annual; null when it cannot be read. */
  incomeAnnualCents: Cents | null;
  hospitalCover: boolean | null;
  /** Dependent children of the family; null when not said. */
  dependants: number | null;
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
  /** The partner of a couple; null for a single (or a relationship not yet answered). */
  partner: PartnerInput | null;
  /**
   * A single's dependent children (a single parent gets the family thresholds of the Medicare levy and surcharge);
   * 0 for a couple (theirs are the partner's `dependants`), and for a single who has not said (answers saved before it
   * was asked: as they were advised then).
   */
  singleDependants: number;
  profile: RiskProfile | null;
}

/**
 * What a question's `read` gets besides the answers: the date and the assumptions, where to say what is missing,
 * and the readings several questions share (made by journey/engine/read-answers.ts, loaded with the engine).
 */
export interface Reader<Words = Record<string, unknown>> {
  asOf: Date;
  a: Assumptions;
  /**
   * Says that an answer the engine needs is missing or unreadable: its problem's code (the keys of the question's
   * words, `Words`: journey/messages-on-demand.ts `MISSING_WORDS`, under its id) and the figures they are made with.
   */
  miss(answer: AnswerKey, problem: MissingCode<Words>, rowId?: number, figures?: Figures): void;
  /** How many times a year a frequency comes round; undefined for one not chosen. */
  perYear: (frequency: string) => number | undefined;
  /**
   * An amount typed, in cents; null, and said missing (`blank` when nothing is typed and it has its own code,
   * `problem` otherwise, 'over-max' for an amount over the limit), when it cannot be used.
   */
  amount(answer: AnswerKey, text: string, problem: MissingCode<Words>, rowId?: number, blank?: MissingCode<Words>): Cents | null;
  /** The code for an amount that cannot be read: `problem`, unless it is over the limit ('over-max'). */
  amountCode: <C extends string>(problem: FieldProblem, code: C) => C | 'over-max';
  /**
   * A Yes/No list of the answers: true when answered No, or Yes with every used row read (`read` says what a row
   * lacks); a list unanswered ('question', with `figures`), or Yes with no used row ('addRows'), is said missing. A row
   * whose `blankFields` are all blank is ignored (journey-spec §5).
   */
  list: <K extends RowListKey>(
    key: K,
    blankFields: readonly RowField<K>[],
    read: (row: RowTypes[K]) => boolean,
    figures?: Figures,
  ) => boolean;
  /** The investment style's risk profile, if it is one. */
  riskProfile: (style: string) => RiskProfile | undefined;
}
