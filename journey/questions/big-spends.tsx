/** journey-spec §3, §4: big expenses in the next 5 years, a Yes/No list of rows (step 3). */
import { RowList } from '../components/row-list';
import type { Inputs, Reader } from '../engine/inputs';
import type { MISSING_WORDS } from '../messages-on-demand';
import { QUESTION_WORDS, REVIEW_WORDS } from '../messages';
import { listRow, money } from '../review';
import { listDone } from '../rules';
import { MoneyField } from './parts';
import { defineQuestion } from './question';

const W = QUESTION_WORDS.bigSpends;

function BigSpends() {
  return (
    <RowList
      list="bigSpends"
      question={W.title}
      itemLabel={W.item}
      renderRow={(row, set) => <MoneyField label={W.amount} value={row.amount} onChange={(v) => set('amount', v)} />}
    />
  );
}

export const bigSpends = defineQuestion({
  id: 'bigSpends',
  path: '/questionnaire/big-spends',
  step: 3,
  get title() {
    return W.title;
  },
  get lead() {
    return W.lead;
  },
  slice: { key: 'bigSpends', blank: { answer: '', rows: [] }, sample: { answer: 'no', rows: [] }, row: { amount: '' } },
  Body: BigSpends,
  rule: (a) => listDone(a.bigSpends),
  review: (a, s) => [listRow(W.review, a.bigSpends, s.bigSpends, (r) => money(r.amount) || REVIEW_WORDS.noAmount)],
  read: (_, r: Reader<typeof MISSING_WORDS.bigSpends>): Pick<Inputs, 'bigSpendsCents'> => {
    let total = 0;
    const ok = r.list(
      'bigSpends',
      ['amount'],
      (row) => {
        const c = r.amount('bigSpends', row.amount, 'amount', row.id);
        if (c !== null) total += c;
        return c !== null;
      },
      { years: r.a.needs.bigSpendsYears },
    );
    return { bigSpendsCents: ok ? total : null };
  },
});
