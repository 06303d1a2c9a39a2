/** journey-spec §3, §4: other income, a Yes/No list of rows (step 3). */
import { SelectField } from '../components/fields';
import { RowList } from '../components/row-list';
import { ADDITIONAL_INCOME_SOURCES, INCOME_FREQUENCIES, labelOf } from '../options';
import { listRow, money, per } from '../review';
import { listDone } from '../rules';
import { MoneyField } from './parts';
import { defineQuestion } from './question';

const title = 'Do you have any other income?';

function AdditionalIncome() {
  return (
    <RowList
      list="additionalIncome"
      question={title}
      itemLabel="Income"
      renderRow={(row, set) => (
        <>
          <SelectField label="Source" options={ADDITIONAL_INCOME_SOURCES} value={row.source} onChange={(v) => set('source', v)} />
          <MoneyField label="Amount" value={row.amount} onChange={(v) => set('amount', v)} />
          <SelectField label="How often?" options={INCOME_FREQUENCIES} value={row.frequency} onChange={(v) => set('frequency', v)} />
        </>
      )}
    />
  );
}

export const additionalIncome = defineQuestion({
  id: 'additionalIncome',
  path: '/questionnaire/additional-income',
  step: 3,
  title,
  lead: 'For example dividends, rent or trust distributions.',
  slice: { key: 'additionalIncome', blank: { answer: '', rows: [] }, sample: { answer: 'no', rows: [] } },
  Body: AdditionalIncome,
  rule: (a) => listDone(a.additionalIncome),
  review: (a, s) => [
    listRow(
      'Other income',
      a.additionalIncome,
      s.additionalIncome,
      (r) =>
        `${labelOf(ADDITIONAL_INCOME_SOURCES, r.source) || 'Income'}: ${money(r.amount) || '—'}${per(INCOME_FREQUENCIES, r.frequency)}`,
    ),
  ],
});
