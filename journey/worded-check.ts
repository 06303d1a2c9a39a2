/**
 * The engine's suitability check with the catalogue's words for its reasons (journey/suitability.ts loads it on
 * demand): the engine hands over codes and figures, and the screens' rules (journey/rules.ts `reasonsProblem`, in the
 * first visit) say them through `problem` without importing the catalogue that says them.
 */
import { assessSuitability } from './engine/assess';
import { reasonProblem } from './messages-on-demand';
import type { SuitabilityCheck } from './suitability';

/** The engine's check, with `problem`: a reason in the active locale's words. */
export const wordedCheck: SuitabilityCheck = Object.assign(
  (answers: Parameters<SuitabilityCheck>[0], asOf: Date) => assessSuitability(answers, asOf),
  {
    problem: reasonProblem,
  },
);
