/** The relationship question's advice-only parts (journey/questions/relationship-status.tsx; listed in ./on-demand.ts). */
import type { Answers } from '../../machines/journey-answers';
import type { Inputs } from '../engine/inputs';
import { QUESTION_WORDS } from '../messages';
import type { QUESTION_FORM_WORDS } from '../messages-on-demand';
import { RELATIONSHIP_OPTIONS, labelOf } from '../options';
import { row, type ReviewRow } from '../review';

export const relationshipStatusAdvice = {
  read: (a: Answers): Pick<Inputs, 'relationshipStatus'> => ({ relationshipStatus: a.relationshipStatus }),
  review: (a: Answers, s: Answers, w: typeof QUESTION_FORM_WORDS.relationshipStatus): ReviewRow[] => [
    row(QUESTION_WORDS.relationshipStatus.review, a.relationshipStatus, s.relationshipStatus, (v) => labelOf(RELATIONSHIP_OPTIONS, v)),
    // a single's dependent children (a couple's are the partner's rows): not said reads as none (the engine's
    // reading, not a sample); the sample household (journey-spec §9) is single, with none
    ...((a.relationshipStatus || s.relationshipStatus) === 'single'
      ? [row(w.children, a.relationshipStatus && (a.partner.children || '0'), '0')]
      : []),
  ],
};
