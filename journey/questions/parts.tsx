/** The pieces the question modules build their forms from: an answer's field, checked fields, and the problems said under a question. */
import { useState } from 'react';
import { getField, type FieldKey } from '../../machines/journey-answers';
import { useJourney, useJourneySend } from '../actor-context';
import { useToday } from '../clock';
import { ChoiceGroup, TextField, type TextFieldProps } from '../components/fields';
import type { UnsuitableCode } from '../engine/suitability';
import { amountProblem, reasonsProblem } from '../rules';
import { useSuitabilityCheck } from '../suitability';

/** One answer and its setter. */
export function useField(field: FieldKey): [string, (value: string) => void] {
  const value = useJourney((s) => getField(s.context.answers, field));
  const send = useJourneySend();
  return [value, (v) => send({ type: 'ANSWER.SET', field, value: v })];
}

/** A single-choice question whose legend repeats the page heading for screen readers. */
export function Choice({
  field,
  options,
  question,
}: {
  field: FieldKey;
  options: Parameters<typeof ChoiceGroup>[0]['options'];
  question: string;
}) {
  const [value, set] = useField(field);
  return <ChoiceGroup legend={question} legendHidden options={options} value={value} onChange={set} />;
}

/**
 * A text field that says under it what is wrong with its value (`problem`), once the visitor
 * has left the field: amounts the advice cannot read ("85k"), or years that are not a number.
 */
export function CheckedField({
  problem,
  ...props
}: Omit<TextFieldProps, 'error' | 'onBlur'> & { problem: (value: string) => string | null }) {
  const [touched, setTouched] = useState(false);
  const error = touched ? problem(props.value) : null;
  return <TextField {...props} onBlur={() => setTouched(true)} error={error ?? ''} />;
}

/** A money field: anything but an amount in dollars gets a message under it. */
export const MoneyField = (props: Omit<TextFieldProps, 'error' | 'onBlur' | 'money'>) => (
  <CheckedField {...props} money problem={amountProblem} />
);

/** What stops the journey on this screen, said where the answer was given (issue 15); an empty live region otherwise. */
export const ScreenProblem = ({ problem }: { problem: string | null }) => (
  <p className="field__error" role="status">
    {problem ?? ''}
  </p>
);

/** The engine's suitability rules (`reasons`) whose answers this screen collects (journey/rules.ts `reasonsProblem`), once its check has loaded. */
export function SuitabilityProblem({ reasons }: { reasons: readonly UnsuitableCode[] }) {
  const answers = useJourney((s) => s.context.answers);
  const check = useSuitabilityCheck();
  return <ScreenProblem problem={reasonsProblem(reasons, answers, useToday(), check)} />;
}
