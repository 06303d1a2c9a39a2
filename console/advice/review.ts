/** The review sign-off's rule (docs/console.md "Advice"), written once: an outcome is chosen, and "needs action" says which. */
import type { ReviewOutcome } from '../../contract/advice';

/** What stops the sign-off: no outcome, or "needs action" without notes; null when it may be sent. */
export const reviewProblem = (outcome: ReviewOutcome | null, notes: string): 'outcome' | 'notes' | null =>
  outcome === null ? 'outcome' : outcome === 'needs-action' && !notes.trim() ? 'notes' : null;
