/** The partner question's advice-only parts (journey/questions/partner.tsx; listed in ./on-demand.ts). */
import type { Answers } from '../../machines/journey-answers';
import type { Inputs, PartnerInput, Reader } from '../engine/inputs';
import type { MISSING_WORDS, QUESTION_FORM_WORDS } from '../messages-on-demand';
import { INCOME_FREQUENCIES } from '../options';
import { amountPer, money, row, yesNo, type ReviewRow } from '../review';
import { filled } from '../rules';
import { couple } from './partner';

export const partnerAdvice = {
  // a single's review has no partner (the sample household is single)
  review: (a: Answers, _: Answers, w: typeof QUESTION_FORM_WORDS.partner): ReviewRow[] =>
    couple(a)
      ? [
          row(w.name, a.partner.name, ''),
          row(w.amount, a.partner.amount && amountPer(INCOME_FREQUENCIES, money(a.partner.amount), a.partner.frequency), ''),
          row(w.cover, a.partner.hospitalCover, '', yesNo),
          row(w.children, a.partner.children, ''),
        ]
      : [],
  read: (a: Answers, r: Reader<typeof MISSING_WORDS.partner>): Pick<Inputs, 'partner' | 'singleDependants'> => {
    // A single's dependent children are asked on the relationship page (./relationship-status.tsx) into the same
    // answer; not said (answers saved before it was asked, or left unchosen), none: the singles' thresholds as before.
    const children = Number(a.partner.children);
    if (!couple(a)) return { partner: null, singleDependants: Number.isInteger(children) && children > 0 ? children : 0 };
    const p = a.partner;
    const income = r.amount('partner.amount', p.amount, 'amount', undefined, 'amountBlank');
    const n = r.perYear(p.frequency);
    if (n === undefined) r.miss('partner.frequency', 'frequency');
    if (p.hospitalCover === '') r.miss('partner.hospitalCover', 'cover');
    if (!filled(p.children)) r.miss('partner.children', 'children');
    const read: PartnerInput = {
      incomeAnnualCents: income !== null && n !== undefined ? income * n : null,
      hospitalCover: p.hospitalCover === '' ? null : p.hospitalCover === 'yes',
      dependants: filled(p.children) ? Number(p.children) : null,
    };
    return { partner: read, singleDependants: 0 };
  },
};
