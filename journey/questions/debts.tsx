/** journey-spec §3, §4: debts, a Yes/No list of rows (step 3). */
import { SelectField } from '../components/fields';
import { RowList } from '../components/row-list';
import { QUESTION_WORDS } from '../messages';
import { DEBT_FREQUENCIES, DEBT_OWNERS, DEBT_TYPES, YES_NO } from '../options';
import { listDone, rateProblem } from '../rules';
import { CheckedField, MoneyField, SuitabilityProblem } from './parts';
import { defineQuestion } from './question';

const W = QUESTION_WORDS.debts;
const reasons = ['high-interest-debt'] as const;

function Debts() {
  return (
    <div className="stack">
      <RowList
        list="debts"
        question={W.title}
        itemLabel={W.item}
        renderRow={(row, set) => (
          <>
            <SelectField label={W.type} options={DEBT_TYPES} value={row.type} onChange={(v) => set('type', v)} />
            <MoneyField label={W.value} value={row.value} onChange={(v) => set('value', v)} />
            <SelectField label={W.owner} options={DEBT_OWNERS} value={row.owner} onChange={(v) => set('owner', v)} />
            <SelectField label={W.taxDeductible} options={YES_NO} value={row.taxDeductible} onChange={(v) => set('taxDeductible', v)} />
            <CheckedField
              label={W.interestRate}
              inputMode="decimal"
              value={row.interestRate}
              onChange={(v) => set('interestRate', v)}
              problem={rateProblem}
            />
            <MoneyField label={W.repaymentAmount} value={row.repaymentAmount} onChange={(v) => set('repaymentAmount', v)} />
            <SelectField label={W.frequency} options={DEBT_FREQUENCIES} value={row.frequency} onChange={(v) => set('frequency', v)} />
          </>
        )}
      />
      <SuitabilityProblem reasons={reasons} />
    </div>
  );
}

export const debts = defineQuestion({
  id: 'debts',
  path: '/questionnaire/debts',
  step: 3,
  get title() {
    return W.title;
  },
  slice: {
    key: 'debts',
    blank: { answer: '', rows: [] },
    sample: { answer: 'no', rows: [] },
    row: { type: '', value: '', owner: '', taxDeductible: '', interestRate: '', repaymentAmount: '', frequency: '' },
  },
  reasons,
  Body: Debts,
  rule: (a) => listDone(a.debts),
  // its `read` and `review` load with the advice (./debts-advice.ts, listed in ./on-demand.ts), kept off the first visit
});
