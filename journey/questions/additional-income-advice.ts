/**
 * The additional income question's advice-only parts (journey/questions/additional-income.tsx; listed in
 * ./on-demand.ts): its row on the review and how the engine reads the rows, loaded with the engine rather than on the
 * first visit.
 */
import type { Answers } from '../../machines/journey-answers';
import type { IncomeRow, Inputs, Reader } from '../engine/inputs';
import type { MISSING_WORDS } from '../messages-on-demand';
import { QUESTION_WORDS, REVIEW_WORDS } from '../messages';
import { ADDITIONAL_INCOME_SOURCES, INCOME_FREQUENCIES, labelOf } from '../options';
import { amountPer, listRow, money, type ReviewRow } from '../review';

const W = QUESTION_WORDS.additionalIncome;

export const additionalIncomeAdvice = {
  review: (a: Answers, s: Answers): ReviewRow[] => [
    listRow(W.review, a.additionalIncome, s.additionalIncome, (r) =>
      REVIEW_WORDS.item(
        labelOf(ADDITIONAL_INCOME_SOURCES, r.source) || W.item,
        amountPer(INCOME_FREQUENCIES, money(r.amount) || REVIEW_WORDS.noAmount, r.frequency),
      ),
    ),
  ],
  read: (_: Answers, r: Reader<typeof MISSING_WORDS.additionalIncome>): Pick<Inputs, 'additionalIncome'> => {
    const rows: IncomeRow[] = [];
    const ok = r.list('additionalIncome', ['source', 'amount', 'frequency'], (row) => {
      const c = r.amount('additionalIncome', row.amount, 'amount', row.id);
      const n = r.perYear(row.frequency);
      if (n === undefined) r.miss('additionalIncome', 'frequency', row.id);
      if (c === null || n === undefined) return false;
      rows.push({ rowId: row.id, type: row.source, annualCents: c * n });
      return true;
    });
    return { additionalIncome: ok ? rows : null };
  },
};
