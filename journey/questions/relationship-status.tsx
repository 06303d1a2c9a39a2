/** journey-spec §3: the relationship status (step 1), and a single's dependent children. */
import { Suspense } from 'react';
import { QUESTION_WORDS } from '../messages';
import { RELATIONSHIP_OPTIONS } from '../options';
import { filled } from '../rules';
import { householdForm } from './partner';
import { Choice } from './parts';
import { defineQuestion } from './question';

const W = QUESTION_WORDS.relationshipStatus;

/**
 * A single's dependent children, asked under Single: a single parent's Medicare levy and surcharge use the family
 * thresholds (journey/engine/tax.ts). journey-spec §2 fixes the pages and §5 this page's rule (one option chosen), so
 * they are asked here, with the other things about you, and not required: not said reads as none, as answers saved
 * before they were asked do. A couple's are asked with the partner (./partner.tsx), into the same answer. The field
 * loads on demand with its words as the page shows, as the partner's form does, and shows itself under Single only
 * (./partner-form.tsx).
 */
const Dependants = householdForm('dependantsField');

const RelationshipStatus = () => (
  <div className="stack">
    <Choice field="relationshipStatus" options={RELATIONSHIP_OPTIONS} question={W.title} />
    <Suspense fallback={null}>
      <Dependants />
    </Suspense>
  </div>
);

export const relationshipStatus = defineQuestion({
  id: 'relationshipStatus',
  path: '/questionnaire/relationship-status',
  step: 1,
  get title() {
    return W.title;
  },
  slice: { key: 'relationshipStatus', blank: '', sample: 'single' },
  Body: RelationshipStatus,
  rule: (a) => filled(a.relationshipStatus),
  // its `read` and `review` (with a single's dependent children) load with the advice (./on-demand.ts), kept off the first visit
});
