/**
 * The journey's answers (journey-spec §3), their options, and the validation
 * rules of journey-spec §5. Pure: no DOM, no storage.
 *
 * Every answer is kept as the text the user entered (or an option value), so that
 * nothing typed is ever lost or reformatted; the engine parses numbers later.
 */
import { assessSuitability } from './engine/assess';
import { assumptionsFor } from './engine/assumptions';
import { parseDateOfBirth } from './engine/dates';
import { MAX_AMOUNT_DOLLARS } from './engine/money';
import { formatDollars, parseMoney } from './format';
import type { ScreenId } from './routes';
import type { YesNo } from './options';


export interface AdditionalIncomeRow {
  id: number;
  source: string;
  amount: string;
  frequency: string;
}
export interface BenefitRow {
  id: number;
  type: string;
  /** Fortnightly amount (journey-spec §3). */
  amount: string;
}
export interface BigSpendRow {
  id: number;
  amount: string;
}
export interface AssetRow {
  id: number;
  type: string;
  value: string;
}
export interface DebtRow {
  id: number;
  type: string;
  value: string;
  owner: string;
  taxDeductible: YesNo;
  interestRate: string;
  repaymentAmount: string;
  frequency: string;
}

export interface RowList<R> {
  answer: YesNo;
  rows: R[];
}

/** Everything the questionnaire asks (journey-spec §3). */
export interface Answers {
  dateOfBirth: string;
  relationshipStatus: string;
  goal: { type: string; amount: string; years: string };
  employmentStatus: string;
  income: { amount: string; frequency: string };
  additionalIncome: RowList<AdditionalIncomeRow>;
  benefits: RowList<BenefitRow>;
  bigSpends: RowList<BigSpendRow>;
  assets: RowList<AssetRow>;
  regularSavings: { answer: YesNo; amount: string; frequency: string };
  super: { balance: string; contributions: YesNo };
  debts: RowList<DebtRow>;
  insurance: { life: string; tpd: string; trauma: string; incomeProtection: string };
  privateHealth: YesNo;
  risk: { questionnaireOpened: boolean; style: string };
  /** The id the next added row gets (row ids are stable keys for the views). */
  nextRowId: number;
}

export interface RowTypes {
  additionalIncome: AdditionalIncomeRow;
  benefits: BenefitRow;
  bigSpends: BigSpendRow;
  assets: AssetRow;
  debts: DebtRow;
}
export type RowListKey = keyof RowTypes;
export const ROW_LISTS: readonly RowListKey[] = ['additionalIncome', 'benefits', 'bigSpends', 'assets', 'debts'];

/** journey-spec §4: the Yes/No toggles. */
export type ToggleKey = RowListKey | 'regularSavings';

/** The editable fields of a row (everything but its id). */
export type RowField<K extends RowListKey> = Exclude<keyof RowTypes[K], 'id'> & string;

/** A blank row of each list, without its id. */
export const BLANK_ROWS: { [K in RowListKey]: Omit<RowTypes[K], 'id'> } = {
  additionalIncome: { source: '', amount: '', frequency: '' },
  benefits: { type: '', amount: '' },
  bigSpends: { amount: '' },
  assets: { type: '', value: '' },
  debts: { type: '', value: '', owner: '', taxDeductible: '', interestRate: '', repaymentAmount: '', frequency: '' },
};

export function emptyAnswers(): Answers {
  const list = () => ({ answer: '' as YesNo, rows: [] });
  return {
    dateOfBirth: '',
    relationshipStatus: '',
    goal: { type: '', amount: '', years: '' },
    employmentStatus: '',
    income: { amount: '', frequency: '' },
    additionalIncome: list(),
    benefits: list(),
    bigSpends: list(),
    assets: list(),
    regularSavings: { answer: '', amount: '', frequency: '' },
    super: { balance: '', contributions: '' },
    debts: list(),
    insurance: { life: '', tpd: '', trauma: '', incomeProtection: '' },
    privateHealth: '',
    risk: { questionnaireOpened: false, style: '' },
    nextRowId: 1,
  };
}

