/** journey-spec §3, §4: big expenses in the next 5 years, a Yes/No list of rows (step 3). */
import { RowList } from '../components/row-list';
import { BIG_SPENDS_YEARS } from '../constants';
import { listRow, money } from '../review';
import { listDone } from '../rules';
import { MoneyField } from './parts';
import { defineQuestion } from './question';

const title = `Do you expect any big expenses in the next ${BIG_SPENDS_YEARS} years?`;

function BigSpends() {
  return (
    <RowList
      list="bigSpends"
      question={title}
      itemLabel="Expense"
      renderRow={(row, set) => <MoneyField label="Amount" value={row.amount} onChange={(v) => set('amount', v)} />}
    />
  );
}

export const bigSpends = defineQuestion({
  id: 'bigSpends',
  path: '/questionnaire/big-spends',
  step: 3,
  title,
  lead: `For example a wedding, a car, renovations or school fees in the next ${BIG_SPENDS_YEARS} years.`,
  slice: { key: 'bigSpends', blank: { answer: '', rows: [] }, sample: { answer: 'no', rows: [] } },
  Body: BigSpends,
  rule: (a) => listDone(a.bigSpends),
  review: (a, s) => [
    listRow(`Big expenses in the next ${BIG_SPENDS_YEARS} years`, a.bigSpends, s.bigSpends, (r) => money(r.amount) || '—'),
  ],
});
