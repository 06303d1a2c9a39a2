/**
 * The debts question's advice-only parts (journey/questions/debts.tsx; listed in ./on-demand.ts): its row on the
 * review and how the engine reads the high-interest debts, loaded with the engine rather than on the first visit.
 */
import type { Answers } from '../../machines/journey-answers';
import { readInterestRate } from '../answer-fields';
import type { DebtOwed, Inputs, Reader } from '../engine/inputs';
import type { MISSING_WORDS } from '../messages-on-demand';
import { QUESTION_WORDS, REVIEW_WORDS } from '../messages';
import { DEBT_TYPES, labelOf } from '../options';
import { listRow, money, type ReviewRow } from '../review';
import { filled } from '../rules';

const W = QUESTION_WORDS.debts;

export const debtsAdvice = {
  review: (a: Answers, s: Answers): ReviewRow[] => [
    listRow(W.review, a.debts, s.debts, (r) =>
      REVIEW_WORDS.item(labelOf(DEBT_TYPES, r.type) || W.item, money(r.value) || REVIEW_WORDS.noAmount),
    ),
  ],
  read: (_: Answers, r: Reader<typeof MISSING_WORDS.debts>): Pick<Inputs, 'highInterestDebts'> => {
    const { suitability } = r.a;
    const highInterestDebts: DebtOwed[] = [];
    const ok = r.list('debts', ['type', 'value'], (row) => {
      if (!filled(row.type)) {
        r.miss('debts', 'type', row.id);
        return false;
      }
      // issue 15: the rate decides when it is given; a kind decides only when it is not
      const read = readInterestRate(row.interestRate);
      if (!read.ok) {
        r.miss('debts', 'not-rate', row.id);
        return true;
      }
      const rate = read.value;
      const high = rate === null ? suitability.highInterestDebtTypes.includes(row.type) : rate >= suitability.highInterestRate;
      if (!high) return true;
      const owed = { rowId: row.id, type: row.type, owner: row.owner, rate };
      const c = r.amount('debts', row.value, 'amount', row.id);
      // JOURNEY-ENGINE.md "Suitability": a high-interest debt with an amount that cannot be
      // read is still owed, so the debt rule fails on it rather than going unchecked
      // (which would let the rest of the answers through).
      if (c === null) highInterestDebts.push({ ...owed, valueCents: null });
      else if (c > 0) highInterestDebts.push({ ...owed, valueCents: c });
      return true;
    });
    // A row of unknown kind leaves the list unknown, unless a high-interest debt is known anyway.
    return { highInterestDebts: ok || highInterestDebts.length > 0 ? highInterestDebts : null };
  },
};
