/**
 * Reads the answers into the engine's inputs (./inputs.ts): a fold over the question modules, each reading its own
 * answers with its `read` (journey/questions), in the order they are asked (so are the missing answers). Pure.
 */
import type { Answers } from '../../machines/journey-answers';
import { readAmount } from '../answer-fields';
import { FIELD_MESSAGES, say } from '../messages';
import { MISSING_WORDS } from '../messages-on-demand';
import { JOURNEY } from '../questionnaire';
import type { QUESTIONS } from '../questions';
import { ON_DEMAND } from '../questions/on-demand';
import type { partnerAdvice } from '../questions/partner-advice';
import type { Question } from '../questions/question';
import { riskProfile, type Assumptions } from './assumptions';
import type { Inputs, MissingAnswer, Reader } from './inputs';
import { toCents } from './money';

const blank = (s: string) => s.trim() === '';

/** What a Yes/No list says when it is unanswered, or answered Yes with no row. */
type ListWords = { question: string; addRows: string };

/** The inputs a question reads. */
type ReadBy<Q> = Q extends { read: (...args: never[]) => infer R } ? keyof R : never;

/**
 * The journey's questions, checked to read every input between them, with their advice-only parts
 * (journey/questions/on-demand.ts); tsc fails here when an input has no reader.
 */
const JOURNEY_QUESTIONS: readonly Question[] &
  ([Exclude<keyof Inputs, ReadBy<(typeof QUESTIONS)[number] | typeof partnerAdvice>>] extends [never] ? unknown : never) =
  JOURNEY.questions;

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
  const miss: Reader['miss'] = (answer, message, rowId) =>
    missing.push(rowId === undefined ? { answer, message } : { answer, rowId, message });
  const amountWords: Reader['amountWords'] = (problem, message) =>
    problem === 'over-max' ? say(FIELD_MESSAGES.amount['over-max']) : message;
  const reader: Omit<Reader, 'words' | 'list'> = {
    asOf,
    a,
    miss,
    perYear: (f) => a.frequencyPerYear[f],
    amountWords,
    amount: (answer, text, message, rowId, blankWords) => {
      if (blankWords !== undefined && blank(text)) {
        miss(answer, blankWords, rowId);
        return null;
      }
      const cents = toCents(text);
      if (cents === null) {
        const r = readAmount(text);
        miss(answer, amountWords(r.ok ? 'not-money' : r.problem, message), rowId);
      }
      return cents;
    },
    riskProfile,
  };
  /** A Yes/No list of the answers, said missing in `words` (the question's unless given) when unanswered or empty. */
  const list =
    (words: unknown): Reader['list'] =>
    (key, blankFields, read, w = words as ListWords) => {
      const { answer, rows } = answers[key];
      if (answer === 'no') return true;
      if (answer !== 'yes') {
        miss(key, w.question);
        return false;
      }
      const used = (rows as { id: number }[]).filter((r) => !blankFields.every((f) => blank(String(r[f as keyof typeof r]))));
      if (used.length === 0) {
        miss(key, w.addRows);
        return false;
      }
      return used.map(read as (r: unknown) => boolean).every(Boolean);
    };
  const words: Record<string, unknown> = MISSING_WORDS;
  const inputs = Object.assign(
    {},
    ...questions.map((q) => (q.read ?? ON_DEMAND[q.id]?.read)?.(answers, { ...reader, words: words[q.id], list: list(words[q.id]) })),
  ) as Inputs;
  return { missing, inputs };
}
