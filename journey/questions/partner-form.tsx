/**
 * The partner question's form (journey/questions/partner.tsx), loaded on demand with its words to keep the first
 * visit small. It is given the fields it is made of (the first visit has them), so that importing them here does not
 * move them out of the first visit's chunk.
 */
import type { SelectField, TextField, YesNo } from '../components/fields';
import { QUESTION_FORM_WORDS } from '../messages-on-demand';
import type { INCOME_FREQUENCIES, Option } from '../options';
import type { MoneyField, useField } from './parts';

/** What the form is made of. */
export interface PartnerFormParts {
  TextField: typeof TextField;
  SelectField: typeof SelectField;
  YesNo: typeof YesNo;
  MoneyField: typeof MoneyField;
  useField: typeof useField;
  frequencies: typeof INCOME_FREQUENCIES;
}

/** The dependent children offered: none to six (the thresholds rise per child; six covers nearly every family). */
const CHILDREN: Option[] = [...'0123456'].map((n) => ({ value: n, label: n }));

/** The partner's form, made of `parts`. */
export function partnerForm({ TextField, SelectField, YesNo, MoneyField, useField, frequencies }: PartnerFormParts) {
  return function Partner() {
    const w = QUESTION_FORM_WORDS.partner;
    const [name, setName] = useField('partner.name');
    const [value, setAmount] = useField('partner.amount');
    const [frequency, setFrequency] = useField('partner.frequency');
    const [cover, setCover] = useField('partner.hospitalCover');
    const [children, setChildren] = useField('partner.children');
    return (
      <div className="stack">
        <p>{w.lead}</p>
        <TextField label={w.name} value={name} onChange={setName} autoComplete="off" />
        <MoneyField label={w.amount} hint={w.amountHint} value={value} onChange={setAmount} />
        <SelectField label={w.frequency} options={frequencies} value={frequency} onChange={setFrequency} />
        <YesNo legend={w.cover} value={cover} onChange={setCover} />
        <SelectField label={w.children} options={CHILDREN} value={children} onChange={setChildren} />
      </div>
    );
  };
}

/**
 * A single's dependent children (journey/questions/relationship-status.tsx), made of `parts`, shown under Single only:
 * into the answer a couple's are asked into on the partner's form, so the household's children stay when the status
 * changes.
 */
export function dependantsField({ SelectField, useField }: PartnerFormParts) {
  return function Dependants() {
    const w = QUESTION_FORM_WORDS.relationshipStatus;
    const [status] = useField('relationshipStatus');
    const [children, setChildren] = useField('partner.children');
    return (
      status === 'single' && (
        <>
          <p>{w.hint}</p>
          <SelectField label={w.children} options={CHILDREN} value={children} onChange={setChildren} />
        </>
      )
    );
  };
}
