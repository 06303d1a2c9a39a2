/** journey-spec §3: the gross income and how often it is paid (step 3). */
import { SelectField } from '../components/fields';
import { INCOME_FREQUENCIES } from '../options';
import { money, per } from '../review';
import { amount, filled } from '../rules';
import { MoneyField, useField } from './parts';
import { defineQuestion } from './question';

function Income() {
  const [value, setAmount] = useField('income.amount');
  const [frequency, setFrequency] = useField('income.frequency');
  return (
    <div className="stack">
      <MoneyField label="Gross income" hint="Before tax, excluding super" value={value} onChange={setAmount} />
      <SelectField label="How often?" options={INCOME_FREQUENCIES} value={frequency} onChange={setFrequency} />
    </div>
  );
}

export const income = defineQuestion({
  id: 'income',
  path: '/questionnaire/income',
  step: 3,
  title: 'What is your income?',
  slice: { key: 'income', blank: { amount: '', frequency: '' }, sample: { amount: '215000', frequency: 'annually' } },
  asks: ['income.amount', 'income.frequency'],
  Body: Income,
  rule: (a) => amount(a.income.amount) && filled(a.income.frequency),
  review: (a, s) => [
    {
      label: 'Gross income',
      value: a.income.amount
        ? `${money(a.income.amount)}${per(INCOME_FREQUENCIES, a.income.frequency)}`
        : `${money(s.income.amount)}${per(INCOME_FREQUENCIES, s.income.frequency)}`,
      example: !a.income.amount,
    },
  ],
});