/** The single-value answers, by dotted path. */
export type FieldKey =
  | 'dateOfBirth'
  | 'relationshipStatus'
  | 'goal.type'
  | 'goal.amount'
  | 'goal.years'
  | 'employmentStatus'
  | 'income.amount'
  | 'income.frequency'
  | 'regularSavings.amount'
  | 'regularSavings.frequency'
  | 'super.balance'
  | 'super.contributions'
  | 'insurance.life'
  | 'insurance.tpd'
  | 'insurance.trauma'
  | 'insurance.incomeProtection'
  | 'privateHealth'
  | 'risk.style';

/** The page each answer is asked on (for "change this answer" links). */
export const ANSWER_SCREEN: Record<FieldKey | ToggleKey, ScreenId> = {
  dateOfBirth: 'dateOfBirth',
  relationshipStatus: 'relationshipStatus',
  'goal.type': 'goalSelection',
  'goal.amount': 'goalDetails',
  'goal.years': 'goalDetails',
  employmentStatus: 'employmentStatus',
  'income.amount': 'income',
  'income.frequency': 'income',
  additionalIncome: 'additionalIncome',
  benefits: 'benefits',
  bigSpends: 'bigSpends',
  assets: 'assets',
  regularSavings: 'regularSavings',
  'regularSavings.amount': 'regularSavings',
  'regularSavings.frequency': 'regularSavings',
  'super.balance': 'super',
  'super.contributions': 'super',
  debts: 'debts',
  'insurance.life': 'insuranceCover',
  'insurance.tpd': 'insuranceCover',
  'insurance.trauma': 'insuranceCover',
  'insurance.incomeProtection': 'insuranceCover',
  privateHealth: 'privateHealth',
  'risk.style': 'riskAssessment',
};

/** The value at a dotted field path. */
export function getField(answers: Answers, key: FieldKey): string {
  const [a, b] = key.split('.') as [keyof Answers, string | undefined];
  const top = answers[a];
  return String(b === undefined ? top : (top as unknown as Record<string, unknown>)[b]);
}

/** A copy of the answers with one field set. */
export function setField(answers: Answers, key: FieldKey, value: string): Answers {
  const [a, b] = key.split('.') as [keyof Answers, string | undefined];
  if (b === undefined) return { ...answers, [a]: value };
  return { ...answers, [a]: { ...(answers[a] as object), [b]: value } };
}

/**
 * journey-spec §4: choosing No clears the rows (or, for regular savings, the
 * amount and frequency). Choosing Yes reveals the list; a list revealed empty
 * starts with one blank row, since a Yes with nothing to fill in helps no one.
 */
export function setToggle(answers: Answers, key: ToggleKey, value: 'yes' | 'no'): Answers {
  if (key === 'regularSavings') {
    const rs = answers.regularSavings;
    return { ...answers, regularSavings: value === 'no' ? { answer: 'no', amount: '', frequency: '' } : { ...rs, answer: 'yes' } };
  }
  const list = answers[key];
  if (value === 'no') return { ...answers, [key]: { answer: 'no', rows: [] } };
  if (list.rows.length > 0) return { ...answers, [key]: { ...list, answer: 'yes' } };
  return addRow({ ...answers, [key]: { ...list, answer: 'yes' } }, key);
}

/** '+ Add another': appends a blank row. */
export function addRow(answers: Answers, key: RowListKey): Answers {
  const list = answers[key] as RowList<{ id: number }>;
  const row = { ...BLANK_ROWS[key], id: answers.nextRowId };
  return { ...answers, nextRowId: answers.nextRowId + 1, [key]: { ...list, rows: [...list.rows, row] } };
}

export function updateRow<K extends RowListKey>(answers: Answers, key: K, id: number, field: RowField<K>, value: string): Answers {
  const list = answers[key] as RowList<{ id: number }>;
  if (!(field in BLANK_ROWS[key])) return answers;
  const rows = list.rows.map((r) => (r.id === id ? { ...r, [field]: value } : r));
  return { ...answers, [key]: { ...list, rows } };
}

export function removeRow(answers: Answers, key: RowListKey, id: number): Answers {
  const list = answers[key] as RowList<{ id: number }>;
  return { ...answers, [key]: { ...list, rows: list.rows.filter((r) => r.id !== id) } };
}

const filled = (s: string) => s.trim() !== '';

