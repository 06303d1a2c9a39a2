/** The advice for the current answers, computed once per change of the answers (journey/engine). */
import { useContext, useMemo } from 'react';
import { useJourney } from './actor-context';
import { ClockContext } from './clock';
import { computeAdvice, type AdviceResult } from './engine';

/** The advice, calculated as of today by the app's clock. */
export function useAdvice(): AdviceResult {
  const answers = useJourney((s) => s.context.answers);
  const clock = useContext(ClockContext);
  return useMemo(() => computeAdvice(answers, { asOf: clock() }), [answers, clock]);
}

/** Whole dollars from cents, for display. */
export const centsToDollars = (cents: number) => cents / 100;
