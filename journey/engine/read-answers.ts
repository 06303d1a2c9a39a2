/**
 * Reads the answers into the engine's inputs (./inputs.ts): a fold over the question modules, each reading its own
 * answers with its `read` (journey/questions), in the order they are asked (so are the missing answers). Pure.
 */
import type { Answers } from '../../machines/journey-answers';
import { readAmount } from '../answer-fields';
import { JOURNEY } from '../questionnaire';
import type { QUESTIONS } from '../questions';
import { ON_DEMAND } from '../questions/on-demand';
import type { additionalIncomeAdvice } from '../questions/additional-income-advice';
import type { debtsAdvice } from '../questions/debts-advice';
import type { goalDetailsAdvice } from '../questions/goal-details-advice';
import type { partnerAdvice } from '../questions/partner-advice';
import type { privateHealthAdvice } from '../questions/private-health-advice';
import type { relationshipStatusAdvice } from '../questions/relationship-status-advice';
import type { Question } from '../questions/question';
import { riskProfile, type Assumptions } from './assumptions';
import type { Inputs, MissingAnswer, Reader } from './inputs';
import { toCents } from './money';

const blank = (s: string) => s.trim() === '';

/** The inputs a question reads. */
type ReadBy<Q> = Q extends { read: (...args: never[]) => infer R } ? keyof R : never;

/**
 * The journey's questions, checked to read every input between them, with their advice-only parts
 * (journey/questions/on-demand.ts); tsc fails here when an input has no reader.
 */
const JOURNEY_QUESTIONS: readonly Question[] &
  ([
    Exclude<
      keyof Inputs,
      ReadBy<
        | (typeof QUESTIONS)[number]
        | typeof partnerAdvice
        | typeof goalDetailsAdvice
        | typeof relationshipStatusAdvice
        | typeof privateHealthAdvice
        | typeof debtsAdvice
        | typeof additionalIncomeAdvice
      >
    >,
  ] extends [never]
    ? unknown
    : never) = JOURNEY.questions;

/**
 * Reads the answers as at `asOf`, question by question in the order they are asked (so are the missing answers);
 * `questions` are the journey's unless a test adds one of its own.
 */
export function readAnswers(
  answers: Answers,
  asOf: Date,
  a: Assumptions,
  questions: readonly Question[] = JOURNEY_QUESTIONS,
): { inputs: Inputs; missing: MissingAnswer[] } {
  const missing: MissingAnswer[] = [];
  const amountCode: Reader['amountCode'] = (problem, code) => (problem === 'over-max' ? problem : code);
  /** The reader of the question `question`: what it says missing is under its id. */
  const readerOf = (question: string): Reader => {
    const miss: Reader['miss'] = (answer, problem, rowId, figures) =>
      missing.push({ question, answer, ...(rowId === undefined ? {} : { rowId }), problem, ...(figures && { figures }) });
    return {
      asOf,
      a,
      miss,
      perYear: (f) => a.frequencyPerYear[f],
      amountCode,
      amount: (answer, text, problem, rowId, blankCode) => {
        if (blankCode !== undefined && blank(text)) {
          miss(answer, blankCode, rowId);
          return null;
        }
        const cents = toCents(text);
        if (cents === null) {
          const r = readAmount(text);
          miss(answer, amountCode(r.ok ? 'not-money' : r.problem, problem), rowId);
        }
        return cents;
      },
      // A Yes/No list of the answers, said missing ('question' or 'addRows') when unanswered or empty.
      list: (key, blankFields, read, figures) => {
        const { answer, rows } = answers[key];
        if (answer === 'no') return true;
        if (answer !== 'yes') {
          miss(key, 'question', undefined, figures);
          return false;
        }
        const used = (rows as { id: number }[]).filter((r) => !blankFields.every((f) => blank(String(r[f as keyof typeof r]))));
        if (used.length === 0) {
          miss(key, 'addRows');
          return false;
        }
        return used.map(read as (r: unknown) => boolean).every(Boolean);
      },
      riskProfile,
    };
  };
  const inputs = Object.assign({}, ...questions.map((q) => (q.read ?? ON_DEMAND[q.id]?.read)?.(answers, readerOf(q.id)))) as Inputs;
  return { missing, inputs };
}
