/** journey-spec §3, §4: other income, a Yes/No list of rows (step 3). */
import { SelectField } from '../components/fields';
import { RowList } from '../components/row-list';
import type { IncomeRow, Inputs, Reader } from '../engine/inputs';
import type { MISSING_WORDS } from '../messages-on-demand';
import { QUESTION_WORDS, REVIEW_WORDS } from '../messages';
import { ADDITIONAL_INCOME_SOURCES, INCOME_FREQUENCIES, labelOf } from '../options';
import { listRow, money, amountPer } from '../review';
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
  review: (a, s) => [
    listRow(W.review, a.additionalIncome, s.additionalIncome, (r) =>
      REVIEW_WORDS.item(
        labelOf(ADDITIONAL_INCOME_SOURCES, r.source) || W.item,
        amountPer(INCOME_FREQUENCIES, money(r.amount) || REVIEW_WORDS.noAmount, r.frequency),
      ),
    ),
  ],
  read: (_, r: Reader<typeof MISSING_WORDS.additionalIncome>): Pick<Inputs, 'additionalIncome'> => {
    const rows: IncomeRow[] = [];
    const ok = r.list('additionalIncome', ['source', 'amount', 'frequency'], (row) => {
      const c = r.amount('additionalIncome', row.amount, 'amount', row.id);
      const n = r.perYear(row.frequency);
      if (n === undefined) r.miss('additionalIncome', 'frequency', row.id);
      if (c === null || n === undefined) return false;
      rows.push({ rowId: row.id, type: row.source, annualCents: c * n });
      return true;
    });
    return { additionalIncome: ok ? rows : null };
  },
});
