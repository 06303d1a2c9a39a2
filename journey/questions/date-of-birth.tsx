/** journey-spec §3: the date of birth (step 1). */
import { useState } from 'react';
import { useToday } from '../clock';
import { MIN_AGE } from '../constants';
import { TextField } from '../components/fields';
import { row } from '../review';
import { dateOfBirthProblem } from '../rules';
import { useField } from './parts';
import { defineQuestion } from './question';

function DateOfBirth() {
  const [value, set] = useField('dateOfBirth');
  const [touched, setTouched] = useState(false);
  const problem = dateOfBirthProblem(value, useToday());
  // Say what is wrong once the visitor has left the field or typed a whole date, not at every keystroke.
  const showError = problem !== null && value.trim() !== '' && (touched || value.trim().length >= 10);
  return (
    <TextField
      label="Date of birth"
      hint="For example, 15/06/1990 (DD/MM/YYYY)"
      placeholder="DD/MM/YYYY"
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
  title: 'What is your date of birth?',
  lead: `You need to be ${MIN_AGE} or over to use this advice.`,
  slice: { key: 'dateOfBirth', blank: '', sample: '15/06/1990' },
  Body: DateOfBirth,
  // journey-spec §5 asks only for some text here; issue 5 (suitability needs the age) asks for a real DD/MM/YYYY date.
  rule: (a, asOf) => dateOfBirthProblem(a.dateOfBirth, asOf) === null,
  review: (a, s) => [row('Date of birth', a.dateOfBirth, s.dateOfBirth)],
});
