/** journey-spec §3: the gross income and how often it is paid (step 3). */
import { SelectField } from '../components/fields';
import type { Inputs, Reader } from '../engine/inputs';
import type { MISSING_WORDS } from '../messages-on-demand';
import { QUESTION_WORDS } from '../messages';
import { INCOME_FREQUENCIES } from '../options';
import { money, amountPer } from '../review';
import { amount, filled } from '../rules';
import { MoneyField, useField } from './parts';
import { defineQuestion } from './question';

const W = QUESTION_WORDS.income;

function Income() {
  const [value, setAmount] = useField('income.amount');
  const [frequency, setFrequency] = useField('income.frequency');
  return (
    <div className="stack">
      <MoneyField label={W.amount} hint={W.amountHint} value={value} onChange={setAmount} />
      <SelectField label={W.frequency} options={INCOME_FREQUENCIES} value={frequency} onChange={setFrequency} />
    </div>
  );
}

export const income = defineQuestion({
  id: 'income',
  path: '/questionnaire/income',
  step: 3,
  get title() {
    return W.title;
  },
  slice: { key: 'income', blank: { amount: '', frequency: '' }, sample: { amount: '215000', frequency: 'annually' } },
  Body: Income,
  rule: (a) => amount(a.income.amount) && filled(a.income.frequency),
  review: (a, s) => [
    {
      label: W.amount,
      value: a.income.amount
        ? amountPer(INCOME_FREQUENCIES, money(a.income.amount), a.income.frequency)
        : amountPer(INCOME_FREQUENCIES, money(s.income.amount), s.income.frequency),
      example: !a.income.amount,
    },
  ],
  read: ({ income }, r: Reader<typeof MISSING_WORDS.income>): Pick<Inputs, 'salaryAnnualCents'> => {
    const salary = r.amount('income.amount', income.amount, 'amount', undefined, 'amountBlank');
    const n = r.perYear(income.frequency);
    if (n === undefined) r.miss('income.frequency', 'frequency');
    return { salaryAnnualCents: salary !== null && n !== undefined ? salary * n : null };
  },
});
