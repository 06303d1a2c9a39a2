/** journey-spec §3, §4: regular savings, a Yes/No question revealing an amount and how often (step 3). */
import { useJourney, useJourneySend } from '../actor-context';
import { SelectField, YesNo } from '../components/fields';
import { SAMPLE } from '../constants';
import type { Inputs, Reader } from '../engine/inputs';
import type { MISSING_WORDS } from '../messages-on-demand';
import { QUESTION_WORDS, REVIEW_WORDS } from '../messages';
import { SAVINGS_FREQUENCIES } from '../options';
import { money, amountPer } from '../review';
import { amount, filled } from '../rules';
import { MoneyField, SuitabilityProblem, useField } from './parts';
import { defineQuestion } from './question';

const W = QUESTION_WORDS.regularSavings;
const reasons = ['savings-over-income', 'no-surplus'] as const;

function RegularSavings() {
  const answer = useJourney((s) => s.context.answers.regularSavings.answer);
  const send = useJourneySend();
  const [value, setAmount] = useField('regularSavings.amount');
  const [frequency, setFrequency] = useField('regularSavings.frequency');
  return (
    <div className="stack">
      <YesNo
        legend={W.title}
        legendHidden
        value={answer}
        onChange={(value) => send({ type: 'TOGGLE.SET', toggle: 'regularSavings', value })}
      />
      {answer === 'yes' && (
        <div className="rows">
          <MoneyField label={W.amount} value={value} onChange={setAmount} />
          <SelectField label={W.frequency} options={SAVINGS_FREQUENCIES} value={frequency} onChange={setFrequency} />
        </div>
      )}
      <SuitabilityProblem reasons={reasons} />
    </div>
  );
}

type SavingsInputs = Pick<Inputs, 'savingsMonthlyCents' | 'savingsAnswer' | 'savingsAmountCents' | 'savingsFrequency'>;

export const regularSavings = defineQuestion({
  id: 'regularSavings',
  path: '/questionnaire/regular-savings',
  step: 3,
  get title() {
    return W.title;
  },
  slice: {
    key: 'regularSavings',
    blank: { answer: '', amount: '', frequency: '' },
    sample: { answer: 'yes', amount: String(SAMPLE.surplusMonthly), frequency: 'monthly' },
  },
  reasons,
  Body: RegularSavings,
  rule: (a) =>
    a.regularSavings.answer === 'no' ||
    (a.regularSavings.answer === 'yes' && amount(a.regularSavings.amount) && filled(a.regularSavings.frequency)),
  review: (a, s) => {
    const savings = a.regularSavings.answer === '' ? s.regularSavings : a.regularSavings;
    return [
      {
        label: W.review,
        value: savings.answer === 'no' ? REVIEW_WORDS.none : amountPer(SAVINGS_FREQUENCIES, money(savings.amount), savings.frequency),
        example: a.regularSavings.answer === '',
      },
    ];
  },
  read: ({ regularSavings: rs }, r: Reader<typeof MISSING_WORDS.regularSavings>): SavingsInputs => {
    let savingsMonthlyCents: number | null = null;
    let savingsAmountCents: number | null = null;
    if (rs.answer === 'no') {
      savingsMonthlyCents = 0;
      savingsAmountCents = 0;
    } else if (rs.answer !== 'yes') r.miss('regularSavings', 'question');
    else {
      const c = r.amount('regularSavings.amount', rs.amount, 'amount');
      const n = r.perYear(rs.frequency);
      if (n === undefined) r.miss('regularSavings.frequency', 'frequency');
      if (c !== null && n !== undefined) {
        savingsAmountCents = c;
        savingsMonthlyCents = Math.round((c * n) / 12);
      }
    }
    return { savingsMonthlyCents, savingsAnswer: rs.answer, savingsAmountCents, savingsFrequency: rs.answer === 'yes' ? rs.frequency : '' };
  },
});