/**
 * Why an amount typed in a money field cannot be used, in plain English; null when it can
 * (or nothing is typed yet). "1,250", "$1250" and "1250.50" read; "85k" or "lots" do not.
 */
export function amountProblem(text: string): string | null {
  if (!filled(text)) return null;
  const n = parseMoney(text);
  if (!Number.isFinite(n)) return 'Enter an amount in dollars, for example 1,250 or 1250.50.';
  if (n > MAX_AMOUNT_DOLLARS) return `Enter an amount of ${formatDollars(MAX_AMOUNT_DOLLARS)} or less.`;
  return null;
}

/** Why the years to a goal cannot be used; null when they can (or nothing is typed yet). */
export function yearsProblem(text: string): string | null {
  if (!filled(text)) return null;
  const t = text.trim();
  if (!/^\d+(\.\d+)?$/.test(t)) return 'Enter a number of years, for example 8 or 2.5.';
  const max = assumptionsFor(new Date()).projection.maxYears;
  if (Number(t) <= 0) return 'Enter a number of years greater than 0.';
  if (Number(t) > max) return `Enter ${max} years or fewer.`;
  return null;
}

/** Filled with an amount the advice can use. */
const amount = (s: string) => filled(s) && amountProblem(s) === null;
const listDone = (l: RowList<unknown>) => l.answer === 'no' || (l.answer === 'yes' && l.rows.length > 0);

/**
 * journey-spec §5: Continue is disabled until the screen's rule holds. Screens
 * with no rule can always continue. Row fields are not validated (§5); the advice
 * pages list any row the engine cannot read.
 *
 * journey-spec §5 asks only for some text in the amounts and years; the advice
 * (issue 5) needs numbers, so those fields must be amounts or years it can read,
 * and each says what to fix under it (`amountProblem`, `yearsProblem`).
 */
export const SCREEN_RULES: Partial<Record<ScreenId, (a: Answers) => boolean>> = {
  // journey-spec §5 asks only for some text here; issue 5 (suitability needs the age) asks for a real DD/MM/YYYY date.
  dateOfBirth: (a) => parseDateOfBirth(a.dateOfBirth).ok,
  relationshipStatus: (a) => filled(a.relationshipStatus),
  goalSelection: (a) => filled(a.goal.type),
  goalDetails: (a) => amount(a.goal.amount) && parseMoney(a.goal.amount) > 0 && filled(a.goal.years) && yearsProblem(a.goal.years) === null,
  employmentStatus: (a) => filled(a.employmentStatus),
  income: (a) => amount(a.income.amount) && filled(a.income.frequency),
  additionalIncome: (a) => listDone(a.additionalIncome),
  benefits: (a) => listDone(a.benefits),
  bigSpends: (a) => listDone(a.bigSpends),
  assets: (a) => listDone(a.assets),
  regularSavings: (a) =>
    a.regularSavings.answer === 'no' ||
    (a.regularSavings.answer === 'yes' && amount(a.regularSavings.amount) && filled(a.regularSavings.frequency)),
  super: (a) => amount(a.super.balance) && a.super.contributions !== '',
  debts: (a) => listDone(a.debts),
  insuranceCover: (a) => [a.insurance.life, a.insurance.tpd, a.insurance.trauma, a.insurance.incomeProtection].every(amount),
  privateHealth: (a) => a.privateHealth !== '',
  riskAssessment: (a) => filled(a.risk.style),
  // JOURNEY-ENGINE.md "Suitability": advice that does not suit stops the journey before a recommendation.
  needsAnalysis: (a) => isSuitable(a),
  recommendation: (a) => isSuitable(a),
};

/** False when a suitability rule of the advice engine fails for these answers today. */
function isSuitable(a: Answers): boolean {
  return assessSuitability(a, new Date()).suitable;
}

export function isScreenComplete(screen: ScreenId, answers: Answers): boolean {
  return SCREEN_RULES[screen]?.(answers) ?? true;
}

/** True when nothing has been answered (used to clear storage rather than keep an empty record). */
export function isEmptyAnswers(a: Answers): boolean {
  return JSON.stringify({ ...a, nextRowId: 1 }) === JSON.stringify(emptyAnswers());
}
