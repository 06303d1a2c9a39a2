/** journey-spec §3: the date of birth (step 1). */
import { useState } from 'react';
import { useToday } from '../clock';
import { TextField } from '../components/fields';
import { ageOn, parseDateOfBirth } from '../engine/dates';
import type { Inputs } from '../engine/inputs';
import { QUESTION_WORDS } from '../messages';
import { row } from '../review';
import { dateOfBirthProblem } from '../rules';
import { useField } from './parts';
import { defineQuestion } from './question';

const W = QUESTION_WORDS.dateOfBirth;

function DateOfBirth() {
  const [value, set] = useField('dateOfBirth');
  const [touched, setTouched] = useState(false);
  const problem = dateOfBirthProblem(value, useToday());
  // Say what is wrong once the visitor has left the field or typed a whole date, not at every keystroke.
  const showError = problem !== null && value.trim() !== '' && (touched || value.trim().length >= 10);
  return (
    <TextField
      label={W.label}
      hint={W.hint}
      placeholder={W.placeholder}
      autoComplete="bday"
      value={value}
      onChange={set}
      onBlur={() => setTouched(true)}
      error={showError ? problem : ''}
    />
  );
}

export const dateOfBirth = defineQuestion({
  id: 'dateOfBirth',
  path: '/questionnaire/date-of-birth',
  step: 1,
  get title() {
    return W.title;
  },
  get lead() {
    return W.lead;
  },
  slice: { key: 'dateOfBirth', blank: '', sample: '15/06/1990' },
  Body: DateOfBirth,
  // journey-spec §5 asks only for some text here; issue 5 (suitability needs the age) asks for a real DD/MM/YYYY date.
  rule: (a, asOf) => dateOfBirthProblem(a.dateOfBirth, asOf) === null,
  review: (a, s) => [row(W.label, a.dateOfBirth, s.dateOfBirth)],
  read: (a, { asOf, miss }): Pick<Inputs, 'dateOfBirth' | 'age'> => {
    const dob = parseDateOfBirth(a.dateOfBirth, asOf);
    if (!dob.ok) {
      const { code, ...figures } = dob.problem;
      miss('dateOfBirth', code, undefined, figures);
    }
    const dateOfBirth = dob.ok ? dob.date : null;
    return { dateOfBirth, age: dateOfBirth ? ageOn(dateOfBirth, asOf) : null };
  },
});
