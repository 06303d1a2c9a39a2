/** journey-spec §3, §4: government benefits, a Yes/No list of rows (step 3). */
import { useJourney } from '../actor-context';
import { SelectField } from '../components/fields';
import { RowList } from '../components/row-list';
import { BENEFIT_TYPES, labelOf } from '../options';
import { listRow, money } from '../review';
import { benefitsProblem, listDone } from '../rules';
import { MoneyField, ScreenProblem, SuitabilityProblem } from './parts';
import { defineQuestion } from './question';

const title = 'Do you receive any government benefits?';
const reasons = ['no-income'] as const;

function Benefits() {
  const benefits = useJourney((s) => s.context.answers.benefits);
  return (
    <div className="stack">
      <RowList
        list="benefits"
        question={title}
        itemLabel="Benefit"
        renderRow={(row, set) => (
          <>
            <SelectField label="Benefit" options={BENEFIT_TYPES} value={row.type} onChange={(v) => set('type', v)} />
            <MoneyField label="Amount per fortnight" value={row.amount} onChange={(v) => set('amount', v)} />
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
  title,
  slice: { key: 'benefits', blank: { answer: '', rows: [] }, sample: { answer: 'no', rows: [] } },
  reasons,
  Body: Benefits,
  rule: (a) => listDone(a.benefits) && benefitsProblem(a.benefits) === null,
  review: (a, s) => [
    listRow(
      'Government benefits',
      a.benefits,
      s.benefits,
      (r) => `${labelOf(BENEFIT_TYPES, r.type) || 'Benefit'}: ${money(r.amount) || '—'} a fortnight`,
    ),
  ],
});
