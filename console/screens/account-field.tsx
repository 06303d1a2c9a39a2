/**
 * A password field with its label, hint and error in the account's own words (linked by aria-describedby, marked
 * aria-invalid, by the console's `Field`): the account screen's three and the password dialog's one.
 */
import type { Ref } from 'react';
import { Field } from '../ui';

export function PasswordField(props: {
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onInput: (value: string) => void;
  hint?: string;
  /** the refusal's words, shown under the field */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <Field label={props.label} hint={props.hint} error={props.error}>
      {(attrs) => (
        <input
          {...attrs}
          ref={props.inputRef}
          name={props.name}
          type="password"
          autoComplete={props.autoComplete}
          required
          value={props.value}
          onInput={(e) => props.onInput(e.currentTarget.value)}
        />
      )}
    </Field>
  );
}
