/**
 * The floor the answers' evaluation must reach in CI (test/e2e/answers.test.ts), read from here only.
 * Each is the built-in engine's score (docs/benchmarks.md, "Answers": 98.2%, no garbage button, no
 * chrome leak, 11 of 11 sums exact), the percentage rounded down for the one answer that depends on how
 * soon a page's video has booted when the page is captured. Raise them as the answers get better, never
 * lower them.
 */
export const EVAL_THRESHOLDS = {
  /** Right or declined correctly, as a percentage of the questions: at least this. */
  minRightPercent: 95,
  /** Follow-up buttons that are not real questions, over every answer: at most this. */
  maxGarbageButtons: 0,
  /** Answers holding the page's chrome (a skip link, navigation labels): at most this. */
  maxChromeLeaks: 0,
  /**
   * Arithmetic questions answered with the exact figure, to the cent, as the answer's headline: at least this
   * many, and every arithmetic question of the set (test/e2e/answers.test.ts asserts both).
   */
  minExactArithmetic: 11,
} as const;
