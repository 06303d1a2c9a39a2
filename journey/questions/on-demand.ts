/**
 * The parts of question modules that only the advice needs (how the engine reads the answers, the review's rows),
 * for a question whose first-visit module cannot carry them (the journey's first-visit budget): loaded with the
 * engine (journey/engine/read-answers.ts) and the review (journey/screens/advice.tsx), by the question's id.
 */
import type { Question } from './question';
import { additionalIncomeAdvice } from './additional-income-advice';
import { debtsAdvice } from './debts-advice';
import { goalDetailsAdvice } from './goal-details-advice';
import { partnerAdvice } from './partner-advice';
import { privateHealthAdvice } from './private-health-advice';
import { relationshipStatusAdvice } from './relationship-status-advice';

/** A question's advice-only parts, under its id. */
export const ON_DEMAND: Readonly<Record<string, Pick<Question, 'read' | 'review'>>> = {
  partner: partnerAdvice,
  goalDetails: goalDetailsAdvice,
  relationshipStatus: relationshipStatusAdvice,
  privateHealth: privateHealthAdvice,
  debts: debtsAdvice,
  additionalIncome: additionalIncomeAdvice,
};
