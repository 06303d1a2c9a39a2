/** journey-spec §3: the relationship status (step 1). */
import { RELATIONSHIP_OPTIONS, labelOf } from '../options';
import { row } from '../review';
import { filled } from '../rules';
import { Choice } from './parts';
import { defineQuestion } from './question';

const title = 'What is your relationship status?';

export const relationshipStatus = defineQuestion({
  id: 'relationshipStatus',
  path: '/questionnaire/relationship-status',
  step: 1,
  title,
  slice: { key: 'relationshipStatus', blank: '', sample: 'single' },
  Body: () => <Choice field="relationshipStatus" options={RELATIONSHIP_OPTIONS} question={title} />,
  rule: (a) => filled(a.relationshipStatus),
  review: (a, s) => [row('Relationship status', a.relationshipStatus, s.relationshipStatus, (v) => labelOf(RELATIONSHIP_OPTIONS, v))],
});
