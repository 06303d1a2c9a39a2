/**
 * What a question module declares: everything about one question of the journey (journey-spec §2 to §5),
 * from which journey/questionnaire.ts derives the flow, the titles, the rules, the review, the sample
 * household and the stored answers' shape, and journey/engine/read-answers.ts the engine's inputs. One module per
 * question, listed in ./index.ts; its words are in the catalogue under its id (journey/messages.ts `QUESTION_WORDS`).
 */
import type { ComponentType } from 'react';
import type { AnswerKey, Answers, BlankRows, RowListKey } from '../../machines/journey-answers';
import type { StepNumber } from '../../machines/journey-flow';
import type { Inputs, Reader } from '../engine/inputs';
import type { UnsuitableCode } from '../engine/suitability';
import type { ReviewRow } from '../review';
import type { SuitabilityCheck } from '../suitability';

/** The part of the answers a question owns: its key, its value before anything is answered, and the sample household's. */
export interface AnswerSlice {
  key: string;
  /** Made of '', false and empty lists only (machines/journey-answers.ts `isEmptyAnswers`). */
  blank: unknown;
  /** The sample household's answer (journey-spec §9), shown on the review where nothing was entered. */
  sample: unknown;
  /** A Yes/No list's blank row, without its id (added on Yes and by '+ Add another'; checks a stored row's shape). */
  row?: object;
}

/** An answer slice of the typed answers: the key and both values checked against `Answers`. */
export type TypedSlice = {
  [K in Exclude<keyof Answers, 'nextRowId'>]: { key: K; blank: Answers[K]; sample: Answers[K] } & (K extends RowListKey
    ? { row: BlankRows[K] }
    : { row?: never });
}[Exclude<keyof Answers, 'nextRowId'>];

export interface Question {
  /** The screen's id (the journey machine's state). */
  id: string;
  /** journey-spec §2: the route. */
  path: string;
  /** journey-spec §2: the progress step. */
  step: StepNumber;
  /** journey-spec §2: the page's heading, also the document title. */
  title: string;
  /** A line under the heading. */
  lead?: string;
  /** False for a page the review's edit icons skip (it asks nothing). @default true */
  editable?: boolean;
  /**
   * Asked only when this holds for the answers (issue 34: the partner question, of a couple): Continue and Back step
   * over it otherwise. @default always asked
   */
  asked?: (answers: Answers) => boolean;
  /** The answers this question owns; a page that asks nothing, or asks part of another question's slice, has none. */
  slice?: AnswerSlice;
  /**
   * The answers it asks, for the advice's 'change this answer' links. @default [slice.key] (and so every field of
   * it: a field without a page of its own is asked where its answer is, journey/questionnaire.ts `answerScreen`)
   */
  asks?: readonly AnswerKey[];
  /** The screen's form. */
  Body: ComponentType;
  /**
   * The engine's suitability rules whose answers this screen collects (said here, not only at step 6): the screen
   * shows the first that fails, and Continue holds while one does (added to `rule` by journey/questionnaire.ts).
   */
  reasons?: readonly UnsuitableCode[];
  /** journey-spec §5: Continue is disabled until this holds (a question without one can always continue). */
  rule?: (answers: Answers, asOf: Date, suitability: SuitabilityCheck | null) => boolean;
  /**
   * The question's rows on the review page, with the sample's value where nothing was entered; `words` are its words
   * that load on demand (journey/messages-on-demand.ts `QUESTION_FORM_WORDS`, under its id), for a question with some.
   */
  review?: (answers: Answers, sample: Answers, words: never) => ReviewRow[];
  /**
   * How the advice engine reads the answers: the engine's inputs this question gives, saying through `r.miss` what
   * it needs and cannot use (journey/engine/read-answers.ts folds them, in the order asked). Pure.
   */
  read?(answers: Answers, r: Reader): Partial<Inputs>;
}

/** A question of the journey's own, its slice checked against the answers' type. */
export const defineQuestion = <const Q extends Question & { slice?: TypedSlice }>(q: Q): Q => q;
