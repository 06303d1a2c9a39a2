/** journey-spec §3: superannuation, its balance and personal contributions (step 3). */
import { ChoiceGroup } from '../components/fields';
import { QUESTION_WORDS } from '../messages';
import { YES_NO } from '../options';
import { money, row, yesNo } from '../review';
import { amount } from '../rules';
import { MoneyField, useField } from './parts';
import { defineQuestion } from './question';

const W = QUESTION_WORDS.super;

function Super() {
  const [balance, setBalance] = useField('super.balance');
  const [contributions, setContributions] = useField('super.contributions');
  return (
    <div className="stack">
      <MoneyField label={W.balance} hint={W.balanceHint} value={balance} onChange={setBalance} />
      <ChoiceGroup legend={W.contributions} options={YES_NO} layout="inline" value={contributions} onChange={setContributions} />
    </div>
  );
}

export const superannuation = defineQuestion({
  id: 'super',
  path: '/questionnaire/super',
  step: 3,
  get title() {
    return W.title;
  },
  slice: { key: 'super', blank: { balance: '', contributions: '' }, sample: { balance: '120000', contributions: 'no' } },
  asks: ['super.balance', 'super.contributions'],
  Body: Super,
  rule: (a) => amount(a.super.balance) && a.super.contributions !== '',
  review: (a, s) => [
    row(W.reviewBalance, a.super.balance, s.super.balance, money),
    row(W.reviewContributions, a.super.contributions, s.super.contributions, yesNo),
  ],
});
