/** journey-spec §3, §4: assets, a Yes/No list of rows (step 3). */
import { SelectField } from '../components/fields';
import { RowList } from '../components/row-list';
import type { Inputs, Reader } from '../engine/inputs';
import type { MISSING_WORDS } from '../messages-on-demand';
import { QUESTION_WORDS, REVIEW_WORDS } from '../messages';
import { ASSET_TYPES, labelOf } from '../options';
import { listRow, money } from '../review';
import { filled, listDone } from '../rules';
import { MoneyField } from './parts';
import { defineQuestion } from './question';

const W = QUESTION_WORDS.assets;

function Assets() {
  return (
    <RowList
      list="assets"
      question={W.title}
      itemLabel={W.item}
      renderRow={(row, set) => (
        <>
          <SelectField label={W.type} options={ASSET_TYPES} value={row.type} onChange={(v) => set('type', v)} />
          <MoneyField label={W.value} value={row.value} onChange={(v) => set('value', v)} />
        </>
      )}
    />
  );
}

export const assets = defineQuestion({
  id: 'assets',
  path: '/questionnaire/assets',
  step: 3,
  get title() {
    return W.title;
  },
  get lead() {
    return W.lead;
  },
  slice: {
    key: 'assets',
    blank: { answer: '', rows: [] },
    sample: { answer: 'yes', rows: [{ id: 1, type: 'cash', value: '50265' }] },
    row: { type: '', value: '' },
  },
  Body: Assets,
  rule: (a) => listDone(a.assets),
  review: (a, s) => [
    listRow(W.review, a.assets, s.assets, (r) =>
      REVIEW_WORDS.item(labelOf(ASSET_TYPES, r.type) || W.item, money(r.value) || REVIEW_WORDS.noAmount),
    ),
  ],
  read: (_, r: Reader<typeof MISSING_WORDS.assets>): Pick<Inputs, 'cashCents'> => {
    let cash = 0;
    const ok = r.list('assets', ['type', 'value'], (row) => {
      if (!filled(row.type)) {
        r.miss('assets', 'type', row.id);
        return false;
      }
      // Only cash counts towards the emergency fund and a first deposit.
      if (row.type !== 'cash') return true;
      const c = r.amount('assets', row.value, 'amount', row.id);
      if (c !== null) cash += c;
      return c !== null;
    });
    return { cashCents: ok ? cash : null };
  },
});
