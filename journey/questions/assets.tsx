/** journey-spec §3, §4: assets, a Yes/No list of rows (step 3). */
import { SelectField } from '../components/fields';
import { RowList } from '../components/row-list';
import { ASSET_TYPES, labelOf } from '../options';
import { listRow, money } from '../review';
import { listDone } from '../rules';
import { MoneyField } from './parts';
import { defineQuestion } from './question';

const title = 'Do you have any assets?';

function Assets() {
  return (
    <RowList
      list="assets"
      question={title}
      itemLabel="Asset"
      renderRow={(row, set) => (
        <>
          <SelectField label="Type" options={ASSET_TYPES} value={row.type} onChange={(v) => set('type', v)} />
          <MoneyField label="Value" value={row.value} onChange={(v) => set('value', v)} />
        </>
      )}
    />
  );
}

export const assets = defineQuestion({
  id: 'assets',
  path: '/questionnaire/assets',
  step: 3,
  title,
  lead: 'Include cash, your home, investments and valuable possessions.',
  slice: { key: 'assets', blank: { answer: '', rows: [] }, sample: { answer: 'yes', rows: [{ id: 1, type: 'cash', value: '50265' }] } },
  Body: Assets,
  rule: (a) => listDone(a.assets),
  review: (a, s) => [listRow('Assets', a.assets, s.assets, (r) => `${labelOf(ASSET_TYPES, r.type) || 'Asset'}: ${money(r.value) || '—'}`)],
});
