/** journey-spec §3, §4: government benefits, a Yes/No list of rows (step 3). */
import { useJourney } from '../actor-context';
import { SelectField } from '../components/fields';
import { RowList } from '../components/row-list';
import type { IncomeRow, Inputs, Reader } from '../engine/inputs';
import type { MISSING_WORDS } from '../messages-on-demand';
import { QUESTION_WORDS, REVIEW_WORDS } from '../messages';
import { BENEFIT_TYPES, labelOf } from '../options';
import { listRow, money } from '../review';
import { benefitsProblem, listDone } from '../rules';
import { MoneyField, ScreenProblem, SuitabilityProblem } from './parts';
import { defineQuestion } from './question';

const W = QUESTION_WORDS.benefits;
const reasons = ['no-income'] as const;

function Benefits() {
  const benefits = useJourney((s) => s.context.answers.benefits);
  return (
    <div className="stack">
      <RowList
        list="benefits"
        question={W.title}
        itemLabel={W.item}
        renderRow={(row, set) => (
          <>
            <SelectField label={W.type} options={BENEFIT_TYPES} value={row.type} onChange={(v) => set('type', v)} />
            <MoneyField label={W.amount} value={row.amount} onChange={(v) => set('amount', v)} />
          </>
        )}
      />
      <ScreenProblem problem={benefitsProblem(benefits)} />
      <SuitabilityProblem reasons={reasons} />
    </div>
  );
}

export const benefits = defineQuestion({
  id: 'benefits',
  path: '/questionnaire/benefits',
  step: 3,
  get title() {
    return W.title;
  },
  slice: { key: 'benefits', blank: { answer: '', rows: [] }, sample: { answer: 'no', rows: [] }, row: { type: '', amount: '' } },
  reasons,
  Body: Benefits,
  rule: (a) => listDone(a.benefits) && benefitsProblem(a.benefits) === null,
  review: (a, s) => [
    listRow(W.review, a.benefits, s.benefits, (r) =>
      REVIEW_WORDS.item(labelOf(BENEFIT_TYPES, r.type) || W.item, W.perFortnight(money(r.amount) || REVIEW_WORDS.noAmount)),
    ),
  ],
  read: (_, r: Reader<typeof MISSING_WORDS.benefits>): Pick<Inputs, 'benefits'> => {
    const rows: IncomeRow[] = [];
    const ok = r.list('benefits', ['type', 'amount'], (row) => {
      const known = r.a.benefitTax[row.type] !== undefined;
      if (!known) r.miss('benefits', 'type', row.id);
      const c = r.amount('benefits', row.amount, 'amount', row.id);
      if (c === null || !known) return false;
      rows.push({ rowId: row.id, type: row.type, annualCents: c * r.a.benefitPaymentsPerYear });
      return true;
    });
    return { benefits: ok ? rows : null };
  },
});
