/** The advice for the current answers, computed once per change of the answers (journey/engine). */
import { useContext, useMemo } from 'react';
import { useJourney } from './actor-context';
import { ClockContext } from './clock';
import { computeAdvice, type AdviceResult } from './engine';
import { useLocale } from './locale';

/** The advice, calculated as of today by the app's clock. */
export function useAdvice(): AdviceResult {
  const answers = useJourney((s) => s.context.answers);
  const clock = useContext(ClockContext);
  const locale = useLocale();
  // the advice says its reasons and labels in the active locale, so a new one computes them again
  return useMemo(() => computeAdvice(answers, { asOf: clock() }), [answers, clock, locale]);
}

/** Whole dollars from cents, for display. */
export const centsToDollars = (cents: number) => cents / 100;
