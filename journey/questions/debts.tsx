/** journey-spec §3, §4: debts, a Yes/No list of rows (step 3). */
import { SelectField } from '../components/fields';
import { RowList } from '../components/row-list';
import { readInterestRate } from '../answer-fields';
import type { DebtOwed, Inputs, Reader } from '../engine/inputs';
import type { MISSING_WORDS } from '../messages-on-demand';
import { QUESTION_WORDS, REVIEW_WORDS } from '../messages';
import { DEBT_FREQUENCIES, DEBT_OWNERS, DEBT_TYPES, YES_NO, labelOf } from '../options';
import { listRow, money } from '../review';
import { filled, listDone, rateProblem } from '../rules';
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
  review: (a, s) => [
    listRow(W.review, a.debts, s.debts, (r) =>
      REVIEW_WORDS.item(labelOf(DEBT_TYPES, r.type) || W.item, money(r.value) || REVIEW_WORDS.noAmount),
    ),
  ],
  read: (_, r: Reader<typeof MISSING_WORDS.debts>): Pick<Inputs, 'highInterestDebts'> => {
    const { suitability } = r.a;
    const highInterestDebts: DebtOwed[] = [];
    const ok = r.list('debts', ['type', 'value'], (row) => {
      if (!filled(row.type)) {
        r.miss('debts', 'type', row.id);
        return false;
      }
      // issue 15: the rate decides when it is given; a kind decides only when it is not
      const read = readInterestRate(row.interestRate);
      if (!read.ok) {
        r.miss('debts', 'not-rate', row.id);
        return true;
      }
      const rate = read.value;
      const high = rate === null ? suitability.highInterestDebtTypes.includes(row.type) : rate >= suitability.highInterestRate;
      if (!high) return true;
      const owed = { rowId: row.id, type: row.type, owner: row.owner, rate };
      const c = r.amount('debts', row.value, 'amount', row.id);
      // JOURNEY-ENGINE.md "Suitability": a high-interest debt with an amount that cannot be
      // read is still owed, so the debt rule fails on it rather than going unchecked
      // (which would let the rest of the answers through).
      if (c === null) highInterestDebts.push({ ...owed, valueCents: null });
      else if (c > 0) highInterestDebts.push({ ...owed, valueCents: c });
      return true;
    });
    // A row of unknown kind leaves the list unknown, unless a high-interest debt is known anyway.
    return { highInterestDebts: ok || highInterestDebts.length > 0 ? highInterestDebts : null };
  },
});
