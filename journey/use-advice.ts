/** The advice for the current answers, computed once per change of the answers (journey/engine). */
import { useMemo } from 'react';
import { useJourney } from './actor-context';
import { computeAdvice, type AdviceResult } from './engine';

/** Today's calendar date: the calculation date of the advice. */
export const today = () => new Date();

export function useAdvice(): AdviceResult {
  const answers = useJourney((s) => s.context.answers);
  return useMemo(() => computeAdvice(answers, { asOf: today() }), [answers]);
}

/** Whole dollars from cents, for display. */
export const centsToDollars = (cents: number) => cents / 100;
