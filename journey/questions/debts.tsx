/** journey-spec §3, §4: debts, a Yes/No list of rows (step 3). */
import { SelectField } from '../components/fields';
import { RowList } from '../components/row-list';
import { DEBT_FREQUENCIES, DEBT_OWNERS, DEBT_TYPES, YES_NO, labelOf } from '../options';
import { listRow, money } from '../review';
import { listDone, rateProblem } from '../rules';
import { CheckedField, MoneyField, SuitabilityProblem } from './parts';
import { defineQuestion } from './question';

const title = 'Do you have any debts?';
const reasons = ['high-interest-debt'] as const;

function Debts() {
  return (
    <div className="stack">
      <RowList
        list="debts"
        question={title}
        itemLabel="Debt"
        renderRow={(row, set) => (
          <>
            <SelectField label="Type" options={DEBT_TYPES} value={row.type} onChange={(v) => set('type', v)} />
            <MoneyField label="Amount owing" value={row.value} onChange={(v) => set('value', v)} />
            <SelectField label="Whose debt is it?" options={DEBT_OWNERS} value={row.owner} onChange={(v) => set('owner', v)} />
            <SelectField
              label="Is the interest tax deductible?"
              options={YES_NO}
              value={row.taxDeductible}
              onChange={(v) => set('taxDeductible', v)}
            />
            <CheckedField
              label="Interest rate (% a year)"
              inputMode="decimal"
              value={row.interestRate}
              onChange={(v) => set('interestRate', v)}
              problem={rateProblem}
            />
            <MoneyField label="Repayment amount" value={row.repaymentAmount} onChange={(v) => set('repaymentAmount', v)} />
            <SelectField
              label="Repayment frequency"
              options={DEBT_FREQUENCIES}
              value={row.frequency}
              onChange={(v) => set('frequency', v)}
            />
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
  title,
  slice: { key: 'debts', blank: { answer: '', rows: [] }, sample: { answer: 'no', rows: [] } },
  reasons,
  Body: Debts,
  rule: (a) => listDone(a.debts),
  review: (a, s) => [listRow('Debts', a.debts, s.debts, (r) => `${labelOf(DEBT_TYPES, r.type) || 'Debt'}: ${money(r.value) || '—'}`)],
});
