/** journey-spec §3, §4: other income, a Yes/No list of rows (step 3). */
import { SelectField } from '../components/fields';
import { RowList } from '../components/row-list';
import { QUESTION_WORDS } from '../messages';
import { ADDITIONAL_INCOME_SOURCES, INCOME_FREQUENCIES } from '../options';
import { listDone } from '../rules';
import { MoneyField } from './parts';
import { defineQuestion } from './question';

const W = QUESTION_WORDS.additionalIncome;

function AdditionalIncome() {
  return (
    <RowList
      list="additionalIncome"
      question={W.title}
      itemLabel={W.item}
      renderRow={(row, set) => (
        <>
          <SelectField label={W.source} options={ADDITIONAL_INCOME_SOURCES} value={row.source} onChange={(v) => set('source', v)} />
          <MoneyField label={W.amount} value={row.amount} onChange={(v) => set('amount', v)} />
          <SelectField label={W.frequency} options={INCOME_FREQUENCIES} value={row.frequency} onChange={(v) => set('frequency', v)} />
        </>
      )}
    />
  );
}

export const additionalIncome = defineQuestion({
  id: 'additionalIncome',
  path: '/questionnaire/additional-income',
  step: 3,
  get title() {
    return W.title;
  },
  get lead() {
    return W.lead;
  },
  slice: {
    key: 'additionalIncome',
    blank: { answer: '', rows: [] },
    sample: { answer: 'no', rows: [] },
    row: { source: '', amount: '', frequency: '' },
  },
  Body: AdditionalIncome,
  rule: (a) => listDone(a.additionalIncome),
  // its `read` and `review` load with the advice (./additional-income-advice.ts, listed in ./on-demand.ts), kept off the first visit
});
