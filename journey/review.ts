/**
 * The review page's rows: what the user entered, with the sample household standing
 * in for any field left empty (journey-spec §3 keeps the sample for pages reached
 * with no answers). Each question module says its rows with these; the sections are
 * gathered by step in journey/questionnaire.ts. Pure.
 */
import type { RowList } from '../machines/journey-answers';
import { labelOf } from './options';
import type { EditableStep } from '../machines/journey';
import { formatEnteredMoney } from './format';
import { REVIEW_WORDS } from './messages';

export interface ReviewRow {
  label: string;
  value: string;
  /** True when the user has not answered this and the sample value is shown. */
  example: boolean;
}

export interface ReviewSection {
  step: EditableStep;
  title: string;
  rows: ReviewRow[];
}

/** An entered amount as dollars. */
export const money = formatEnteredMoney;
/** An amount with how often it comes, in the catalogue's words ('$500 weekly'; the amount alone when not chosen). */
export const amountPer = (options: Parameters<typeof labelOf>[0], amount: string, f: string) =>
  REVIEW_WORDS.amountPer(amount, f ? labelOf(options, f) : '');
/** A Yes/No answer as shown. */
export const yesNo = (v: string) => (v === 'yes' ? REVIEW_WORDS.yes : v === 'no' ? REVIEW_WORDS.no : v);

/** One row: the entered text formatted, or the sample's. */
export function row(label: string, entered: string, sample: string, format: (s: string) => string = (s) => s): ReviewRow {
  const has = entered.trim() !== '';
  return { label, value: format(has ? entered : sample), example: !has };
}

/** A Yes/No question with rows, summarised: 'None', or each row on its own line. */
export function listRow<R>(label: string, entered: RowList<R>, sample: RowList<R>, describe: (r: R) => string): ReviewRow {
  const list = entered.answer === '' ? sample : entered;
  const value = list.answer === 'no' || list.rows.length === 0 ? REVIEW_WORDS.none : list.rows.map(describe).join('\n');
  return { label, value, example: entered.answer === '' };
}
