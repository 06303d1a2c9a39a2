/**
 * The review page's model: what the user entered, section by section, with the
 * sample household standing in for any field left empty (journey-spec §3 keeps
 * the sample for pages reached with no answers). Pure.
 */
import { type Answers, type RowList } from '../machines/journey-answers';
import { ADDITIONAL_INCOME_SOURCES, ASSET_TYPES, BENEFIT_TYPES, DEBT_TYPES, EMPLOYMENT_OPTIONS, GOAL_OPTIONS, INCOME_FREQUENCIES, INSURANCE_FIELDS, RELATIONSHIP_OPTIONS, RISK_STYLES, SAVINGS_FREQUENCIES, labelOf } from './options';
import type { EditableStep } from '../machines/journey';
import { formatEnteredMoney } from './format';

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

const money = formatEnteredMoney;
const per = (options: Parameters<typeof labelOf>[0], f: string) => (f ? ` ${labelOf(options, f).toLowerCase()}` : '');

/** One row: the entered text formatted, or the sample's. */
function row(label: string, entered: string, sample: string, format: (s: string) => string = (s) => s): ReviewRow {
  const has = entered.trim() !== '';
  return { label, value: format(has ? entered : sample), example: !has };
}

/** A Yes/No question with rows, summarised: 'None', or each row on its own line. */
function listRow<R>(label: string, entered: RowList<R>, sample: RowList<R>, describe: (r: R) => string): ReviewRow {
  const list = entered.answer === '' ? sample : entered;
  const value = list.answer === 'no' || list.rows.length === 0 ? 'None' : list.rows.map(describe).join('\n');
  return { label, value, example: entered.answer === '' };
}

export function reviewSections(a: Answers, s: Answers): ReviewSection[] {
  const yesNo = (v: string) => (v === 'yes' ? 'Yes' : v === 'no' ? 'No' : v);
  const savings = a.regularSavings.answer === '' ? s.regularSavings : a.regularSavings;
  return [
    {
      step: 1,
      title: 'About you',
      rows: [
        row('Date of birth', a.dateOfBirth, s.dateOfBirth),
        row('Relationship status', a.relationshipStatus, s.relationshipStatus, (v) => labelOf(RELATIONSHIP_OPTIONS, v)),
      ],
    },
    {
      step: 2,
      title: 'Goals',
      rows: [
        row('Goal', a.goal.type, s.goal.type, (v) => labelOf(GOAL_OPTIONS, v)),
        row('Amount needed', a.goal.amount, s.goal.amount, money),
        row('Years from now', a.goal.years, s.goal.years, (v) => `${v} years`),
      ],
    },
    {
      step: 3,
      title: 'Your finances',
      rows: [
        row('Employment status', a.employmentStatus, s.employmentStatus, (v) => labelOf(EMPLOYMENT_OPTIONS, v)),
        {
          label: 'Gross income',
          value: a.income.amount
            ? `${money(a.income.amount)}${per(INCOME_FREQUENCIES, a.income.frequency)}`
            : `${money(s.income.amount)}${per(INCOME_FREQUENCIES, s.income.frequency)}`,
          example: !a.income.amount,
        },
        listRow('Other income', a.additionalIncome, s.additionalIncome, (r) =>
          `${labelOf(ADDITIONAL_INCOME_SOURCES, r.source) || 'Income'}: ${money(r.amount) || '—'}${per(INCOME_FREQUENCIES, r.frequency)}`,
        ),
        listRow('Government benefits', a.benefits, s.benefits, (r) => `${labelOf(BENEFIT_TYPES, r.type) || 'Benefit'}: ${money(r.amount) || '—'} a fortnight`),
        listRow('Big expenses in the next 5 years', a.bigSpends, s.bigSpends, (r) => money(r.amount) || '—'),
        listRow('Assets', a.assets, s.assets, (r) => `${labelOf(ASSET_TYPES, r.type) || 'Asset'}: ${money(r.value) || '—'}`),
        {
          label: 'Regular savings',
          value: savings.answer === 'no' ? 'None' : `${money(savings.amount)}${per(SAVINGS_FREQUENCIES, savings.frequency)}`,
          example: a.regularSavings.answer === '',
        },
        row('Super balance', a.super.balance, s.super.balance, money),
        row('Personal super contributions', a.super.contributions, s.super.contributions, yesNo),
        listRow('Debts', a.debts, s.debts, (r) => `${labelOf(DEBT_TYPES, r.type) || 'Debt'}: ${money(r.value) || '—'}`),
        ...INSURANCE_FIELDS.map((f) => row(f.label, a.insurance[f.key], s.insurance[f.key], money)),
        row('Private hospital cover', a.privateHealth, s.privateHealth, yesNo),
      ],
    },
    {
      step: 4,
      title: 'Risk',
      rows: [row('Investment style', a.risk.style, s.risk.style, (v) => labelOf(RISK_STYLES, v))],
    },
  ];
}
