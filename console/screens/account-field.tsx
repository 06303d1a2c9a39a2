/**
 * A password field with its label, hint and error in the account's own words (linked by aria-describedby, marked
 * aria-invalid): the account screen's three and the password dialog's one.
 */
import { type Ref, useId } from 'react';

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
  const id = useId();
  const described = [props.hint && `${id}-hint`, props.error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div data-part="field">
      <label htmlFor={id}>{props.label}</label>
      {props.hint && (
        <p id={`${id}-hint`} data-part="hint">
          {props.hint}
        </p>
      )}
      <input
        ref={props.inputRef}
        id={id}
        name={props.name}
        type="password"
        autoComplete={props.autoComplete}
        required
        value={props.value}
        onInput={(e) => props.onInput(e.currentTarget.value)}
        {...(described ? { 'aria-describedby': described } : {})}
        {...(props.error ? { 'aria-invalid': true } : {})}
      />
      {props.error && (
        <p id={`${id}-error`} role="alert" data-part="error">
          {props.error}
        </p>
      )}
    </div>
  );
}
