/** journey-spec §3: the relationship status (step 1). */
import type { Inputs } from '../engine/inputs';
import { QUESTION_WORDS } from '../messages';
import { RELATIONSHIP_OPTIONS, labelOf } from '../options';
import { row } from '../review';
import { filled } from '../rules';
import { Choice } from './parts';
import { defineQuestion } from './question';

const W = QUESTION_WORDS.relationshipStatus;

export const relationshipStatus = defineQuestion({
  id: 'relationshipStatus',
  path: '/questionnaire/relationship-status',
  step: 1,
  get title() {
    return W.title;
  },
  slice: { key: 'relationshipStatus', blank: '', sample: 'single' },
  Body: () => <Choice field="relationshipStatus" options={RELATIONSHIP_OPTIONS} question={W.title} />,
  rule: (a) => filled(a.relationshipStatus),
  review: (a, s) => [row(W.review, a.relationshipStatus, s.relationshipStatus, (v) => labelOf(RELATIONSHIP_OPTIONS, v))],
  read: (a): Pick<Inputs, 'relationshipStatus'> => ({ relationshipStatus: a.relationshipStatus }),
});
