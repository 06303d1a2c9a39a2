/**
 * The floor the answers' evaluation must reach in CI (test/e2e/answers.test.ts), read from here only.
 * Each is the score of the built-in engine when the evaluation was written (docs/benchmarks.md,
 * "Answers"): raise them as the answers get better, never lower them. The goal is at least 90% right,
 * no garbage button, no chrome leak and every arithmetic answer exact.
 */
export const EVAL_THRESHOLDS = {
  /** Right or declined correctly, as a percentage of the questions: at least this. */
  minRightPercent: 88,
  /** Follow-up buttons that are not real questions, over every answer: at most this. */
  maxGarbageButtons: 2,
  /** Answers holding the page's chrome (a skip link, navigation labels): at most this. */
  maxChromeLeaks: 0,
  /** Arithmetic questions answered with the exact figure, to the cent: at least this. */
  minExactArithmetic: 4,
} as const;
