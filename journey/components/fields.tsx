/**
 * Form controls of the questionnaire. Each has a visible label; radio groups are
 * fieldsets with a legend; money is typed as text with a decimal keypad.
 */
import { useId } from 'react';
import { type Option, YES_NO } from '../options';

export interface ChoiceGroupProps {
  legend: string;
  /** Keeps the legend for assistive technology only (the page heading already asks the question). */
  legendHidden?: boolean;
  options: readonly Option[];
  value: string;
  onChange: (value: string) => void;
  /** 'cards' for the big single-choice questions, 'inline' for Yes/No. */
  layout?: 'cards' | 'inline';
}

export function ChoiceGroup({ legend, legendHidden, options, value, onChange, layout = 'cards' }: ChoiceGroupProps) {
  const name = useId();
  return (
    <fieldset className="choice-group" data-layout={layout}>
      <legend className={legendHidden ? 'sr-only' : undefined}>{legend}</legend>
      <div className="choice-group__options">
        {options.map((o) => (
          <label key={o.value} className="choice" data-checked={value === o.value || undefined}>
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
            <span className="choice__label">{o.label}</span>
            {o.description && <span className="choice__description">{o.description}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function YesNo(props: { legend: string; legendHidden?: boolean; value: string; onChange: (value: 'yes' | 'no') => void }) {
  return (
    <ChoiceGroup
      legend={props.legend}
      legendHidden={props.legendHidden}
      options={YES_NO}
      value={props.value}
      layout="inline"
      onChange={(v) => props.onChange(v as 'yes' | 'no')}
    />
  );
}

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shows a $ before the input and opens the decimal keypad on phones. */
  money?: boolean;
  hint?: string;
  placeholder?: string;
  inputMode?: 'text' | 'decimal' | 'numeric';
  autoComplete?: string;
  /** A problem with the value, shown under the field and announced; empty for none. */
  error?: string;
  onBlur?: () => void;
}

export function TextField({ label, value, onChange, money, hint, placeholder, inputMode, autoComplete, error, onBlur }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <div className={money ? 'field__input field__input--money' : 'field__input'}>
        {money && (
          <span className="field__prefix" aria-hidden="true">
            $
          </span>
        )}
        <input
          id={id}
          type="text"
          value={value}
          placeholder={placeholder}
          inputMode={money ? 'decimal' : inputMode}
          autoComplete={autoComplete ?? 'off'}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onInput={(e) => onChange((e.target as HTMLInputElement).value)}
          onBlur={onBlur}
        />
      </div>
      <p className="field__error" id={errorId} aria-live="polite">
        {error}
      </p>
    </div>
  );
}

export interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  placeholder?: string;
}

export function SelectField({ label, value, options, onChange, placeholder = 'Select…' }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field__input">
        <select id={id} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
