/** The private hospital cover question's advice-only parts (journey/questions/private-health.tsx; listed in ./on-demand.ts). */
import type { Answers } from '../../machines/journey-answers';
import type { Inputs, Reader } from '../engine/inputs';
import type { MISSING_WORDS } from '../messages-on-demand';

export const privateHealthAdvice = {
  read: (a: Answers, r: Reader<typeof MISSING_WORDS.privateHealth>): Pick<Inputs, 'privateHospitalCover'> => {
    if (a.privateHealth === '') r.miss('privateHealth', 'question');
    return { privateHospitalCover: a.privateHealth === '' ? null : a.privateHealth === 'yes' };
  },
};
