/** journey-spec §3, §4: regular savings, a Yes/No question revealing an amount and how often (step 3). */
import { useJourney, useJourneySend } from '../actor-context';
import { SelectField, YesNo } from '../components/fields';
import { SAVINGS_FREQUENCIES } from '../options';
import { money, per } from '../review';
import { amount, filled } from '../rules';
import { SAMPLE } from '../constants';
import { MoneyField, SuitabilityProblem, useField } from './parts';
import { defineQuestion } from './question';

const title = 'Do you save regularly?';
const reasons = ['savings-over-income', 'no-surplus'] as const;

function RegularSavings() {
  const answer = useJourney((s) => s.context.answers.regularSavings.answer);
  const send = useJourneySend();
  const [value, setAmount] = useField('regularSavings.amount');
  const [frequency, setFrequency] = useField('regularSavings.frequency');
  return (
    <div className="stack">
      <YesNo
        legend={title}
        legendHidden
        value={answer}
        onChange={(value) => send({ type: 'TOGGLE.SET', toggle: 'regularSavings', value })}
      />
      {answer === 'yes' && (
        <div className="rows">
          <MoneyField label="How much do you save?" value={value} onChange={setAmount} />
          <SelectField label="How often?" options={SAVINGS_FREQUENCIES} value={frequency} onChange={setFrequency} />
        </div>
      )}
      <SuitabilityProblem reasons={reasons} />
    </div>
  );
}

export const regularSavings = defineQuestion({
  id: 'regularSavings',
  path: '/questionnaire/regular-savings',
  step: 3,
  title,
  slice: {
    key: 'regularSavings',
    blank: { answer: '', amount: '', frequency: '' },
    sample: { answer: 'yes', amount: String(SAMPLE.surplusMonthly), frequency: 'monthly' },
  },
  asks: ['regularSavings', 'regularSavings.amount', 'regularSavings.frequency'],
  reasons,
  Body: RegularSavings,
  rule: (a) =>
    a.regularSavings.answer === 'no' ||
    (a.regularSavings.answer === 'yes' && amount(a.regularSavings.amount) && filled(a.regularSavings.frequency)),
  review: (a, s) => {
    const savings = a.regularSavings.answer === '' ? s.regularSavings : a.regularSavings;
    return [
      {
        label: 'Regular savings',
        value: savings.answer === 'no' ? 'None' : `${money(savings.amount)}${per(SAVINGS_FREQUENCIES, savings.frequency)}`,
        example: a.regularSavings.answer === '',
      },
    ];
  },
});
