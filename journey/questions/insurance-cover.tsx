/** journey-spec §3: insurance cover, four amounts (step 3). */
import { useJourney, useJourneySend } from '../actor-context';
import { QUESTION_WORDS } from '../messages';
import { INSURANCE_FIELDS } from '../options';
import { money, row } from '../review';
import { amount } from '../rules';
import { MoneyField } from './parts';
import { defineQuestion } from './question';

const W = QUESTION_WORDS.insuranceCover;

function InsuranceCover() {
  const send = useJourneySend();
  const insurance = useJourney((s) => s.context.answers.insurance);
  return (
    <div className="stack">
      {INSURANCE_FIELDS.map((f) => (
        <MoneyField
          key={f.key}
          label={f.label}
          value={insurance[f.key]}
          onChange={(value) => send({ type: 'ANSWER.SET', field: `insurance.${f.key}`, value })}
        />
      ))}
    </div>
  );
}

export const insuranceCover = defineQuestion({
  id: 'insuranceCover',
  path: '/questionnaire/insurance-cover',
  step: 3,
  get title() {
    return W.title;
  },
  get lead() {
    return W.lead;
  },
  slice: {
    key: 'insurance',
    blank: { life: '', tpd: '', trauma: '', incomeProtection: '' },
    sample: { life: '750000', tpd: '500000', trauma: '100000', incomeProtection: '9000' },
  },
  Body: InsuranceCover,
  rule: (a) => [a.insurance.life, a.insurance.tpd, a.insurance.trauma, a.insurance.incomeProtection].every(amount),
  review: (a, s) => INSURANCE_FIELDS.map((f) => row(f.label, a.insurance[f.key], s.insurance[f.key], money)),
});
