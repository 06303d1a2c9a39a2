/**
 * The journey's answers (journey-spec §3) and the edits the questionnaire makes
 * to them. Pure: no DOM, no storage, no rules of the advice.
 *
 * Every answer is kept as the text the user entered (or an option value), so that
 * nothing typed is ever lost or reformatted; the advice engine parses numbers later.
 */

/** An unanswered Yes/No question is ''. journey-spec §4: each toggle starts unset. */
export type YesNo = '' | 'yes' | 'no';

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

/** The answers that are Yes/No lists of rows (derived from `Answers`, so a question that adds a list to it adds one here). */
export type RowListKey = { [K in keyof Answers]: Answers[K] extends RowList<unknown> ? K : never }[keyof Answers];
/** Each list's row. */
export type RowTypes = { [K in RowListKey]: Answers[K] extends RowList<infer R> ? R : never };

/** journey-spec §4: the Yes/No toggles. */
export type ToggleKey = RowListKey | 'regularSavings';

/** The editable fields of a row (everything but its id). */
export type RowField<K extends RowListKey> = Exclude<keyof RowTypes[K], 'id'> & string;

/** A blank row of each list, without its id: declared by the list's question (journey/questions, its slice's `row`). */
export type BlankRows = { [K in RowListKey]: Omit<RowTypes[K], 'id'> };

/** The answer keys (a slice, a dotted field of one, or a Yes/No list) a question asks. */
export type AnswerKey = FieldKey | ToggleKey;

/** The keys of `T` whose values are text. */
type TextKeys<T> = { [K in keyof T & string]: T[K] extends string ? K : never }[keyof T & string];

/**
 * The single-value answers, by dotted path: every text answer, and every text field of an answer that is an
 * object (a Yes/No list's rows and a toggle's own `answer` are set by their own events). Derived from `Answers`,
 * so a question that adds its answer to `Answers` can set it.
 */
export type FieldKey = {
  [K in keyof Answers & string]: Answers[K] extends string
    ? K
    : Answers[K] extends RowList<unknown>
      ? never
      : Answers[K] extends object
        ? `${K}.${Exclude<TextKeys<Answers[K]>, 'answer'>}`
        : never;
}[keyof Answers & string];

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
export function setToggle(answers: Answers, key: ToggleKey, value: 'yes' | 'no', blankRows: BlankRows): Answers {
  if (key === 'regularSavings') {
    const rs = answers.regularSavings;
    return { ...answers, regularSavings: value === 'no' ? { answer: 'no', amount: '', frequency: '' } : { ...rs, answer: 'yes' } };
  }
  const list = answers[key];
  if (value === 'no') return { ...answers, [key]: { answer: 'no', rows: [] } };
  if (list.rows.length > 0) return { ...answers, [key]: { ...list, answer: 'yes' } };
  return addRow({ ...answers, [key]: { ...list, answer: 'yes' } }, key, blankRows);
}

/** '+ Add another': appends a blank row (the list's, from `blankRows`). */
export function addRow(answers: Answers, key: RowListKey, blankRows: BlankRows): Answers {
  const list = answers[key] as RowList<{ id: number }>;
  const row = { ...blankRows[key], id: answers.nextRowId };
  return { ...answers, nextRowId: answers.nextRowId + 1, [key]: { ...list, rows: [...list.rows, row] } };
}

export function updateRow<K extends RowListKey>(answers: Answers, key: K, id: number, field: RowField<K>, value: string): Answers {
  const list = answers[key] as RowList<{ id: number }>;
  // only a field of the list's rows (an event names its field as text); every row has all of its list's fields
  if (field === 'id' || !list.rows.some((r) => r.id === id && field in r)) return answers;
  const rows = list.rows.map((r) => (r.id === id ? { ...r, [field]: value } : r));
  return { ...answers, [key]: { ...list, rows } };
}

export function removeRow(answers: Answers, key: RowListKey, id: number): Answers {
  const list = answers[key] as RowList<{ id: number }>;
  return { ...answers, [key]: { ...list, rows: list.rows.filter((r) => r.id !== id) } };
}

/** The value at a dotted field path. */
export function getField(answers: Answers, key: FieldKey): string {
  const [a, b] = key.split('.') as [keyof Answers, string | undefined];
  const top = answers[a];
  return String(b === undefined ? top : (top as unknown as Record<string, unknown>)[b]);
}

/** True for a value as nothing answered leaves it: '', false, no rows, or an object of such values. */
function isBlank(v: unknown): boolean {
  if (typeof v === 'string') return v === '';
  if (typeof v === 'boolean') return !v;
  if (Array.isArray(v)) return v.length === 0;
  return typeof v === 'object' && v !== null && Object.values(v).every(isBlank);
}

/**
 * True when nothing has been answered (used to clear storage rather than keep an empty record). Every
 * question's blank answer is made of '', false and empty lists (journey/questions), so this needs no template.
 */
export function isEmptyAnswers(a: Answers): boolean {
  return Object.entries(a).every(([key, v]) => key === 'nextRowId' || isBlank(v));
}
