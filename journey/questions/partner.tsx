/**
 * issue 34: a couple's partner (step 3, asked only of a couple): their first name, their income as the client's is
 * asked, whether they hold private hospital cover, and the dependent children, for the Medicare levy's family
 * thresholds and the surcharge's (journey/engine/tax.ts).
 */
import { lazy } from 'react';
import { SelectField, TextField, YesNo } from '../components/fields';
import { wordsReady } from '../locale';
import { QUESTION_WORDS } from '../messages';
import { INCOME_FREQUENCIES } from '../options';
import { amount, filled } from '../rules';
import { MoneyField, useField } from './parts';
import { defineQuestion } from './question';

declare module '../../machines/journey-answers' {
  interface Answers {
    /** A couple's partner; blank for a single (and in answers saved before it was asked: journey/storage.ts). */
    partner: { name: string; amount: string; frequency: string; hospitalCover: YesNo; children: string };
  }
}

const W = QUESTION_WORDS.partner;
const NONE = { name: '', amount: '', frequency: '', hospitalCover: '', children: '' } as const;

/** The partner is asked of a couple only. */
export const couple = (a: { relationshipStatus: string }) => a.relationshipStatus === 'couple';

/**
 * A form of ./partner-form.tsx (the partner's, or a single's dependent children), loaded on demand with its words (the
 * first visit's budget), given the fields it is made of, so that none moves out of the first visit's chunk.
 */
export const householdForm = (form: 'partnerForm' | 'dependantsField') =>
  lazy(() =>
    wordsReady('messages-on-demand')
      .then(() => import('./partner-form'))
      .then((m) => ({ default: m[form]({ TextField, SelectField, YesNo, MoneyField, useField, frequencies: INCOME_FREQUENCIES }) })),
  );

export const partner = defineQuestion({
  id: 'partner',
  path: '/questionnaire/partner',
  step: 3,
  get title() {
    return W.title;
  },
  // the sample household is single: no partner
  slice: { key: 'partner', blank: NONE, sample: NONE },
  asked: couple,
  Body: householdForm('partnerForm'),
  // every field given, the income an amount
  rule: ({ partner: p }) => Object.values(p).every(filled) && amount(p.amount),
  // its `read` and `review` load with the advice (./on-demand.ts), kept off the first visit
});
